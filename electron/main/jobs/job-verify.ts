// Verify a record file: what it checks, in order, each failure said in words.
//
// 1. The text is one JSON value with one meaning (strict-json.ts): no key twice in an object, no
//    nesting deeper than any record has.
// 2. It is a record of a schema this app knows (3, or the earlier 2 and 1).
// 3. Its digest matches: for schema 3 over the whole record (job, notes, snapshots, effects, the
//    actions in their order, changes, warnings), for 1 and 2 over the audit entries only, which the
//    answer then says.
// 4. Its job agrees with the job kept here, when this machine (or its shop) keeps it: what a job
//    never changes is the same, and what it only gains (notes, events, effects) is all kept.
//    A digest is no signature (anyone can recompute one), so this is what catches an edited record.
// 5. Its actions are the audit log's entries for the job, each as logged, none left out, in the
//    log's order.
import type { Job, JobRecord, JobVerification } from '../../shared/jobs/job-record';
import { anyJobRecordSchema, canonicalJson, WHOLE_RECORD_DIGEST_SINCE } from '../../shared/jobs/job-record';
import type { ShopJobEntries } from '../../shared/jobs/shop-entry';
import type { AuditEntry } from '../../shared/types';
import { changesBetween, warningsBetween } from './job-changes';
import { effectOf } from './job-effects';
import { entriesDigest, recordDigest } from './job-digest';
import { JSON_MAX_DEPTH, parseStrictJson } from './strict-json';

export interface VerifyDeps {
  /** The job as kept here (this machine's copy or the shop's), or null when it is not. */
  keptJob(id: string): Promise<Job | null>;
  /** The log's entries for a job's vehicle and periods, oldest first, with the shop's coverage. */
  entriesOf(job: Pick<Job, 'vin' | 'profileId' | 'periods'>): Promise<{
    entries: AuditEntry[];
    shop: ShopJobEntries | null;
  }>;
}

const notVerified = (problem: Extract<JobVerification, { ok: false }>['problem'], text: string) =>
  ({ ok: false, problem, text: `Not verified: ${text}` }) as const;

const same = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);

/** Whether `head` is where `all` starts (what a job only gains: notes, events). */
const startsWith = (all: readonly unknown[], head: readonly unknown[]) =>
  head.length <= all.length && head.every((item, i) => same(item, all[i]));

/**
 * The first part of the record's job that the kept job contradicts, in words, or null. A job kept
 * here may have moved on since the export (a note added, reopened, closed again): only what it
 * could not have changed is compared whole.
 */
function jobDifference(record: Job, kept: Job): string | null {
  // Not the profile: each machine's own profile names a shop's job.
  // A record of schema 3 has no customer: it reads as the kept job's "not said" (null).
  const fixed = ['id', 'vin', 'repairOrder', 'complaint', 'customer', 'technician', 'shopName'] as const;
  for (const key of fixed) {
    if (!same(record[key], kept[key])) return `its ${key === 'repairOrder' ? 'repair order' : key}`;
  }
  if (!same(record.checkIn, kept.checkIn)) return 'its check-in readings';
  if (!startsWith(kept.notes, record.notes)) return 'its notes';
  if (!startsWith(kept.events, record.events)) return 'its events (opened, closed, reopened)';
  for (const [id, effect] of Object.entries(record.effects)) {
    if (!same(effect, kept.effects[id])) return `the effect of entry ${id}`;
  }
  const period = record.periods.length - 1;
  if (!startsWith(kept.periods, record.periods.slice(0, period))) return 'the times it was open';
  const last = record.periods[period]!;
  const keptLast = kept.periods[period];
  if (
    !keptLast ||
    keptLast.openedAt !== last.openedAt ||
    (last.closedAt !== null && keptLast.closedAt !== last.closedAt)
  )
    return 'the times it was open';
  // Its check-out and the warnings confirmed stand until the job is reopened.
  if (kept.periods.length === record.periods.length && record.status === 'closed') {
    if (!same(record.checkOut, kept.checkOut)) return 'its check-out readings';
    if (!same(record.acknowledged, kept.acknowledged)) return 'the warnings confirmed at check-out';
    if (!same(record.cause, kept.cause) || !same(record.correction, kept.correction))
      return 'its cause and correction';
  }
  return null;
}

export async function verifyRecordText(text: string, deps: VerifyDeps): Promise<JobVerification> {
  const json = parseStrictJson(text);
  if (!json.ok) {
    if (json.problem === 'duplicate')
      return notVerified(
        'unreadable',
        `the file names "${json.key.slice(0, 40)}" twice in one object; a job record never does, and readers differ on which one counts.`,
      );
    if (json.problem === 'depth')
      return notVerified(
        'unreadable',
        `the file nests values deeper than ${JSON_MAX_DEPTH} levels; no job record does.`,
      );
    return notVerified('unreadable', 'the file is not a job record (not JSON).');
  }
  const data = json.value;
  const parsed = anyJobRecordSchema.safeParse(data);
  if (!parsed.success)
    return notVerified('unreadable', 'the file is not a job record of a version this app knows.');
  const record = parsed.data;
  // The record as the file has it, not as parsed: a field the schema does not know is digested and
  // compared too, never dropped unseen.
  const raw = data as { actions: { entry: AuditEntry }[]; digest: object; job: object } & Record<
    string,
    unknown
  >;
  const entries = raw.actions.map((action) => action.entry);
  // Schema 3 and later digest the whole record (a record of 3 holds a job of schema 2, without the
  // fields 4 added: its digest is over the file as written, so it verifies as it always did).
  const current = record.schemaVersion >= WHOLE_RECORD_DIGEST_SINCE;
  const digest = current ? recordDigest(raw) : entriesDigest(entries);
  if (digest !== record.digest.value || record.digest.entries !== entries.length)
    return notVerified(
      'digest',
      current
        ? "the record's digest does not match the record; the file was changed."
        : "the record's digest does not match the entries it lists; the file was changed.",
    );
  const known = await deps.keptJob(record.job.id).catch(() => null);
  if (current) {
    // What the record derives from its snapshots follows from them (this version's rules).
    const job = record.job as JobRecord['job'];
    const derived = job.checkOut
      ? {
          changes: changesBetween(job.checkIn, job.checkOut),
          warnings: warningsBetween(job.checkIn, job.checkOut),
        }
      : { changes: [], warnings: [] };
    if (!same(derived.changes, record.changes))
      return notVerified('job', "the record's list of changes does not follow from its readings.");
    if (!same(derived.warnings, record.warnings))
      return notVerified('job', "the record's warnings do not follow from its readings.");
    const differs = known ? jobDifference(job, known) : null;
    if (differs)
      return notVerified(
        'job',
        `${differs} in the record differ from the job kept here. If the job was changed after this record was exported, export it again.`,
      );
  }
  // The job as this machine keeps it names this machine's profile (a shop's job is the same job on
  // every machine); its periods stay the file's, the time the record covers.
  const { entries: logged, shop } = await deps.entriesOf({
    ...record.job,
    profileId: known?.profileId ?? record.job.profileId,
  });
  if (shop?.reason)
    return notVerified(
      'unavailable',
      `the shop's audit log cannot be read now (${shop.reason ?? 'unknown reason'}); check the record again once it can.`,
    );
  const inLog = new Map(logged.map((entry) => [entry.id, entry]));
  for (const entry of entries) {
    const found = inLog.get(entry.id);
    if (!found)
      return {
        ...notVerified('missing', `entry ${entry.id} (${entry.operation}, ${entry.time}) is not in the log.`),
        entryId: entry.id,
      };
    if (canonicalJson(found) !== canonicalJson(entry))
      return {
        ...notVerified(
          'differs',
          `entry ${entry.id} (${entry.operation}, ${entry.time}) differs from the log.`,
        ),
        entryId: entry.id,
      };
    inLog.delete(entry.id);
  }
  const extra = [...inLog.values()][0];
  if (extra)
    return {
      ...notVerified(
        'extra',
        `the log has entry ${extra.id} (${extra.operation}, ${extra.time}) for this job that the record leaves out.`,
      ),
      entryId: extra.id,
    };
  const order = logged.findIndex((entry, i) => entry.id !== entries[i]!.id);
  if (order !== -1)
    return {
      ...notVerified(
        'order',
        `the record lists its actions in another order than the log (entry ${entries[order]!.id} is not where the log has it).`,
      ),
      entryId: entries[order]!.id,
    };
  if (current) {
    // Each action shows the effect its job recorded, as the export wrote it.
    const job = record.job as JobRecord['job'];
    const action = record.actions.find((a) => !same(a.effect, effectOf(job, a.entry as AuditEntry)));
    if (action)
      return {
        ...notVerified(
          'job',
          `the effect the record shows for entry ${action.entry.id} is not the one its job recorded.`,
        ),
        entryId: action.entry.id,
      };
  }
  const matched = `the record matches ${entries.length} audit entries.`;
  if (!current)
    return {
      ok: true,
      entries: entries.length,
      text: `Verified (a record of schema ${record.schemaVersion}, from an earlier version of the app): ${matched} Its digest covers those entries only: the job, its notes, readings, effects, changes and warnings in this file are not checked.`,
    };
  if (!known)
    return {
      ok: true,
      entries: entries.length,
      text: `Verified: ${matched} This machine keeps no copy of this job, so its notes, readings and effects are checked by the record's digest only.`,
    };
  return { ok: true, entries: entries.length, text: `Verified: ${matched}` };
}
