// Repair-order jobs in main: open with a check-in snapshot, collect every audited action on the
// vehicle while open (read back from the audit log by VIN and time, so nothing can be missed) with
// the effect a state read after it showed, notes, close with a check-out snapshot and warnings the
// technician confirms, reopen, list. The record (for the JSON and PDF exports) is assembled here.
//
// The read-back after an action asks the store which job is open on the car. In shop mode a
// colleague's job opened a moment before may not be known yet: the database has it, and this app
// hears of it some 100-250 ms later (and an open always had such a window: the job's opening time is
// taken before its row commits). The action is not lost either way, since the record gathers its
// actions from the audit log by car and time window; what would be lost is its effect (the state
// read after it), shown as "no state was read after it". So an action that found no open job is
// remembered for LATE_READ_BACK_MS, and read back when a job on its car is heard open with the
// action inside its period (noteJob), or found by a later read-back. What remains: an open heard
// more than that after the action (the listener lost without knowing it, for longer than its
// heartbeat notices) keeps the action without its effect, as before. The effect read late is still
// read after the action, with the time the car gave it.
//
// The other way round, a job closed elsewhere and not yet heard: its effect would land on a closed
// job and change a record that may have been exported. The effect is therefore added only if the
// job, under the store's lock, is still open with the action inside its period; otherwise it is
// remembered as above (the car may be in a job reopened or opened next).
import { randomUUID } from 'node:crypto';
import {
  JOB_SCHEMA_VERSION,
  RECORD_SCHEMA_VERSION,
  type Job,
  type JobRecord,
  type JobVerification,
  type CloseOutcome,
  JOB_PERIODS_MAX,
  JOB_TEXT_MAX,
  REPAIR_ORDER_MAX,
  TECHNICIAN_MAX,
} from '../../shared/jobs/job-record';
import type { ShopJobEntries } from '../../shared/jobs/shop-entry';
import { AppError } from '../../shared/result';
import type { AuditEntry } from '../../shared/types';
import { AUDIT_LIST_MAX, type AuditLog } from '../audit/audit-log';
import { NO_FACTS, type FactPort } from '../events/domain-events';
import type { ReadContext } from '../services/cached-reads';
import type { VehicleReads } from '../services/vehicle-reads';
import { changesBetween, closeWarnings, warningsBetween } from './job-changes';
import { recordDigest } from './job-digest';
import { verifyRecordText } from './job-verify';
import { effectFromState, effectOf, targetOf, valueBefore } from './job-effects';
import { takeSnapshot, unknownReason, type AccessReads } from './job-snapshot';
import { visitAtClose, type RecordChargeCost } from './job-visit';
import { NO_SHOP_VISIT, type ShopVisitSettings } from '../../shared/shop-visit';
import type { JobQuery, JobStore } from './job-store';
import { tm } from '../i18n/main-words';

const NOTE_MAX = JOB_TEXT_MAX;
/** How long an action that found no open job waits for one heard late (see the header). */
export const LATE_READ_BACK_MS = 120_000;
const LATE_READ_BACK_MAX = 500;

/** An effect for a job that, under the store's lock, no longer covers the action. */
class NotInJob extends Error {}

export interface JobServiceOptions {
  store: JobStore;
  reads: VehicleReads;
  /** Drivers and invitations for the snapshots (the access service's live reads). */
  access?: AccessReads;
  audit: Pick<AuditLog, 'list'>;
  /** The service context of a profile, to read a vehicle after an action audited for it. */
  contextOf: (profileId: string) => Promise<ReadContext>;
  /**
   * The technician when none is typed, for the job's profile: the shop's name for them in shop mode
   * (the profile's shop settings), the machine's user in solo mode.
   */
  technician: (profileId: string) => string | Promise<string>;
  shopName?: () => string | null;
  /** "Model 3 (2024) · Blue car": how the garage names the vehicle, or null. */
  describeVehicle?: (profileId: string, vin: string) => Promise<string | null>;
  /**
   * Shop mode: the entries of a vehicle within the job's open windows from the shop's audit log
   * (every technician's), this machine's outbox and its log, with how complete they are; null when
   * the profile works solo (this machine's log is the whole log).
   */
  shopEntries?: (
    profileId: string,
    vin: string,
    windows: readonly { from: string; to: string }[],
  ) => Promise<ShopJobEntries | null>;
  /** The shop's lot, price per kWh and whether it records costs (Settings), read at each check-in and close. */
  visitSettings?: () => ShopVisitSettings;
  /** Writes a charging session's cost to the service (audited), when the shop records costs. */
  recordChargeCost?: RecordChargeCost;
  now?: () => Date;
  newId?: () => string;
  onProblem?: (message: string, error: unknown) => void;
  /** Told `job.changed` after each open, note, close and reopen. */
  facts?: FactPort;
}

export interface OpenJobInput {
  vin: string;
  repairOrder: string;
  complaint?: string | null;
  /** Who brought the car in. */
  customer?: string | null;
  technician?: string;
}

/** What closing says of the job: the warnings confirmed, and the repair order's cause and correction. */
export interface CloseJobOptions {
  acknowledge?: readonly string[];
  technician?: string;
  cause?: string | null;
  correction?: string | null;
}

export type { CloseOutcome };

export interface JobService {
  /** Opens a job on a vehicle of the profile, with its check-in snapshot. */
  open(profileId: string, input: OpenJobInput): Promise<Job>;
  addNote(id: string, text: string, technician?: string): Promise<Job>;
  /** `acknowledge`: ids of the warnings the technician confirmed leaving as they are. */
  close(id: string, options?: CloseJobOptions): Promise<CloseOutcome>;
  reopen(id: string, technician?: string): Promise<Job>;
  /** Keeps the cause and correction of an open job: a field not given stays, an empty one is cleared. */
  describe(id: string, said: { cause?: string; correction?: string }): Promise<Job>;
  get(id: string): Promise<Job>;
  openFor(profileId: string, vin: string): Promise<Job | null>;
  list(query: JobQuery): Promise<Job[]>;
  /** The job with every audit entry it covers, their effects, the changes, warnings and digest. */
  record(id: string): Promise<JobRecord>;
  /** Checks a record file's text against the audit log. */
  verify(text: string): Promise<JobVerification>;
  /** Told of every audit entry written; reads the car back when it belongs to an open job. */
  noteAudited(entry: AuditEntry): void;
  /**
   * Told of a job heard from the shop or changed here: an open one takes the read-back of recent
   * actions on its car that found no open job (see the header).
   */
  noteJob(job: Job): void;
  /** Settles when every read-back started by noteAudited has been recorded. */
  settle(): Promise<void>;
}

/** Control characters but tab and line feed: typed text keeps its lines, nothing else invisible. */
const isControl = (char: string) => {
  const code = char.charCodeAt(0);
  return (code < 0x20 && char !== '\t' && char !== '\n') || code === 0x7f;
};

function cleanText(
  value: unknown,
  max: number,
  what: 'repairOrder' | 'complaint' | 'note' | 'technician' | 'customer' | 'cause' | 'correction',
  required: boolean,
): string | null {
  const text =
    typeof value === 'string'
      ? [...value]
          .filter((char) => !isControl(char))
          .join('')
          .trim()
      : '';
  if (text === '') {
    if (required) throw new AppError('invalid_input', tm('errors.jobFieldRequired', { what }));
    return null;
  }
  if (text.length > max)
    throw new AppError(
      'invalid_input',
      what === 'customer' || what === 'cause' || what === 'correction'
        ? tm('jobPdf.fieldTooLong', { what, max })
        : tm('errors.jobFieldTooLong', { what, max: String(max) }),
    );
  return text;
}

export function createJobService(options: JobServiceOptions): JobService {
  const { store, reads, audit } = options;
  const now = options.now ?? (() => new Date());
  const newId = options.newId ?? randomUUID;
  const onProblem = options.onProblem ?? (() => {});
  const facts = options.facts ?? NO_FACTS;
  const visitSettings = options.visitSettings ?? (() => NO_SHOP_VISIT);
  const pending = new Set<Promise<void>>();
  const changed = (job: Job): Job => {
    facts.publish('job.changed', { job });
    return job;
  };

  const technicianOf = async (given: string | undefined, profileId: string) =>
    cleanText(
      given?.trim() ? given : await options.technician(profileId),
      TECHNICIAN_MAX,
      'technician',
      true,
    )!;

  async function mustGet(id: string): Promise<Job> {
    const job = await store.get(id);
    if (!job) throw new AppError('not_found', tm('errors.noSuchJob'));
    return job;
  }

  const byTime = (a: AuditEntry, b: AuditEntry) => a.time.localeCompare(b.time) || a.id.localeCompare(b.id);

  /**
   * The audit entries of the job's vehicle within its open periods, oldest first: in shop mode every
   * technician's from the shop's log (with the coverage saying so, or what is missing), solo this
   * profile's from the local log.
   */
  async function entriesOf(
    job: Pick<Job, 'vin' | 'profileId' | 'periods'>,
  ): Promise<{ entries: AuditEntry[]; shop: ShopJobEntries | null }> {
    const windows = job.periods.map((period) => ({
      from: period.openedAt,
      to: period.closedAt ?? now().toISOString(),
    }));
    const shop = (await options.shopEntries?.(job.profileId, job.vin, windows)) ?? null;
    if (shop) return { entries: [...shop.entries].sort(byTime), shop };
    const byId = new Map<string, AuditEntry>();
    for (const window of windows) {
      const listed = await audit.list({ vin: job.vin, ...window, limit: AUDIT_LIST_MAX });
      for (const entry of listed) if (entry.profileId === job.profileId) byId.set(entry.id, entry);
    }
    return { entries: [...byId.values()].sort(byTime), shop: null };
  }

  /** Actions read back with no open job found, oldest first, kept for a job heard late. */
  let unmatched: AuditEntry[] = [];
  function remember(entry: AuditEntry): void {
    const since = new Date(now().getTime() - LATE_READ_BACK_MS).toISOString();
    unmatched = unmatched.filter((kept) => kept.time >= since && kept.id !== entry.id);
    if (entry.time >= since) unmatched.push(entry);
    if (unmatched.length > LATE_READ_BACK_MAX) unmatched = unmatched.slice(-LATE_READ_BACK_MAX);
  }
  /** The remembered actions an open job covers, read back now. */
  function lateReadBacks(job: Job): void {
    const period = job.periods[job.periods.length - 1];
    if (job.status !== 'open' || !period) return;
    const covered = (entry: AuditEntry) =>
      entry.profileId === job.profileId && entry.vin === job.vin && entry.time >= period.openedAt;
    const late = unmatched.filter(covered);
    if (late.length === 0) return;
    unmatched = unmatched.filter((entry) => !covered(entry));
    for (const entry of late) service.noteAudited(entry);
  }

  async function readBack(entry: AuditEntry): Promise<void> {
    const target = targetOf(entry);
    if (entry.outcome !== 'success' || !target) return;
    const job = await store.openFor(entry.profileId, entry.vin);
    const period = job?.periods[job.periods.length - 1];
    if (!job || !period || entry.time < period.openedAt) return remember(entry);
    lateReadBacks(job);
    let after: Parameters<typeof effectFromState>[2];
    try {
      const ctx = await options.contextOf(entry.profileId);
      // use_cache=true, asked now: what the car reports after the command, without waking it.
      after = { state: (await reads.state(ctx, entry.vin, { refresh: true })).value };
    } catch (error) {
      after = {
        reason: `the state could not be read after it (${unknownReason(error).replace(/^not read: /, '')})`,
      };
    }
    try {
      await store.addFact(job.id, (current) => {
        const last = current.periods[current.periods.length - 1];
        if (current.status !== 'open' || !last || entry.time < last.openedAt) throw new NotInJob();
        return {
          kind: 'effect',
          entryId: entry.id,
          effect: effectFromState(entry, valueBefore(current, target.reading), after),
        };
      });
    } catch (error) {
      if (!(error instanceof NotInJob)) throw error;
      remember(entry);
    }
  }

  const service: JobService = {
    async open(profileId, input) {
      const vin = String(input.vin ?? '').toUpperCase();
      if (!/^[A-HJ-NPR-Z0-9]{17}$/.test(vin)) throw new AppError('invalid_input', tm('errors.jobVinInvalid'));
      const repairOrder = cleanText(input.repairOrder, REPAIR_ORDER_MAX, 'repairOrder', true)!;
      const complaint = cleanText(input.complaint, NOTE_MAX, 'complaint', false);
      const customer = cleanText(input.customer, NOTE_MAX, 'customer', false);
      const technician = await technicianOf(input.technician, profileId);
      const ctx = await options.contextOf(profileId);
      const existing = await store.openFor(profileId, vin);
      if (existing)
        throw new AppError(
          'busy',
          tm('errors.jobOpenBy', { repairOrder: existing.repairOrder, technician: existing.technician }),
        );
      const checkIn = await takeSnapshot(reads, ctx, vin, now, options.access, visitSettings().lot);
      const openedAt = now().toISOString();
      const vehicle = await options.describeVehicle?.(profileId, vin).catch(() => null);
      const opened = await store.create({
        schemaVersion: JOB_SCHEMA_VERSION,
        id: newId(),
        profileId,
        shopName: options.shopName?.() ?? null,
        vin,
        vehicle: vehicle ?? null,
        repairOrder,
        complaint,
        customer,
        cause: null,
        correction: null,
        technician,
        status: 'open',
        periods: [{ openedAt, closedAt: null }],
        events: [{ time: openedAt, kind: 'opened', technician }],
        checkIn,
        checkOut: null,
        notes: [],
        effects: {},
        acknowledged: [],
      });
      return changed(opened);
    },

    async addNote(id, text, technician) {
      const clean = cleanText(text, NOTE_MAX, 'note', true)!;
      const who = await technicianOf(technician, (await mustGet(id)).profileId);
      // A note only adds to the job: in shop mode it is kept even while the database is away.
      const job = await store.addFact(id, (current) => {
        if (current.status !== 'open') throw new AppError('invalid_input', tm('errors.jobClosedNote'));
        return { kind: 'note', note: { time: now().toISOString(), technician: who, text: clean } };
      });
      if (!job) throw new AppError('not_found', tm('errors.noSuchJob'));
      return changed(job);
    },

    async close(id, closeOptions = {}) {
      const job = await mustGet(id);
      if (job.status !== 'open') throw new AppError('invalid_input', tm('errors.jobAlreadyClosed'));
      const who = await technicianOf(closeOptions.technician, job.profileId);
      // Said again at each close (a reopened job may have found more); left as they were when not said.
      const cause = cleanText(closeOptions.cause, NOTE_MAX, 'cause', false);
      const correction = cleanText(closeOptions.correction, NOTE_MAX, 'correction', false);
      // Effects of the last commands first, so the check-out is read after them.
      await service.settle();
      const ctx = await options.contextOf(job.profileId);
      const settings = visitSettings();
      const checkOut = await takeSnapshot(reads, ctx, job.vin, now, options.access, settings.lot);
      const warnings = warningsBetween(job.checkIn, checkOut);
      const acknowledged = new Set(closeOptions.acknowledge ?? []);
      const said = closeWarnings(warnings, job.checkIn, checkOut);
      if (warnings.some((warning) => !acknowledged.has(warning.id)))
        return { status: 'needs-confirmation', job, warnings: said };
      const closedAt = now().toISOString();
      // Said (and costs recorded) only once the close goes ahead: a refused close changes nothing.
      const visit = await visitAtClose({
        job,
        checkOut,
        closedAt,
        reads,
        ctx,
        settings,
        ...(options.recordChargeCost ? { recordCost: options.recordChargeCost } : {}),
      });
      const closed = await store.update(id, (current) => {
        if (current.status !== 'open') throw new AppError('invalid_input', tm('errors.jobAlreadyClosed'));
        const periods = current.periods.map((period, index) =>
          index === current.periods.length - 1 ? { ...period, closedAt } : period,
        );
        return {
          ...current,
          status: 'closed',
          periods,
          checkOut,
          cause: cause ?? current.cause,
          correction: correction ?? current.correction,
          acknowledged: warnings,
          visit,
          events: [...current.events, { time: closedAt, kind: 'closed', technician: who }],
        };
      });
      if (!closed) throw new AppError('not_found', tm('errors.noSuchJob'));
      return { status: 'closed', job: changed(closed), warnings: said };
    },

    async reopen(id, technician) {
      const who = await technicianOf(technician, (await mustGet(id)).profileId);
      const at = now().toISOString();
      const job = await store.update(id, (current) => {
        if (current.status !== 'closed') throw new AppError('invalid_input', tm('errors.jobAlreadyOpen'));
        if (current.periods.length >= JOB_PERIODS_MAX)
          throw new AppError('invalid_input', tm('errors.jobPeriodsMax', { max: String(JOB_PERIODS_MAX) }));
        return {
          ...current,
          status: 'open',
          periods: [...current.periods, { openedAt: at, closedAt: null }],
          events: [...current.events, { time: at, kind: 'reopened', technician: who }],
        };
      });
      if (!job) throw new AppError('not_found', tm('errors.noSuchJob'));
      return changed(job);
    },

    async describe(id, said) {
      const cause = said.cause === undefined ? undefined : cleanText(said.cause, NOTE_MAX, 'cause', false);
      const correction =
        said.correction === undefined ? undefined : cleanText(said.correction, NOTE_MAX, 'correction', false);
      const job = await store.update(id, (current) => {
        if (current.status !== 'open') throw new AppError('invalid_input', tm('jobDay.closedStory'));
        return {
          ...current,
          ...(cause === undefined ? {} : { cause }),
          ...(correction === undefined ? {} : { correction }),
        };
      });
      if (!job) throw new AppError('not_found', tm('errors.noSuchJob'));
      return changed(job);
    },

    get: mustGet,
    openFor: (profileId, vin) => store.openFor(profileId, vin),
    list: (query) => store.list(query),

    async record(id) {
      const job = await mustGet(id);
      const { entries, shop } = await entriesOf(job);
      const record = {
        kind: 'vehicle-garage.job-record' as const,
        schemaVersion: RECORD_SCHEMA_VERSION,
        exportedAt: now().toISOString(),
        job,
        actions: entries.map((entry) => {
          const role = shop?.roles?.[entry.id];
          return { entry, effect: effectOf(job, entry), ...(role ? { role } : {}) };
        }),
        ...(shop ? { coverage: shop.coverage } : {}),
        changes: job.checkOut ? changesBetween(job.checkIn, job.checkOut) : [],
        warnings: job.checkOut ? warningsBetween(job.checkIn, job.checkOut) : [],
      };
      const digest = { algorithm: 'sha256' as const, covers: 'record' as const, entries: entries.length };
      return { ...record, digest: { ...digest, value: recordDigest({ ...record, digest }) } };
    },

    verify: (text) => verifyRecordText(text, { keptJob: (id) => store.get(id), entriesOf }),

    noteAudited(entry) {
      const work = readBack(entry)
        .catch((error) => onProblem('Could not record the effect of an action in its job', error))
        .finally(() => pending.delete(work));
      pending.add(work);
    },

    noteJob: lateReadBacks,

    async settle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
  return service;
}
