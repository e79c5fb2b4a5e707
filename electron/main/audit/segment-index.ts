// A small summary of one month segment: which VINs and outcomes it holds, its time range, and how
// many bytes of the segment it covers. Derived data: it lives beside the segment, is written
// without fsync, and is rebuilt or extended (from `bytes` on) whenever the segment says otherwise,
// so a crash can make it stale, never wrong.
//
// A filter trusts the index to skip a month, so a well-formed but wrong index (damaged, or another
// segment's) would hide entries. It is checked once, when loaded, at the cost of one line's read:
// its counts must agree with each other, its digest with its content, and the last line it covers
// (offset and hash recorded) must still be that line of the segment, with a VIN, outcome and time
// the index holds. Any disagreement rebuilds it from the segment.
import { createHash } from 'node:crypto';
import * as nodeFs from 'node:fs/promises';
import type { AuditEntry, AuditOutcome } from '../../shared/types';
import { errorCode, writeFileAtomic } from '../storage/atomic-file';
import { linesForwardWithOffsets } from './line-reader';

// 3: a fourth outcome, 'not-sent' (an index of version 2 is rebuilt from its segment).
const VERSION = 3;
/** A covered line longer than this is not one the index could have recorded (line-reader's limit). */
const MAX_LINE = 1024 * 1024;
const NEWLINE = 0x0a;

/** The last line an index covers: where it starts and a hash of it (its newline excluded). */
export interface CoveredLine {
  start: number;
  hash: string;
}

export interface SegmentIndex {
  version: typeof VERSION;
  /** Bytes of the segment summarised; everything after is read on the next load. */
  bytes: number;
  entries: number;
  vins: Record<string, number>;
  outcomes: Record<AuditOutcome, number>;
  minTime: string | null;
  maxTime: string | null;
  /** Null while nothing is covered. */
  lastLine: CoveredLine | null;
}

/** A stored index: its content and a digest of it. */
interface StoredIndex extends SegmentIndex {
  digest: string;
}

export function emptyIndex(): SegmentIndex {
  return {
    version: VERSION,
    bytes: 0,
    entries: 0,
    vins: {},
    outcomes: { success: 0, failed: 0, error: 0, 'not-sent': 0 },
    minTime: null,
    maxTime: null,
    lastLine: null,
  };
}

const lineHash = (line: string) => createHash('sha256').update(line, 'utf8').digest('hex').slice(0, 32);

/** A digest of everything an index says, in a fixed order (VINs sorted). */
export function indexDigest(index: SegmentIndex): string {
  const vins = Object.keys(index.vins)
    .sort()
    .map((vin) => [vin, index.vins[vin]]);
  const { bytes, entries, outcomes, minTime, maxTime, lastLine } = index;
  const outcomeCounts = [outcomes.success, outcomes.failed, outcomes.error, outcomes['not-sent']];
  const content = JSON.stringify([VERSION, bytes, entries, vins, outcomeCounts, minTime, maxTime, lastLine]);
  return createHash('sha256').update(content).digest('hex');
}

/** Notes `line`, an entry just appended whose newline ends at byte `end`. */
export function noteAppended(index: SegmentIndex, entry: AuditEntry, line: string, end: number): void {
  noteEntry(index, entry);
  index.bytes = end;
  index.lastLine = { start: end - Buffer.byteLength(line, 'utf8') - 1, hash: lineHash(line) };
}

export function noteEntry(index: SegmentIndex, entry: AuditEntry): void {
  index.entries++;
  index.vins[entry.vin] = (index.vins[entry.vin] ?? 0) + 1;
  index.outcomes[entry.outcome]++;
  if (index.minTime === null || entry.time < index.minTime) index.minTime = entry.time;
  if (index.maxTime === null || entry.time > index.maxTime) index.maxTime = entry.time;
}

const isCount = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;
const sum = (counts: unknown[]) => counts.reduce<number>((a, n) => a + (isCount(n) ? n : NaN), 0);

/** Well-formed, true to its digest, and its counts agree with each other. */
function looksLikeIndex(value: unknown): value is StoredIndex {
  const v = value as StoredIndex;
  if (typeof v !== 'object' || v === null || v.version !== VERSION) return false;
  if (!isCount(v.bytes) || !isCount(v.entries) || typeof v.digest !== 'string') return false;
  if (typeof v.vins !== 'object' || v.vins === null || typeof v.outcomes !== 'object' || v.outcomes === null)
    return false;
  const times =
    v.entries === 0
      ? v.minTime === null && v.maxTime === null
      : typeof v.minTime === 'string' && typeof v.maxTime === 'string';
  const last =
    v.lastLine === null
      ? v.bytes === 0
      : typeof v.lastLine === 'object' && isCount(v.lastLine.start) && typeof v.lastLine.hash === 'string';
  return (
    times &&
    last &&
    sum(Object.values(v.vins)) === v.entries &&
    sum([v.outcomes.success, v.outcomes.failed, v.outcomes.error, v.outcomes['not-sent']]) === v.entries &&
    indexDigest(v) === v.digest
  );
}

/** Whether the segment still holds, as the last line the index covers, the line it recorded. */
async function coversSegment(
  index: SegmentIndex,
  segmentPath: string,
  parse: (line: string) => AuditEntry | null,
  fs: typeof nodeFs,
): Promise<boolean> {
  const last = index.lastLine;
  if (last === null) return index.bytes === 0 && index.entries === 0;
  const from = Math.max(0, last.start - 1);
  if (last.start >= index.bytes || index.bytes - from > MAX_LINE + 2) return false;
  const bytes = Buffer.alloc(index.bytes - from);
  const handle = await fs.open(segmentPath, 'r');
  try {
    const { bytesRead } = await handle.read(bytes, 0, bytes.length, from);
    if (bytesRead !== bytes.length) return false;
  } finally {
    await handle.close();
  }
  // One whole line: a newline (or the file's start) before it, its own at the end, none inside.
  const body = bytes.subarray(last.start - from, bytes.length - 1);
  if (last.start > 0 && bytes[0] !== NEWLINE) return false;
  if (bytes[bytes.length - 1] !== NEWLINE || body.includes(NEWLINE)) return false;
  const line = body.toString('utf8');
  if (lineHash(line) !== last.hash) return false;
  const entry = parse(line);
  if (!entry) return true; // an unreadable line is covered but counted nowhere
  return (
    (index.vins[entry.vin] ?? 0) > 0 &&
    index.outcomes[entry.outcome] > 0 &&
    index.minTime !== null &&
    index.maxTime !== null &&
    index.minTime <= entry.time &&
    entry.time <= index.maxTime
  );
}

/**
 * The index of `segmentPath`: the stored one when it still matches, extended by the lines written
 * after it; rebuilt from the segment when missing, unreadable, longer than the segment, or when it
 * disagrees with itself or with the last line it says it covers.
 */
export async function loadIndex(
  segmentPath: string,
  indexPath: string,
  parse: (line: string) => AuditEntry | null,
  fs: typeof nodeFs = nodeFs,
): Promise<{ index: SegmentIndex; changed: boolean }> {
  let size: number;
  try {
    size = (await fs.stat(segmentPath)).size;
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return { index: emptyIndex(), changed: false };
    throw error;
  }
  let index = emptyIndex();
  try {
    const stored: unknown = JSON.parse(await fs.readFile(indexPath, 'utf8'));
    if (
      looksLikeIndex(stored) &&
      stored.bytes <= size &&
      (await coversSegment(stored, segmentPath, parse, fs))
    ) {
      const { digest: _digest, ...content } = stored;
      index = content;
    }
  } catch {
    // Missing or damaged: rebuilt below.
  }
  if (index.bytes === size) return { index, changed: false };
  for await (const { line, start, end } of linesForwardWithOffsets(segmentPath, index.bytes, fs)) {
    const entry = parse(line);
    if (entry) noteEntry(index, entry);
    index.bytes = end;
    index.lastLine = { start, hash: lineHash(line) };
  }
  // A torn last line without its newline is not covered: it is re-read (and skipped) next time.
  return { index, changed: true };
}

export function saveIndex(indexPath: string, index: SegmentIndex, fs?: typeof nodeFs): Promise<void> {
  const stored: StoredIndex = { ...index, digest: indexDigest(index) };
  return writeFileAtomic(indexPath, JSON.stringify(stored), { fs });
}
