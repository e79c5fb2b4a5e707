// A low tyre shows in the garage list without opening the car: "Refresh garage" with alerts reads
// each car's tyres too (a read that never wakes it), so a sleeping car's low tyre is marked.
import { afterEach, describe, expect, it } from 'vitest';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';

const harnesses: CoreHarness[] = [];
afterEach(async () => {
  for (const h of harnesses.splice(0)) await h.close();
});

describe('Refresh garage with alerts', () => {
  it("marks a sleeping car's low tyre in the list, and does not wake it", async () => {
    const h = await startCoreHarness({ demo: { vehicles: 6, flakiness: false } });
    harnesses.push(h);
    const car = h.simulator.vehicles().find((v) => v.sleepState !== 'offline')!;
    h.simulator.setVehicleState(car.vin, {
      sleepState: 'asleep',
      tyres: { ...car.tyres, rearLeft: 2.1, measuredAt: Math.floor(Date.now() / 1000) - 600 },
    });
    const started = await h.garage.runs.startGarageRefresh({ alertsAndCertificates: true });
    if (!started.ok) throw new Error(started.error.message);
    const end = await h.core.runs.whenDone(started.value.id);
    expect(end.items.find((item) => item.vin === car.vin)?.status).toBe('succeeded');
    const listed = await h.garage.vehicles.list();
    if (!listed.ok) throw new Error(listed.error.message);
    const glance = listed.value.find((v) => v.vin === car.vin)!.glance;
    expect(glance.tyresLow).toMatchObject({ value: true, source: 'tyres' });
    expect(glance.sleep?.value).toBe('asleep');
    expect(h.simulator.vehicleState(car.vin).sleepState).toBe('asleep');
    expect(h.simulator.requests.filter((r) => r.vin === car.vin && r.method === 'POST')).toEqual([]);
  });
});
