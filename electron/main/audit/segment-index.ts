// A small summary of one month segment: which VINs and outcomes it holds, its time range, and how
// many bytes of the segment it covers. Derived data: it lives beside the segment, is written
// without fsync, and is rebuilt or extended (from `bytes` on) whenever the segment says otherwise,
// so a crash can make it stale, never wrong.
import * as nodeFs from 'node:fs/promises';
import type { AuditEntry, AuditOutcome } from '../../shared/types';
import { errorCode, writeFileAtomic } from '../storage/atomic-file';
import { linesForwardWithOffsets } from './line-reader';

export interface SegmentIndex {
  version: 1;
  /** Bytes of the segment summarised; everything after is read on the next load. */
  bytes: number;
  entries: number;
  vins: Record<string, number>;
  outcomes: Record<AuditOutcome, number>;
  minTime: string | null;
  maxTime: string | null;
}

export function emptyIndex(): SegmentIndex {
  return {
    version: 1,
    bytes: 0,
    entries: 0,
    vins: {},
    outcomes: { success: 0, failed: 0, error: 0 },
    minTime: null,
    maxTime: null,
  };
}

export function noteEntry(index: SegmentIndex, entry: AuditEntry): void {
  index.entries++;
  index.vins[entry.vin] = (index.vins[entry.vin] ?? 0) + 1;
  index.outcomes[entry.outcome]++;
  if (index.minTime === null || entry.time < index.minTime) index.minTime = entry.time;
  if (index.maxTime === null || entry.time > index.maxTime) index.maxTime = entry.time;
}

function looksLikeIndex(value: unknown): value is SegmentIndex {
  const v = value as SegmentIndex;
  return (
    typeof v === 'object' &&
    v !== null &&
    v.version === 1 &&
    Number.isSafeInteger(v.bytes) &&
    Number.isSafeInteger(v.entries) &&
    typeof v.vins === 'object' &&
    v.vins !== null &&
    typeof v.outcomes === 'object' &&
    v.outcomes !== null
  );
}

/**
 * The index of `segmentPath`: the stored one when it still matches, extended by the lines written
 * after it; rebuilt from the segment when missing, unreadable or longer than the segment.
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
    if (looksLikeIndex(stored) && stored.bytes <= size) index = stored;
  } catch {
    // Missing or damaged: rebuilt below.
  }
  if (index.bytes === size) return { index, changed: false };
  for await (const { line, end } of linesForwardWithOffsets(segmentPath, index.bytes, fs)) {
    const entry = parse(line);
    if (entry) noteEntry(index, entry);
    index.bytes = end;
  }
  // A torn last line without its newline is not covered: it is re-read (and skipped) next time.
  return { index, changed: true };
}

export function saveIndex(indexPath: string, index: SegmentIndex, fs?: typeof nodeFs): Promise<void> {
  return writeFileAtomic(indexPath, JSON.stringify(index), { fs });
}
