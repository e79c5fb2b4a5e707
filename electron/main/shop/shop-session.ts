// One profile's life in shop mode, for the app to hold: the outbox always takes entries (a command
// never waits on the database), the database is connected in the background and reconnected with
// backoff while it is unreachable, the live listener runs while connected, and the outbox drains
// whenever the database is reachable. A refusal that retrying cannot fix (wrong password, missing
// database, no grants, a newer schema, bad settings) stops the retries and says why; reconnect()
// tries again (after the user changed something). The session sends only its own writer's entries:
// its outbox is the one of the role it connects as (outbox-owners.ts), and a connection that signs
// in as another role sends nothing from it.
import { relative } from 'node:path';
import { tm } from '../i18n/main-words';
import type { ShopAuditInput } from './audit-store';
import type { PasswordSource, ShopConnectionSettings } from './config';
import { ShopError, toShopError, type ShopErrorKind } from './errors';
import type { ListenerStatus, ShopChange, ShopListener } from './live';
import { openOutbox, OUTBOX_SET_ASIDE, type Outbox, type SetAsideEntry } from './outbox';
import { startOutboxSync, type OutboxSync, type OutboxSyncStatus } from './outbox-sync';
import { lostEntries, resendEntries, type LocalEntryPages, type ResendResult } from './resend-lost';
import { openShop, type ShopDb } from './shop-db';
import { isOtherShop, otherShopError, shopIdentityOf } from './shop-identity';
import { loggedClaims, loggedJobRecords, type WriteAuthor, type WriteLog } from './write-log';
import { describeTarget, resolveSettings } from './config';
import { claimOutbox, keyedShopOf, type OutboxOwner } from './outbox-owners';

/** Kinds a retry cannot fix: the user or the shop's administrator must change something first. */
const FINAL_KINDS: ReadonlySet<ShopErrorKind> = new Set([
  'invalid_settings',
  'auth_failed',
  'database_missing',
  'no_privileges',
  'schema_missing',
  'schema_newer',
  'tls',
]);

export interface ShopSessionStatus {
  /** connecting: first try or a retry; online: connected and listening; offline: unreachable, retrying; refused: stopped. */
  state: 'connecting' | 'online' | 'offline' | 'refused' | 'closed';
  error: { kind: ShopErrorKind; message: string } | null;
  /** Entries waiting for the shop database. */
  pending: number;
  /** Entries the shop database refused for good, kept aside (the rest still flows); null when none. */
  setAside?: { count: number; message: string } | null;
  /**
   * The shop's database was found restored to an earlier point and the entries it had lost were
   * sent again from this computer's log (how many, in words); null until that happened.
   */
  restored?: { count: number; message: string } | null;
}

export interface ShopSessionOptions {
  settings: ShopConnectionSettings;
  getPassword: PasswordSource;
  garageId?: string;
  /** The profile's folder for shop files: the writer's outbox lives in it (outbox-owners.ts). */
  dir: string;
  /**
   * Who writes through this session: its entries are kept in their outbox and sent only over a
   * connection that signs in as their role. Absent: the settings' user, by no name.
   */
  owner?: OutboxOwner;
  backoff?: { initialMs?: number; maxMs?: number };
  /**
   * This machine's entries for the shop as its own log holds them, newest first: what is sent again
   * when the shop is found to have lost some (restored to an earlier point) and the outbox's own
   * copy of what it sent no longer holds them.
   */
  localEntries?: LocalEntryPages;
  /**
   * Who writes, for the entries that keep this desk's job and claim writes (write-log.ts): given,
   * db()'s jobs and claims keep each write the shop accepted in the outbox.
   */
  author?: () => WriteAuthor;
  onProblem?: (message: string, error: unknown) => void;
}

export interface ShopSession {
  /** Durable on disk when it resolves; uploaded in the background. */
  record(entry: ShopAuditInput): Promise<void>;
  recordMany(entries: readonly ShopAuditInput[]): Promise<void>;
  /** The entries still waiting for the shop, oldest first. */
  waiting(): Promise<ShopAuditInput[]>;
  /** Uploads what waits now, when connected (before the garage is read back); throws a ShopError. */
  flush(): Promise<void>;
  /** The connected database for reads and shared writes, or null while not online. */
  db(): ShopDb | null;
  status(): ShopSessionStatus;
  onStatus(listener: (status: ShopSessionStatus) => void): () => void;
  onChange(listener: (change: ShopChange) => void): () => void;
  /** Too much changed while the connection was lost: re-read everything shown. */
  onResync(listener: () => void): () => void;
  /** Tries again now (after a refusal, or to cut a wait short). */
  reconnect(): void;
  close(): Promise<void>;
}

/** The entries set aside, named by the last one: what it was, for which car, when, and why. */
export function setAsideWords(
  kept: readonly SetAsideEntry[],
  folder = 'shop-outbox',
): { count: number; message: string } | null {
  const last = kept[kept.length - 1];
  if (!last) return null;
  const { operation, vin, time } = last.entry;
  return {
    count: kept.length,
    // The reason is the shop database's own words, kept with the entry when it was refused.
    message: tm('mainShop.setAside', {
      operation,
      vehicle: vin || tm('mainShop.noVehicle'),
      time,
      count: kept.length,
      reason: last.reason,
      path: `${folder}/${OUTBOX_SET_ASIDE}`,
    }),
  };
}

const SENT_PAGE = 1_000;

/** The outbox's copy of what the shop took, newest first in pages, then the local log's pages. */
async function* sentThenLocal(
  outbox: Outbox,
  localEntries: LocalEntryPages | undefined,
): AsyncGenerator<readonly ShopAuditInput[]> {
  const sent = (await outbox.sent()).reverse();
  for (let at = 0; at < sent.length; at += SENT_PAGE) yield sent.slice(at, at + SENT_PAGE);
  if (localEntries) yield* localEntries();
}

/** What was sent again after a restore, in words: how many, and how many the shop refused. */
export function restoredWords(result: ResendResult): { count: number; message: string } | null {
  const refused = result.refused.at(-1);
  if (refused)
    return {
      count: result.inserted,
      message: tm('mainRestore.refused', { count: result.refused.length, reason: refused.reason }),
    };
  if (result.inserted === 0) return null;
  return { count: result.inserted, message: tm('mainRestore.resent', { count: result.inserted }) };
}

/** The writer of a session told none: the role its settings sign in as. */
function ownerOfSettings(settings: ShopConnectionSettings): OutboxOwner {
  try {
    return { role: resolveSettings(settings).user, name: null };
  } catch {
    // Settings that cannot connect send nothing; what is written meanwhile is kept for the user named.
    return { role: settings.user?.trim() ?? '', name: null };
  }
}

export async function startShopSession(options: ShopSessionOptions): Promise<ShopSession> {
  const initialMs = options.backoff?.initialMs ?? 1_000;
  const maxMs = options.backoff?.maxMs ?? 30_000;
  const owner = options.owner ?? ownerOfSettings(options.settings);
  const outboxDir = await claimOutbox(options.dir, owner);
  const outbox: Outbox = await openOutbox(outboxDir);
  const folder = relative(options.dir, outboxDir).split(/[\\/]/).join('/');
  const statusListeners = new Set<(status: ShopSessionStatus) => void>();
  const changeListeners = new Set<(change: ShopChange) => void>();
  const resyncListeners = new Set<() => void>();
  let shop: ShopDb | null = null;
  let listener: ShopListener | null = null;
  let sync: OutboxSync | null = null;
  let timer: NodeJS.Timeout | null = null;
  let attempt = 0;
  let connecting = false;
  let closed = false;
  let current: ShopSessionStatus = {
    state: 'connecting',
    error: null,
    pending: outbox.pending(),
    setAside: null,
  };

  const publish = (next: Partial<ShopSessionStatus>) => {
    current = { ...current, ...next };
    for (const each of [...statusListeners]) {
      try {
        each(current);
      } catch {
        // A listener's failure is its own.
      }
    }
  };
  const describe = (error: ShopError) => ({ kind: error.shopKind, message: error.message });
  outbox.onPendingChange((pending) => publish({ pending }));
  /** What is kept aside, read again whenever an upload set one aside (and once at the start). */
  const tellSetAside = () =>
    outbox.setAside().then(
      (kept) => {
        if (!closed) publish({ setAside: setAsideWords(kept, folder) });
      },
      () => undefined,
    );
  void tellSetAside();
  /** An upload found the shop missing what it had taken from here: the local log's lost entries go again. */
  const mendLoss = async (shopDb: ShopDb) => {
    const at = await outbox.shopLoss();
    if (at === null) return;
    const keyed = await outbox.shop();
    const found = await shopIdentityOf(shopDb.pool);
    if (keyed !== null && keyed !== found)
      throw otherShopError(describeTarget(shopDb.settings), keyed, found);
    const skip = new Set([
      ...(await outbox.waiting()).map((entry) => entry.id),
      ...(await outbox.setAside()).map((kept) => kept.entry.id),
    ]);
    const lost = await lostEntries(shopDb.pool, sentThenLocal(outbox, options.localEntries), skip);
    const result = await resendEntries(shopDb.pool, shopDb.garageId, lost);
    await outbox.lossMended(at);
    const words = restoredWords(result);
    if (words && !closed) publish({ restored: words });
  };
  const uploadTelling = async (shopDb: ShopDb) => {
    const result = await shopDb.upload(outbox);
    if (result.setAside) await tellSetAside();
    await mendLoss(shopDb);
    return result;
  };

  function retryLater(error: ShopError): void {
    if (closed) return;
    if (FINAL_KINDS.has(error.shopKind)) {
      publish({ state: 'refused', error: describe(error) });
      return;
    }
    attempt += 1;
    const wait = Math.min(maxMs, initialMs * 2 ** Math.min(attempt - 1, 16));
    publish({ state: 'offline', error: describe(error) });
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, wait);
    timer.unref?.();
  }

  // The handle db() gives: with an author, its job and claim writes are kept in the outbox too.
  const loggedOf = new WeakMap<ShopDb, ShopDb>();
  const author = options.author;
  function logged(opened: ShopDb): ShopDb {
    if (!author) return opened;
    let made = loggedOf.get(opened);
    if (!made) {
      const log: WriteLog = {
        record: (entry) => outbox.append(entry),
        author,
        now: () => new Date(),
        onProblem: options.onProblem ?? (() => undefined),
      };
      made = {
        ...opened,
        jobRecords: loggedJobRecords(opened.jobRecords, log),
        claims: loggedClaims(opened.claims, log),
      };
      loggedOf.set(opened, made);
    }
    return made;
  }

  /** Stops using `opened` (if it is still the one in use) and refuses with `error`'s words. */
  async function letGo(opened: ShopDb, error: ShopError): Promise<void> {
    if (shop !== opened) return;
    shop = null;
    const [wasSync, wasListener] = [sync, listener];
    sync = null;
    listener = null;
    await wasSync?.stop();
    await wasListener?.stop();
    await opened.close().catch(() => undefined);
    retryLater(error);
  }

  async function connect(): Promise<void> {
    if (closed || connecting || shop) return;
    connecting = true;
    publish({ state: 'connecting' });
    try {
      const opened = await openShop({
        settings: options.settings,
        getPassword: options.getPassword,
        ...(options.garageId ? { garageId: options.garageId } : {}),
      });
      if (closed) {
        await opened.close();
        return;
      }
      // The server would stamp this connection's role on every entry: only the writer's own goes.
      if (opened.role !== owner.role) {
        await opened.close();
        throw new ShopError(
          'invalid_settings',
          tm('mainAuthors.otherRole', { role: opened.role, owner: owner.role }),
        );
      }
      // Another shop's database gets nothing of this one's: not an entry, not the garage's merge.
      // The profile's other writers' outboxes say which shop it works for, before this one's is keyed.
      const profileShop = await keyedShopOf(options.dir).catch(async (error: unknown) => {
        await opened.close();
        throw error;
      });
      if (profileShop !== null && profileShop !== opened.shopId) {
        await opened.close();
        throw otherShopError(describeTarget(opened.settings), profileShop, opened.shopId);
      }
      const keyed = await outbox.keyTo(opened.shopId).catch(async (error: unknown) => {
        await opened.close();
        throw error;
      });
      if (keyed !== opened.shopId) {
        await opened.close();
        throw otherShopError(describeTarget(opened.settings), keyed, opened.shopId);
      }
      const live = opened.listener({ backoff: { initialMs, maxMs } });
      // The handle is set before the listener can say "live": whoever follows "online" (the garage
      // merge, the jobs resync, a first join's import) reads through db() at once, and must find it.
      shop = opened;
      listener = live;
      attempt = 0;
      sync = startOutboxSync({ outbox, upload: () => uploadTelling(opened), backoff: { initialMs, maxMs } });
      sync.onStatus((status: OutboxSyncStatus) => {
        // The database became another shop's under the connection (replaced by another's dump):
        // the session lets go of it at once and says so.
        if (status.lastError && isOtherShop(status.lastError)) {
          void letGo(opened, status.lastError);
          return;
        }
        // An upload the database refuses for good (the role lost its INSERT grant) is told, not hidden.
        if (status.lastError && FINAL_KINDS.has(status.lastError.shopKind))
          publish({ error: describe(status.lastError) });
      });
      live.onChange((change) => {
        for (const each of [...changeListeners]) {
          try {
            each(change);
          } catch {
            // A listener's failure is its own.
          }
        }
      });
      live.onResync(() => {
        for (const each of [...resyncListeners]) {
          try {
            each();
          } catch {
            // A listener's failure is its own.
          }
        }
      });
      live.onStatus((status: ListenerStatus) => {
        if (closed || status.state === 'stopped' || status.state === 'connecting') return;
        if (status.state === 'live') {
          publish({ state: 'online', error: null });
          // The database is back: what waited goes now.
          sync?.retryNow();
        } else publish({ state: 'offline', error: describe(status.error) });
      });
      try {
        await live.start();
      } catch (error) {
        // The listener retries by itself; the session counts as offline until it is live.
        publish({ state: 'offline', error: describe(toShopError(error)) });
      }
      sync.retryNow();
    } catch (error) {
      retryLater(toShopError(error));
    } finally {
      connecting = false;
    }
  }

  void connect();

  return {
    record: (entry) => outbox.append(entry),
    recordMany: (entries) => outbox.appendMany(entries),
    waiting: () => outbox.waiting(),
    async flush() {
      if (shop) await uploadTelling(shop);
    },
    db: () => (current.state === 'online' && shop ? logged(shop) : null),
    status: () => current,
    onStatus(each) {
      statusListeners.add(each);
      return () => statusListeners.delete(each);
    },
    onChange(each) {
      changeListeners.add(each);
      return () => changeListeners.delete(each);
    },
    onResync(each) {
      resyncListeners.add(each);
      return () => resyncListeners.delete(each);
    },
    reconnect() {
      if (closed) return;
      if (timer) clearTimeout(timer);
      timer = null;
      attempt = 0;
      if (shop) sync?.retryNow();
      else void connect();
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await sync?.stop();
      await listener?.stop();
      await shop?.close();
      shop = null;
      publish({ state: 'closed' });
    },
  };
}
