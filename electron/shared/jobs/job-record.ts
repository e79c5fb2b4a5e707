// The repair-order job as stored and as exported (JSON for a dealer management system, and the
// source of the PDF). Versioned: `schemaVersion` changes when a field changes meaning. Every value
// the car reported carries its "as of"; what could not be read is `known: false` with the reason,
// never a default. The export's digest is SHA-256 over the canonical JSON of the whole record but
// the digest's own value (records of schema 1 and 2: of `actions[].entry` only).
import { z } from 'zod';
import { auditEntrySchema as logEntrySchema } from '../audit-entry-schema';
import { vinProblem } from '../vin';
import { COMMAND_NAMES } from '../commands';
import { READING_NAMES } from './readings';

/**
 * 4: the snapshots read the pack (its snapshot and health) and where the car stood (on the shop's lot
 * or not), and a closed job says what happened during the visit (alerts, software, charging with
 * its cost). 3: the job names its customer (at open) and, as a repair order does, the cause found and the
 * correction made (at close) beside the complaint. 2: drivers and invitations are recorded as who
 * and what (ids, names, states, expiry), not as a list of names and a count. Jobs kept and records
 * exported by versions 1 and 2 still load and verify: see `storedJobSchema` and `anyJobRecordSchema`.
 */
export const JOB_SCHEMA_VERSION = 4;

/**
 * The exported record's own version. 7: in shop mode the job's events (opened, closed, reopened) and
 * notes name the database role that wrote them beside the typed name (`job.events[].role`,
 * `job.notes[].role`), which the digest covers and verification checks against the job kept here.
 * 6: in shop mode each action names the database role that wrote
 * its entry, as the shop's log holds it (`actions[].role`, absent for one not uploaded yet), which the
 * digest covers and verification checks against the log. 5: its job is of job schema 4 (pack, place and the visit),
 * which the digest covers as it covers the rest. 4: its job is of job schema 3 (customer, cause, correction).
 * 3: the digest covers the whole record (the job with its notes, technician, repair order,
 * snapshots and effects; the actions in their order; the changes and warnings), not only the audit
 * entries. Records of schema 3 verify as they did; those of 1 and 2 still verify, and say that
 * their digest covered the entries only.
 */
export const RECORD_SCHEMA_VERSION = 7 as const;

/** The first record schema whose digest covers the whole record (job-digest.ts). */
export const WHOLE_RECORD_DIGEST_SINCE = 3;

const iso = z.iso.datetime();

/** How often a job can be open again: a job reopened more than this is a new job's work. */
export const JOB_PERIODS_MAX = 100;

/** A value read from the car or the service: known with its time and source, or unknown and why. */
export function observed<T extends z.ZodType>(value: T) {
  return z.discriminatedUnion('known', [
    z.object({
      known: z.literal(true),
      value,
      /** The car's (or the service's) own time for the value; null when the answer carries none. */
      asOf: iso.nullable(),
      /** 'live': answered by the service for this snapshot; 'cache': the last answer kept offline. */
      source: z.enum(['live', 'cache']),
    }),
    z.object({ known: z.literal(false), reason: z.string() }),
  ]);
}

const readingValue = z.union([z.number(), z.boolean(), z.string()]);
const amount = z.number().nullable();

/** The pack as `GET /{vin}/battery` reports it: charge, energy left, range in miles, current and heat. */
export const packSchema = z.object({
  level: amount,
  energyRemainingKwh: amount,
  rangeMiles: amount,
  packVoltage: amount,
  packCurrent: amount,
  moduleTempMinC: amount,
  moduleTempMaxC: amount,
});
export type PackSnapshot = z.infer<typeof packSchema>;

/** The pack's health (`GET /{vin}/battery_health`): usable capacity in kWh, range at 100 % in miles. */
export const packHealthSchema = z.object({
  capacityKwh: z.number(),
  maxRangeMiles: z.number(),
  maxIdealRangeMiles: z.number(),
});

const circleSchema = z.object({ latitude: z.number(), longitude: z.number(), radiusM: z.number() });

/**
 * Where the car stood (`GET /{vin}/location`) and, measured against the shop's lot as Settings said
 * it then, how far from its centre and whether inside it; both null when no lot was set or the car
 * gave no position.
 */
export const placeSchema = z.object({
  latitude: amount,
  longitude: amount,
  address: z.string().nullable(),
  savedLocation: z.string().nullable(),
  lot: circleSchema.nullable(),
  distanceM: amount,
  onLot: z.boolean().nullable(),
});
export type CarPlace = z.infer<typeof placeSchema>;

export const snapshotSchema = z.object({
  takenAt: iso,
  sleepState: observed(z.enum(['awake', 'asleep', 'offline'])),
  readings: z.record(z.enum(READING_NAMES), observed(readingValue)),
  firmwareAlerts: observed(
    z.array(z.object({ name: z.string(), time: iso.nullable(), description: z.string().nullable() })),
  ),
  tyrePressures: observed(
    z.object({
      frontLeft: z.number().nullable(),
      frontRight: z.number().nullable(),
      rearLeft: z.number().nullable(),
      rearRight: z.number().nullable(),
    }),
  ),
  telemetry: observed(z.object({ synced: z.boolean(), expiresAt: iso.nullable() })),
  /** Who may drive the car (the owner's token only can read it: else unknown, with the service's why). */
  drivers: observed(z.array(z.object({ id: z.string(), name: z.string().nullable() }))),
  /** Invitations to drive it, whatever their state, as the service lists them. */
  invitations: observed(z.array(z.object({ id: z.string(), state: z.string(), expiresAt: z.string() }))),
  // Absent in the snapshots of jobs of schema 3 and earlier, which did not read them.
  pack: observed(packSchema).optional(),
  packHealth: observed(packHealthSchema).optional(),
  place: observed(placeSchema).optional(),
});
export type Snapshot = z.infer<typeof snapshotSchema>;

/** One charging session while the car was in custody, with its cost at the shop's price. */
export const visitChargeSchema = z.object({
  id: z.number().int(),
  startedAt: iso,
  endedAt: iso.nullable(),
  location: z.string().nullable(),
  /** kWh into the pack, and from the charger (what the shop pays for). */
  energyAddedKwh: amount,
  energyUsedKwh: amount,
  startingLevel: amount,
  endingLevel: amount,
  /** At the shop's price per kWh (of the energy from the charger); null without a price. */
  cost: amount,
  /**
   * Whether the cost was written to the service's session: `recorded`, `refused` (the service said
   * no), `failed` (no answer), `unconfirmed` (not written: the sessions came from a saved copy, so
   * whether the service already has the cost is not known, and writing it again could record it
   * twice), or `not-asked` (the shop does not record costs, or there was none).
   */
  costRecorded: z.enum(['recorded', 'refused', 'failed', 'unconfirmed', 'not-asked']),
});
export type VisitCharge = z.infer<typeof visitChargeSchema>;

/** An alert of the car during the visit: raised while in custody, cleared, or active throughout. */
export const visitAlertSchema = z.object({
  name: z.string(),
  status: z.enum(['started', 'ended', 'active']),
  /** When the car raised it, as its list says. */
  time: iso.nullable(),
  description: z.string().nullable(),
});
export type VisitAlert = z.infer<typeof visitAlertSchema>;

/**
 * What happened while the car was with the shop, from the first check-in to the last check-out:
 * said at each close from the two snapshots and the charging sessions read then.
 */
export const visitSchema = z.object({
  from: iso,
  to: iso,
  /** By the firmware alerts the car listed at check-in and at check-out; null when either is unknown. */
  alerts: z.array(visitAlertSchema).nullable(),
  software: z.object({ before: z.string().nullable(), after: z.string().nullable() }),
  charges: observed(z.array(visitChargeSchema)),
  /** The shop's price per kWh when the job closed, and whether it records costs on the service. */
  pricePerKwh: amount,
  recordCost: z.boolean(),
});
export type Visit = z.infer<typeof visitSchema>;

/** The snapshot as version 1 kept it: drivers by name, invitations by count. */
const snapshotV1Schema = snapshotSchema.extend({
  drivers: observed(z.array(z.string())),
  invitations: observed(z.number().int().nonnegative()),
});
type SnapshotV1 = z.infer<typeof snapshotV1Schema>;
export type Observed<T> =
  { known: true; value: T; asOf: string | null; source: 'live' | 'cache' } | { known: false; reason: string };

/** What the car showed after an action: read back from its state, never taken from what was sent. */
export const effectSchema = z.object({
  status: z.enum(['confirmed', 'not-confirmed', 'not-applicable']),
  reading: z.enum(READING_NAMES).nullable(),
  before: readingValue.nullable(),
  after: readingValue.nullable(),
  /** The car's time for the value read after the action. */
  confirmedAt: iso.nullable(),
  /** "charge limit 80 → 90 %, confirmed 10:42:13 UTC", or why it is not confirmed. */
  text: z.string(),
});
export type ActionEffect = z.infer<typeof effectSchema>;

/**
 * Shop mode: the database role of the session that wrote a note or an event, beside the name typed
 * (`technician`, which anyone may type). Absent in solo mode, in what was written before jobs kept
 * it, and on a note kept while the shop was away until it reaches the shop.
 */
const writtenBy = z.string().min(1).optional();

export const jobNoteSchema = z.object({
  time: iso,
  technician: z.string(),
  text: z.string(),
  role: writtenBy,
});
export type JobNote = z.infer<typeof jobNoteSchema>;

export const jobEventSchema = z.object({
  time: iso,
  kind: z.enum(['opened', 'closed', 'reopened']),
  technician: z.string(),
  role: writtenBy,
});
export type JobEvent = z.infer<typeof jobEventSchema>;

export const warningSchema = z.object({
  id: z.enum(['valet', 'chargePort', 'lowPower', 'sentry', 'speedLimit', 'chargeLimit']),
  text: z.string(),
  /** The command that puts it back as it came in; null when no remote command does. */
  undo: z
    .object({ command: z.enum(COMMAND_NAMES), value: z.number().nullable(), label: z.string() })
    .nullable(),
});
export type JobWarning = z.infer<typeof warningSchema>;

/** The numbers a limit warning names: the limit the car is left with, and the one it came in with. */
export interface WarningValues {
  now: number;
  was: number;
}

/**
 * A warning as a close answers it: the record's warning (its English text is what the digest
 * covers, so it stays as it is) and, for a limit, its numbers beside it, for a reader to say it in
 * their own words. Only in the answer: the job and the record keep the warning alone.
 */
export type CloseWarning = JobWarning & { values?: WarningValues };

export const jobSchema = z.object({
  schemaVersion: z.literal(JOB_SCHEMA_VERSION),
  id: z.string().min(1),
  profileId: z.string(),
  shopName: z.string().nullable(),
  // A job's car is read again on check-out (the client trusts what it is given): checked on load.
  vin: z.string().refine((vin) => vinProblem(vin) === null, 'not a valid VIN'),
  vehicle: z.string().nullable(),
  repairOrder: z.string().min(1),
  complaint: z.string().nullable(),
  /** Who brought the car in, as the technician typed it at open; null when not said. */
  customer: z.string().nullable(),
  /** What was found to cause the complaint, and what was done about it: said at close. */
  cause: z.string().nullable(),
  correction: z.string().nullable(),
  technician: z.string().min(1),
  status: z.enum(['open', 'closed']),
  /**
   * Each stretch the job was open; a reopened job has more than one. Bounded: each is one read of the
   * log, and a record file to verify may come from anyone.
   */
  periods: z
    .array(z.object({ openedAt: iso, closedAt: iso.nullable() }))
    .min(1)
    .max(JOB_PERIODS_MAX),
  events: z.array(jobEventSchema),
  checkIn: snapshotSchema,
  checkOut: snapshotSchema.nullable(),
  notes: z.array(jobNoteSchema),
  /** Effects read after each command, by audit entry id. */
  effects: z.record(z.string(), effectSchema),
  /** Warnings the technician confirmed when closing. */
  acknowledged: z.array(warningSchema),
  /** Said at close; absent while open and in jobs of schema 3 and earlier. */
  visit: visitSchema.optional(),
});
export type Job = z.infer<typeof jobSchema>;

/** The job as version 3 kept it: no pack, place or visit (its snapshots never have them). */
const jobV3Schema = jobSchema.extend({ schemaVersion: z.literal(3) });

/** The job as version 2 kept it: no customer, cause or correction. */
const jobV2Schema = jobSchema
  .omit({ customer: true, cause: true, correction: true })
  .extend({ schemaVersion: z.literal(2) });

const jobV1Schema = jobV2Schema.extend({
  schemaVersion: z.literal(1),
  checkIn: snapshotV1Schema,
  checkOut: snapshotV1Schema.nullable(),
});

/** What version 2 and 1 never asked: said as not said. */
const NOT_SAID = { customer: null, cause: null, correction: null } as const;

/**
 * A version 1 snapshot in version 2's shape. Version 1 never read drivers or invitations (both were
 * recorded unknown); a value it did hold keeps what it said, and a bare count, which names no
 * invitation, becomes unknown with that reason rather than a list it never had.
 */
function upgradeSnapshot(snapshot: SnapshotV1): Snapshot {
  const { drivers, invitations } = snapshot;
  return {
    ...snapshot,
    drivers: drivers.known ? { ...drivers, value: drivers.value.map((name) => ({ id: '', name })) } : drivers,
    invitations: invitations.known
      ? {
          known: false,
          reason: `recorded by an earlier version as a count only (${invitations.value} invitations)`,
        }
      : invitations,
  };
}

/** A job as kept on disk or in the shop's database, of any version this app knows, as the current one. */
export const storedJobSchema = z.union([
  jobSchema,
  jobV3Schema.transform((job): Job => ({ ...job, schemaVersion: JOB_SCHEMA_VERSION })),
  jobV2Schema.transform((job): Job => ({ ...job, ...NOT_SAID, schemaVersion: JOB_SCHEMA_VERSION })),
  jobV1Schema.transform((job): Job => ({
    ...job,
    ...NOT_SAID,
    schemaVersion: JOB_SCHEMA_VERSION,
    checkIn: upgradeSnapshot(job.checkIn),
    checkOut: job.checkOut ? upgradeSnapshot(job.checkOut) : null,
  })),
]);

/**
 * An audit entry as the log holds it, and in shop mode as the shop's log holds it (verification
 * digests the file's entries as written).
 */
export const auditEntrySchema = logEntrySchema.extend({
  /** Shop mode: who did it and on which machine (the shop's log names every technician). */
  technician: z.string().optional(),
  machine: z.string().optional(),
});

/** Where a record's entries came from, and whether they are every technician's. */
export const coverageSchema = z.object({
  /** `shop`: the shop's audit log (every technician's actions); `machine`: this machine's log. */
  scope: z.enum(['shop', 'machine']),
  /** False when the shop's log could not be read: other technicians' actions may be missing. */
  complete: z.boolean(),
  text: z.string(),
});
export type JobEntryCoverage = z.infer<typeof coverageSchema>;

export const jobChangeSchema = z.object({
  reading: z.string(),
  label: z.string(),
  before: z.string(),
  after: z.string(),
});
export type JobChange = z.infer<typeof jobChangeSchema>;

/** The digest of a record of schema 1 or 2: over its audit entries only. */
const entriesDigestSchema = z.object({
  algorithm: z.literal('sha256'),
  entries: z.number().int().nonnegative(),
  value: z.string().regex(/^[0-9a-f]{64}$/),
});

/** The exported record: the job, the audit entries it covers with their effects, and the digest. */
export const jobRecordSchema = z.object({
  kind: z.literal('vehicle-garage.job-record'),
  schemaVersion: z.literal(RECORD_SCHEMA_VERSION),
  exportedAt: iso,
  job: jobSchema,
  actions: z.array(
    z.object({
      entry: auditEntrySchema,
      effect: effectSchema,
      /**
       * Shop mode: the database role that wrote the entry, stamped by the server (the entry's
       * `technician` is what was typed). Absent in solo mode and for an entry not uploaded yet.
       */
      role: z.string().optional(),
    }),
  ),
  /** Absent in solo mode (this machine's log is the whole log) and in records of older versions. */
  coverage: coverageSchema.optional(),
  changes: z.array(jobChangeSchema),
  warnings: z.array(warningSchema),
  /**
   * SHA-256 over the canonical JSON of the record as it is (the file as written, fields this version
   * does not know included) but `digest.value`, `exportedAt` and `job.profileId`, which are the
   * export's and the machine's, not the job's. `entries`: how many actions it lists.
   */
  digest: z.object({
    algorithm: z.literal('sha256'),
    covers: z.literal('record'),
    entries: z.number().int().nonnegative(),
    value: z.string().regex(/^[0-9a-f]{64}$/),
  }),
});
export type JobRecord = z.infer<typeof jobRecordSchema>;

/**
 * A record file of any version this app can verify: the current one, 6 (no roles on the job's events
 * and notes), 5 (the same job, no roles), 4
 * and 3 (the same digest, a job of schema 3 or 2), or 2 and 1 (entries digest).
 */
export const anyJobRecordSchema = z.union([
  jobRecordSchema,
  jobRecordSchema.extend({ schemaVersion: z.literal(6) }),
  jobRecordSchema.extend({ schemaVersion: z.literal(5) }),
  jobRecordSchema.extend({ schemaVersion: z.literal(4), job: jobV3Schema }),
  jobRecordSchema.extend({ schemaVersion: z.literal(3), job: jobV2Schema }),
  jobRecordSchema.extend({ schemaVersion: z.literal(2), job: jobV2Schema, digest: entriesDigestSchema }),
  jobRecordSchema.extend({ schemaVersion: z.literal(1), job: jobV1Schema, digest: entriesDigestSchema }),
]);

/** The record's JSON Schema, for a dealer management system that validates what it imports. */
export function jobRecordJsonSchema(): unknown {
  return z.toJSONSchema(jobRecordSchema, { io: 'input' });
}

/** JSON with object keys sorted at every depth and no spacing: the text the digest is taken over. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item)).join(',')}]`;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`).join(',')}}`;
}

/** Verification of a record file against the audit log. */
export type JobVerification =
  | { ok: true; entries: number; text: string }
  | {
      ok: false;
      /**
       * `unavailable`: the log to check against (the shop's) cannot be read now. `order`: the
       * actions are not in the log's order. `job`: the job differs from the one kept here. `pages`:
       * a PDF's printed pages, or its structure, changed after the export.
       */
      problem:
        'unreadable' | 'digest' | 'differs' | 'missing' | 'extra' | 'unavailable' | 'order' | 'job' | 'pages';
      entryId?: string;
      text: string;
    };

/** How a close ended: closed, or refused until each warning is confirmed (nothing was changed). */
export type CloseOutcome =
  | { status: 'closed'; job: Job; warnings: CloseWarning[] }
  | { status: 'needs-confirmation'; job: Job; warnings: CloseWarning[] };

/** How an export ended: cancelled in the save dialog, or written with the digest it carries. */
export type JobExportResult =
  { cancelled: true } | { cancelled: false; path: string; entries: number; digest: string };

/** A record printed for the printer: the PDF main wrote and opened in the computer's viewer. */
export interface JobPrintResult {
  path: string;
  entries: number;
  digest: string;
}

export { JOB_TEXT_MAX, REPAIR_ORDER_MAX, TECHNICIAN_MAX } from './job-limits';
