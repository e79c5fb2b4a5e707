// The search of every vehicle's history through the real IPC handlers, the real audit log and the
// simulator: one text finds the entries of several cars, by the action in words, the car's name or
// its VIN, newest first and limited; a text nothing matches finds none; the edge refuses a text too long.
// A search reads a bounded number of entries: stopped there, it says how many and back to when.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_SEARCH_TEXT_MAX } from '../../electron/shared/types';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';
import { sendCommand } from '../support/send-command';

let h: CoreHarness;
let first: string;
let second: string;

beforeAll(async () => {
  h = await startCoreHarness();
  [first, second] = [h.simulator.vins[0]!, h.simulator.vins[1]!];
  for (const vin of [first, second]) h.simulator.setVehicleState(vin, { sleepState: 'awake' });
  expect(await h.garage.vehicles.rename(first, 'Loaner')).toMatchObject({ ok: true });
  expect(await h.garage.vehicles.rename(second, 'Courtesy van')).toMatchObject({ ok: true });
  expect(await sendCommand(h, first, 'set_charge_limit', { percent: 80 })).toMatchObject({ ok: true });
  expect(await sendCommand(h, second, 'set_charge_limit', { percent: 70 })).toMatchObject({ ok: true });
  expect(await sendCommand(h, second, 'set_speed_limit', { mph: 70 })).toMatchObject({ ok: true });
});
afterAll(() => h.close());

async function search(text: string, query?: { limit?: number }) {
  const result = await h.garage.audit.search(text, query);
  if (!result.ok) throw new Error(`search failed: ${result.error.message}`);
  // The whole log is read in these cases: small, it never reaches the bound.
  expect(result.value.stoppedEarly).toBeNull();
  return result.value.hits;
}

describe("search of all vehicles' history", () => {
  it('finds the entries of both cars by the action in words, newest first, each car named', async () => {
    const hits = await search('CHARGE limit');
    expect(hits.map((hit) => [hit.entry.vin, hit.entry.operation, hit.vehicle])).toEqual([
      [second, 'command:set_charge_limit', 'Courtesy van'],
      [first, 'command:set_charge_limit', 'Loaner'],
    ]);
    expect(hits[0]!.entry.time >= hits[1]!.entry.time).toBe(true);
  });

  it("finds a car's entries by its name and by its VIN, and keeps to the limit", async () => {
    const byName = await search('courtesy');
    expect(new Set(byName.map((hit) => hit.entry.vin))).toEqual(new Set([second]));
    expect(byName.map((hit) => hit.entry.operation)).toEqual(
      expect.arrayContaining(['command:set_speed_limit', 'command:set_charge_limit']),
    );
    expect(new Set((await search(first.toLowerCase())).map((hit) => hit.entry.vin))).toEqual(
      new Set([first]),
    );
    expect(await search('courtesy', { limit: 1 })).toHaveLength(1);
    expect((await search('succeeded')).length).toBeGreaterThanOrEqual(3);
  });

  it("keeps to the active profile: another profile's search finds none of these entries", async () => {
    const created = await h.garage.profiles.create({ name: 'Other bay', baseUrl: h.simulator.baseUrl });
    if (!created.ok) throw new Error(created.error.message);
    const before = await search('charge limit');
    expect(before.length).toBeGreaterThan(0);
    const activeBefore = before[0]!.entry.profileId;
    await h.garage.profiles.activate(created.value.id);
    expect(await search('charge limit')).toEqual([]);
    await h.garage.profiles.activate(activeBefore);
    expect(await search('charge limit')).toHaveLength(before.length);
  });

  it('finds nothing for a text no entry has', async () => {
    expect(await search('no such thing qzx')).toEqual([]);
  });

  it('refuses a text longer than the limit at the IPC edge', async () => {
    const refused = await h.garage.audit.search('c'.repeat(AUDIT_SEARCH_TEXT_MAX + 1));
    expect(refused).toMatchObject({ ok: false, error: { kind: 'invalid_input' } });
    if (refused.ok) throw new Error('expected a refusal');
    expect(refused.error.message).toContain(`at most ${AUDIT_SEARCH_TEXT_MAX} characters`);
    expect(await h.garage.audit.search('c'.repeat(AUDIT_SEARCH_TEXT_MAX))).toMatchObject({ ok: true });
  });
});

describe('a search bounded in the entries it reads', () => {
  let bounded: CoreHarness;
  afterAll(() => bounded?.close());

  it('stops after the bound, says how many entries it read and back to when, and finds only within them', async () => {
    bounded = await startCoreHarness({ auditSearchExamineMax: 2 });
    const [oldCar, newCar] = [bounded.simulator.vins[0]!, bounded.simulator.vins[1]!];
    for (const vin of [oldCar, newCar]) bounded.simulator.setVehicleState(vin, { sleepState: 'awake' });
    // Oldest first: a speed limit on one car, then two charge limits on the other.
    expect(await sendCommand(bounded, oldCar, 'set_speed_limit', { mph: 70 })).toMatchObject({ ok: true });
    expect(await sendCommand(bounded, newCar, 'set_charge_limit', { percent: 80 })).toMatchObject({
      ok: true,
    });
    expect(await sendCommand(bounded, newCar, 'set_charge_limit', { percent: 70 })).toMatchObject({
      ok: true,
    });
    const all = await bounded.garage.audit.list();
    if (!all.ok) throw new Error(all.error.message);
    expect(all.value.length).toBeGreaterThan(2);

    const beyond = await bounded.garage.audit.search('speed limit');
    if (!beyond.ok) throw new Error(beyond.error.message);
    // The speed limit is older than the two newest entries: not read, and the answer says so.
    expect(beyond.value.hits).toEqual([]);
    expect(beyond.value.stoppedEarly).toEqual({ examined: 2, oldest: all.value[1]!.time });

    const within = await bounded.garage.audit.search('charge limit');
    if (!within.ok) throw new Error(within.error.message);
    expect(within.value.hits.map((hit) => hit.entry.vin)).toEqual([newCar, newCar]);
  });
});
