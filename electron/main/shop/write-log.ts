// Jobs and claims are the database's own rows, written to it directly: an open, a close or a claim is
// decided there (one open job per car, one claim per car), never queued. What this desk keeps of
// them besides is state, not a log: the jobs' local copies follow the shop (and would follow a
// restored shop back to its older rows), the claims last known are overwritten at each read. After
// a restore to an earlier point, the jobs and claims written since would be lost for good.
//
// So each job or claim write the shop accepted is kept in the outbox too, as an entry carrying the
// row as the shop answered it (written-rows.ts): durable on disk before the write answers, uploaded
// in order, kept in sent.jsonl once the shop took it, as every entry is. Its vin is empty: it is the
// job's or the claim's own record, not an action on the car, so no job's record lists it.
// Uploaded the usual way it changes nothing (the row is there already). Sent again after a restore
// (resend-lost.ts), the row is put back by shop_resend_job / shop_resend_claim
// (sql/014-restore-writes.sql) in the transaction that inserts the entry, only when that insert is
// new: once, whoever races, and in the order the entries were written; the server decides, with
// the rules of every write, what a later change made since the restore keeps.
import { randomUUID } from 'node:crypto';
import type { ClientBase } from 'pg';
import { storableJson } from '../../shared/storable-text';
import type { ShopAuditInput } from './audit-store';
import type { Claim, ClaimOptions, ShopClaims } from './claims';
import type { JobColumns, JobDetailsRow, SaveJobResult, ShopJobRecords } from './jobs';
import type { ClaimWrite, JobWrite } from './written-rows';

export const JOB_SAVED = 'job:saved';
export const CLAIM_SAVED = 'claim:saved';

/** Who wrote it, as every entry of this desk names them. */
export interface WriteAuthor {
  technician: string;
  machine: string;
  profileId?: string | null;
}

export interface WriteLog {
  /** Appends the entry durably (the outbox). */
  record(entry: ShopAuditInput): Promise<void>;
  author(): WriteAuthor;
  now(): Date;
  /** A write the shop made but the outbox could not keep: told, never the write's failure. */
  onProblem(message: string, error: unknown): void;
}

function jobWriteOf(columns: JobColumns, row: JobDetailsRow): JobWrite {
  // The notes as the shop answered (the server stamps who wrote each), so a re-send puts back those.
  return {
    ...columns,
    notes: row.notes ?? columns.notes,
    details: row.details,
    role: row.dbRole,
    at: row.at ?? new Date().toISOString(),
  };
}

function claimWriteOf({ garageId: _garage, seq: _seq, dbRole, ...claim }: Claim): ClaimWrite {
  return { ...claim, role: dbRole };
}

async function keep(
  log: WriteLog,
  entry: Omit<ShopAuditInput, 'id' | 'time' | 'outcome' | keyof WriteAuthor>,
) {
  const author = log.author();
  try {
    await log.record({
      id: randomUUID(),
      time: log.now().toISOString(),
      outcome: 'success',
      technician: author.technician,
      machine: author.machine,
      profileId: author.profileId ?? null,
      ...entry,
    });
  } catch (error) {
    log.onProblem('Shop: a job or claim written to the shop could not be kept in the outbox', error);
  }
}

const statusOf = (details: unknown) =>
  typeof details === 'object' && details !== null ? (details as { status?: unknown }).status : undefined;

/** The shop's job records, each accepted write kept in the outbox. */
export function loggedJobRecords(records: ShopJobRecords, log: WriteLog): ShopJobRecords {
  const kept = async (result: SaveJobResult | null, columns: JobColumns | null, was: unknown) => {
    if (!result?.ok || !columns) return result;
    const job = jobWriteOf(columns, result.row);
    await keep(log, {
      vin: '',
      operation: JOB_SAVED,
      params: {
        vin: job.vin,
        jobId: job.id,
        repairOrder: job.repairOrder,
        status: job.status,
        was: was ?? null,
      },
      job,
    });
    return result;
  };
  return {
    ...records,
    insert: async (columns, details) => (await kept(await records.insert(columns, details), columns, null))!,
    async update(id, change) {
      let columns: JobColumns | null = null;
      let was: unknown = null;
      const result = await records.update(id, (details) => {
        was = statusOf(details);
        const next = change(details);
        columns = next.columns;
        return next;
      });
      return kept(result, columns, was);
    },
  };
}

/** The shop's claims, each accepted claim, release and take-over kept in the outbox. */
export function loggedClaims(claims: ShopClaims, log: WriteLog): ShopClaims {
  const kept = (what: 'take' | 'release' | 'takeOver', vin: string, rows: readonly Claim[]) =>
    keep(log, {
      vin: '',
      operation: CLAIM_SAVED,
      params: { vin, what, claims: rows.map((claim) => claim.id) },
      claims: rows.map(claimWriteOf),
    });
  const releaseOwn = async (vin: string, technician: string) => {
    const ended = await claims.releaseOwn(vin, technician);
    if (ended) await kept('release', vin, [ended]);
    return ended;
  };
  return {
    ...claims,
    async claim(vin, technician, options?: ClaimOptions) {
      const result = await claims.claim(vin, technician, options);
      if (result.ok) await kept('take', vin, [result.claim]);
      return result;
    },
    releaseOwn,
    release: async (vin, technician) => (await releaseOwn(vin, technician)) !== null,
    async takeOver(vin, technician, options?: ClaimOptions) {
      const result = await claims.takeOver(vin, technician, options);
      await kept('takeOver', vin, [...(result.previous ? [result.previous] : []), result.claim]);
      return result;
    },
  };
}

const isRow = (value: unknown): value is { id: string } =>
  typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string';

/**
 * Puts back, in order, the jobs and claims carried by the entries this transaction inserted again
 * (`inserted`); an entry the shop still had changes nothing. Answers how many rows were sent.
 */
export async function applyWriteChanges(
  client: ClientBase,
  garageId: string,
  entries: readonly ShopAuditInput[],
  inserted: ReadonlySet<string>,
): Promise<number> {
  let sent = 0;
  for (const entry of entries) {
    if (!inserted.has(entry.id)) continue;
    if (isRow(entry.job)) {
      await client.query('SELECT shop_resend_job($1, $2::jsonb)', [garageId, storableJson(entry.job)]);
      sent += 1;
    }
    for (const claim of Array.isArray(entry.claims) ? entry.claims : []) {
      if (!isRow(claim)) continue;
      await client.query('SELECT shop_resend_claim($1, $2::jsonb)', [garageId, storableJson(claim)]);
      sent += 1;
    }
  }
  return sent;
}
