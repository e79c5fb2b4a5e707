// The local queue of audit entries on their way to the shop database, over one directory:
//
//   entries.jsonl  append-only, one entry per line, each append fsynced before it returns;
//   ack.json       { offset, id, last, lost, shop }: the byte offset just past the last entry the
//                  shop database has committed, replaced atomically (temp file, fsync, rename) AFTER
//                  that commit; `last` is the id of the newest entry the shop took (kept when the
//                  file is emptied), `lost` when an upload found that entry gone from the shop, and
//                  `shop` the identity of the shop that acknowledged them (shop-identity.ts).
//
// An upload sends the entries after `offset`, in order, in batches; each batch is one INSERT ...
// ON CONFLICT (id) DO NOTHING in one transaction, then the mark moves. A crash between the commit
// and the mark only means the batch is sent again, and the ids make that a no-op: every entry
// reaches the shop exactly once, and none that was appended is lost. A line torn by a crash during
// an append is skipped (it was never acknowledged to the caller), and the next append starts on a
// fresh line. When everything is acknowledged the file is emptied: the mark is reset to 0 first,
// then the file truncated, so a crash between the two re-sends (harmlessly) instead of skipping.
//
// The shop restored to an earlier point has lost what came after it, and the mark alone cannot
// tell. So each batch's transaction first asks whether the shop still holds `last`: uploads go in
// order, so a shop that holds it holds every entry before it, and one that lacks it lost some of
// what this machine sent. Asked in the same transaction as the insert, the answer cannot be
// outdated by a restore in between; recorded (`lost`, with when) before the mark moves past it,
// the finding survives a crash until whoever sends the lost entries again says it is mended.
//
// The acknowledgements are one shop's: the outbox is keyed to the first shop it is connected to
// (keyTo), and each batch's transaction first checks that the database is still that shop. The same
// shop restored into a new database or onto a new server carries its identity (it is in the dump)
// and is treated as any restore; another shop's database is refused before anything is sent.
//
//   sent.jsonl     what the shop took, kept when the file is emptied (appended before the mark is
//                  reset), so a restore that lost it finds it here exactly as it was sent, also the
//                  entries the local audit log never held (a rename, a claim's, a template's). Past
//                  a bound it becomes sent-older.jsonl (replacing the one before): the newest
//                  acknowledged entries are kept, between one and two bounds' worth.
//
//   set-aside.jsonl  the entries the shop database refused for good (a value it cannot take: an
//                  invalid date, a broken constraint), each with the server's reason. A batch the
//                  server refuses that way is sent again one entry at a time; the entry it still
//                  refuses is written here (fsynced) before the mark moves past it, so it is
//                  neither lost nor retried for ever in front of everything queued after it.
import { open, readFile, mkdir, rename, stat, truncate } from 'node:fs/promises';
import { join } from 'node:path';
import type { ClientBase, Pool } from 'pg';
import { writeFileAtomic } from '../storage/atomic-file';
import { insertNewAuditRows, type ShopAuditInput } from './audit-store';
import { changeOfRow, type OwnChanges } from './changed-row';
import { applyGarageChanges } from './garage-changes';
import { applyTemplateChanges } from './template-changes';
import { toShopError } from './errors';
import { otherShopError, shopIdentityHolding } from './shop-identity';

export const OUTBOX_SET_ASIDE = 'set-aside.jsonl';
export const OUTBOX_SENT = 'sent.jsonl';
export const OUTBOX_SENT_OLDER = 'sent-older.jsonl';
/** The default bound of sent.jsonl (about 25,000 entries); sent-older.jsonl holds as much again. */
const KEEP_SENT_BYTES = 8 * 1024 * 1024;

export const OUTBOX_ENTRIES = 'entries.jsonl';
export const OUTBOX_ACK = 'ack.json';
export const OUTBOX_BATCH_DEFAULT = 200;
/** The default size past which a fully acknowledged file is emptied. */
const COMPACT_AFTER_BYTES = 1024 * 1024;

/** An entry the shop database refused for good, kept in set-aside.jsonl. */
export interface SetAsideEntry {
  entry: ShopAuditInput;
  /** The server's reason, as a technician or an administrator reads it. */
  reason: string;
  /** ISO time it was set aside. */
  at: string;
}

/**
 * Whether the server refused the data itself (SQLSTATE class 22, a value it cannot take, or 23, a
 * broken constraint): sending it again gives the same answer. Anything else (a lost connection, a
 * missing grant, a timeout) may pass later and is retried.
 */
export function refusedForGood(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && /^2[23][0-9A-Z]{3}$/.test(code);
}

export interface UploadResult {
  /** Entries sent in this upload (new or already present). */
  sent: number;
  /** Of those, rows the shop did not have yet. */
  inserted: number;
  /** Still waiting after the upload. */
  pending: number;
  /** Set aside by this upload (the shop database refused them for good); absent when none was. */
  setAside?: SetAsideEntry[];
}

export interface UploadOptions {
  batchSize?: number;
  /** The database as a person names it, for the words of a refusal (another shop's database). */
  where?: string;
  /** Called after each batch's commit, before its mark is written (tests crash here). */
  afterCommit?: (batch: readonly ShopAuditInput[]) => Promise<void> | void;
  /** This app's own writes: the rows each batch inserted are told to its live listener. */
  own?: OwnChanges;
}

export interface Outbox {
  /** Appends durably; resolves once the entry is on disk. */
  append(entry: ShopAuditInput): Promise<void>;
  appendMany(entries: readonly ShopAuditInput[]): Promise<void>;
  /** "N entries waiting for the shop database". */
  pending(): number;
  /** The waiting entries, oldest first (the torn tail, if any, left out). */
  waiting(): Promise<ShopAuditInput[]>;
  /** Sends everything waiting, in order; throws a ShopError (entries stay waiting) if the database fails. */
  upload(pool: Pool, garageId: string, options?: UploadOptions): Promise<UploadResult>;
  /** Every entry set aside so far (the database refused it for good), oldest first. */
  setAside(): Promise<SetAsideEntry[]>;
  /**
   * Lets `listener` know whenever the waiting count changes. An entry counts from the moment it is
   * handed over, before its append reaches the disk. Returns the unsubscribe.
   */
  onPendingChange(listener: (pending: number) => void): () => void;
  /** Lets `listener` know whenever appended entries reached the disk, where an upload can take them. */
  onAppended(listener: () => void): () => void;
  /**
   * When an upload found an entry the shop had taken from this outbox gone from it (the shop was
   * restored to an earlier point), as an ISO time; null when none was found or it was mended.
   */
  shopLoss(): Promise<string | null>;
  /** The loss found at `at` is mended (the lost entries were sent again); a later finding stays. */
  lossMended(at: string): Promise<void>;
  /** The entries the shop took that this outbox still keeps (sent.jsonl and the file), oldest first. */
  sent(): Promise<ShopAuditInput[]>;
  /**
   * Keys the outbox to the shop `shop` when it is keyed to none yet (new, or kept before shops had
   * an identity); answers the shop it is keyed to, which is another shop's when it differs.
   */
  keyTo(shop: string): Promise<string>;
  /** The shop the acknowledgements are keyed to, or null before the first connection. */
  shop(): Promise<string | null>;
}

interface Mark {
  offset: number;
  id: string | null;
  /** The newest entry the shop took, kept when the file is emptied. */
  last: string | null;
  /** When an upload found `last` gone from the shop. */
  lost: string | null;
  /** The identity of the shop whose acknowledgements these are; null before the first connection. */
  shop: string | null;
}

interface Line {
  entry: ShopAuditInput;
  /** Byte offset just past this line's newline. */
  end: number;
}

function parseLines(buffer: Buffer, from: number): { lines: Line[]; tornTail: boolean } {
  const lines: Line[] = [];
  let start = from;
  while (start < buffer.length) {
    const newline = buffer.indexOf(0x0a, start);
    if (newline < 0) return { lines, tornTail: true };
    const text = buffer.subarray(start, newline).toString('utf8');
    if (text.trim() !== '') {
      try {
        const entry = JSON.parse(text) as ShopAuditInput;
        if (entry && typeof entry.id === 'string') lines.push({ entry, end: newline + 1 });
      } catch {
        // A line torn by a crash and then followed by a fresh append: skip it.
      }
    }
    start = newline + 1;
  }
  return { lines, tornTail: false };
}

export interface OutboxOptions {
  /** Empty the file once all of it is acknowledged and it is at least this big (default 1 MiB). */
  compactAfterBytes?: number;
  /** Past this size sent.jsonl becomes sent-older.jsonl (default 8 MiB). */
  keepSentBytes?: number;
  /** Called once an append is on disk, before it is counted as waiting (tests race an upload here). */
  afterAppend?: (entries: readonly ShopAuditInput[]) => Promise<void> | void;
}

export async function openOutbox(dir: string, options: OutboxOptions = {}): Promise<Outbox> {
  const compactAfterBytes = options.compactAfterBytes ?? COMPACT_AFTER_BYTES;
  await mkdir(dir, { recursive: true });
  const entriesPath = join(dir, OUTBOX_ENTRIES);
  const ackPath = join(dir, OUTBOX_ACK);
  const setAsidePath = join(dir, OUTBOX_SET_ASIDE);
  const sentPath = join(dir, OUTBOX_SENT);
  const olderPath = join(dir, OUTBOX_SENT_OLDER);
  const keepSentBytes = options.keepSentBytes ?? KEEP_SENT_BYTES;
  const listeners = new Set<(pending: number) => void>();
  // Two lanes. Appends (and the short compaction step) take turns on one, so emptying the file
  // never races an append; uploads take turns on the other, so an upload waiting on a lost
  // database never holds up an append, which is on a command's path. An upload reads the file
  // once and sends only the lines it read whose appends were counted; the others wait for the next.
  const lane = () => {
    let tail: Promise<unknown> = Promise.resolve();
    return <T>(task: () => Promise<T>): Promise<T> => {
      const run = tail.then(task, task);
      tail = run.catch(() => undefined);
      return run;
    };
  };
  const appendLane = lane();
  const uploadLane = lane();

  async function readMark(): Promise<Mark> {
    try {
      const mark = JSON.parse(await readFile(ackPath, 'utf8')) as Partial<Mark>;
      const text = (value: unknown) => (typeof value === 'string' ? value : null);
      if (typeof mark.offset === 'number' && Number.isInteger(mark.offset) && mark.offset >= 0)
        return {
          offset: mark.offset,
          id: text(mark.id),
          last: text(mark.last),
          lost: text(mark.lost),
          shop: text(mark.shop),
        };
    } catch {
      // Missing (nothing acknowledged yet) or unreadable: sending again from the start is safe.
    }
    return { offset: 0, id: null, last: null, lost: null, shop: null };
  }

  // `shop` only once keyed: an outbox never connected keeps the file as before identities.
  const writeMark = ({ shop, ...rest }: Mark) =>
    writeFileAtomic(ackPath, JSON.stringify(shop === null ? rest : { ...rest, shop }));

  async function readEntries(): Promise<Buffer> {
    try {
      return await readFile(entriesPath);
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT') return Buffer.alloc(0);
      throw error;
    }
  }

  /** The mark, checked against the file: it must end a line whose entry has the recorded id. */
  function validMark(buffer: Buffer, mark: Mark): number {
    if (mark.offset === 0 || mark.offset > buffer.length || buffer[mark.offset - 1] !== 0x0a) return 0;
    if (mark.id === null) return mark.offset;
    const lineStart = buffer.lastIndexOf(0x0a, mark.offset - 2) + 1;
    try {
      const entry = JSON.parse(buffer.subarray(lineStart, mark.offset - 1).toString('utf8')) as {
        id?: string;
      };
      return entry.id === mark.id ? mark.offset : 0;
    } catch {
      return 0;
    }
  }

  async function waitingLines(): Promise<{ buffer: Buffer; lines: Line[]; tornTail: boolean }> {
    const buffer = await readEntries();
    const { lines, tornTail } = parseLines(buffer, validMark(buffer, await readMark()));
    return { buffer, lines, tornTail };
  }

  // The count is of the lines up to `countedEnd`: the bytes of the appends already counted. An
  // upload sends only those, so it never takes away a line whose append is on disk but not yet
  // counted (it would be taken away before it was added, and counted as waiting forever).
  const opened = await waitingLines();
  let pendingCount = opened.lines.length;
  let countedEnd = opened.buffer.lastIndexOf(0x0a) + 1;
  // Entries handed to the outbox whose append is still queued or under way: they wait for the shop
  // too, from the moment they are handed over, so "nothing waiting" is never said while one is.
  let inLane = 0;
  const waitingNow = () => pendingCount + inLane;
  let reported = waitingNow();
  const report = () => {
    const count = waitingNow();
    if (count === reported) return;
    reported = count;
    for (const listener of [...listeners]) {
      try {
        listener(count);
      } catch {
        // A listener's failure is its own.
      }
    }
  };
  // An entry that moved from handed over to on disk leaves the count as it was, but is now one an
  // upload can take: what the background upload waits for.
  const appendedListeners = new Set<() => void>();
  const reportAppended = () => {
    for (const listener of [...appendedListeners]) {
      try {
        listener();
      } catch {
        // A listener's failure is its own.
      }
    }
  };
  const setPending = (count: number) => {
    pendingCount = count;
    report();
  };

  /** Counts `entries` as waiting now, and appends them in the lane's turn. */
  function handOver(entries: readonly ShopAuditInput[]): Promise<void> {
    let handed = entries.length;
    const counted = () => {
      inLane -= handed;
      handed = 0;
    };
    inLane += handed;
    report();
    return appendLane(() => appendLines(entries, counted)).finally(() => {
      // An append that failed took nothing into the file: it no longer waits here.
      if (handed === 0) return;
      counted();
      report();
    });
  }

  async function appendLines(entries: readonly ShopAuditInput[], counted: () => void): Promise<void> {
    if (entries.length === 0) return;
    for (const entry of entries) {
      if (typeof entry.id !== 'string' || entry.id === '')
        throw new TypeError('An outbox entry needs its id.');
    }
    const handle = await open(entriesPath, 'a+');
    let end: number;
    let uncounted = 0;
    try {
      const { size } = await handle.stat();
      let prefix = '';
      if (size > countedEnd) {
        // Bytes past the counted lines: a line torn by a crash (then without its newline: start on
        // a fresh one), or what a failed append left. Whatever of it reads as entries is sent too.
        const rest = Buffer.alloc(size - countedEnd);
        await handle.read(rest, 0, rest.length, countedEnd);
        if (rest[rest.length - 1] !== 0x0a) prefix = '\n';
        uncounted = parseLines(Buffer.concat([rest, Buffer.from(prefix)]), 0).lines.length;
      }
      const text = prefix + entries.map((entry) => JSON.stringify(entry) + '\n').join('');
      await handle.appendFile(text);
      await handle.sync();
      end = size + Buffer.byteLength(text);
    } finally {
      await handle.close();
    }
    try {
      await options.afterAppend?.(entries);
    } finally {
      // Together, with no await between: an upload sees both or neither.
      countedEnd = end;
      counted();
      setPending(pendingCount + uncounted + entries.length);
      reportAppended();
    }
  }

  async function uploadAll(pool: Pool, garageId: string, options: UploadOptions): Promise<UploadResult> {
    const batchSize = Math.max(1, options.batchSize ?? OUTBOX_BATCH_DEFAULT);
    // Read no further than the counted appends (see countedEnd); later lines wait for the next upload.
    const counted = countedEnd;
    const whole = await readEntries();
    const buffer = whole.subarray(0, Math.min(counted, whole.length));
    const mark = await readMark();
    const { lines } = parseLines(buffer, validMark(buffer, mark));
    let { last, lost } = mark;
    let sent = 0;
    let inserted = 0;
    const setAside: SetAsideEntry[] = [];

    /** Whether the shop still holds the newest entry it took from here (see the top of the file). */
    async function checkLast(client: Pick<ClientBase, 'query'>): Promise<void> {
      const asked = last === null || lost !== null ? null : last;
      if (mark.shop === null && asked === null) return;
      const { shop, holds } = await shopIdentityHolding(client, asked);
      // Still the shop the acknowledgements are keyed to (a database replaced under the connection).
      if (mark.shop !== null && shop !== mark.shop)
        throw otherShopError(options.where ?? garageId, mark.shop, shop);
      if (!holds) lost = new Date().toISOString();
    }

    /** One transaction for `batch`; the mark moves past it once committed. Throws the driver's error. */
    async function commit(batch: readonly Line[]): Promise<void> {
      const entries = batch.map((line) => line.entry);
      const client = await pool.connect();
      // Begun before the commit can notify anyone, settled once its answer is in (own-writes.ts).
      const write = options.own?.begin();
      try {
        await client.query('BEGIN');
        await checkLast(client);
        const rows = await insertNewAuditRows(client, garageId, entries);
        const fresh = new Set(rows.map((row) => row.id));
        await applyGarageChanges(client, garageId, entries, fresh);
        await applyTemplateChanges(client, garageId, entries, fresh);
        inserted += fresh.size;
        await client.query('COMMIT');
        write?.done(rows.map(changeOfRow));
      } catch (error) {
        write?.failed();
        await client.query('ROLLBACK').catch(() => undefined);
        // A connection that failed mid-batch is not given back to others.
        client.release(true);
        throw error;
      }
      client.release();
      await options.afterCommit?.(entries);
      await passed(batch, true);
    }

    /** The mark moves past `batch`; `reached` when the shop took it (not when it was set aside). */
    async function passed(batch: readonly Line[], reached: boolean): Promise<void> {
      const end = batch[batch.length - 1]!;
      if (reached) last = end.entry.id;
      await writeMark({ offset: end.end, id: end.entry.id, last, lost, shop: mark.shop });
      sent += batch.length;
      setPending(Math.max(0, pendingCount - batch.length));
    }

    async function putAside(line: Line, error: unknown): Promise<void> {
      const kept: SetAsideEntry = {
        entry: line.entry,
        reason: toShopError(error).message,
        at: new Date().toISOString(),
      };
      const handle = await open(setAsidePath, 'a');
      try {
        await handle.appendFile(JSON.stringify(kept) + '\n');
        await handle.sync();
      } finally {
        await handle.close();
      }
      setAside.push(kept);
      await passed([line], false);
    }

    if (lines.length === 0 && ((last !== null && lost === null) || mark.shop !== null)) {
      // Nothing to send: still ask once, so a restore is found on reconnecting with nothing waiting.
      try {
        await checkLast(pool);
      } catch (error) {
        throw toShopError(error);
      }
      if (lost !== null) await writeMark({ ...mark, lost });
    }

    for (let at = 0; at < lines.length; at += batchSize) {
      const batch = lines.slice(at, at + batchSize);
      try {
        await commit(batch);
      } catch (error) {
        if (!refusedForGood(error)) throw toShopError(error);
        // Which entry the server refuses: each alone, in order, the refused one set aside.
        for (const line of batch) {
          try {
            await commit([line]);
          } catch (alone) {
            if (!refusedForGood(alone)) throw toShopError(alone);
            await putAside(line, alone);
          }
        }
      }
    }
    if (lines.length > 0 && sent === lines.length && buffer.length >= compactAfterBytes)
      await appendLane(() => compact(buffer.length, { last, lost, shop: mark.shop }));
    return { sent, inserted, pending: waitingNow(), ...(setAside.length > 0 ? { setAside } : {}) };
  }

  async function readSetAside(): Promise<SetAsideEntry[]> {
    let text: string;
    try {
      text = await readFile(setAsidePath, 'utf8');
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT') return [];
      throw error;
    }
    const kept: SetAsideEntry[] = [];
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue;
      try {
        kept.push(JSON.parse(line) as SetAsideEntry);
      } catch {
        // A line torn by a crash while it was written: its entry is still before the mark.
      }
    }
    return kept;
  }

  /** Appends acknowledged lines to sent.jsonl (a crash before the mark is reset repeats them: read once by id). */
  async function keepSent(lines: Buffer): Promise<void> {
    const size = await stat(sentPath).then(
      (found) => found.size,
      () => 0,
    );
    if (size >= keepSentBytes) await rename(sentPath, olderPath);
    const handle = await open(sentPath, 'a');
    try {
      await handle.appendFile(lines);
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  async function readSent(): Promise<ShopAuditInput[]> {
    const kept: ShopAuditInput[] = [];
    const seen = new Set<string>();
    const take = (buffer: Buffer, end: number) => {
      const whole = buffer.subarray(0, end);
      const complete = whole.subarray(0, whole.lastIndexOf(0x0a) + 1);
      for (const line of parseLines(complete, 0).lines) {
        if (seen.has(line.entry.id)) continue;
        seen.add(line.entry.id);
        kept.push(line.entry);
      }
    };
    for (const path of [olderPath, sentPath]) {
      const buffer = await readFile(path).catch(() => Buffer.alloc(0));
      take(buffer, buffer.length);
    }
    const buffer = await readEntries();
    take(buffer, validMark(buffer, await readMark()));
    return kept;
  }

  async function compact(expectedSize: number, kept: Pick<Mark, 'last' | 'lost' | 'shop'>): Promise<void> {
    // Only if nothing was appended since the upload read the file: then all of it is acknowledged.
    const size = await stat(entriesPath).then((s) => s.size);
    if (size !== expectedSize) return;
    await keepSent((await readFile(entriesPath)).subarray(0, expectedSize));
    await writeMark({ offset: 0, id: null, ...kept });
    await truncate(entriesPath, 0);
    countedEnd = 0;
  }

  return {
    append: (entry) => handOver([entry]),
    appendMany: (entries) => handOver(entries),
    pending: waitingNow,
    waiting: () => appendLane(async () => (await waitingLines()).lines.map((line) => line.entry)),
    upload: (pool, garageId, options = {}) => uploadLane(() => uploadAll(pool, garageId, options)),
    setAside: readSetAside,
    shopLoss: () => uploadLane(async () => (await readMark()).lost),
    sent: () => uploadLane(readSent),
    lossMended: (at) =>
      uploadLane(async () => {
        const mark = await readMark();
        // The entry that showed the loss is forgotten too: the next batch the shop takes is `last`.
        if (mark.lost === at) await writeMark({ ...mark, last: null, lost: null });
      }),
    keyTo: (shop) =>
      uploadLane(async () => {
        const mark = await readMark();
        if (mark.shop !== null) return mark.shop;
        await writeMark({ ...mark, shop });
        return shop;
      }),
    shop: () => uploadLane(async () => (await readMark()).shop),
    onPendingChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onAppended(listener) {
      appendedListeners.add(listener);
      return () => appendedListeners.delete(listener);
    },
  };
}
