// Where main's state changes, events are emitted: the services' books and stores are wrapped here
// (composition, in core) rather than each service taking the bus, so a service stays a plain module
// and the places that emit are listed in one file.
import { badgeOf } from '../../shared/jobs/job-badge';
import type { Job } from '../../shared/jobs/job-record';
import { isUnreachable } from '../../shared/reachability';
import type { AuditEntry, DataSource, VehicleEntry } from '../../shared/types';
import type { EventBus } from './event-bus';

/** How long changes to vehicles are gathered before their entries are built and sent. */
const VEHICLE_BATCH_MS = 30;

export interface VehicleChangeFeed {
  /** Something shown in the vehicle's entry may have changed; an event follows if it did. */
  note(profileId: string, vin: string): void;
  /** The vehicle left the garage. */
  removed(profileId: string, vin: string): void;
  /** Sends what is gathered now (tests, quitting). */
  flush(): Promise<void>;
}

export function createVehicleChangeFeed(deps: {
  bus: EventBus;
  /** The current entries of these VINs (those still in the garage). */
  entries(profileId: string, vins: ReadonlySet<string>): Promise<VehicleEntry[]>;
  onProblem?: (message: string, error: unknown) => void;
}): VehicleChangeFeed {
  const pending = new Map<string, Set<string>>();
  // What was last sent per vehicle: an unchanged entry sends nothing (a read that confirmed what
  // was known is no news, and the renderer must not be woken for it).
  const sent = new Map<string, string>();
  const key = (profileId: string, vin: string) => `${profileId}\u0000${vin}`;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let flushing: Promise<void> = Promise.resolve();

  async function send(batch: Map<string, Set<string>>): Promise<void> {
    for (const [profileId, vins] of batch) {
      let entries: VehicleEntry[];
      try {
        entries = await deps.entries(profileId, vins);
      } catch (error) {
        deps.onProblem?.('Could not build changed vehicle entries', error);
        continue;
      }
      for (const entry of entries) {
        const text = JSON.stringify(entry);
        if (sent.get(key(profileId, entry.vin)) === text) continue;
        sent.set(key(profileId, entry.vin), text);
        deps.bus.emit({ type: 'vehicle.changed', profileId, vin: entry.vin, entry });
      }
    }
  }

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    const batch = new Map(pending);
    pending.clear();
    flushing = flushing.then(() => send(batch));
    return flushing;
  }

  return {
    note(profileId, vin) {
      let vins = pending.get(profileId);
      if (!vins) pending.set(profileId, (vins = new Set()));
      vins.add(vin);
      timer ??= setTimeout(() => void flush(), VEHICLE_BATCH_MS);
    },
    removed(profileId, vin) {
      pending.get(profileId)?.delete(vin);
      sent.delete(key(profileId, vin));
      deps.bus.emit({ type: 'vehicle.changed', profileId, vin, entry: null });
    },
    flush,
  };
}

/**
 * Whether each profile's service answers, as main's reads see it: a live answer says yes, a saved
 * copy served because the service could not be reached says no. Only a change is sent.
 */
export function createConnectionFeed(bus: EventBus) {
  const online = new Map<string, boolean>();
  return {
    noteRead(profileId: string, source: DataSource, stale: unknown): void {
      let now: { online: boolean; message: string | null } | null = null;
      if (source === 'live') now = { online: true, message: null };
      else if (unreachableStale(stale)) now = { online: false, message: stale.message };
      if (!now || online.get(profileId) === now.online) return;
      online.set(profileId, now.online);
      bus.emit({ type: 'connection.changed', profileId, ...now });
    },
  };
}

function unreachableStale(stale: unknown): stale is { kind: string; message: string } {
  if (!stale || typeof stale !== 'object') return false;
  const { kind, message } = stale as { kind?: unknown; message?: unknown };
  return typeof kind === 'string' && isUnreachable(kind) && typeof message === 'string';
}

/** Calls `after` with a method's arguments once it has returned (or resolved), for each method named. */
export function afterEach<T extends object, K extends keyof T>(
  target: T,
  methods: readonly K[],
  after: (method: K, args: unknown[], result: unknown) => void,
): T {
  const wrapped: T = { ...target };
  for (const method of methods) {
    const original = target[method];
    if (typeof original !== 'function') continue;
    const call = (...args: unknown[]) => {
      const result: unknown = original.apply(target, args);
      if (result instanceof Promise) {
        return result.then((value: unknown) => {
          after(method, args, value);
          return value;
        });
      }
      after(method, args, result);
      return result;
    };
    Object.assign(wrapped, { [method]: call });
  }
  return wrapped;
}

export const auditAdded = (bus: EventBus) => (entry: AuditEntry) =>
  bus.emit({ type: 'audit.added', profileId: entry.profileId, vin: entry.vin, id: entry.id, entry });

/** Announces a job's change with the vehicle's open job as it is now (none, or the one still open). */
export function jobChanged(
  bus: EventBus,
  openFor: (profileId: string, vin: string) => Promise<Job | null>,
  onProblem?: (message: string, error: unknown) => void,
) {
  return async (job: Job): Promise<void> => {
    try {
      const open = job.status === 'open' ? job : await openFor(job.profileId, job.vin);
      bus.emit({
        type: 'job.changed',
        profileId: job.profileId,
        vin: job.vin,
        jobId: job.id,
        openJob: open ? badgeOf(open) : null,
      });
    } catch (error) {
      onProblem?.('Could not announce a job change', error);
    }
  };
}
