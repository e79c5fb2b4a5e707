// The account's reads the fleet view shows, through window.garage against the demo simulator: every
// car's battery health and the garage's fleet status, each live then from a fresh copy, offline
// from the copy with its age and why; and a bulk run skips, in main, a car the kept status says
// cannot take a command, whatever the window planned.
import { afterEach, describe, expect, it } from 'vitest';
import { readinessOf } from '../../electron/shared/fleet-readiness';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';

const harnesses: CoreHarness[] = [];
afterEach(async () => {
  for (const h of harnesses.splice(0)) await h.close();
});

async function garage(): Promise<CoreHarness> {
  const h = await startCoreHarness({ demo: { vehicles: 20, flakiness: false } });
  harnesses.push(h);
  return h;
}

describe('fleet reads', () => {
  it('the fleet status names every garage car, then answers from its copy, and offline from it with why', async () => {
    const h = await garage();
    const live = await h.garage.fleet.status();
    if (!live.ok) throw new Error(live.error.message);
    expect(live.source).toBe('live');
    const { key_paired_vins: paired, unpaired_vins: unpaired } = live.value.response;
    expect([...paired, ...unpaired].sort()).toEqual([...h.simulator.vins].sort());
    const sent = h.simulator.requests.filter((r) => r.route === 'fleet_status');
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]!.body).vins).toEqual(h.simulator.vins);

    const again = await h.garage.fleet.status();
    expect(again).toMatchObject({ ok: true, source: 'cache', fetchedAt: live.fetchedAt });
    expect(h.simulator.requests.filter((r) => r.route === 'fleet_status')).toHaveLength(1);

    h.simulator.injectFault({ fault: 'status500', route: 'fleet_status', times: 10 });
    const offline = await h.garage.fleet.status({ refresh: true });
    expect(offline).toMatchObject({
      ok: true,
      source: 'cache',
      fetchedAt: live.fetchedAt,
      stale: { kind: 'server_error' },
    });
    if (offline.ok) expect(offline.value).toEqual(live.value);
  });

  it('every car’s battery health is read once a day, then from its copy', async () => {
    const h = await garage();
    const live = await h.garage.fleet.batteryHealth();
    if (!live.ok) throw new Error(live.error.message);
    expect(live.source).toBe('live');
    expect(live.value.results.length).toBeGreaterThan(0);
    expect(live.value.results.every((row) => h.simulator.vins.includes(row.vin))).toBe(true);
    const again = await h.garage.fleet.batteryHealth();
    expect(again).toMatchObject({ ok: true, source: 'cache' });
    expect(h.simulator.requests.filter((r) => r.route === 'fleet_battery_health')).toHaveLength(1);
    // Asked again on the technician's refresh.
    expect(await h.garage.fleet.batteryHealth({ refresh: true })).toMatchObject({ ok: true, source: 'live' });
  });

  it('a bulk command skips a car whose key is not paired while it requires signed commands, with why', async () => {
    const h = await garage();
    const status = await h.garage.fleet.status();
    if (!status.ok) throw new Error(status.error.message);
    const awake = h.simulator.vins.filter((vin) => h.simulator.vehicleState(vin).sleepState === 'awake');
    const level = (vin: string) => readinessOf(status.value, vin).issues.some((issue) => issue.blocks);
    const blocked = awake.filter(level);
    const ready = awake.filter((vin) => !level(vin));
    expect(blocked.length).toBeGreaterThan(0);
    expect(ready.length).toBeGreaterThan(0);
    const vins = [blocked[0]!, ready[0]!];
    // The window planned both as ready: main skips the blocked car anyway.
    const run = await h.garage.runs.startBulkCommand({
      command: { name: 'set_charge_limit', options: { percent: 80 } },
      items: vins.map((vin) => ({ vin })),
    });
    if (!run.ok) throw new Error(run.error.message);
    const end = await h.core.runs.whenDone(run.value.id);
    expect(end.items.find((item) => item.vin === blocked[0])).toMatchObject({
      status: 'skipped',
      skipReason: 'key not paired',
      message:
        'Key not paired: the car requires signed commands, so no command can work. Pair the partner key in the car.',
    });
    expect(end.items.find((item) => item.vin === ready[0])?.status).toBe('succeeded');
    expect(h.simulator.requests.filter((r) => r.route === 'command').map((r) => r.vin)).toEqual([ready[0]]);
  });
});
