// What other technicians change, as it happens: one dedicated connection (not from the pool, which
// would hand it back) LISTENs on the channel the triggers NOTIFY. When that connection is lost it
// comes back with backoff, LISTENs first and then reads the tables for every row changed after the
// highest change_seq it had seen: notifications sent while it was away are gone, the rows are not.
//
// change_seq comes from a sequence, so a transaction that took a lower number may commit after a
// higher one was seen; the catch-up therefore looks back LOOKBACK numbers and drops changes it has
// already emitted. A change may be emitted twice in rare races; consumers treat it as "re-read".
//
// A database restored to an earlier point (or a sequence reset) numbers new rows below the mark, and
// `change_seq > mark` would skip them until the numbers passed it again. So whenever a read finds
// nothing new (a notification that led to nothing, a reconnect), the tables' own highest number is
// compared with the mark: below it, the mark comes down to it and everything shown is read again
// (a resync), since the shop lost whatever came after the point it was restored to.
//
// A notification is only a wake-up, never taken at its word: any role that can connect may NOTIFY
// this channel with any payload, and a forged `seq` taken as seen would make the next catch-up skip
// real changes. So each notification (a burst of them: one read) reads from the tables what is newer
// than what was read before, and only rows read from the tables move the mark or are emitted.
import type pg from 'pg';
import type { PasswordSource, ResolvedSettings } from './config';
import { createShopClient } from './connection';
import { toShopError, type ShopError } from './errors';

export const SHOP_CHANNEL = 'vg_shop_changes';

export const CHANGE_TABLES = {
  shop_vehicles: 'vehicle',
  audit_entries: 'audit',
  claims: 'claim',
  jobs: 'job',
  telemetry_templates: 'template',
  shop_requests: 'request',
  vehicle_readings: 'reading',
} as const;
export type ShopChangeKind = (typeof CHANGE_TABLES)[keyof typeof CHANGE_TABLES];

export interface ShopChange {
  kind: ShopChangeKind;
  garageId: string;
  vin: string;
  /** The row's id (audit entry, claim or job id; the vehicle row's id). */
  id: string;
  seq: number;
  /** True when found by a catch-up after a reconnect rather than notified. */
  caughtUp: boolean;
}

export type ListenerStatus =
  | { state: 'connecting' }
  | { state: 'live' }
  | { state: 'reconnecting'; attempt: number; inMs: number; error: ShopError }
  | { state: 'stopped' };

export interface ShopListener {
  /** Resolves once listening (or rejects with the first connection's ShopError; retries go on). */
  start(): Promise<void>;
  stop(): Promise<void>;
  onChange(listener: (change: ShopChange) => void): () => void;
  onStatus(listener: (status: ListenerStatus) => void): () => void;
  /** Too much changed while away to replay change by change: re-read everything shown. */
  onResync(listener: () => void): () => void;
  /** The highest change_seq seen so far. */
  highWaterMark(): number;
}

export interface ListenerOptions {
  settings: ResolvedSettings;
  getPassword: PasswordSource;
  garageId: string;
  backoff?: { initialMs?: number; maxMs?: number };
  lookback?: number;
  /**
   * A connection can die without a word (a NAT or a switch dropped it): nothing arrives, and
   * nothing would ever say so. A ping every `everyMs` that is not answered within `timeoutMs`
   * counts as a lost connection.
   */
  heartbeat?: { everyMs?: number; timeoutMs?: number };
  /** More changes than this missed while away: one resync instead of each change (default 5,000). */
  catchUpMax?: number;
}

const RECENT_MAX = 5000;

/** The garage a notification names, if its payload says; only used to skip other garages' news. */
function garageOfPayload(payload: string | undefined): string | null {
  if (!payload) return null;
  try {
    const raw = JSON.parse(payload) as Record<string, unknown>;
    return typeof raw['garageId'] === 'string' ? raw['garageId'] : null;
  } catch {
    return null;
  }
}

export function createShopListener(options: ListenerOptions): ShopListener {
  const initialMs = options.backoff?.initialMs ?? 250;
  const maxMs = options.backoff?.maxMs ?? 10_000;
  const lookback = options.lookback ?? 100;
  const heartbeatEveryMs = options.heartbeat?.everyMs ?? 15_000;
  const heartbeatTimeoutMs = options.heartbeat?.timeoutMs ?? 5_000;
  let heartbeat: NodeJS.Timeout | null = null;
  const changeListeners = new Set<(change: ShopChange) => void>();
  const statusListeners = new Set<(status: ListenerStatus) => void>();
  const resyncListeners = new Set<() => void>();
  const catchUpMax = options.catchUpMax ?? 5_000;
  const recent = new Set<string>();
  let client: pg.Client | null = null;
  let mark = 0;
  let everConnected = false;
  let stopped = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | null = null;

  const status = (value: ListenerStatus) => {
    for (const listener of [...statusListeners]) {
      try {
        listener(value);
      } catch {
        // A listener's failure is its own.
      }
    }
  };

  const keyOf = (change: Omit<ShopChange, 'caughtUp'>) => `${change.kind}:${change.id}:${change.seq}`;
  const remember = (key: string) => {
    recent.add(key);
    if (recent.size > RECENT_MAX) recent.delete(recent.values().next().value!);
  };

  const emit = (change: ShopChange) => {
    if (change.garageId !== options.garageId) return;
    const key = keyOf(change);
    if (recent.has(key)) return;
    remember(key);
    if (change.seq > mark) mark = change.seq;
    for (const listener of [...changeListeners]) {
      try {
        listener(change);
      } catch {
        // A listener's failure is its own.
      }
    }
  };

  /** The highest change_seq now in the tables (each read from its change_seq index). */
  async function currentMark(target: pg.Client): Promise<number> {
    const result = await target.query<{ mark: string | null }>(
      `SELECT greatest((SELECT max(change_seq) FROM shop_vehicles), (SELECT max(change_seq) FROM audit_entries),
                       (SELECT max(change_seq) FROM claims), (SELECT max(change_seq) FROM jobs),
                       (SELECT max(change_seq) FROM telemetry_templates),
                       (SELECT max(change_seq) FROM shop_requests),
                       (SELECT max(change_seq) FROM vehicle_readings)) AS mark`,
    );
    return Number(result.rows[0]?.mark ?? 0);
  }

  /** The garage's changed rows past `after`, oldest first, at most `limit`. */
  async function changedSince(
    target: pg.Client,
    after: number,
    limit: number,
  ): Promise<Omit<ShopChange, 'caughtUp'>[]> {
    const result = await target.query<{
      kind: string;
      garage_id: string;
      vin: string;
      id: string;
      seq: string;
    }>(
      `SELECT * FROM (
         SELECT 'shop_vehicles' AS kind, garage_id, vin, id::text, change_seq AS seq FROM shop_vehicles
           WHERE garage_id = $1 AND change_seq > $2
         UNION ALL SELECT 'audit_entries', garage_id, vin, id::text, change_seq FROM audit_entries
           WHERE garage_id = $1 AND change_seq > $2
         UNION ALL SELECT 'claims', garage_id, vin, id::text, change_seq FROM claims
           WHERE garage_id = $1 AND change_seq > $2
         UNION ALL SELECT 'jobs', garage_id, vin, id::text, change_seq FROM jobs
           WHERE garage_id = $1 AND change_seq > $2
         UNION ALL SELECT 'telemetry_templates', garage_id, '', id::text, change_seq FROM telemetry_templates
           WHERE garage_id = $1 AND change_seq > $2
         UNION ALL SELECT 'shop_requests', garage_id, vin, id::text, change_seq FROM shop_requests
           WHERE garage_id = $1 AND change_seq > $2
         UNION ALL SELECT 'vehicle_readings', garage_id, vin, id::text, change_seq FROM vehicle_readings
           WHERE garage_id = $1 AND change_seq > $2
       ) AS changed ORDER BY seq LIMIT $3`,
      [options.garageId, Math.max(0, after), limit],
    );
    return result.rows.map((row) => ({
      kind: CHANGE_TABLES[row.kind as keyof typeof CHANGE_TABLES],
      garageId: row.garage_id,
      vin: row.vin,
      id: row.id,
      seq: Number(row.seq),
    }));
  }

  /**
   * The app reads the tables whole (its first connect, a resync): everything up to the highest
   * change_seq now counts as seen, and the rows of the look-back window are remembered so that the
   * next read does not emit them again.
   */
  async function seenAll(target: pg.Client): Promise<void> {
    const now = await currentMark(target);
    mark = Math.max(mark, now);
    for (const change of await changedSince(target, mark - lookback, lookback + 1))
      if (change.seq <= now) remember(keyOf(change));
  }

  const resync = () => {
    for (const listener of [...resyncListeners]) {
      try {
        listener();
      } catch {
        // A listener's failure is its own.
      }
    }
  };

  /**
   * Whether the tables' highest change_seq is below the mark (the database was restored to an
   * earlier point); then the mark comes down to what the tables hold, and the caller resyncs.
   */
  async function rewound(target: pg.Client): Promise<boolean> {
    const now = await currentMark(target);
    if (now >= mark) return false;
    mark = now;
    recent.clear();
    return true;
  }

  /** What the tables hold newer than the mark (less the look-back), emitted once each. */
  async function catchUp(target: pg.Client, caughtUp = true): Promise<void> {
    // The look-back window's rows come again (those already emitted are dropped); one row more than
    // the cap of new ones tells "too many to replay one by one".
    const rows = await changedSince(target, mark - lookback, catchUpMax + lookback + 1);
    const fresh = rows.filter((change) => !recent.has(keyOf(change)));
    if (fresh.length > catchUpMax) {
      await seenAll(target);
      resync();
      return;
    }
    // Back after a loss (the server may have been restored meanwhile), or woken and nothing new:
    // rows numbered below the mark would be missed.
    if ((caughtUp || fresh.length === 0) && (await rewound(target))) {
      await seenAll(target);
      resync();
      return;
    }
    for (const change of fresh) emit({ ...change, caughtUp });
  }

  async function connect(): Promise<void> {
    const next = await createShopClient(options.settings, options.getPassword);
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next, new Error('Connection ended')));
    next.on('notification', (message) => {
      if (message.channel !== SHOP_CHANNEL || next !== client) return;
      const garage = garageOfPayload(message.payload);
      if (garage !== null && garage !== options.garageId) return;
      wake(next);
    });
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${SHOP_CHANNEL}`);
      // First connect: start from now (the app reads the tables itself); later: replay what was missed.
      if (everConnected) await catchUp(next);
      else await seenAll(next);
    } catch (error) {
      client = null;
      next.removeAllListeners('end');
      await next.end().catch(() => undefined);
      throw toShopError(error);
    }
    everConnected = true;
    startHeartbeat(next);
    attempt = 0;
    status({ state: 'live' });
  }

  // One read of the tables at a time; notifications arriving meanwhile ask for one more after it.
  let reading = false;
  let readAgain = false;
  function wake(which: pg.Client): void {
    if (reading) {
      readAgain = true;
      return;
    }
    reading = true;
    void (async () => {
      try {
        do {
          readAgain = false;
          await catchUp(which, false);
        } while (readAgain && which === client && !stopped);
      } catch (error) {
        lost(which, error);
      } finally {
        reading = false;
        // A notification the last read could not take (its connection was replaced meanwhile).
        if (readAgain && client && client !== which && !stopped) wake(client);
      }
    })();
  }

  function stopHeartbeat(): void {
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = null;
  }

  function startHeartbeat(which: pg.Client): void {
    stopHeartbeat();
    let inFlight = false;
    heartbeat = setInterval(() => {
      if (inFlight || which !== client) return;
      inFlight = true;
      let answered = false;
      const deadline = setTimeout(() => {
        if (!answered) lost(which, new Error('Connection timeout: no answer to the heartbeat'));
      }, heartbeatTimeoutMs);
      which
        .query('SELECT 1')
        .then(
          () => undefined,
          (error: unknown) => lost(which, error),
        )
        .finally(() => {
          answered = true;
          inFlight = false;
          clearTimeout(deadline);
        });
    }, heartbeatEveryMs);
    heartbeat.unref?.();
  }

  function lost(which: pg.Client, error: unknown): void {
    if (which !== client || stopped) return;
    stopHeartbeat();
    client = null;
    which.removeAllListeners('end');
    void which.end().catch(() => undefined);
    schedule(toShopError(error));
  }

  function schedule(error: ShopError): void {
    if (stopped || timer) return;
    attempt += 1;
    const base = Math.min(maxMs, initialMs * 2 ** Math.min(attempt - 1, 16));
    const inMs = Math.round(base / 2 + (Math.random() * base) / 2);
    status({ state: 'reconnecting', attempt, inMs, error });
    timer = setTimeout(() => {
      timer = null;
      if (stopped) return;
      connect().catch((failure: unknown) => schedule(toShopError(failure)));
    }, inMs);
    timer.unref?.();
  }

  return {
    async start() {
      stopped = false;
      status({ state: 'connecting' });
      try {
        await connect();
      } catch (error) {
        schedule(toShopError(error));
        throw error;
      }
    },
    async stop() {
      stopped = true;
      stopHeartbeat();
      if (timer) clearTimeout(timer);
      timer = null;
      const current = client;
      client = null;
      if (current) {
        current.removeAllListeners('end');
        await current.end().catch(() => undefined);
      }
      status({ state: 'stopped' });
    },
    onChange(listener) {
      changeListeners.add(listener);
      return () => changeListeners.delete(listener);
    },
    onResync(listener) {
      resyncListeners.add(listener);
      return () => resyncListeners.delete(listener);
    },
    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    highWaterMark: () => mark,
  };
}
