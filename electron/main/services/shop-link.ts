// The active profile's link to its shop database. Solo profiles never touch it. In shop mode it
// holds one ShopSession: every audited action goes to the session's outbox (durable on disk, then
// uploaded in the background, so a command never waits on the database); the local garage is
// mirrored into the shop's and the shop's merged back into it; what other technicians do arrives
// as ShopSession changes and leaves here as main's events. Claims and the shop's History are read
// and written through the connected database.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import type { ShopChange } from '../shop/live';
import {
  fromLocalAuditEntry,
  resolveSettings,
  ShopError,
  startShopSession,
  testConnection,
  type ShopConnectionSettings,
  type ShopDb,
  type ShopSession,
  type ShopSessionStatus,
} from '../shop';
import { auditEntry, type ShopAuditEntry, type ShopAuditInput } from '../shop/audit-store';
import { garageChangeOfAction, pendingGarageVins } from '../shop/garage-changes';
import { createQueueMark, type QueueMark } from './shop-queue-mark';
import { claimFromRow, type Claim } from '../shop/claims';
import type { ShopJobRecords } from '../shop/jobs';
import { AUDIT_LIST_MAX, type AuditLog } from '../audit/audit-log';
import { shopJobEntries, type JobWindow } from './shop-job-entries';
import type { ShopJobEntries } from '../../shared/jobs/shop-entry';
import type { EventBus } from '../events/event-bus';
import type { GarageStore } from '../storage/garage-store';
import type { TemplateStore } from '../storage/template-store';
import { createShopTemplateStore } from '../shop/template-store';
import { openShopTemplateCopy, type ShopTemplateCopy } from '../shop/template-copy';
import type { ShopSettingsStore } from '../storage/shop-settings-store';
import type { ShopPasswordVault } from '../vault/shop-password';
import { AppError } from '../../shared/result';
import { localTimeText } from '../audit/audit-csv';
import {
  auditEntryOfShopRow,
  claimWords,
  type ClaimView,
  type ShopHistoryCursor,
  type ShopHistoryEntry,
  type ShopHistoryPage,
  type ShopImportResult,
  type ShopSettingsInput,
  type ShopStatus,
  type ShopTestReport,
  type ShopView,
} from '../../shared/shop';
import type { AuditEntry } from '../../shared/types';

/** The shop's files of one profile (outbox, join marker) under the data folder. */
export const SHOP_FOLDER = 'shop';
const JOINED_MARKER = 'joined';
const QUEUE_MARK = 'queued-mark.json';
const HISTORY_PAGE = 50;
const IMPORT_PAGE = 10_000;

export interface ShopLinkDeps {
  dataDir: string;
  settings: ShopSettingsStore;
  passwords: ShopPasswordVault;
  /** The raw store: merges from the shop must not be mirrored back to it. */
  garage: GarageStore;
  audit: Pick<AuditLog, 'list'>;
  events: EventBus;
  /** The profile active now: only it is connected. */
  activeProfileId(): Promise<string>;
  /** Tells the vehicle feed an entry changed or left (its events carry the entry). */
  vehicleNoted(profileId: string, vin: string): void;
  vehicleRemoved(profileId: string, vin: string): void;
  /** A job changed in the shop (another machine, or this one's own, notified back). */
  jobChanged?(profileId: string, id: string): Promise<void>;
  /** Connected (again): every job of the shop is read into the local copy. */
  jobsResync?(profileId: string): Promise<void>;
  now?: () => Date;
  onProblem?: (message: string, error: unknown) => void;
  /** Reconnect backoff (tests shorten it). */
  backoff?: { initialMs?: number; maxMs?: number };
  /** The templates kept in the data folder, offered for upload when a profile joins the shop. */
  localTemplates?: Pick<TemplateStore, 'list'>;
}

export interface ShopLink {
  /** Starts (or stops) the session for the profile that just became active. */
  activate(profileId: string): Promise<void>;
  view(profileId: string): Promise<ShopView>;
  configure(profileId: string, input: ShopSettingsInput): Promise<ShopView>;
  setPassword(profileId: string, password: string): Promise<ShopView>;
  clearPassword(profileId: string): Promise<ShopView>;
  test(profileId: string, input?: ShopSettingsInput): Promise<ShopTestReport>;
  importLocal(profileId: string): Promise<ShopImportResult>;
  status(): ShopStatus;
  /** A local entry as the window shows it in shop mode: with the technician and the machine. */
  decorate(entry: AuditEntry): AuditEntry;
  /** A local audit entry was written: the shop gets it through the outbox. */
  recordAudit(entry: AuditEntry): void;
  /** The local garage changed through the garage service: the shop's garage follows. */
  mirror(profileId: string, method: string, args: unknown[], result: unknown): void;
  history(vin: string, page?: { after?: ShopHistoryCursor; limit?: number }): Promise<ShopHistoryPage>;
  listClaims(): Promise<ClaimView[]>;
  claim(vin: string, note?: string): Promise<ClaimView>;
  release(vin: string): Promise<void>;
  takeOver(vin: string, note?: string): Promise<ClaimView>;
  /**
   * Before a command to `vin`: throws naming the technician when another one holds the car, unless
   * `override` (then the override is recorded in the shop's log).
   */
  checkClaim(profileId: string, vin: string, override: boolean, operation: string): Promise<void>;
  /**
   * The shop's jobs for a profile: null when it works solo; `records` null (with why) while its
   * database is unreachable or the profile is not the connected one.
   */
  jobRecordsFor(profileId: string): Promise<{ records: ShopJobRecords | null; why: string } | null>;
  /**
   * A job's entries in shop mode: every technician's from the shop's audit log, with this machine's
   * not uploaded yet; null when the profile works solo.
   */
  jobEntries(profileId: string, vin: string, windows: readonly JobWindow[]): Promise<ShopJobEntries | null>;
  /**
   * Before a bulk command: the vehicles of `vins` another technician holds, each with why it is
   * skipped. With `include` none is skipped and each override is recorded, as for one command.
   */
  bulkClaims(
    profileId: string,
    vins: readonly string[],
    include: boolean,
    operation: string,
  ): Promise<Map<string, ClaimSkip>>;
  /** A removed profile: its shop settings and its password go too (the shop's records stay). */
  forget(profileId: string): Promise<void>;
  /** The shop's templates while the active profile works in a shop (live between machines); null when solo. */
  templates(): TemplateStore | null;
  /** Settles the background work (mirrors, merges) started so far; for tests and quitting. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** A vehicle a bulk command skips because another technician holds it. */
export interface ClaimSkip {
  reason: 'claimed';
  message: string;
}

interface Linked {
  profileId: string;
  settings: ShopSettingsInput;
  session: ShopSession;
  stops: (() => void)[];
  /** How far the local audit log is queued in the outbox (see shop-queue-mark.ts). */
  queued: QueueMark;
  /**
   * Every active claim as this app shows it, kept by the same live changes that update the screen;
   * null until loaded from the tables after (re)connecting, and whenever the connection is lost.
   */
  claims: Map<string, ClaimView> | null;
  /** The shop's templates as this machine keeps them (readable offline; changes queued). */
  templates: ShopTemplateCopy;
}

const SOLO_STATUS: ShopStatus = { state: 'solo', pending: 0, error: null };

export function connectionOf(settings: ShopSettingsInput): ShopConnectionSettings {
  const { url, host, port, database, user, sslmode, caFile } = settings.connection;
  return {
    ...(url ? { url } : {}),
    ...(host ? { host } : {}),
    ...(port ? { port } : {}),
    ...(database ? { database } : {}),
    ...(user ? { user } : {}),
    ...(sslmode ? { sslmode } : {}),
    ...(caFile ? { caFile } : {}),
    applicationName: `Vehicle Garage (${settings.machine || hostname()})`.slice(0, 63),
  };
}

function statusOf(status: ShopSessionStatus): ShopStatus {
  return { state: status.state, pending: status.pending, error: status.error };
}

export function createShopLink(deps: ShopLinkDeps): ShopLink {
  const now = deps.now ?? (() => new Date());
  const onProblem = deps.onProblem ?? (() => {});
  let linked: Linked | null = null;
  // Activations, mirrors and merges run one at a time, in order.
  let queue: Promise<void> = Promise.resolve();
  const enqueue = (what: string, task: () => Promise<void>): Promise<void> => {
    const next = queue.then(task).catch((error) => onProblem(`Shop: ${what} failed`, error));
    queue = next;
    return next;
  };

  const technician = (link: Linked) => link.settings.technician;
  const machine = (link: Linked) => link.settings.machine || hostname();
  const profileDir = (profileId: string) => join(deps.dataDir, SHOP_FOLDER, profileId);

  function claimView(claim: Claim, link: Linked): ClaimView {
    return {
      vin: claim.vin,
      claimedBy: claim.claimedBy,
      machine: claim.machine,
      note: claim.note,
      since: claim.since,
      expiresAt: claim.expiresAt,
      expired: Date.parse(claim.expiresAt) <= now().getTime(),
      mine: claim.claimedBy === technician(link),
    };
  }

  function online(): { link: Linked; db: ShopDb } {
    const link = linked;
    if (!link)
      throw new AppError('invalid_input', 'This profile works solo: set up the shop in Settings first.');
    const db = link.session.db();
    if (!db) {
      const { state, error } = link.session.status();
      throw new AppError(
        'network',
        `The shop database is not reachable (${state}${error ? `: ${error.message}` : ''}).`,
      );
    }
    return { link, db };
  }

  const shopTemplates = createShopTemplateStore({
    target: () => {
      const { link, db } = online();
      return { pool: db.pool, garageId: db.garageId, technician: technician(link) };
    },
    onProblem,
  });

  // The claim on one vehicle as everyone should see it now (an ended one is none).
  async function currentClaim(db: ShopDb, link: Linked, vin: string): Promise<ClaimView | null> {
    const rows = await db.pool.query(
      `SELECT id, garage_id, vin, claimed_by, machine, note, since, expires_at, ended_at, ended_by,
              end_reason, db_role, change_seq
         FROM claims WHERE garage_id = $1 AND vin = $2 AND ended_at IS NULL
        ORDER BY since DESC LIMIT 1`,
      [db.garageId, vin],
    );
    const row = rows.rows[0] as Parameters<typeof claimFromRow>[0] | undefined;
    return row ? claimView(claimFromRow(row), link) : null;
  }

  function emitClaim(link: Linked, vin: string, claim: ClaimView | null): void {
    if (link.claims) {
      if (claim) link.claims.set(vin, claim);
      else link.claims.delete(vin);
    }
    deps.events.emit({ type: 'claim.changed', profileId: link.profileId, vin, claim });
  }

  // --- The garage: local changes out, the shop's list in --------------------------------------

  /**
   * The VINs whose garage change still waits in the outbox: the shop's garage does not show it yet,
   * so the local garage keeps it rather than be reset to the shop's older view.
   */
  async function waitingVins(link: Linked): Promise<Set<string>> {
    if (link.session.status().pending === 0) return new Set();
    return pendingGarageVins(await link.session.waiting());
  }

  /** Makes the local garage what the shop's is: added, removed and renamed vehicles. */
  async function merge(link: Linked, db: ShopDb): Promise<void> {
    const marker = join(profileDir(link.profileId), JOINED_MARKER);
    const joined = await readFile(marker, 'utf8').then(
      () => true,
      () => false,
    );
    if (!joined) {
      // The first time this profile meets the shop its garage joins the shop's (vehicles already
      // there keep the shop's values); from then on the shop's garage is the one list.
      const local = await deps.garage.list(link.profileId);
      await db.vehicles.importGarage(
        local.map((v) => ({ vin: v.vin, nickname: v.nickname, plate: v.plate ?? null })),
        technician(link),
      );
      await mkdir(profileDir(link.profileId), { recursive: true });
      await writeFile(marker, `${now().toISOString()}\n`);
    }
    // What was changed here while the database was away goes first, in order, then the shop's
    // garage is read back. If it cannot go now, those vehicles keep their local state.
    await link.session.flush().catch((error) => onProblem('Shop: the outbox could not be uploaded', error));
    const waiting = await waitingVins(link);
    const shop = await db.vehicles.list();
    const local = new Map((await deps.garage.list(link.profileId)).map((v) => [v.vin, v]));
    let listChanged = false;
    // One vehicle the local garage refuses (its own rules) does not stop the others.
    const each = async (vin: string, task: () => Promise<void>) => {
      try {
        await task();
      } catch (error) {
        onProblem(`Shop: vehicle ${vin} could not be merged into the local garage`, error);
      }
    };
    for (const vehicle of shop) {
      const mine = local.get(vehicle.vin);
      local.delete(vehicle.vin);
      if (waiting.has(vehicle.vin)) continue;
      await each(vehicle.vin, async () => {
        if (!mine) {
          await deps.garage.add(link.profileId, {
            vin: vehicle.vin,
            nickname: vehicle.nickname ?? undefined,
          });
          listChanged = true;
        } else if ((mine.nickname ?? null) !== (vehicle.nickname ?? null)) {
          await deps.garage.rename(link.profileId, vehicle.vin, vehicle.nickname);
          deps.vehicleNoted(link.profileId, vehicle.vin);
        }
      });
    }
    for (const vin of local.keys()) {
      if (waiting.has(vin)) continue;
      await each(vin, async () => {
        await deps.garage.remove(link.profileId, vin);
        deps.vehicleRemoved(link.profileId, vin);
        listChanged = true;
      });
    }
    if (listChanged) deps.events.emit({ type: 'garage.changed', profileId: link.profileId });
  }

  /** One vehicle the shop says changed. */
  async function mergeOne(link: Linked, db: ShopDb, vin: string): Promise<void> {
    const vehicle = await db.vehicles.get(vin);
    const mine = (await deps.garage.list(link.profileId)).find((v) => v.vin === vin);
    const present = vehicle !== null && vehicle.removedAt === null;
    if ((await waitingVins(link)).has(vin)) return;
    if (present && !mine) {
      await deps.garage.add(link.profileId, { vin, nickname: vehicle.nickname ?? undefined });
      deps.events.emit({ type: 'garage.changed', profileId: link.profileId });
    } else if (!present && mine) {
      await deps.garage.remove(link.profileId, vin);
      deps.vehicleRemoved(link.profileId, vin);
      deps.events.emit({ type: 'garage.changed', profileId: link.profileId });
    } else if (present && mine && (mine.nickname ?? null) !== (vehicle.nickname ?? null)) {
      await deps.garage.rename(link.profileId, vin, vehicle.nickname);
      deps.vehicleNoted(link.profileId, vin);
    }
  }

  // Not fromLocalAuditEntry's reverse: a stored row (with the server's dbRole) as the window shows it.
  function historyEntry(entry: ShopAuditEntry): ShopHistoryEntry {
    return {
      id: entry.id,
      time: entry.time,
      vin: entry.vin,
      operation: entry.operation,
      params: entry.params,
      outcome: entry.outcome,
      reason: entry.reason ?? null,
      errorKind: entry.errorKind ?? null,
      durationMs: entry.durationMs ?? null,
      technician: entry.technician,
      machine: entry.machine,
      dbRole: entry.dbRole,
    };
  }

  async function onShopChange(link: Linked, change: ShopChange): Promise<void> {
    const db = link.session.db();
    if (!db || change.garageId !== db.garageId) return;
    if (change.kind === 'vehicle') return mergeOne(link, db, change.vin);
    if (change.kind === 'claim') return emitClaim(link, change.vin, await currentClaim(db, link, change.vin));
    // Another machine (or this one) changed a template: lists of templates read them again.
    if (change.kind === 'template') return refreshTemplates(link);
    if (change.kind === 'job') return deps.jobChanged?.(link.profileId, change.id);
    if (change.kind !== 'audit') return;
    const entry = await auditEntry(db.pool, change.id);
    // A template change is not a car's: the template's own change above tells the window.
    if (!entry || entry.vin === '') return;
    // This app's own entry was announced when it was written locally.
    if (entry.machine === machine(link) && entry.profileId === link.profileId) return;
    deps.events.emit({
      type: 'audit.added',
      profileId: link.profileId,
      vin: entry.vin,
      id: entry.id,
      entry: auditEntryOfShopRow(entry, link.profileId),
    });
  }

  // --- The session --------------------------------------------------------------------------

  /** The copy of the shop's templates follows the database; then the window reads them again. */
  async function refreshTemplates(link: Linked): Promise<void> {
    if (linked !== link || !link.session.db()) return;
    await link.templates.refresh(() => shopTemplates.list());
    deps.events.emit({ type: 'settings.changed', what: 'templates' });
  }

  async function stop(): Promise<void> {
    const link = linked;
    linked = null;
    if (!link) return;
    for (const each of link.stops) each();
    link.templates.close();
    // A graceful stop: what this profile does after it (in solo mode) is not the shop's.
    link.queued.note(now().toISOString());
    await link.queued.settle();
    await link.session.close().catch((error) => onProblem('Shop: closing the session failed', error));
  }

  async function start(profileId: string): Promise<void> {
    await stop();
    const settings = await deps.settings.get(profileId);
    if (settings.mode !== 'shop') {
      deps.events.emit({ type: 'shop.changed', profileId, status: SOLO_STATUS });
      return;
    }
    const session = await startShopSession({
      settings: connectionOf(settings),
      getPassword: () => deps.passwords.get(profileId),
      dir: profileDir(profileId),
      ...(deps.backoff ? { backoff: deps.backoff } : {}),
    });
    const link: Linked = {
      profileId,
      settings,
      session,
      stops: [],
      queued: createQueueMark(join(profileDir(profileId), QUEUE_MARK), now),
      claims: null,
      templates: openShopTemplateCopy({
        dir: profileDir(profileId),
        session,
        who: () => ({ technician: settings.technician, machine: settings.machine || hostname(), profileId }),
        now,
        onChanged: () => deps.events.emit({ type: 'settings.changed', what: 'templates' }),
        onUploaded: () => {
          const current = linked;
          if (current?.profileId === profileId)
            void enqueue('reading the templates', () => refreshTemplates(current));
        },
      }),
    };
    linked = link;
    await requeueFromLog(link);
    let wasOnline = false;
    const current = () => linked === link;
    link.stops.push(
      session.onStatus((status) => {
        if (!current()) return;
        deps.events.emit({ type: 'shop.changed', profileId, status: statusOf(status) });
        const isOnline = status.state === 'online';
        // Changes may be missed while away: the claims are read again from the tables.
        if (!isOnline) link.claims = null;
        // Back online: catch up from the tables (what waited goes first).
        if (isOnline && !wasOnline) {
          void enqueue('merging the garage', () => mergeIfCurrent(link));
          void enqueue('reading the claims', () => loadClaims(link));
          void enqueue('reading the templates', () => refreshTemplates(link));
        }
        wasOnline = isOnline;
      }),
      session.onChange((change) => {
        if (current()) void enqueue('following a change', () => onShopChange(link, change));
      }),
      session.onResync(() => {
        if (!current()) return;
        link.claims = null;
        void enqueue('catching up', () => mergeIfCurrent(link));
        void enqueue('reading the claims', () => loadClaims(link));
        void enqueue('reading the templates', () => refreshTemplates(link));
      }),
    );
    deps.events.emit({ type: 'shop.changed', profileId, status: statusOf(session.status()) });
    if (session.status().state === 'online') {
      void enqueue('merging the garage', () => mergeIfCurrent(link));
      void enqueue('reading the claims', () => loadClaims(link));
      void enqueue('reading the templates', () => refreshTemplates(link));
    }
  }

  // Queued behind the changes heard so far and before those heard later, so the map follows the
  // tables from this read on.
  async function loadClaims(link: Linked): Promise<void> {
    const db = link.session.db();
    if (linked !== link || !db) return;
    const active = await db.claims.listActive();
    if (linked !== link || link.session.db() !== db) return;
    link.claims = new Map(active.map((claim) => [claim.vin, claimView(claim, link)]));
  }

  /** An entry of the local log as the shop's outbox takes it, with the garage change it made. */
  function shopInput(link: Linked, entry: AuditEntry): ShopAuditInput {
    const input = fromLocalAuditEntry(entry, { technician: technician(link), machine: machine(link) });
    const garage = garageChangeOfAction(entry);
    return garage ? { ...input, garage } : input;
  }

  /** Queues what the local log holds but the outbox never took (a crash between the two writes). */
  async function requeueFromLog(link: Linked): Promise<void> {
    try {
      const queued = new Set((await link.session.waiting()).map((entry) => entry.id));
      const missing = await link.queued.unqueued(deps.audit, link.profileId, queued);
      if (missing.length === 0) return;
      await link.session.recordMany(missing.map((entry) => shopInput(link, entry)));
      link.queued.note(missing.at(-1)!.time);
    } catch (error) {
      onProblem('Shop: the local audit log could not be checked against the outbox', error);
    }
  }

  async function mergeIfCurrent(link: Linked): Promise<void> {
    const db = link.session.db();
    if (linked !== link || !db) return;
    await merge(link, db);
    await deps.jobsResync?.(link.profileId);
  }

  async function view(profileId: string): Promise<ShopView> {
    const settings = await deps.settings.get(profileId);
    return {
      ...settings,
      profileId,
      hasPassword: await deps.passwords.has(profileId).catch(() => false),
      status: linked?.profileId === profileId ? statusOf(linked.session.status()) : SOLO_STATUS,
    };
  }

  function checkSettings(input: ShopSettingsInput): ShopSettingsInput {
    const settings: ShopSettingsInput = {
      ...input,
      technician: input.technician.trim(),
      machine: input.machine.trim() || hostname(),
    };
    if (settings.mode === 'shop') {
      if (settings.technician === '')
        throw new AppError(
          'invalid_input',
          "Enter the technician's name: shop mode records it with every action.",
        );
      resolveSettings(connectionOf(settings));
    }
    return settings;
  }

  async function restartIfActive(profileId: string): Promise<void> {
    if (linked?.profileId === profileId) await enqueue('restarting the session', () => start(profileId));
  }

  return {
    async activate(profileId) {
      await enqueue('starting the session', () => start(profileId));
    },
    view,
    async configure(profileId, input) {
      const settings = checkSettings(input);
      await deps.settings.set(profileId, settings);
      if ((await deps.activeProfileId()) === profileId)
        await enqueue('restarting the session', () => start(profileId));
      return view(profileId);
    },
    async setPassword(profileId, password) {
      await deps.passwords.set(profileId, password);
      if (linked?.profileId === profileId) linked.session.reconnect();
      return view(profileId);
    },
    async clearPassword(profileId) {
      await deps.passwords.clear(profileId);
      await restartIfActive(profileId);
      return view(profileId);
    },
    async test(profileId, input) {
      const settings = input ?? (await deps.settings.get(profileId));
      const result = await testConnection(connectionOf(settings), () => deps.passwords.get(profileId));
      if (!result.ok) throw new ShopError(result.error.kind, result.error.message);
      if (!result.value.canWriteAudit && result.value.schemaVersion > 0)
        throw new ShopError(
          'no_privileges',
          `Signed in as ${result.value.role}, but this role may not add to the shop's audit log. ` +
            "Ask the shop's administrator to grant it (docs/shop.md).",
        );
      return result.value;
    },
    async importLocal(profileId) {
      const { link, db } = online();
      if (link.profileId !== profileId)
        throw new AppError(
          'invalid_input',
          'Switch to this profile first: only the active profile is connected.',
        );
      const local = await deps.garage.list(profileId);
      const vehiclesAdded = await db.vehicles.importGarage(
        local.map((v) => ({ vin: v.vin, nickname: v.nickname, plate: v.plate ?? null })),
        technician(link),
      );
      const seen = new Set<string>();
      let to: string | undefined;
      for (;;) {
        const page = (await deps.audit.list({ ...(to ? { to } : {}), limit: IMPORT_PAGE })).filter(
          (entry) => entry.profileId === profileId && !seen.has(entry.id),
        );
        for (const entry of page) seen.add(entry.id);
        await link.session.recordMany(
          page.map((entry) =>
            fromLocalAuditEntry(entry, { technician: technician(link), machine: machine(link) }),
          ),
        );
        if (page.length < IMPORT_PAGE - 1) break;
        to = page.at(-1)!.time;
      }
      // Templates go up by name: one the shop already has (any case) is the shop's, never replaced.
      let templatesAdded = 0;
      if (deps.localTemplates) {
        const key = (name: string) => name.toLocaleLowerCase('en');
        const have = new Set((await shopTemplates.list()).map((t) => key(t.name)));
        for (const template of await deps.localTemplates.list()) {
          if (have.has(key(template.name))) continue;
          await shopTemplates.save(template);
          have.add(key(template.name));
          templatesAdded++;
        }
      }
      link.session.reconnect();
      return {
        vehiclesAdded,
        entriesUploaded: seen.size,
        entriesWaiting: link.session.status().pending,
        templatesAdded,
      };
    },
    status: () => (linked ? statusOf(linked.session.status()) : SOLO_STATUS),
    templates: () => linked?.templates.store ?? null,
    decorate(entry) {
      const link = linked;
      if (!link || entry.profileId !== link.profileId) return entry;
      return { ...entry, technician: technician(link), machine: machine(link) };
    },
    recordAudit(entry) {
      const link = linked;
      if (!link || entry.profileId !== link.profileId) return;
      link.session
        .record(shopInput(link, entry))
        .then(() => link.queued.note(entry.time))
        .catch((error) => onProblem('Shop: an audit entry could not be queued for the shop', error));
    },
    mirror(profileId, method, args) {
      const link = linked;
      if (!link || link.profileId !== profileId) return;
      // Adds and removes travel on their audit entries (recordAudit). A rename is not in the local
      // log (solo mode keeps none), so the shop gets an entry of its own that carries it.
      if (method !== 'rename') return;
      const vin = String(args[1]);
      const nickname = (args[2] as string | null) || null;
      link.session
        .record({
          id: randomUUID(),
          time: now().toISOString(),
          vin,
          operation: 'renameVehicle',
          params: { nickname },
          outcome: 'success',
          technician: technician(link),
          machine: machine(link),
          profileId: link.profileId,
          garage: { kind: 'rename', nickname },
        })
        .catch((error) => onProblem('Shop: a rename could not be queued for the shop', error));
    },
    async history(vin, page = {}) {
      const { db } = online();
      const limit = page.limit ?? HISTORY_PAGE;
      const entries = await db.vehicleHistory(vin, { ...(page.after ? { after: page.after } : {}), limit });
      const last = entries.at(-1);
      return {
        entries: entries.map(historyEntry),
        next: entries.length === limit && last ? { time: last.time, id: last.id } : null,
      };
    },
    async listClaims() {
      const { link, db } = online();
      const rows = await db.pool.query(
        `SELECT id, garage_id, vin, claimed_by, machine, note, since, expires_at, ended_at, ended_by,
                end_reason, db_role, change_seq
           FROM claims WHERE garage_id = $1 AND ended_at IS NULL ORDER BY vin`,
        [db.garageId],
      );
      return rows.rows.map((row) => claimView(claimFromRow(row as Parameters<typeof claimFromRow>[0]), link));
    },
    async claim(vin, note) {
      const { link, db } = online();
      const result = await db.claims.claim(vin, technician(link), {
        note: note || null,
        machine: machine(link),
      });
      if (!result.ok)
        throw new AppError(
          'rejected',
          `${result.heldBy} has claimed this vehicle since ${result.since}${result.note ? ` (${result.note})` : ''}.`,
        );
      const view = claimView(result.claim, link);
      emitClaim(link, vin, view);
      return view;
    },
    async release(vin) {
      const { link, db } = online();
      const released = await db.claims.release(vin, technician(link));
      if (!released) throw new AppError('not_found', 'You hold no claim on this vehicle.');
      emitClaim(link, vin, await currentClaim(db, link, vin));
    },
    async takeOver(vin, note) {
      const { link, db } = online();
      const { claim, previous } = await db.claims.takeOver(vin, technician(link), {
        note: note || null,
        machine: machine(link),
      });
      await link.session.record({
        id: randomUUID(),
        time: now().toISOString(),
        vin,
        operation: 'claim:takeOver',
        params: { from: previous?.claimedBy ?? null },
        outcome: 'success',
        technician: technician(link),
        machine: machine(link),
        profileId: link.profileId,
      });
      const view = claimView(claim, link);
      emitClaim(link, vin, view);
      return view;
    },
    async checkClaim(profileId, vin, override, operation) {
      const link = linked;
      if (!link || link.profileId !== profileId) return;
      const db = link.session.db();
      // Unreachable: the claim cannot be known, and the command is not held back for it.
      if (!db) return;
      // The claims this app shows, kept live, answer without a round trip on the command's path (the
      // technician is asked exactly when the screen shows the car as someone else's); the tables
      // answer until they are loaded.
      const known = link.claims;
      const claim = known
        ? (() => {
            const view = known.get(vin);
            return view && Date.parse(view.expiresAt) > now().getTime() ? view : null;
          })()
        : await db.claims.active(vin);
      if (!claim || claim.claimedBy === technician(link)) return;
      if (!override)
        throw new AppError(
          'rejected',
          `${claim.claimedBy} has claimed this vehicle since ${claim.since}. Confirm to send anyway.`,
        );
      await link.session.record({
        id: randomUUID(),
        time: now().toISOString(),
        vin,
        operation: 'claim:override',
        params: { claimedBy: claim.claimedBy, operation },
        outcome: 'success',
        technician: technician(link),
        machine: machine(link),
        profileId: link.profileId,
      });
    },
    async jobRecordsFor(profileId) {
      const settings = await deps.settings.get(profileId);
      if (settings.mode !== 'shop') return null;
      const link = linked;
      if (!link || link.profileId !== profileId)
        return { records: null, why: 'this profile is not the one connected' };
      const db = link.session.db();
      if (db) return { records: db.jobRecords, why: '' };
      const { state, error } = link.session.status();
      return { records: null, why: `${state}${error ? `: ${error.message}` : ''}` };
    },
    async jobEntries(profileId, vin, windows) {
      const settings = await deps.settings.get(profileId);
      if (settings.mode !== 'shop') return null;
      const link = linked?.profileId === profileId ? linked : null;
      const status = link?.session.status();
      const who = {
        technician: link ? technician(link) : settings.technician,
        machine: link ? machine(link) : settings.machine || hostname(),
      };
      return shopJobEntries({
        vin,
        windows,
        db: link?.session.db() ?? null,
        why: status
          ? `${status.state}${status.error ? `: ${status.error.message}` : ''}`
          : 'this profile is not the one connected',
        waiting: async () => (link ? link.session.waiting() : []),
        local: async () => {
          const own = [];
          for (const window of windows)
            for (const entry of await deps.audit.list({ vin, ...window, limit: AUDIT_LIST_MAX }))
              if (entry.profileId === profileId) own.push(fromLocalAuditEntry(entry, who));
          return own;
        },
        onProblem,
      });
    },
    async bulkClaims(profileId, vins, include, operation) {
      const skips = new Map<string, ClaimSkip>();
      const link = linked;
      if (!link || link.profileId !== profileId || vins.length === 0) return skips;
      const db = link.session.db();
      // Unreachable: the claims cannot be known, and the run is not held back for them (as for one command).
      if (!db) return skips;
      const wanted = new Set(vins);
      const held = (await db.claims.listActive()).filter(
        (claim) => wanted.has(claim.vin) && claim.claimedBy !== technician(link),
      );
      for (const claim of held) {
        if (!include) {
          const words = claimWords({ ...claim, expired: false }, localTimeText(claim.since));
          skips.set(claim.vin, { reason: 'claimed', message: `Skipped: ${words}.` });
          continue;
        }
        await link.session.record({
          id: randomUUID(),
          time: now().toISOString(),
          vin: claim.vin,
          operation: 'claim:override',
          params: { claimedBy: claim.claimedBy, operation, bulk: true },
          outcome: 'success',
          technician: technician(link),
          machine: machine(link),
          profileId: link.profileId,
        });
      }
      return skips;
    },
    async forget(profileId) {
      await deps.settings.forget(profileId);
      await deps.passwords
        .clear(profileId)
        .catch((error) => onProblem('Shop: the password could not be cleared', error));
    },
    idle: async () => {
      for (;;) {
        const seen = queue;
        await seen;
        if (queue === seen) return;
      }
    },
    async close() {
      await enqueue('closing', stop);
    },
  };
}
