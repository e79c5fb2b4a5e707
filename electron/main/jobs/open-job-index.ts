// Which job is open on each car of a shop profile, kept in main so that the read-back after every
// audited command (and the job badge after every job change) need not ask the database. It is only
// answered from while it is known to be current; otherwise the caller asks the database, as it
// would without it.
//
// Current means: filled from one read of every job of the shop (the resync the session runs each
// time it comes online and after the listener's own resync, so the read starts after the LISTEN
// that carries every later change), and nothing since said that changes may have been missed: the
// session going offline (its listener lost), a resync ahead, the session stopped. Each of those
// makes it stale at once and begins a new epoch; whatever was read before it (a fill, a job read
// again, this app's own write) is then dropped, since it may predate a database restored to an
// earlier point, where change numbers go back.
//
// Within an epoch, a job's row is taken only when it is newer (change_seq) than the version known:
// the reads of one job heard twice, or a fill and a job read again, may finish in any order. A car
// that two jobs are said to be open on (an older read of one, a newer of the other) is not known:
// the database is asked.
//
// What it cannot know is a change made in the database and not yet heard (the notification comes
// some 100-250 ms after the commit): that window, and why it is harmless, is the job service's
// (job-service.ts, the late read-back).

/** A job's row as the index needs it: which car, whether open, and its version. */
export interface IndexedJobRow {
  id: string;
  vin: string;
  status: 'open' | 'closed';
  seq: number;
}

export interface OpenJobIndex {
  /** The profile's epoch now: given back with what is read from here on. */
  epoch(profileId: string): number;
  /** The open job's id on the car; null when none is; undefined when not known (ask the database). */
  openOn(profileId: string, vin: string): string | null | undefined;
  /** A job's row read or written in `epoch`: kept unless a newer version is known or the epoch ended. */
  follow(profileId: string, epoch: number, row: IndexedJobRow): void;
  /** Every job of the shop, read in `epoch`: the index is current from now on, if the epoch still runs. */
  fill(profileId: string, epoch: number, rows: readonly IndexedJobRow[]): void;
  /** Changes may have been missed: not answered from until filled again. */
  stale(profileId: string): void;
}

interface ProfileIndex {
  epoch: number;
  current: boolean;
  jobs: Map<string, IndexedJobRow>;
  /** The open jobs' ids by car. */
  open: Map<string, Set<string>>;
}

export function createOpenJobIndex(): OpenJobIndex {
  const profiles = new Map<string, ProfileIndex>();
  const of = (profileId: string): ProfileIndex => {
    let index = profiles.get(profileId);
    if (!index)
      profiles.set(profileId, (index = { epoch: 0, current: false, jobs: new Map(), open: new Map() }));
    return index;
  };

  function take(index: ProfileIndex, row: IndexedJobRow): void {
    const known = index.jobs.get(row.id);
    if (known && known.seq >= row.seq) return;
    if (known) {
      const ids = index.open.get(known.vin);
      ids?.delete(known.id);
      if (ids?.size === 0) index.open.delete(known.vin);
    }
    index.jobs.set(row.id, { id: row.id, vin: row.vin, status: row.status, seq: row.seq });
    if (row.status !== 'open') return;
    let ids = index.open.get(row.vin);
    if (!ids) index.open.set(row.vin, (ids = new Set()));
    ids.add(row.id);
  }

  return {
    epoch: (profileId) => of(profileId).epoch,
    openOn(profileId, vin) {
      const index = profiles.get(profileId);
      if (!index?.current) return undefined;
      const ids = index.open.get(vin);
      if (!ids || ids.size === 0) return null;
      return ids.size === 1 ? ids.values().next().value! : undefined;
    },
    follow(profileId, epoch, row) {
      const index = of(profileId);
      if (index.epoch === epoch) take(index, row);
    },
    fill(profileId, epoch, rows) {
      const index = of(profileId);
      if (index.epoch !== epoch) return;
      for (const row of rows) take(index, row);
      index.current = true;
    },
    stale(profileId) {
      const index = of(profileId);
      index.epoch += 1;
      index.current = false;
      index.jobs.clear();
      index.open.clear();
    },
  };
}
