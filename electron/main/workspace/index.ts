// The workspace: the active profile and the backend its work is kept in, solo or shop.
export { createWorkspace, machineUser, type ShopControls, type Workspace } from './workspace';
export { createSoloBackend } from './solo';
export { createShopLink, type DeskClock, type ShopLink } from './shop';
export type {
  ClaimSkip,
  Claims,
  JobWindow,
  Policy,
  PolicySubject,
  WorkspaceBackend,
  WorkspaceJobs,
} from './backend';
