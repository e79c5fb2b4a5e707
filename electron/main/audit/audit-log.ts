// The audit log: every command, plate and tag change, one JSON object per line, in one file per
// month of operation time (audit-segments.ts). Each append is fsynced before it returns; appends
// are serialized; a line torn by a crash is skipped on read and the next append starts on a fresh
// line (segment-appender.ts, which keeps the month's file open between appends). Each month has a
// small index (VINs, outcomes, time range), so a filtered query opens only the months that can
// match and finds a VIN's lines by byte search rather than parsing them all.
import { randomUUID } from 'node:crypto';
import * as nodeFs from 'node:fs/promises';
import { join } from 'node:path';
import { auditEntrySchema } from '../../shared/audit-entry-schema';
import { AppError, ERROR_KINDS } from '../../shared/result';
import { AUDIT_OUTCOMES, type AuditEntry, type AuditOutcome } from '../../shared/types';
import { NO_FACTS, type FactPort } from '../events/domain-events';
import { writeFileAtomic, type AtomicFs } from '../storage/atomic-file';
import { withFileLock } from '../storage/file-lock';
import {
  auditCsvHeader,
  auditCsvRow,
  COMMA_CSV,
  CSV_BOM,
  type CsvDialect,
  type VehicleLookup,
} from './audit-csv';
import { redactParams, redactText, type Redact } from './audit-redact';
import {
  SEGMENTS_FOLDER,
  indexFile,
  listMonths,
  migrateLegacyLog,
  monthOf,
  segmentFile,
} from './audit-segments';
import { linesBackward, linesForward } from './line-reader';
import { createSegmentAppender, type AppendedSizes } from './segment-appender';
import { linesContainingBackward } from './segment-search';
import { emptyIndex, loadIndex, noteAppended, saveIndex, type SegmentIndex } from './segment-index';
import { tm } from '../i18n/main-words';

export const AUDIT_FOLDER = 'audit';
export const AUDIT_LIST_DEFAULT = 200;
export const AUDIT_LIST_MAX = 10_000;

export interface AuditInput {
  /**
   * The entry's id, when the caller named it before sending (a run's journal records it as the
   * answer to wait for); a new one otherwise.
   */
  id?: string;
  /** When the operation started; defaults to now. */
  time?: Date;
  profileId: string;
  profileName: string;
  vin: string;
  /** 'command:<name>', 'setPlate', 'setDriveTag', … */
  operation: string;
  params?: Record<string, unknown>;
  outcome: AuditOutcome;
  reason?: string;
  errorKind?: string;
  durationMs: number;
  /** The run this send was part of. */
  runId?: string;
  bulk?: boolean;
}

/** Which entries a query or an export is about; times are ISO, `to` inclusive. */
export interface AuditFilter {
  vin?: string;
  from?: string;
  to?: string;
  outcome?: AuditOutcome;
  /** Only the entries of this run (a run's record is checked against them after a crash). */
  runId?: string;
}

export interface AuditLogOptions {
  dataDir: string;
  now?: () => Date;
  newId?: () => string;
  /** Extra masking of strings in params and reasons (e.g. replace the active token verbatim). */
  redact?: Redact;
  fs?: AtomicFs;
  /** Told `audit.appended` once each entry is durable on disk. */
  facts?: FactPort;
}

/** What a bounded read of the log found, and whether it stopped at its bound. */
export interface AuditScan {
  entries: AuditEntry[];
  /** Set when it stopped at its bound with entries left unread: how many it read, the oldest's time. */
  stoppedEarly: { examined: number; oldest: string } | null;
}

export interface AuditLog {
  append(input: AuditInput): Promise<AuditEntry>;
  /**
   * Newest first; `limit` defaults to 200 and is capped at 10,000. `where` keeps only the entries it
   * accepts (main's own narrowing, e.g. a text search; never from the window).
   */
  list(
    query?: AuditFilter & { limit?: number; where?: (entry: AuditEntry) => boolean },
  ): Promise<AuditEntry[]>;
  /**
   * As list, reading at most `examine` entries (of those the filter keeps, before `where`): the
   * entries found, and when it stopped at that bound, how many it read and the oldest one's time.
   */
  scan(
    query: AuditFilter & { limit?: number; where?: (entry: AuditEntry) => boolean; examine: number },
  ): Promise<AuditScan>;
  /**
   * Streams the CSV of the matching entries, oldest first, to `target` (atomically); returns the rows.
   * `names` names each entry's vehicle as its profile's garage knows it.
   */
  exportCsvToFile(
    target: string,
    filter?: AuditFilter,
    names?: VehicleLookup,
    dialect?: CsvDialect,
  ): Promise<number>;
  /** Writes the month indexes changed since the last save (they are rebuilt if this never runs). */
  flush(): Promise<void>;
  /** Closes the month file kept open between appends (quitting); a later append reopens it. */
  close(): Promise<void>;
}

/** Index writes are batched: a burst of appends (a bulk run) saves each month's index once. */
const INDEX_SAVE_DELAY_MS = 2000;
/** Export rows are written in pieces of about this size, not one write per row. */
const EXPORT_PIECE = 64 * 1024;

const OPERATION_RE = /^[A-Za-z][A-Za-z0-9_:.-]{0,63}$/;

/** Parses one log line; null for a torn or foreign line. */
export function parseAuditLine(line: string): AuditEntry | null {
  let data: unknown;
  try {
    data = JSON.parse(line);
  } catch {
    return null;
  }
  const parsed = auditEntrySchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

export function createAuditLog(options: AuditLogOptions): AuditLog {
  const { redact } = options;
  const fs = options.fs ?? nodeFs;
  const now = options.now ?? (() => new Date());
  const newId = options.newId ?? randomUUID;
  const facts = options.facts ?? NO_FACTS;
  const auditFolder = join(options.dataDir, AUDIT_FOLDER);
  const folder = join(auditFolder, SEGMENTS_FOLDER);
  const lockKey = join(auditFolder, '#log');
  /** Indexes in memory, by month; the ones changed since saved are in `dirty`. */
  const indexes = new Map<string, SegmentIndex>();
  const dirty = new Set<string>();
  let saveTimer: NodeJS.Timeout | null = null;
  let ready: Promise<void> | null = null;
  const appender = createSegmentAppender({ folder, fs });

  function build(input: AuditInput): AuditEntry {
    if (!OPERATION_RE.test(String(input.operation)))
      throw new AppError('invalid_input', tm('errors.unknownAuditOperation'));
    if (!(AUDIT_OUTCOMES as readonly string[]).includes(input.outcome))
      throw new AppError('invalid_input', tm('errors.unknownOutcome'));
    const entry: AuditEntry = {
      id: input.id === undefined ? newId() : String(input.id).slice(0, 64),
      time: (input.time ?? now()).toISOString(),
      profileId: String(input.profileId).slice(0, 64),
      profileName: redactText(String(input.profileName), redact).slice(0, 120),
      vin: String(input.vin).slice(0, 32),
      operation: input.operation,
      params: redactParams(input.params ?? {}, redact),
      outcome: input.outcome,
      durationMs: Number.isFinite(input.durationMs) ? Math.max(0, Math.round(input.durationMs)) : 0,
    };
    if (input.reason !== undefined) entry.reason = redactText(String(input.reason), redact);
    if (input.runId !== undefined) entry.runId = String(input.runId).slice(0, 64);
    if (input.bulk === true) entry.bulk = true;
    if (input.errorKind !== undefined) {
      entry.errorKind = (ERROR_KINDS as readonly string[]).includes(input.errorKind)
        ? input.errorKind
        : 'internal';
    }
    return entry;
  }

  /** Moves a log of an earlier version into segments, once, before anything else touches the log. */
  function prepare(): Promise<void> {
    ready ??= withFileLock(lockKey, async () => {
      await migrateLegacyLog(
        auditFolder,
        (line) => {
          const entry = parseAuditLine(line);
          return entry ? monthOf(entry.time) : null;
        },
        fs,
      );
    }).catch((error: unknown) => {
      ready = null;
      if (error instanceof AppError) throw error;
      throw new AppError('storage', tm('errors.auditMoveFailed'));
    });
    return ready;
  }

  async function indexOf(month: string): Promise<SegmentIndex> {
    const known = indexes.get(month);
    if (known) return known;
    // Under the log's lock: an append must either be seen by the scan or come after it.
    return withFileLock(lockKey, async () => {
      const loaded = indexes.get(month);
      if (loaded) return loaded;
      const { index, changed } = await loadIndex(
        segmentFile(folder, month),
        indexFile(folder, month),
        parseAuditLine,
        fs as typeof nodeFs,
      );
      indexes.set(month, index);
      if (changed) scheduleSave(month);
      return index;
    });
  }

  function scheduleSave(month: string): void {
    dirty.add(month);
    if (saveTimer) return;
    saveTimer = setTimeout(() => {
      saveTimer = null;
      void queueSave().catch(() => undefined); // derived data: rebuilt next time if this fails
    }, INDEX_SAVE_DELAY_MS);
    saveTimer.unref?.();
  }

  // Saves run one after another, and a flush waits for one the timer already started: nothing is
  // still writing an index when the log is flushed at quit.
  let saving: Promise<void> = Promise.resolve();
  function queueSave(): Promise<void> {
    const next = saving.catch(() => undefined).then(saveDirty);
    saving = next;
    return next;
  }

  async function saveDirty(): Promise<void> {
    const months = [...dirty];
    dirty.clear();
    for (const month of months) {
      const index = indexes.get(month);
      if (index) await saveIndex(indexFile(folder, month), { ...index }, fs as typeof nodeFs);
    }
  }

  /** Months that can hold entries matching `filter`, newest first. */
  async function monthsFor(filter: NormalizedFilter): Promise<string[]> {
    const months = (await listMonths(folder, fs)).reverse();
    const wanted: string[] = [];
    for (const month of months) {
      if (filter.from !== null && month < monthOf(filter.from)) continue;
      if (filter.to !== null && month > monthOf(filter.to)) continue;
      // Without a filter every month is read newest first: no index needed (the first page).
      if (
        filter.vin === null &&
        filter.outcome === null &&
        filter.from === null &&
        filter.to === null &&
        filter.runId === null
      ) {
        wanted.push(month);
        continue;
      }
      const index = await indexOf(month);
      if (index.entries === 0) continue;
      if (filter.vin !== null && !index.vins[filter.vin]) continue;
      if (filter.outcome !== null && !index.outcomes[filter.outcome]) continue;
      if (filter.from !== null && index.maxTime !== null && index.maxTime < filter.from) continue;
      if (filter.to !== null && index.minTime !== null && index.minTime > filter.to) continue;
      wanted.push(month);
    }
    return wanted;
  }

  /** The matching entries of one month, newest first. */
  async function* monthBackward(month: string, filter: NormalizedFilter): AsyncGenerator<AuditEntry> {
    const path = segmentFile(folder, month);
    const lines =
      filter.vin !== null
        ? linesContainingBackward(path, `"vin":${JSON.stringify(filter.vin)}`, fs)
        : filter.runId !== null
          ? linesContainingBackward(path, `"runId":${JSON.stringify(filter.runId)}`, fs)
          : filter.outcome !== null
            ? linesContainingBackward(path, `"outcome":${JSON.stringify(filter.outcome)}`, fs)
            : linesBackward(path, fs);
    for await (const line of lines) {
      const entry = parseAuditLine(line);
      if (entry && matches(entry, filter)) yield entry;
    }
  }

  /** The matching entries of one month, oldest first, without holding the month in memory. */
  async function* monthForward(month: string, filter: NormalizedFilter): AsyncGenerator<AuditEntry> {
    if (filter.vin !== null) {
      // A VIN's entries in a month are few next to the month: collected, then given oldest first.
      const found: AuditEntry[] = [];
      for await (const entry of monthBackward(month, filter)) found.push(entry);
      yield* found.reverse();
      return;
    }
    for await (const line of linesForward(segmentFile(folder, month), fs)) {
      const entry = parseAuditLine(line);
      if (entry && matches(entry, filter)) yield entry;
    }
  }

  /** list's read, bounded: see AuditLog.scan. */
  async function scan(query: Parameters<AuditLog['scan']>[0]): Promise<AuditScan> {
    await prepare();
    const limit = clampLimit(query.limit);
    const filter = normalizeFilter(query);
    const out: AuditEntry[] = [];
    let examined = 0;
    let oldest: string | null = null;
    for (const month of await monthsFor(filter)) {
      for await (const entry of monthBackward(month, filter)) {
        // The bound is known reached only when one more entry is there to read.
        if (examined >= query.examine && oldest !== null)
          return { entries: out, stoppedEarly: { examined, oldest } };
        examined += 1;
        oldest = entry.time;
        if (query.where && !query.where(entry)) continue;
        out.push(entry);
        if (out.length >= limit) return { entries: out, stoppedEarly: null };
      }
    }
    return { entries: out, stoppedEarly: null };
  }

  return {
    async append(input) {
      const entry = build(input);
      await prepare();
      const month = monthOf(entry.time);
      await withFileLock(lockKey, async () => {
        const line = JSON.stringify(entry);
        let sizes: AppendedSizes;
        try {
          sizes = await appender.append(month, line);
        } catch (error) {
          if (error instanceof AppError) throw error;
          throw new AppError('storage', tm('errors.auditWriteFailed'));
        }
        // A new month starts its index with its first entry; others are indexed when first asked.
        if (sizes.before === 0 && !indexes.has(month)) indexes.set(month, emptyIndex());
        const index = indexes.get(month);
        if (index && index.bytes === sizes.before) {
          noteAppended(index, entry, line, sizes.after);
          scheduleSave(month);
        } else if (index) {
          indexes.delete(month); // a torn line sat in between: re-read from the file next time
        }
      });
      facts.publish('audit.appended', { entry });
      return entry;
    },

    async list(query = {}) {
      return (await scan({ ...query, examine: Infinity })).entries;
    },

    scan,

    async exportCsvToFile(target, filter = {}, names, dialect = COMMA_CSV) {
      await prepare();
      const normalized = normalizeFilter(filter);
      const months = (await monthsFor(normalized)).reverse();
      let rows = 0;
      async function* csv(): AsyncGenerator<string> {
        let piece = CSV_BOM + auditCsvHeader(dialect);
        for (const month of months) {
          for await (const entry of monthForward(month, normalized)) {
            rows++;
            piece += auditCsvRow(entry, names?.(entry.profileId, entry.vin), dialect);
            if (piece.length >= EXPORT_PIECE) {
              yield piece;
              piece = '';
            }
          }
        }
        yield piece;
      }
      // Streams piece by piece; the file only appears (atomically) once complete.
      await writeFileAtomic(target, csv(), { fs });
      return rows;
    },

    async flush() {
      if (saveTimer) clearTimeout(saveTimer);
      saveTimer = null;
      await queueSave();
    },

    close() {
      return appender.close();
    },
  };
}

interface NormalizedFilter {
  vin: string | null;
  from: string | null;
  to: string | null;
  outcome: AuditOutcome | null;
  runId: string | null;
}

/** A date alone means the whole day (UTC): from its first to its last millisecond. */
function normalizeFilter(filter: AuditFilter): NormalizedFilter {
  const day = /^\d{4}-\d{2}-\d{2}$/;
  const time = (value: string | undefined, end: boolean): string | null => {
    if (value === undefined) return null;
    const text = day.test(value) ? `${value}T${end ? '23:59:59.999' : '00:00:00.000'}Z` : value;
    const ms = Date.parse(text);
    if (Number.isNaN(ms))
      throw new AppError('invalid_input', tm('errors.notADate', { value: value.slice(0, 40) }));
    return new Date(ms).toISOString();
  };
  return {
    vin: filter.vin === undefined ? null : String(filter.vin).trim().toUpperCase(),
    from: time(filter.from, false),
    to: time(filter.to, true),
    outcome: filter.outcome ?? null,
    runId: filter.runId === undefined ? null : String(filter.runId),
  };
}

function matches(entry: AuditEntry, filter: NormalizedFilter): boolean {
  return (
    (filter.vin === null || entry.vin === filter.vin) &&
    (filter.outcome === null || entry.outcome === filter.outcome) &&
    (filter.runId === null || entry.runId === filter.runId) &&
    (filter.from === null || entry.time >= filter.from) &&
    (filter.to === null || entry.time <= filter.to)
  );
}

function clampLimit(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return AUDIT_LIST_DEFAULT;
  return Math.min(AUDIT_LIST_MAX, Math.max(1, Math.floor(limit)));
}
