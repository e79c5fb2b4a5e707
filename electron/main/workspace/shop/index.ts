// Shop mode, put together: the active profile's session (session.ts) and, over it, its audit sink
// (audit-sink.ts), garage mirroring (mirroring.ts), claims, History and job entries (history.ts),
// templates, the import of a solo history (import.ts) and the profile's shop settings (settings.ts).
// All of them reach the database only through the shop layer's index (electron/main/shop).
import type { ShopJobEntries } from '../../../shared/jobs/shop-entry';
import type { ShopImportResult, ShopStatus } from '../../../shared/shop';
import { tm } from '../../i18n/main-words';
import { SOLO_STATUS, type JobWindow, type WorkspaceBackend, type WorkspaceJobs } from '../backend';
import type { ShopBoard } from '../../../shared/shop-board';
import { createShopAuditSink } from './audit-sink';
import { createShopBoardReads, type ShopBoardReads } from './board';
import { createShopClaims } from './claims';
import { createShopHistory } from './history';
import { createShopImport } from './import';
import { createLinkState, whyNotOnline, type Linked, type ShopLinkDeps } from './link-state';
import { createShopMirroring } from './mirroring';
import { createShopPolicy } from './policy';
import { configuredRoleOf, createShopSessionControl, statusOf } from './session';
import { createShopSettingsOps, type ShopSettingsOps } from './settings';
import { createShopTemplates } from './templates';
import { createDesk, type DeskControls } from './desk';

export type { ShopLinkDeps } from './link-state';
export type { DeskControls } from './desk';
export type { DeskClock } from './link-state';
export { connectionOf } from './connection-settings';

export interface ShopLink extends ShopSettingsOps {
  /** Starts (or stops) the session for the profile that just became active. */
  activate(profileId: string): Promise<void>;
  importLocal(profileId: string): Promise<ShopImportResult>;
  /** The active profile's shop backend while it works in a shop; null while solo. */
  backend(): WorkspaceBackend | null;
  status(): ShopStatus;
  /** The shop's jobs of a shop-mode profile; null when it works solo (see WorkspaceJobs.records). */
  jobRecordsFor(profileId: string): ReturnType<WorkspaceJobs['records']>;
  /** A job's entries of a shop-mode profile; null when it works solo (see WorkspaceJobs.entries). */
  jobEntries(profileId: string, vin: string, windows: readonly JobWindow[]): Promise<ShopJobEntries | null>;
  /** What followed a catch-up failed (the jobs read again): it runs again later, if still online. */
  retryCatchUp(profileId: string): void;
  /** The shop's board, read now (throws saying why while solo or not online). */
  board(): Promise<ShopBoard>;
  /** Shares a reading this app made with the shop, while online. */
  shareReading: ShopBoardReads['share'];
  /** A colleague's shared answer of a read, and sharing this app's (one read serves the shop). */
  colleagueAnswer: ShopBoardReads['colleagueAnswer'];
  shareAnswer: ShopBoardReads['shareAnswer'];
  /** The shared desk of the active profile: who is signed in, sign-in, sign-out and the lock. */
  desk: Omit<DeskControls, 'seated' | 'follow' | 'close'>;
  /** The name of the person signed in at a profile's desk; null when it is no desk or nobody is. */
  deskName(profileId: string): string | null;
  /** Settles the background work (mirrors, merges, the outbox's upload when online) started so far; for tests. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export function createShopLink(deps: ShopLinkDeps): ShopLink {
  const state = createLinkState(deps);
  const sink = createShopAuditSink(state);
  const claims = createShopClaims(state);
  const history = createShopHistory(state);
  const mirroring = createShopMirroring(state);
  const templates = createShopTemplates(state);
  const policy = createShopPolicy(state);
  const boardReads = createShopBoardReads(state);
  const desk = createDesk(state, {
    passwords: deps.deskPasswords ?? {
      get: async () => null,
      remember: async () => {},
      forget: async () => {},
      remembered: async () => [],
      forgetAll: async () => {},
    },
    restart: (profileId) => state.enqueue('starting the desk session', () => session.start(profileId)),
    publish: (view) => deps.facts.publish('desk.changed', { view }),
    ...(deps.deskClock ? { clock: deps.deskClock } : {}),
  });
  const session = createShopSessionControl(state, {
    ...{ sink, claims, mirroring, templates, policy },
    seat: desk,
  });

  // One backend per session: the services hold it only for as long as the profile is active.
  let current: { link: Linked; backend: WorkspaceBackend } | null = null;
  function backendOf(link: Linked): WorkspaceBackend {
    if (current?.link === link) return current.backend;
    const backend: WorkspaceBackend = {
      mode: 'shop',
      decorate: sink.decorate,
      recordAudit: sink.record,
      mirrorGarage: mirroring.mirror,
      templates: link.templates.store,
      claims,
      policy,
      history: history.history,
      status: () => statusOf(link.session.status(), link.othersWaiting),
    };
    current = { link, backend };
    return backend;
  }

  return {
    ...createShopSettingsOps(state, session, desk.settingsChanged),
    ...createShopImport(state, templates),
    async activate(profileId) {
      desk.follow(profileId);
      await state.enqueue('starting the session', () => session.start(profileId));
    },
    backend() {
      const link = state.linked();
      return link ? backendOf(link) : null;
    },
    status: () => {
      const link = state.linked();
      if (link) return statusOf(link.session.status(), link.othersWaiting);
      // Nobody signed in at a desk: no session, but what waits there for its writers is told.
      const waiting = session.waitingAtClosedDesk();
      return waiting.length > 0 ? { ...SOLO_STATUS, othersWaiting: waiting } : SOLO_STATUS;
    },
    async jobRecordsFor(profileId) {
      const settings = await deps.settings.get(profileId);
      if (settings.mode !== 'shop') return null;
      const formerWriter = configuredRoleOf(settings);
      const link = state.linked();
      if (!link || link.profileId !== profileId)
        return { records: null, why: tm('mainShop.otherProfile'), writer: null, formerWriter };
      const writer = link.owner.role;
      const db = link.session.db();
      if (db) return { records: db.jobRecords, why: '', writer, formerWriter };
      return { records: null, why: whyNotOnline(link.session.status()), writer, formerWriter };
    },
    async jobEntries(profileId, vin, windows) {
      const settings = await deps.settings.get(profileId);
      if (settings.mode !== 'shop') return null;
      return history.jobEntries(profileId, settings, vin, windows);
    },
    retryCatchUp: (profileId) => session.retryCatchUp(profileId),
    board: () => boardReads.board(),
    shareReading: (profileId, vin, reading) => boardReads.share(profileId, vin, reading),
    colleagueAnswer: (profileId, vin, kind) => boardReads.colleagueAnswer(profileId, vin, kind),
    shareAnswer: (profileId, vin, kind, answer, fetchedAt) =>
      boardReads.shareAnswer(profileId, vin, kind, answer, fetchedAt),
    desk: {
      view: desk.view,
      signIn: desk.signIn,
      unlock: desk.unlock,
      signOut: desk.signOut,
      lock: desk.lock,
      forgetMine: desk.forgetMine,
      activity: desk.activity,
      admit: desk.admit,
      settingsChanged: desk.settingsChanged,
    },
    deskName: (profileId) => desk.seated(profileId)?.name ?? null,
    async idle() {
      await state.idle();
      // Idle means nothing of this app's is on its way that could be done now: what waits in the
      // outbox goes at once, not after the uploads' gap (a failure stays waiting, and is told).
      const link = state.linked();
      if (link?.session.status().state === 'online') await link.session.flush().catch(() => undefined);
      await state.idle();
    },
    async close() {
      desk.close();
      await state.enqueue('closing', session.stop);
    },
  };
}
