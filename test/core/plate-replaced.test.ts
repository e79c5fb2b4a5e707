// The plate as the service holds it, through the real IPC handlers against the simulator: read after
// a vehicle is removed and added back, and named as "previous" when a new plate replaces it, both in
// the answer and in the audit entry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';

let h: CoreHarness;

beforeAll(async () => {
  h = await startCoreHarness();
});
afterAll(() => h.close());

describe('plate replaced', () => {
  it('reads the service plate of a vehicle added back to the garage', async () => {
    const vin = h.simulator.vins[2]!;
    h.simulator.setVehicleState(vin, { plate: 'SVC 1' });
    expect(await h.garage.vehicles.remove(vin)).toMatchObject({ ok: true });
    expect(await h.garage.vehicles.add({ vin })).toMatchObject({ ok: true });
    expect(await h.garage.vehicles.plate(vin, { refresh: true })).toMatchObject({
      ok: true,
      source: 'live',
      value: { result: 'SVC 1' },
    });
    // The garage remembers what the service confirmed.
    const list = await h.garage.vehicles.list();
    expect(list.ok && list.value.find((v) => v.vin === vin)?.plate).toBe('SVC 1');
  });

  it('says which plate a new one replaced and keeps it in the audit entry', async () => {
    const vin = h.simulator.vins[3]!;
    h.simulator.setVehicleState(vin, { plate: 'OLD 9' });
    h.simulator.clearRequests();
    const set = await h.garage.vehicles.setPlate(vin, { plate: 'NEW 1' });
    expect(set).toEqual({ ok: true, value: { result: true, previousPlate: 'OLD 9' } });
    // The read of the plate being replaced comes first; the write is sent once.
    expect(h.simulator.requests.map((r) => [r.method, r.route])).toEqual([
      ['GET', 'plate_read'],
      ['POST', 'plate'],
    ]);
    expect(h.simulator.vehicleState(vin).plate).toBe('NEW 1');
    const audit = await h.garage.audit.list({ vin, limit: 1 });
    expect(audit).toMatchObject({
      ok: true,
      value: [
        { operation: 'setPlate', outcome: 'success', params: { plate: 'NEW 1', previousPlate: 'OLD 9' } },
      ],
    });

    const cleared = await h.garage.vehicles.setPlate(vin, { plate: null });
    expect(cleared).toEqual({ ok: true, value: { result: true, previousPlate: 'NEW 1' } });
  });

  it('leaves the previous plate unknown when it could not be read, and still sends the write once', async () => {
    const vin = h.simulator.vins[4]!;
    const remove = h.simulator.injectFault({ fault: 'status404', route: 'plate_read', vin });
    h.simulator.clearRequests();
    const set = await h.garage.vehicles.setPlate(vin, { plate: 'UNK 2' });
    remove();
    expect(set).toEqual({ ok: true, value: { result: true } });
    expect(h.simulator.requests.filter((r) => r.route === 'plate')).toHaveLength(1);
    const audit = await h.garage.audit.list({ vin, limit: 1 });
    expect(audit.ok && audit.value[0]!.params).toEqual({ plate: 'UNK 2' });
  });
});
