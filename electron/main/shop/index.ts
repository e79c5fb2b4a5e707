// The shop database layer's public surface (see shop-db.ts for the handle): the only file of this
// folder the rest of main imports (eslint.config.js and test/unit/main-layers.test.ts hold it).
export {
  startShopSession,
  type ShopSession,
  type ShopSessionStatus,
  type ShopSessionOptions,
} from './shop-session';
export { openShop, DEFAULT_GARAGE_ID, type ShopDb, type OpenShopOptions } from './shop-db';
export { testConnection, type ConnectionTest, type ConnectionReport } from './connection';
export {
  readCaFile,
  readClientFile,
  resolveSettings,
  SSL_MODES,
  type ShopConnectionSettings,
  type SslMode,
  type PasswordSource,
} from './config';
export { applicationNameOf } from './application-name';
export {
  parseConnectionFile,
  connectionFileText,
  CONNECTION_FILE_MAX,
  type ShopConnectionFile,
} from './connection-file';
export {
  ShopError,
  SHOP_ERROR_KINDS,
  policyRefusal,
  registerShopPassword,
  type ShopErrorKind,
} from './errors';
export { openOutbox, type Outbox, type UploadResult } from './outbox';
export {
  adoptOldOutbox,
  claimOutbox,
  othersEntryIds,
  othersWaiting,
  outboxDirOf,
  waitingIdsOfAll,
  type OthersWaiting,
  type OutboxOwner,
} from './outbox-owners';
export { startOutboxSync, type OutboxSync, type OutboxSyncStatus } from './outbox-sync';
export { fromLocalAuditEntry } from './local-audit';
export {
  auditFromJson,
  JOB_ENTRIES_MAX,
  type ShopAuditEntry,
  type ShopAuditInput,
  type AuditCursor,
} from './audit-store';
export { garageChangeOfAction, pendingGarageVins } from './garage-changes';
export type { ShopVehicle, VehicleFields } from './vehicles';
export type { Claim, ClaimResult } from './claims';
export type {
  ShopJob,
  JobNote,
  OpenJobInput,
  JobFilter,
  JobColumns,
  JobDetailsRow,
  SaveJobResult,
  ShopJobRecords,
} from './jobs';
export type { ShopTemplate } from './templates';
export type { ShopBoardCar, ShopBoardRead, ShopReading, ShopBoardStore } from './board';
export type { ShopPolicy, ShopRequest, AskInput } from './policy';
export { createShopTemplateStore, type ShopTemplateTarget } from './template-store';
export { openShopTemplateCopy, type ShopTemplateCopy } from './template-copy';
export type { ShopChange, ShopChangeKind, ShopListener, ListenerStatus } from './live';
export { LATEST_SCHEMA_VERSION } from './migrations/index';
