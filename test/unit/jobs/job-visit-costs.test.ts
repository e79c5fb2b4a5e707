// Closing a job records each charging session's cost on the service only when the shop opts in
// and has a price: the write's answer is said on the session (recorded, refused, failed), and
// sessions outside the custody are left out. The reads are a stand-in table read (the core test
// reads the simulator over HTTP); this checks the decisions around them.
import { describe, expect, it } from 'vitest';
import { visitAtClose, type RecordChargeCost } from '../../../electron/main/jobs/job-visit';
import type { VehicleReads } from '../../../electron/main/services/vehicle-reads';
import type { ReadContext } from '../../../electron/main/services/cached-reads';
import { jobFixture } from '../../support/job-fixture';

const job = jobFixture();
const start = Date.parse(job.periods[0]!.openedAt) / 1000;
const session = (id: number, at: number, used: number | null) => ({
  id,
  started_at: at,
  ended_at: at + 600,
  energy_used: used,
  energy_added: 5,
});
const reads = {
  charges: async () => ({
    value: {
      results: [session(3, start + 1200, 10.4), session(2, start - 7200, 9), session(1, start + 60, null)],
    },
    fetchedAt: job.periods[0]!.closedAt!,
    source: 'live',
  }),
} as unknown as VehicleReads;

async function close(
  settings: { pricePerKwh: number | null; recordCost: boolean },
  recordCost?: RecordChargeCost,
  history: VehicleReads = reads,
) {
  return visitAtClose({
    job,
    checkOut: job.checkOut!,
    closedAt: job.periods[0]!.closedAt!,
    reads: history,
    ctx: {} as ReadContext,
    settings: { lot: null, ...settings },
    ...(recordCost ? { recordCost } : {}),
  });
}

describe('the costs of the charging in custody', () => {
  it('writes nothing unless the shop opts in, and prices nothing without a price', async () => {
    const written: number[] = [];
    const port: RecordChargeCost = async (_p, _v, id) => (written.push(id), true);
    const notAsked = await close({ pricePerKwh: 0.35, recordCost: false }, port);
    if (!notAsked.charges.known) throw new Error('expected the sessions');
    // The session that ended before check-in is not the shop's; the rest in time order.
    expect(notAsked.charges.value.map((c) => [c.id, c.cost, c.costRecorded])).toEqual([
      [1, 1.75, 'not-asked'],
      [3, 3.64, 'not-asked'],
    ]);
    const unpriced = await close({ pricePerKwh: null, recordCost: true }, port);
    expect(unpriced.charges.known && unpriced.charges.value.map((c) => [c.cost, c.costRecorded])).toEqual([
      [null, 'not-asked'],
      [null, 'not-asked'],
    ]);
    expect(written).toEqual([]);
  });

  it('says on each session what the service answered to the write, or that it did not', async () => {
    const answers: Record<number, () => Promise<boolean>> = {
      1: async () => false,
      3: async () => Promise.reject(new Error('socket hang up')),
    };
    const sent: Array<[number, number]> = [];
    const visit = await close({ pricePerKwh: 0.35, recordCost: true }, (_p, _v, id, cost) => {
      sent.push([id, cost]);
      return answers[id]!();
    });
    expect(sent).toEqual([
      [1, 1.75],
      [3, 3.64],
    ]);
    expect(visit.charges.known && visit.charges.value.map((c) => c.costRecorded)).toEqual([
      'refused',
      'failed',
    ]);
    expect(visit).toMatchObject({ pricePerKwh: 0.35, recordCost: true });
  });

  it('writes no cost the service already shows for the session, and says it recorded', async () => {
    const shown = {
      charges: async () => ({
        value: {
          results: [
            { ...session(1, start + 60, null), cost: 0 },
            { ...session(3, start + 1200, 10.4), cost: 3.64 },
          ],
        },
        fetchedAt: job.periods[0]!.closedAt!,
        source: 'live',
      }),
    } as unknown as VehicleReads;
    const sent: number[] = [];
    const visit = await close(
      { pricePerKwh: 0.35, recordCost: true },
      async (_p, _v, id) => (sent.push(id), true),
      shown,
    );
    // Session 1 shows another cost (none set): written; session 3 already shows 3.64: left as it is.
    expect(sent).toEqual([1]);
    expect(visit.charges.known && visit.charges.value.map((c) => [c.id, c.costRecorded])).toEqual([
      [1, 'recorded'],
      [3, 'recorded'],
    ]);
  });

  it('records the sessions unknown, and why, when the history cannot be read', async () => {
    const failing = { charges: async () => Promise.reject(new Error('boom')) } as unknown as VehicleReads;
    const visit = await close({ pricePerKwh: 0.35, recordCost: true }, undefined, failing);
    expect(visit.charges).toEqual({ known: false, reason: 'not read: the read failed unexpectedly' });
  });
});
