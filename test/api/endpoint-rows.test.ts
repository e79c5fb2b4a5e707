// The endpoint rows are the client: one method per row and no other, typed by the row, and every
// message about a call names what it was doing in the row's own words (its catalog key, said in
// main's language).
import { afterAll, afterEach, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import type { VehicleApiClient } from '../../electron/main/api';
import { ENDPOINTS } from '../../electron/main/api/endpoints';
import { tm } from '../../electron/main/i18n/main-words';
import { startSimulator, type Simulator } from '../../electron/main/simulator';
import { awakeVin, caught, clientFor, closeClients } from './support';

let sim: Simulator;

beforeAll(async () => {
  sim = await startSimulator({ flakiness: false });
});
afterAll(async () => {
  await sim.stop();
});
afterEach(closeClients);

/** What the client holds besides its rows. */
const CONTROLS = ['fetchImage', 'canFetchImage', 'stats', 'pacing', 'onPacerHold', 'close', 'destroy'];

describe('the endpoint rows', () => {
  it('each says what it does, and the client has a method for each row and nothing else', () => {
    for (const [name, row] of Object.entries(ENDPOINTS)) {
      expect(tm(row.label), name).toMatch(/^[a-z]/);
    }
    const { client } = clientFor(sim);
    expect(Object.keys(client).sort()).toEqual([...Object.keys(ENDPOINTS), ...CONTROLS].sort());
  });

  it('types the client from the rows (checked by tsc)', () => {
    expectTypeOf<VehicleApiClient['firmwareAlerts']>().parameters.toEqualTypeOf<[vin: string]>();
    expectTypeOf<VehicleApiClient['tirePressure']>().parameters.toEqualTypeOf<
      [vin: string, options?: { from?: number; to?: number; pressureFormat?: 'bar' | 'kpa' | 'psi' }]
    >();
    expectTypeOf<VehicleApiClient['state']>().parameters.toEqualTypeOf<[vin: string, useCache?: boolean]>();
    // @ts-expect-error: no method without a row.
    expectTypeOf<VehicleApiClient['teleport']>().toBeFunction();
  });

  it("names the call in its row's words when the service fails it", async () => {
    const vin = awakeVin(sim);
    const { client } = clientFor(sim);
    sim.injectFault({ fault: 'malformed_json', route: 'tire_pressure', times: 1 });
    const error = await caught(client.tirePressure(vin));
    expect(error.message).toBe(
      `The service answered ${tm(ENDPOINTS.tirePressure.label)} with something that is not JSON.`,
    );
    expect(tm(ENDPOINTS.tirePressure.label)).toBe('reading the tyre pressures');
  });
});
