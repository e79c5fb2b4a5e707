// Jobs in shop mode: the shop's database holds each job's whole record (the `details` column) and
// decides what two machines could race for (one open job per vehicle: the unique index; a change:
// under the row's lock). The data folder keeps a copy of every job (the solo store's files), so the
// jobs list, the record and its export work with the database away; other machines' changes reach
// the copy through the shop's LISTEN/NOTIFY path (refresh) and each reconnect (resync).
//
// Offline rule, chosen for jobs: a change is REFUSED while the shop database is unreachable, and
// the technician is told so; nothing is queued. An open cannot be decided without the database (two
// technicians could both open one on the same car), and a close, note or reopen that waited in a
// queue could land on a job another machine has changed meanwhile. A change the database accepted
// is then written to the local copy; a failure there is healed by the next refresh or resync.
//
// Two exceptions, the facts that cannot conflict with another machine's change (pending-facts.ts):
// an effect read back from the car after an action (a reading that cannot be taken again) and a
// note (only ever added). With the database away they are kept on disk and in the local copy, and
// written into the shop's job on the next resync by a connection of the role that wrote them
// (pending-facts.ts says why).
//
// Which job is open on a car is answered from an index kept in main while it is known to be current
// (open-job-index.ts): the read-back after every audited command asks it, and a database query each
// time was most of what a shop command cost beyond solo mode. The index follows what this store
// reads and writes: each resync fills it, each job heard again and each write of this app's keeps
// it; the session says when it goes stale (stale()), and until the next resync the database is asked.
import { isUnreachable } from '../../shared/reachability';
import { AppError } from '../../shared/result';
import { storedJobSchema, type Job } from '../../shared/jobs/job-record';
import type { JobColumns, JobDetailsRow, SaveJobResult, ShopJobRecords } from '../shop';
import { withFact, type FileJobStore, type JobStore } from './job-store';
import { withOpenerRole, withWriterRole } from './job-roles';
import { createOpenJobIndex } from './open-job-index';
import { applyPending, writtenBy, type PendingChange, type PendingFacts } from './pending-facts';
import { tm } from '../i18n/main-words';

/**
 * A profile's shop: null when it works solo; `records` null while the database is unreachable.
 * `writer` is the role the profile writes as now, known with the database away too (null: nobody
 * writes, or another profile is connected); `formerWriter` the profile's configured database user,
 * whose the facts kept before each named its writer are.
 */
export type ShopJobsOf = (profileId: string) => Promise<{
  records: ShopJobRecords | null;
  why: string;
  writer?: string | null;
  formerWriter?: string | null;
} | null>;

export interface ShopModeJobStore extends JobStore {
  /** One job changed in the shop (notified): the local copy follows; the job, or null if unchanged. */
  refresh(profileId: string, id: string): Promise<Job | null>;
  /** After a (re)connect: every job of the shop into the local copy; those that changed. */
  resync(profileId: string): Promise<Job[]>;
  /**
   * Changes to the profile's jobs may have been missed (the session went offline, a resync is
   * ahead, the session stopped): which job is open is asked of the database until the next resync.
   */
  stale(profileId: string): void;
}

function columnsOf(job: Job): JobColumns {
  const last = job.periods[job.periods.length - 1]!;
  return {
    id: job.id,
    vin: job.vin,
    repairOrder: job.repairOrder,
    complaint: job.complaint,
    technician: job.technician,
    openedAt: job.periods[0]!.openedAt,
    closedAt: job.status === 'closed' ? last.closedAt : null,
    status: job.status,
    checkIn: job.checkIn,
    checkOut: job.checkOut,
    notes: job.notes,
  };
}

const unreachable = (why: string) => new AppError('network', tm('errors.jobsShopAway', { why }));

const busy = (open: { repairOrder: string; technician: string } | null) =>
  new AppError(
    'busy',
    open
      ? tm('errors.jobOpenBy', { repairOrder: open.repairOrder, technician: open.technician })
      : tm('errors.jobOpenOther'),
  );

/** The database did not answer (as opposed to refusing): what an effect waits out on disk. */
const isAway = (error: unknown) => error instanceof AppError && isUnreachable(error.kind);

export function createShopModeJobStore(options: {
  local: FileJobStore;
  shopOf: ShopJobsOf;
  pending: PendingFacts;
  onProblem?: (message: string, error: unknown) => void;
}): ShopModeJobStore {
  const { local, shopOf, pending } = options;
  const onProblem = options.onProblem ?? (() => {});
  const index = createOpenJobIndex();

  /**
   * The shop's record as this machine's job: the profile is this machine's own id for the shop, and
   * the opening is the row's maker's, as the server stamped it.
   */
  function jobOf(row: JobDetailsRow, profileId: string): Job | null {
    const parsed = storedJobSchema.safeParse(row.details);
    return parsed.success ? withOpenerRole({ ...parsed.data, profileId }, row.dbRole) : null;
  }

  /** A change to a job the shop holds, under its row lock: what it adds is this session's role's. */
  const changeOf =
    (records: ShopJobRecords, profileId: string, change: (job: Job) => Job) => (details: unknown) => {
      const parsed = storedJobSchema.safeParse(details);
      if (!parsed.success) throw new AppError('internal', tm('errors.shopJobUnreadable'));
      const before = { ...parsed.data, profileId };
      const next = withWriterRole(change(before), before, records.role);
      return { columns: columnsOf(next), details: next };
    };

  async function online(profileId: string): Promise<ShopJobRecords | null> {
    const shop = await shopOf(profileId);
    if (!shop) return null;
    if (!shop.records) throw unreachable(shop.why);
    return shop.records;
  }

  async function keep(shopJob: Job): Promise<Job | null> {
    // A fact still waiting for the shop stays in the copy until the shop has it.
    const job = applyPending(shopJob, await pending.of(shopJob.id));
    const before = await local.get(job.id);
    if (before && JSON.stringify(before) === JSON.stringify(job)) return null;
    await local.put(job);
    return job;
  }

  const saved = (result: SaveJobResult, profileId: string): Job => {
    if (!result.ok) throw busy(result.openJob);
    const job = jobOf(result.row, profileId);
    if (!job) throw new AppError('internal', tm('errors.shopJobUnreadable'));
    return job;
  };

  /**
   * Facts kept while the database was away, into the shop's jobs (each job under its row lock):
   * only those this connection's role wrote; the others wait for their own writer.
   */
  async function sendPending(
    records: ShopJobRecords,
    profileId: string,
    formerWriter: string | null,
  ): Promise<void> {
    const sent: PendingChange[] = [];
    const mine = (await pending.all()).filter((change) =>
      writtenBy(change, profileId, records.role, formerWriter),
    );
    for (const change of mine) {
      try {
        await records.update(
          change.jobId,
          changeOf(records, profileId, (job) => withFact(job, change)),
        );
        // Sent, or the shop has no such job (it was never uploaded): either way nothing is left to send.
        sent.push(change);
      } catch (error) {
        if (isAway(error)) break;
        onProblem(`Could not give the shop a change kept for job ${change.jobId}`, error);
      }
    }
    await pending.remove(sent);
  }

  const store: ShopModeJobStore = {
    async create(job) {
      const epoch = index.epoch(job.profileId);
      const records = await online(job.profileId);
      if (!records) return local.create(job);
      const written = withWriterRole(job, null, records.role);
      const result = await records.insert(columnsOf(written), written);
      const stored = saved(result, job.profileId);
      await local.put(stored);
      if (result.ok) index.follow(job.profileId, epoch, result.row);
      return stored;
    },
    get: (id) => local.get(id),
    async openFor(profileId, vin) {
      const epoch = index.epoch(profileId);
      const shop = await shopOf(profileId);
      if (!shop?.records) return local.openFor(profileId, vin);
      // The index's word while it is current: the copy of the job it names is kept with it.
      const known = index.openOn(profileId, vin);
      if (known === null) return null;
      if (known !== undefined) {
        const copy = await local.get(known);
        if (copy?.status === 'open' && copy.vin === vin) return copy;
      }
      // The database's word when it answers; a copy left open by a close elsewhere is put right.
      const row = await shop.records.openFor(vin);
      if (row) index.follow(profileId, epoch, row);
      const open = row ? jobOf(row, profileId) : null;
      const stale = await local.openFor(profileId, vin);
      if (stale && stale.id !== open?.id) {
        const current = await shop.records.get(stale.id);
        const fresh = current ? jobOf(current, profileId) : null;
        if (fresh) await local.put(fresh);
      }
      if (open) await keep(open);
      return open;
    },
    list: (query) => local.list(query),
    async update(id, change) {
      const current = await local.get(id);
      if (!current) return null;
      const records = await online(current.profileId);
      if (!records) return local.update(id, change);
      const profileId = current.profileId;
      const epoch = index.epoch(profileId);
      let result = await records.update(id, changeOf(records, profileId, change));
      // A job kept only here (opened before this profile joined the shop): it joins the shop now,
      // what this change adds written by this session's role.
      if (result === null) {
        const next = withWriterRole(change(current), current, records.role);
        result = await records.insert(columnsOf(next), next);
      }
      const stored = saved(result, profileId);
      await local.put(stored);
      if (result.ok) index.follow(profileId, epoch, result.row);
      return stored;
    },
    async addFact(id, make) {
      const current = await local.get(id);
      if (!current) return null;
      try {
        return await store.update(id, (job) => withFact(job, make(job)));
      } catch (error) {
        if (!isAway(error)) throw error;
      }
      // The database is away: on disk first, then into the copy; the next resync of its writer takes
      // it to the shop.
      const fact = make(current);
      const writer = (await shopOf(current.profileId))?.writer ?? null;
      await pending.add({
        ...fact,
        jobId: id,
        profileId: current.profileId,
        ...(writer !== null ? { role: writer } : {}),
      });
      const kept = withFact(current, fact);
      await local.put(kept);
      return kept;
    },
    async refresh(profileId, id) {
      const epoch = index.epoch(profileId);
      try {
        const shop = await shopOf(profileId);
        const row = shop?.records ? await shop.records.get(id) : null;
        const job = row ? jobOf(row, profileId) : null;
        const kept = job ? await keep(job) : null;
        // Kept in the copy first: the index names a job whose copy is the shop's.
        if (row) index.follow(profileId, epoch, row);
        return kept;
      } catch (error) {
        // A change heard and not followed: the index cannot say it is current any more.
        index.stale(profileId);
        throw error;
      }
    },
    async resync(profileId) {
      // Taken before the session is asked: a stale() after it ends this epoch, and the fill is dropped.
      const epoch = index.epoch(profileId);
      const shop = await shopOf(profileId);
      if (!shop?.records) return [];
      await sendPending(shop.records, profileId, shop.formerWriter ?? null);
      const changed: Job[] = [];
      const rows = await shop.records.list();
      for (const row of rows) {
        const job = jobOf(row, profileId);
        const kept = job ? await keep(job) : null;
        if (kept) changed.push(kept);
      }
      index.fill(profileId, epoch, rows);
      return changed;
    },
    stale: (profileId) => index.stale(profileId),
  };
  return store;
}
