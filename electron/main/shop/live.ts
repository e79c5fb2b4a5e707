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
// than what was read before, and only rows read from the tables move the mark or are emitted. The
// payload is used for one thing only: a notification naming a row already read and emitted (kind,
// id and change_seq) asks for no read, since that read could only find it again; a forged one of
// those is ignored, which costs nothing. Without that, every write of a burst read the tables once
// more, in every app of the shop, for rows the first read had already found.
//
// The read brings what the apps then need of an audit entry and a reading (who wrote it from which
// machine; a colleague's entry whole; a reading's values), so an app neither reads its own rows
// again by id only to drop them nor asks for a colleague's entry or reading in a query of its own.
import type pg from 'pg';
import {
  changeOfRow,
  CHANGE_TABLES,
  type ChangedRow,
  type OwnChanges,
  type ShopChange,
  type ShopChangeKind,
  type WrittenChange,
} from './changed-row';
import type { PasswordSource, ResolvedSettings } from './config';
import { createShopClient } from './connection';
import { toShopError, type ShopError } from './errors';
import type { OwnWriteFollower } from './own-writes';

export const SHOP_CHANNEL = 'vg_shop_changes';
export { CHANGE_TABLES, type ShopChange, type ShopChangeKind } from './changed-row';

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
  /** Told after each read of the changed rows, with how many it brought (tests count reads here). */
  onRead?: (rows: number) => void;
  /**
   * This app's own writes (the upload's audit entries, its readings): their rows are taken as read
   * from what the INSERT answered, so their notifications ask for no read.
   */
  own?: OwnChanges;
  /** Told each notification of this garage heard, by the row it names (tests order a write's answer after it). */
  onHeard?: (key: string | null) => void;
  /** The least time between the starts of two reads of the changed rows, in ms (default 250). */
  readGapMs?: number;
}

/**
 * Reads start at most this often. A busy shop notifies each app many times a second (every
 * colleague's upload and shared reading); each read costs the app and the database about the same
 * whatever it brings (seven tables under row-level security), so what comes within the gap is read
 * together, a quarter of a second later at most: a board still follows the floor as it happens.
 */
export const LIVE_READ_GAP_MS = 250;

/**
 * The longest a read waits for an own write to settle (its answer lost with its connection, say):
 * past it, what was heard meanwhile is read as it would have been.
 */
const OWN_HOLD_MS = 1_000;

const RECENT_MAX = 5000;

/** The columns only audit entries and readings fill (the first branch names them). */
const NO_ROW = 'NULL::text, NULL::text, NULL::timestamptz, NULL::text, NULL::jsonb, NULL::text';
const CHANGED_SINCE = `SELECT * FROM (
   SELECT 'shop_vehicles' AS kind, garage_id, vin, id::text, change_seq AS seq,
          NULL::text AS machine, NULL::text AS profile_id, NULL::timestamptz AS read_at,
          NULL::text AS source, NULL::jsonb AS vals, NULL::text AS technician
     FROM shop_vehicles WHERE garage_id = $1 AND change_seq > $2
   UNION ALL SELECT 'audit_entries', garage_id, vin, id::text, change_seq,
          machine, profile_id, NULL::timestamptz, NULL::text, to_jsonb(audit_entries), NULL::text
     FROM audit_entries WHERE garage_id = $1 AND change_seq > $2
   UNION ALL SELECT 'claims', garage_id, vin, id::text, change_seq, ${NO_ROW}
     FROM claims WHERE garage_id = $1 AND change_seq > $2
   UNION ALL SELECT 'jobs', garage_id, vin, id::text, change_seq, ${NO_ROW}
     FROM jobs WHERE garage_id = $1 AND change_seq > $2
   UNION ALL SELECT 'telemetry_templates', garage_id, '', id::text, change_seq, ${NO_ROW}
     FROM telemetry_templates WHERE garage_id = $1 AND change_seq > $2
   UNION ALL SELECT 'shop_requests', garage_id, vin, id::text, change_seq, ${NO_ROW}
     FROM shop_requests WHERE garage_id = $1 AND change_seq > $2
   UNION ALL SELECT 'vehicle_readings', garage_id, vin, id::text, change_seq,
          machine, NULL::text, read_at, source, vals, technician
     FROM vehicle_readings WHERE garage_id = $1 AND change_seq > $2
 ) AS changed
 WHERE NOT EXISTS (SELECT 1 FROM unnest($4::bigint[], $5::text[]) AS read(seq, id)
                    WHERE read.seq = changed.seq AND read.id = changed.id)
 ORDER BY seq LIMIT $3`;

/** What a notification's payload says (never trusted as a change: see the top of the file). */
function payloadOf(payload: string | undefined): { garageId: string | null; key: string | null } {
  if (!payload) return { garageId: null, key: null };
  try {
    const raw = JSON.parse(payload) as Record<string, unknown>;
    const garageId = typeof raw['garageId'] === 'string' ? raw['garageId'] : null;
    const kind = CHANGE_TABLES[raw['table'] as keyof typeof CHANGE_TABLES] as ShopChangeKind | undefined;
    const { id, seq } = raw;
    const key =
      kind !== undefined && typeof id === 'string' && typeof seq === 'number' ? `${kind}:${id}:${seq}` : null;
    return { garageId, key };
  } catch {
    return { garageId: null, key: null };
  }
}

export function createShopListener(options: ListenerOptions): ShopListener {
  const initialMs = options.backoff?.initialMs ?? 250;
  const maxMs = options.backoff?.maxMs ?? 10_000;
  const lookback = options.lookback ?? 100;
  const readGapMs = Math.max(0, options.readGapMs ?? LIVE_READ_GAP_MS);
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

  const keyOf = (change: WrittenChange) => `${change.kind}:${change.id}:${change.seq}`;
  /**
   * The row versions read that the look-back window may bring again (by change_seq and id: after a
   * restore a number comes again, for another row): the reads leave them out.
   */
  const windowed = new Map<string, { seq: number; id: string }>();
  const remember = (change: WrittenChange) => {
    const key = keyOf(change);
    recent.add(key);
    windowed.set(key, { seq: change.seq, id: change.id });
    if (recent.size > RECENT_MAX) recent.delete(recent.values().next().value!);
  };

  const emit = (change: ShopChange) => {
    if (change.garageId !== options.garageId) return;
    if (recent.has(keyOf(change))) return;
    remember(change);
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
    const result = await target.query<{ mark: string | null }>({
      name: 'vg_current_mark',
      text: `SELECT greatest((SELECT max(change_seq) FROM shop_vehicles), (SELECT max(change_seq) FROM audit_entries),
                       (SELECT max(change_seq) FROM claims), (SELECT max(change_seq) FROM jobs),
                       (SELECT max(change_seq) FROM telemetry_templates),
                       (SELECT max(change_seq) FROM shop_requests),
                       (SELECT max(change_seq) FROM vehicle_readings)) AS mark`,
    });
    return Number(result.rows[0]?.mark ?? 0);
  }

  /**
   * The garage's changed rows past `after`, oldest first, at most `limit`, less the versions already
   * read: the look-back window's rows would otherwise come back at every read (a hundred rows to
   * send and parse for each notification, in every app of the shop) only to be dropped here.
   */
  async function changedSince(target: pg.Client, after: number, limit: number): Promise<WrittenChange[]> {
    const from = Math.max(0, after);
    const skipSeqs: number[] = [];
    const skipIds: string[] = [];
    for (const [key, row] of windowed) {
      if (row.seq <= from) windowed.delete(key);
      else {
        skipSeqs.push(row.seq);
        skipIds.push(row.id);
      }
    }
    const result = await target.query<ChangedRow>({
      // Named: each connection parses it once, not at every notification.
      name: 'vg_changed_since',
      text: CHANGED_SINCE,
      values: [options.garageId, from, limit, skipSeqs, skipIds],
    });
    return result.rows.map(changeOfRow);
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
      if (change.seq <= now) remember(change);
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
    windowed.clear();
    return true;
  }

  /** What the tables hold newer than the mark (less the look-back), emitted once each. */
  async function catchUp(target: pg.Client, caughtUp = true): Promise<void> {
    // The look-back window's rows come again (those already emitted are dropped); one row more than
    // the cap of new ones tells "too many to replay one by one".
    const rows = await changedSince(target, mark - lookback, catchUpMax + lookback + 1);
    options.onRead?.(rows.length);
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
      const said = payloadOf(message.payload);
      if (said.garageId !== null && said.garageId !== options.garageId) return;
      options.onHeard?.(said.key);
      // A row already read and emitted: reading again could only find it again.
      if (said.key !== null && recent.has(said.key)) return;
      wake(next, said.key);
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

  // One read of the tables at a time, started on the next turn of the event loop so that the
  // notifications of one burst (one transaction's rows arrive together) ask for one read. Those
  // arriving during a read ask for one more after it, unless that read found the rows they name.
  //
  // While a write of this app's own is under way, the decision waits for it (at most OWN_HOLD_MS):
  // its notifications come at its commit, on this connection, before or after its answer reaches
  // the writer. Once it settles, its rows count as read, and only what is still unread (a
  // colleague's row of the same moment, an unnamed notification) asks for a read.
  let reading = false;
  let heardUnnamed = false;
  const heard = new Set<string>();
  let writing = 0;
  let holding: NodeJS.Timeout | null = null;
  const readAgain = () => heardUnnamed || [...heard].some((key) => !recent.has(key));
  function wake(which: pg.Client, key: string | null): void {
    if (key === null) heardUnnamed = true;
    else heard.add(key);
    if (reading) return;
    if (writing > 0) {
      hold();
      return;
    }
    read(which);
  }
  function hold(): void {
    if (holding) return;
    holding = setTimeout(() => {
      holding = null;
      if (!reading && readAgain() && client && !stopped) read(client);
    }, OWN_HOLD_MS);
    holding.unref?.();
  }
  let lastRead = -Infinity;
  let gapTimer: NodeJS.Timeout | null = null;
  function read(which: pg.Client): void {
    if (holding) clearTimeout(holding);
    holding = null;
    reading = true;
    const go = () => {
      gapTimer = null;
      void (async () => {
        let failed = false;
        try {
          heardUnnamed = false;
          heard.clear();
          lastRead = performance.now();
          await catchUp(which, false);
        } catch (error) {
          failed = true;
          lost(which, error);
        } finally {
          reading = false;
          if (readAgain() && !stopped) {
            // Left for an own write to settle; heard during the read (read after the gap); or a
            // notification the last read could not take (its connection was replaced meanwhile).
            if (writing > 0) hold();
            else if (client && (client !== which || !failed)) read(client);
          }
        }
      })();
    };
    // Not before the gap since the last read; otherwise on the next turn of the event loop, after
    // the rest of the burst.
    const wait = lastRead + readGapMs - performance.now();
    if (wait > 0) {
      gapTimer = setTimeout(go, wait);
      gapTimer.unref?.();
    } else setImmediate(go);
  }
  const own: OwnWriteFollower<WrittenChange> = {
    began() {
      writing += 1;
    },
    settled(rows) {
      writing = Math.max(0, writing - 1);
      if (stopped) return;
      for (const change of rows ?? []) {
        if (change.garageId !== options.garageId) continue;
        // Below the look-back, a read would not have found it either: only after a restore (the
        // numbers came again), which a read finding nothing new tells (see the top of the file).
        if (change.seq <= mark - lookback) heardUnnamed = true;
        emit({ ...change, caughtUp: false });
      }
      if (writing > 0 || reading) return;
      if (readAgain() && client) read(client);
      else {
        if (holding) clearTimeout(holding);
        holding = null;
        heardUnnamed = false;
        heard.clear();
      }
    },
  };
  let unfollow: (() => void) | null = null;

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
      unfollow ??= options.own?.follow(own) ?? null;
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
      unfollow?.();
      unfollow = null;
      writing = 0;
      if (holding) clearTimeout(holding);
      holding = null;
      if (gapTimer) {
        // A read waiting for its gap never starts: nothing reads now.
        clearTimeout(gapTimer);
        reading = false;
      }
      gapTimer = null;
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
