// The audit log: every command, plate and tag change, one JSON object per line in
// <data>/audit/audit.jsonl. Each append is fsynced before it returns; appends are serialized; a line
// torn by a crash is skipped on read and the next append starts on a fresh line.
import { randomUUID } from 'node:crypto';
import * as nodeFs from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { AppError, ERROR_KINDS } from '../../shared/result';
import type { AuditEntry, AuditOutcome } from '../../shared/types';
import { ensureFolder, syncFolder, writeFileAtomic, type AtomicFs } from '../storage/atomic-file';
import { withFileLock } from '../storage/file-lock';
import { toAuditCsv, auditCsvHeader, auditCsvRow } from './audit-csv';
import { redactParams, redactText, type Redact } from './audit-redact';
import { linesBackward, linesForward } from './line-reader';

export const AUDIT_FOLDER = 'audit';
export const AUDIT_FILE = 'audit.jsonl';
export const AUDIT_LIST_DEFAULT = 200;
export const AUDIT_LIST_MAX = 10_000;

export interface AuditInput {
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
}

export interface AuditLogOptions {
  dataDir: string;
  now?: () => Date;
  newId?: () => string;
  /** Extra masking of strings in params and reasons (e.g. replace the active token verbatim). */
  redact?: Redact;
  fs?: AtomicFs;
}

export interface AuditLog {
  append(input: AuditInput): Promise<AuditEntry>;
  /** Newest first; `limit` defaults to 200 and is capped at 10,000. */
  list(query?: { vin?: string; limit?: number }): Promise<AuditEntry[]>;
  /** The whole log as CSV, oldest first. */
  exportCsv(): Promise<string>;
  /** Streams the CSV, oldest first, to `target` (atomically); returns the number of rows. */
  exportCsvToFile(target: string): Promise<number>;
}

const OPERATION_RE = /^[A-Za-z][A-Za-z0-9_:.-]{0,63}$/;

const entrySchema = z.object({
  id: z.string().min(1),
  time: z.iso.datetime(),
  profileId: z.string(),
  profileName: z.string(),
  vin: z.string(),
  operation: z.string(),
  params: z.record(z.string(), z.unknown()),
  outcome: z.enum(['success', 'failed', 'error']),
  reason: z.string().optional(),
  errorKind: z.string().optional(),
  durationMs: z.number().nonnegative(),
});

/** Parses one log line; null for a torn or foreign line. */
export function parseAuditLine(line: string): AuditEntry | null {
  let data: unknown;
  try {
    data = JSON.parse(line);
  } catch {
    return null;
  }
  const parsed = entrySchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

export function createAuditLog(options: AuditLogOptions): AuditLog {
  const { redact } = options;
  const fs = options.fs ?? nodeFs;
  const now = options.now ?? (() => new Date());
  const newId = options.newId ?? randomUUID;
  const folder = join(options.dataDir, AUDIT_FOLDER);
  const path = join(folder, AUDIT_FILE);

  function build(input: AuditInput): AuditEntry {
    if (!OPERATION_RE.test(String(input.operation)))
      throw new AppError('invalid_input', 'Unknown audit operation.');
    if (!['success', 'failed', 'error'].includes(input.outcome))
      throw new AppError('invalid_input', 'Unknown outcome.');
    const entry: AuditEntry = {
      id: newId(),
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
    if (input.errorKind !== undefined) {
      entry.errorKind = (ERROR_KINDS as readonly string[]).includes(input.errorKind)
        ? input.errorKind
        : 'internal';
    }
    return entry;
  }

  async function appendLine(line: string): Promise<void> {
    await ensureFolder(folder, { fs });
    const handle = await fs.open(path, 'a+', 0o600);
    let created = false;
    try {
      const { size } = await handle.stat();
      created = size === 0;
      let text = line + '\n';
      if (size > 0) {
        // A crash mid-append leaves a line without its newline: start ours on a line of its own.
        const last = Buffer.alloc(1);
        await handle.read(last, 0, 1, size - 1);
        if (last[0] !== 0x0a) text = '\n' + text;
      }
      await handle.appendFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    if (created) await syncFolder(fs, folder);
  }

  async function* entriesForward(): AsyncGenerator<AuditEntry> {
    for await (const line of linesForward(path, fs)) {
      const entry = parseAuditLine(line);
      if (entry) yield entry;
    }
  }

  return {
    async append(input) {
      const entry = build(input);
      await withFileLock(path, async () => {
        try {
          await appendLine(JSON.stringify(entry));
        } catch (error) {
          if (error instanceof AppError) throw error;
          throw new AppError('storage', 'Could not write the audit log.');
        }
      });
      return entry;
    },

    async list(query = {}) {
      const limit = clampLimit(query.limit);
      const vin = query.vin === undefined ? null : String(query.vin).trim().toUpperCase();
      const out: AuditEntry[] = [];
      // Reads from the end and stops as soon as enough entries are found.
      for await (const line of linesBackward(path, fs)) {
        const entry = parseAuditLine(line);
        if (!entry || (vin !== null && entry.vin !== vin)) continue;
        out.push(entry);
        if (out.length >= limit) break;
      }
      return out;
    },

    async exportCsv() {
      const entries: AuditEntry[] = [];
      for await (const entry of entriesForward()) entries.push(entry);
      return toAuditCsv(entries);
    },

    async exportCsvToFile(target) {
      // Streams row by row; the file only appears (atomically) once complete.
      let rows = 0;
      async function* csv(): AsyncGenerator<string> {
        yield auditCsvHeader();
        for await (const entry of entriesForward()) {
          rows++;
          yield auditCsvRow(entry);
        }
      }
      await writeFileAtomic(target, csv(), { fs });
      return rows;
    },
  };
}

function clampLimit(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return AUDIT_LIST_DEFAULT;
  return Math.min(AUDIT_LIST_MAX, Math.max(1, Math.floor(limit)));
}
