// What happened during a job's visit, said when it closes: the alerts and software from its two
// snapshots (shared/jobs/visit-facts.ts), and the charging sessions while the car was in custody,
// read from the service's stored history (never from the car), each with its cost at the shop's
// price per kWh. When the shop opts in, each cost is also written to the service's session (set
// cost, audited as every write is); a write that fails is said on that session, never retried here.
// A session the service already shows at that cost is not written again: a close that wrote the
// costs and then could not save the job, or a reopened job closed again, is closed once more with
// the costs on the service as they are, and writing them again would only add a second audit entry.
// Only the service's answer of now can tell that: when the sessions come from a saved copy (the
// read failed), a cost is not written, and the record says whether it is there is not known.
import type { Job, Snapshot, Visit, VisitCharge } from '../../shared/jobs/job-record';
import { alertsDuring, softwareDuring } from '../../shared/jobs/visit-facts';
import type { Charge } from '../../shared/history-wire';
import { sessionCost, type ShopVisitSettings } from '../../shared/shop-visit';
import type { ReadContext } from '../services/cached-reads';
import type { VehicleReads } from '../services/vehicle-reads';
import { unknownReason } from './job-snapshot';

/**
 * Writes a session's cost to the service; resolves true when it took it, false when it said no.
 * Throws when there was no answer.
 */
export type RecordChargeCost = (profileId: string, vin: string, id: number, cost: number) => Promise<boolean>;

/** Whether the service's cost is the one to record: both to the cent, as sessionCost gives it. */
const sameCost = (onService: number | null | undefined, cost: number) =>
  typeof onService === 'number' && Math.abs(onService - cost) < 0.005;

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const unix = (time: string) => Math.floor(Date.parse(time) / 1000);

/** A session as the record keeps it, its cost at the price (null without one). */
function chargeOf(session: Charge, pricePerKwh: number | null): Omit<VisitCharge, 'costRecorded'> {
  const energyUsed = session.energy_used ?? null;
  const energyAdded = session.energy_added ?? null;
  return {
    id: session.id,
    startedAt: iso(session.started_at),
    endedAt: typeof session.ended_at === 'number' ? iso(session.ended_at) : null,
    location: session.location ?? null,
    energyAddedKwh: energyAdded,
    energyUsedKwh: energyUsed,
    startingLevel: session.starting_battery ?? null,
    endingLevel: session.ending_battery ?? null,
    // What the charger gave is what the shop paid for; a session that says only what went in costs that.
    cost: sessionCost(energyUsed ?? energyAdded, pricePerKwh),
  };
}

export async function visitAtClose(options: {
  job: Pick<Job, 'profileId' | 'vin' | 'periods' | 'checkIn'>;
  checkOut: Snapshot;
  closedAt: string;
  reads: VehicleReads;
  ctx: ReadContext;
  settings: ShopVisitSettings;
  recordCost?: RecordChargeCost;
}): Promise<Visit> {
  const { job, checkOut, closedAt, settings } = options;
  const from = job.periods[0]!.openedAt;
  const [start, end] = [unix(from), unix(closedAt)];
  let charges: Visit['charges'];
  try {
    const read = await options.reads.charges(options.ctx, job.vin, { from: start, to: end, refresh: true });
    // Only sessions that overlap the custody: the service's window may be wider than asked.
    const during = read.value.results
      .filter((session) => session.started_at <= end && (session.ended_at ?? end) >= start)
      .sort((a, b) => a.started_at - b.started_at || a.id - b.id);
    const kept: VisitCharge[] = [];
    for (const session of during) {
      const charge = chargeOf(session, settings.pricePerKwh);
      kept.push({
        ...charge,
        costRecorded: await recorded(charge.id, charge.cost, session.cost, read.source === 'live'),
      });
    }
    charges = { known: true, value: kept, asOf: read.fetchedAt, source: read.source };
  } catch (error) {
    charges = { known: false, reason: unknownReason(error) };
  }

  async function recorded(
    id: number,
    cost: number | null,
    onService: number | null | undefined,
    live: boolean,
  ): Promise<VisitCharge['costRecorded']> {
    if (!settings.recordCost || cost === null || !options.recordCost) return 'not-asked';
    if (sameCost(onService, cost)) return 'recorded';
    if (!live) return 'unconfirmed';
    try {
      return (await options.recordCost(job.profileId, job.vin, id, cost)) ? 'recorded' : 'refused';
    } catch {
      return 'failed';
    }
  }

  return {
    from,
    to: closedAt,
    alerts: alertsDuring(job.checkIn, checkOut),
    software: softwareDuring(job.checkIn, checkOut),
    charges,
    pricePerKwh: settings.pricePerKwh,
    recordCost: settings.recordCost,
  };
}
