// Verify a record file: what it checks, in order, each failure said in words.
//
// 1. The text is one JSON value with one meaning (strict-json.ts): no key twice in an object, no
//    nesting deeper than any record has.
// 2. It is a record of a schema this app knows (3, or the earlier 2 and 1).
// 3. Its digest matches: for schema 3 over the whole record (job, notes, snapshots, effects, the
//    actions in their order, changes, warnings), for 1 and 2 over the audit entries only, which the
//    answer then says.
// 4. Its job agrees with the job kept here, when this machine (or its shop) keeps it: what a job
//    never changes is the same, and what it only gains (notes, events, effects) is all kept, each
//    event and note with the role the shop recorded as its writer where the record names one.
//    A digest is no signature (anyone can recompute one), so this is what catches an edited record.
// 5. Its actions are the audit log's entries for the job, each as logged, none left out, in the
//    log's order, and in shop mode each with the database role the shop's log holds for it.
import type { Job, JobRecord, JobVerification } from '../../shared/jobs/job-record';
import { anyJobRecordSchema, canonicalJson, WHOLE_RECORD_DIGEST_SINCE } from '../../shared/jobs/job-record';
import type { ShopJobEntries } from '../../shared/jobs/shop-entry';
import type { AuditEntry } from '../../shared/types';
import { changesBetween, warningsBetween } from './job-changes';
import { effectOf } from './job-effects';
import { entriesDigest, recordDigest } from './job-digest';
import { JSON_MAX_DEPTH, parseStrictJson } from './strict-json';
import { tm, type MessageParams } from '../i18n/main-words';

export interface VerifyDeps {
  /** The job as kept here (this machine's copy or the shop's), or null when it is not. */
  keptJob(id: string): Promise<Job | null>;
  /** The log's entries for a job's vehicle and periods, oldest first, with the shop's coverage. */
  entriesOf(job: Pick<Job, 'vin' | 'profileId' | 'periods'>): Promise<{
    entries: AuditEntry[];
    shop: ShopJobEntries | null;
  }>;
}

const notVerified = (problem: Extract<JobVerification, { ok: false }>['problem'], why: string) =>
  ({ ok: false, problem, text: tm('jobVerify.notVerified', { why }) }) as const;

/** Names an audit entry as a failure does: "entry 42 (command:lock, 2026-11-25T10:42:13Z)". */
const entryWords = (entry: Pick<AuditEntry, 'id' | 'operation' | 'time'>): MessageParams => ({
  id: entry.id,
  operation: entry.operation,
  time: entry.time,
});

const same = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);

/** Whether `head` is where `all` starts (what a job only gains: notes, events). */
const startsWith = (all: readonly unknown[], head: readonly unknown[]) =>
  head.length <= all.length && head.every((item, i) => same(item, all[i]));

/**
 * The same, for events and notes, which the shop names the writing role of: a role the record names
 * must be the kept one, and one it does not name (a record of schema 6 or earlier, or written before
 * the shop had the note) is not compared, as an action's role is not (a record that leaves a role
 * out shows the typed name alone; it cannot show another role).
 */
const startsWithWritten = (
  all: readonly { role?: string | undefined }[],
  head: readonly { role?: string | undefined }[],
) =>
  head.length <= all.length &&
  head.every((item, i) => {
    const kept = all[i]!;
    if (item.role !== undefined) return same(item, kept);
    const { role: _role, ...rest } = kept;
    return same(item, rest);
  });

/**
 * The first part of the record's job that the kept job contradicts, in words, or null. A job kept
 * here may have moved on since the export (a note added, reopened, closed again): only what it
 * could not have changed is compared whole.
 */
function jobDifference(record: Job, kept: Job): string | null {
  const part = (name: string, entry = '') => tm('jobVerify.part', { part: name, entry });
  // Not the profile: each machine's own profile names a shop's job.
  const fixed = ['id', 'vin', 'repairOrder', 'complaint', 'technician', 'shopName'] as const;
  for (const key of fixed) {
    if (!same(record[key], kept[key])) return part(key);
  }
  // A record of schema 3 has no customer: it reads as the kept job's "not said" (null).
  if (!same(record.customer, kept.customer)) return tm('jobPdf.partCustomer');
  if (!same(record.checkIn, kept.checkIn)) return part('checkIn');
  if (!startsWithWritten(kept.notes, record.notes)) return part('notes');
  if (!startsWithWritten(kept.events, record.events)) return part('events');
  for (const [id, effect] of Object.entries(record.effects)) {
    if (!same(effect, kept.effects[id])) return part('effect', id);
  }
  const period = record.periods.length - 1;
  if (!startsWith(kept.periods, record.periods.slice(0, period))) return part('periods');
  const last = record.periods[period]!;
  const keptLast = kept.periods[period];
  if (
    !keptLast ||
    keptLast.openedAt !== last.openedAt ||
    (last.closedAt !== null && keptLast.closedAt !== last.closedAt)
  )
    return part('periods');
  // Its check-out and the warnings confirmed stand until the job is reopened.
  if (kept.periods.length === record.periods.length && record.status === 'closed') {
    if (!same(record.checkOut, kept.checkOut)) return part('checkOut');
    if (!same(record.visit, kept.visit)) return tm('visitRecord.partVisit');
    if (!same(record.acknowledged, kept.acknowledged)) return part('acknowledged');
    if (!same(record.cause, kept.cause) || !same(record.correction, kept.correction))
      return tm('jobPdf.partCauseCorrection');
  }
  return null;
}

export async function verifyRecordText(text: string, deps: VerifyDeps): Promise<JobVerification> {
  const json = parseStrictJson(text);
  if (!json.ok) {
    if (json.problem === 'duplicate')
      return notVerified('unreadable', tm('jobVerify.duplicateKey', { key: json.key.slice(0, 40) }));
    if (json.problem === 'depth')
      return notVerified('unreadable', tm('jobVerify.tooDeep', { depth: JSON_MAX_DEPTH }));
    return notVerified('unreadable', tm('jobVerify.notJson'));
  }
  const data = json.value;
  const parsed = anyJobRecordSchema.safeParse(data);
  if (!parsed.success) return notVerified('unreadable', tm('jobVerify.unknownVersion'));
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
    return notVerified('digest', tm(current ? 'jobVerify.digest' : 'jobVerify.digestEntries'));
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
    if (!same(derived.changes, record.changes)) return notVerified('job', tm('jobVerify.changes'));
    if (!same(derived.warnings, record.warnings)) return notVerified('job', tm('jobVerify.warnings'));
    const differs = known ? jobDifference(job, known) : null;
    if (differs) return notVerified('job', tm('jobVerify.jobDiffers', { part: differs }));
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
      tm('jobVerify.shopUnreadable', { reason: shop.reason ?? tm('jobVerify.unknownReason') }),
    );
  const inLog = new Map(logged.map((entry) => [entry.id, entry]));
  for (const entry of entries) {
    const found = inLog.get(entry.id);
    if (!found)
      return {
        ...notVerified('missing', tm('jobVerify.missing', entryWords(entry))),
        entryId: entry.id,
      };
    if (canonicalJson(found) !== canonicalJson(entry))
      return {
        ...notVerified('differs', tm('jobVerify.differs', entryWords(entry))),
        entryId: entry.id,
      };
    inLog.delete(entry.id);
  }
  const extra = [...inLog.values()][0];
  if (extra)
    return {
      ...notVerified('extra', tm('jobVerify.extra', entryWords(extra))),
      entryId: extra.id,
    };
  const order = logged.findIndex((entry, i) => entry.id !== entries[i]!.id);
  if (order !== -1)
    return {
      ...notVerified('order', tm('jobVerify.order', { id: entries[order]!.id })),
      entryId: entries[order]!.id,
    };
  if (current) {
    // Each action shows the effect its job recorded, as the export wrote it.
    const job = record.job as JobRecord['job'];
    const action = record.actions.find((a) => !same(a.effect, effectOf(job, a.entry as AuditEntry)));
    if (action)
      return {
        ...notVerified('job', tm('jobVerify.effect', { id: action.entry.id })),
        entryId: action.entry.id,
      };
  }
  // A role the record names must be the one the shop's log holds for the entry (a digest is no
  // signature: an edited role with a digest taken again is caught here).
  const roles = shop?.roles ?? {};
  for (const action of record.actions as { entry: AuditEntry; role?: string }[]) {
    const logged = roles[action.entry.id];
    if (action.role === undefined || logged === undefined || logged === action.role) continue;
    return {
      ...notVerified(
        'differs',
        tm('recordRoles.differs', { ...entryWords(action.entry), role: action.role, logged }),
      ),
      entryId: action.entry.id,
    };
  }
  const matched = tm('jobVerify.matched', { count: entries.length });
  if (!current)
    return {
      ok: true,
      entries: entries.length,
      text: tm('jobVerify.verifiedOld', { schema: record.schemaVersion, matched }),
    };
  if (!known)
    return {
      ok: true,
      entries: entries.length,
      text: tm('jobVerify.verifiedNoCopy', { matched }),
    };
  return { ok: true, entries: entries.length, text: tm('jobVerify.verified', { matched }) };
}
