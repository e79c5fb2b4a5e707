// A close that wrote the charging costs to the service and then could not save the job is closed
// again: the service's sessions already carry those costs, so the second close writes none of them
// again. Each session's cost is sent once and audited once, and the job still says each was
// recorded. Through the core against the demo simulator over real HTTP; the save fails at the disk
// (the job's file is a folder for the first close), as a full or broken disk would make it fail.
// When the second close cannot read the sessions from the service and answers from the saved copy
// of before the first writes, it cannot tell whether the costs are there: it writes none and says so.
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOBS_FOLDER } from '../../electron/main/jobs/job-store';
import { DAY_S, SHOP_VISIT_DAYS_AGO } from '../../electron/main/simulator/history/timeline';
import { must, startJobCore, type JobCore } from '../support/job-core';

const today = Math.floor(Date.now() / 1000 / DAY_S) * DAY_S;
const shopDay = today - SHOP_VISIT_DAYS_AGO * DAY_S;
/** The job's clock: the shop day's early morning until the job is closed that evening. */
let clock = (shopDay + 5 * 3600) * 1000;

let core: JobCore;
beforeAll(async () => {
  core = await startJobCore({ now: () => new Date(clock) });
}, 60_000);
afterAll(async () => {
  await core?.close();
});

/** Closes the job once with its file in the way: the costs are written, the save fails. */
async function closeThatCannotSave(job: {
  id: string;
}): Promise<{ writes: number; putBack: () => Promise<void> }> {
  const { h } = core;
  const file = path.join(h.dataDir, JOBS_FOLDER, `${job.id}.json`);
  const kept = await readFile(file);
  await rm(file);
  await mkdir(path.join(file, 'in-the-way'), { recursive: true });
  h.simulator.clearRequests();
  await expect(h.core.jobs.service.close(job.id, { acknowledge: [] })).rejects.toThrow();
  expect((await h.core.jobs.service.get(job.id)).status).toBe('open');
  return {
    writes: h.simulator.requests.filter((r) => r.route === 'set_charge_cost').length,
    putBack: async () => {
      await rm(file, { recursive: true });
      await writeFile(`${file}.back`, kept);
      await rename(`${file}.back`, file);
    },
  };
}

describe('closing again after the job could not be saved', () => {
  it('writes each session’s cost to the service once, with one audit entry each', async () => {
    const { h, vin } = core;
    must(await h.garage.settings.setShopVisit({ lot: null, pricePerKwh: 0.4, recordCost: true }));
    const job = await h.core.jobs.service.open('demo', { vin, repairOrder: 'RO-7001' });
    clock = (shopDay + 22 * 3600) * 1000;

    // The job's file is a folder with something in it: the save's rename onto it fails.
    const first = await closeThatCannotSave(job);
    const firstWrites = first.writes;
    // The first close did write the costs: that is the case closing again must not repeat.
    expect(firstWrites).toBeGreaterThan(0);
    await first.putBack();
    const closed = await h.core.jobs.service.close(job.id, { acknowledge: [] });
    expect(closed.status).toBe('closed');

    const writes = h.simulator.requests.filter((r) => r.route === 'set_charge_cost');
    expect(writes).toHaveLength(firstWrites);
    const visit = closed.job.visit!;
    if (!visit.charges.known) throw new Error(visit.charges.reason);
    const priced = visit.charges.value.filter((charge) => charge.cost !== null);
    expect(priced).toHaveLength(firstWrites);
    for (const charge of priced) expect(charge.costRecorded).toBe('recorded');

    const audited = must(await h.garage.audit.list({ vin, limit: 100 })).filter(
      (entry) => entry.operation === 'setChargeCost',
    );
    expect(audited.map((entry) => entry.params['charge']).sort()).toEqual(
      priced.map((charge) => charge.id).sort(),
    );
    // The service's sessions carry the costs the record says.
    const sessions = must(
      await h.garage.vehicles.charges(vin, { from: shopDay, to: shopDay + DAY_S, refresh: true }),
    );
    for (const charge of priced)
      expect(sessions.results.find((session) => session.id === charge.id)?.cost).toBe(charge.cost);
  }, 60_000);

  it('writes no cost again when the sessions come from the saved copy, and says it is not known', async () => {
    const { h } = core;
    const other = h.simulator.vehicles().find((v) => v.vin !== core.vin)!.vin;
    clock = (shopDay + 5 * 3600) * 1000;
    // The car's sessions of the shop day as the saved copy keeps them: read before any cost is on them.
    must(await h.garage.vehicles.charges(other, { from: shopDay, to: shopDay + DAY_S, refresh: true }));
    const job = await h.core.jobs.service.open('demo', { vin: other, repairOrder: 'RO-7002' });
    clock = (shopDay + 22 * 3600) * 1000;
    const first = await closeThatCannotSave(job);
    expect(first.writes).toBeGreaterThan(0);
    await first.putBack();

    const clear = h.simulator.injectFault({ fault: 'status500', route: 'charges', vin: other });
    h.simulator.clearRequests();
    const closed = await h.core.jobs.service.close(job.id, { acknowledge: [] });
    clear();
    expect(closed.status).toBe('closed');
    expect(h.simulator.requests.filter((r) => r.route === 'set_charge_cost')).toHaveLength(0);
    const visit = closed.job.visit!;
    if (!visit.charges.known) throw new Error(visit.charges.reason);
    expect(visit.charges.source).toBe('cache');
    const priced = visit.charges.value.filter((charge) => charge.cost !== null);
    expect(priced.length).toBe(first.writes);
    for (const charge of priced) expect(charge.costRecorded).toBe('unconfirmed');
  }, 60_000);
});
