// The active profile's workspace: which profile is active, and the backend its work is kept in
// (solo.ts, or the shop's, shop/). The services are handed what they need from it (the audit sink,
// templates, claims, History, the jobs' records and technician) and it follows the active profile:
// after a switch the shop session of the new one starts, or none.
import type { ShopImportResult } from '../../shared/shop';
import type { TechnicianView } from '../../shared/technician';
import type { TemplateStore } from '../storage/template-store';
import type { ShopSettingsStore } from '../storage/shop-settings-store';
import type { Claims, Policy, WorkspaceBackend, WorkspaceJobs } from './backend';
import type { ShopLink } from './shop';
import type { ShopSettingsOps } from './shop/settings';
import { machineUser } from './machine-user';

export { machineUser } from './machine-user';

/** Settings → Shop and what the window reads of the shop (shop.* operations). */
export interface ShopControls extends ShopSettingsOps {
  importLocal(profileId: string): Promise<ShopImportResult>;
  status: WorkspaceBackend['status'];
  history: WorkspaceBackend['history'];
  /** The shop's board (shop mode, online; otherwise refused with why). */
  board: ShopLink['board'];
  /** Shares a reading this app made with the shop (the active shop profile, online; else nothing). */
  shareReading: ShopLink['shareReading'];
  /** A colleague's shared answer of a read, and sharing this app's (the active shop profile, online). */
  colleagueAnswer: ShopLink['colleagueAnswer'];
  shareAnswer: ShopLink['shareAnswer'];
  /** Settles the shop's background work (mirrors, merges) started so far; for tests and quitting. */
  idle(): Promise<void>;
}

export interface Workspace {
  /** The active profile's backend now. */
  current(): WorkspaceBackend;
  activeId(): Promise<string>;
  /** Follows the profile active now: its shop session starts, or the one before stops. */
  follow(): Promise<void>;
  /** A removed profile: its shop settings and password go (the shop's records stay). */
  forget(profileId: string): Promise<void>;
  /** What followed the shop's catch-up failed (the jobs read again): the catch-up runs again later. */
  retryShopCatchUp(profileId: string): void;
  /** The active backend's templates, claims and shop, whichever it is when asked. */
  readonly templates: TemplateStore;
  readonly claims: Claims;
  /** The active backend's policy and requests (solo: none). */
  readonly policy: Policy;
  readonly shop: ShopControls;
  /** The active profile's shared desk (a shop profile with the desk on): who is signed in. */
  readonly desk: ShopLink['desk'];
  readonly jobs: WorkspaceJobs;
  close(): Promise<void>;
}

export function createWorkspace(deps: {
  solo: WorkspaceBackend;
  shop: ShopLink;
  settings: ShopSettingsStore;
  activeProfileId(): Promise<string>;
  /** The computer's name for its user, when no name is typed; default: the login's full name. */
  soloTechnician?: () => string;
  /** The technician's name typed on this machine ('' when none). */
  typedTechnician?: () => string;
}): Workspace {
  const { solo, shop } = deps;
  const soloTechnician = deps.soloTechnician ?? machineUser;
  const current = () => shop.backend() ?? solo;
  // In shop mode the shop knows the technician by the name its settings give (as on every audited
  // action); solo, the name typed on this machine, else the computer's name for its user.
  const technicianView = async (profileId: string): Promise<TechnicianView> => {
    const settings = await deps.settings.get(profileId).catch(() => null);
    // At a shared desk, the person signed in: never the OS account's name or the last person's.
    const seated = settings?.mode === 'shop' ? shop.deskName(profileId) : null;
    if (seated) return { name: seated, from: 'shop' };
    if (settings?.mode === 'shop' && settings.technician.trim())
      return { name: settings.technician, from: 'shop' };
    const typed = deps.typedTechnician?.().trim() ?? '';
    return typed ? { name: typed, from: 'typed' } : { name: soloTechnician(), from: 'system' };
  };
  return {
    current,
    activeId: () => deps.activeProfileId(),
    follow: async () => shop.activate(await deps.activeProfileId()),
    forget: (profileId) => shop.forget(profileId),
    retryShopCatchUp: (profileId) => shop.retryCatchUp(profileId),
    templates: {
      list: () => current().templates.list(),
      save: (template) => current().templates.save(template),
      remove: (name) => current().templates.remove(name),
    },
    claims: {
      list: () => current().claims.list(),
      claim: (vin, note) => current().claims.claim(vin, note),
      release: (vin) => current().claims.release(vin),
      takeOver: (vin, note) => current().claims.takeOver(vin, note),
      check: (profileId, vin, override, operation) =>
        current().claims.check(profileId, vin, override, operation),
      bulkSkips: (profileId, vins, include, operation) =>
        current().claims.bulkSkips(profileId, vins, include, operation),
    },
    policy: {
      check: (profileId, action, subject) => current().policy.check(profileId, action, subject),
      view: () => current().policy.view(),
      save: (rules) => current().policy.save(rules),
      requests: () => current().policy.requests(),
      ask: (vin, plan, reason) => current().policy.ask(vin, plan, reason),
      decide: (id, approve, note) => current().policy.decide(id, approve, note),
      take: (id, accept) => current().policy.take(id, accept),
      finish: (id, sent, outcome) => current().policy.finish(id, sent, outcome),
    },
    shop: {
      view: (profileId) => shop.view(profileId),
      configure: (profileId, input) => shop.configure(profileId, input),
      setPassword: (profileId, password) => shop.setPassword(profileId, password),
      clearPassword: (profileId) => shop.clearPassword(profileId),
      test: (profileId, input, password) => shop.test(profileId, input, password),
      chooseCaFile: (profileId) => shop.chooseCaFile(profileId),
      chooseClientFile: (profileId, which) => shop.chooseClientFile(profileId, which),
      setKeyPassphrase: (profileId, passphrase) => shop.setKeyPassphrase(profileId, passphrase),
      clearKeyPassphrase: (profileId) => shop.clearKeyPassphrase(profileId),
      exportConnectionFile: (profileId) => shop.exportConnectionFile(profileId),
      importConnectionFile: (profileId) => shop.importConnectionFile(profileId),
      forget: (profileId) => shop.forget(profileId),
      importLocal: (profileId) => shop.importLocal(profileId),
      // The shop link's own word: with nobody signed in at a desk, what waits there for whom.
      status: () => shop.status(),
      history: (vin, page) => current().history(vin, page),
      board: () => shop.board(),
      shareReading: (profileId, vin, reading) => shop.shareReading(profileId, vin, reading),
      colleagueAnswer: (profileId, vin, kind) => shop.colleagueAnswer(profileId, vin, kind),
      shareAnswer: (profileId, vin, kind, answer, fetchedAt) =>
        shop.shareAnswer(profileId, vin, kind, answer, fetchedAt),
      idle: () => shop.idle(),
    },
    desk: shop.desk,
    jobs: {
      records: (profileId) => shop.jobRecordsFor(profileId),
      entries: (profileId, vin, windows) => shop.jobEntries(profileId, vin, windows),
      technician: async (profileId) => (await technicianView(profileId)).name,
      technicianView,
    },
    close: () => shop.close(),
  };
}
