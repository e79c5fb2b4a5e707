// Service mode and a tyre reported low reach the garage list's glance through the real IPC handlers
// against the simulator, each dated by the reading itself; a battery level comes with them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';

let h: CoreHarness;

beforeAll(async () => {
  h = await startCoreHarness();
});
afterAll(() => h.close());

async function glanceOf(vin: string) {
  const list = await h.garage.vehicles.list();
  if (!list.ok) throw new Error(list.error.message);
  return list.value.find((v) => v.vin === vin)!.glance;
}

describe('glance marks', () => {
  it('notes service mode and the battery from the state read', async () => {
    const vin = h.simulator.vins[0]!;
    h.simulator.setVehicleState(vin, { sleepState: 'awake', inService: true, batteryLevel: 19 });
    const state = await h.garage.vehicles.state(vin, { refresh: true });
    expect(state).toMatchObject({ ok: true, value: { in_service: true } });
    const glance = await glanceOf(vin);
    expect(glance.inService).toMatchObject({ value: true, source: 'state' });
    expect(glance.batteryLevel?.value).toBe(19);

    h.simulator.setVehicleState(vin, { inService: false });
    await h.garage.vehicles.state(vin, { refresh: true });
    expect((await glanceOf(vin)).inService?.value).toBe(false);
  });

  it('notes a tyre reported low, as of the measurement, from the tyre reading', async () => {
    const vin = h.simulator.vins[1]!;
    const measuredAt = Math.floor(Date.now() / 1000) - 3 * 86_400;
    h.simulator.setVehicleState(vin, {
      tyres: { frontLeft: 2.9, frontRight: 2.9, rearLeft: 2.1, rearRight: 2.9, measuredAt },
    });
    expect((await glanceOf(vin)).tyresLow).toBeNull();
    const tyres = await h.garage.vehicles.tirePressure(vin, { refresh: true });
    expect(tyres).toMatchObject({ ok: true, value: { rear_left_status: 'low' } });
    const glance = await glanceOf(vin);
    expect(glance.tyresLow).toMatchObject({ value: true, source: 'tyres' });
    // The reading's own time, not the time the app asked.
    expect(glance.tyresLow?.asOf).toBe(new Date(measuredAt * 1000).toISOString());

    const now = Math.floor(Date.now() / 1000);
    h.simulator.setVehicleState(vin, {
      tyres: { frontLeft: 2.9, frontRight: 2.9, rearLeft: 2.9, rearRight: 2.9, measuredAt: now },
    });
    await h.garage.vehicles.tirePressure(vin, { refresh: true });
    expect((await glanceOf(vin)).tyresLow?.value).toBe(false);
  });
});
