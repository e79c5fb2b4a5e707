// What the window is told of vehicles, the connection, audit entries and jobs, built from main's
// facts by the reactions (reactions/): a vehicle's entry after anything it shows changed (batched,
// only when it did), whether the service answers, a new entry, a job's badge.
import { badgeOf } from '../../shared/jobs/job-badge';
import type { Job } from '../../shared/jobs/job-record';
import { evidenceOfRead, type ReachabilityEvidence } from '../../shared/reachability';
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

/** Whether each profile's service answers, from every outcome main sees (see shared/reachability.ts). */
export interface ConnectionFeed {
  /** What one outcome proved: an answer says reachable, no answer unreachable (with why), null nothing. */
  note(profileId: string, evidence: ReachabilityEvidence, message: string | null): void;
  /** A read's envelope: live answered; a saved copy served because the service was out of reach did not. */
  noteRead(profileId: string, source: DataSource, stale: unknown): void;
}

/**
 * Whether each profile's service answers, as main's reads, writes, commands and tests see it: an
 * answer (even a refusal) says yes, a failure to reach it says no. Only a change is sent, both ways.
 */
export function createConnectionFeed(bus: EventBus): ConnectionFeed {
  const online = new Map<string, boolean>();
  const note: ConnectionFeed['note'] = (profileId, evidence, message) => {
    if (evidence === null) return;
    const now = evidence === 'answered' ? { online: true, message: null } : { online: false, message };
    if (online.get(profileId) === now.online) return;
    online.set(profileId, now.online);
    bus.emit({ type: 'connection.changed', profileId, ...now });
  };
  return {
    note,
    noteRead(profileId, source, stale) {
      const why = staleFailure(stale);
      note(profileId, evidenceOfRead(source, why), why?.message ?? null);
    },
  };
}

function staleFailure(stale: unknown): { kind: string; message: string } | null {
  if (!stale || typeof stale !== 'object') return null;
  const { kind, message } = stale as { kind?: unknown; message?: unknown };
  return typeof kind === 'string' && typeof message === 'string' ? { kind, message } : null;
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
