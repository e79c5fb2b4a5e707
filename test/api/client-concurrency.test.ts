// Busy guard, concurrency cap, invalid inputs (nothing sent) and close().
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { createVehicleApiClient } from '../../electron/main/api';
import { startSimulator, type Simulator } from '../../electron/main/simulator';
import type { CommandName } from '../../electron/shared/commands';
import { apiRequests, awakeVin, caught, clientFor, closeClients, resetSimulator } from './support';
import { passes, waitFor } from '../support/wait-for';

let sim: Simulator;
let vin: string;
let vin2: string;

beforeAll(async () => {
  sim = await startSimulator({ wakeDelayMs: 10, completionDelayMs: 2, flakiness: false });
  vin = awakeVin(sim);
  vin2 = awakeVin(sim, (v) => v.vin !== vin);
});
afterAll(async () => {
  await sim.stop();
});
beforeEach(() => resetSimulator(sim));
afterEach(closeClients);

describe('busy: the same operation to the same VIN is never sent twice at once', () => {
  it('refuses a double click on a command, allows it again afterwards', async () => {
    sim.setLatency(40);
    const { client } = clientFor(sim);
    const first = client.command(vin, 'set_charge_limit', { percent: 80 });
    const second = await caught(client.command(vin, 'set_charge_limit', { percent: 81 }));
    expect(second.kind).toBe('busy');
    expect(second.message).toContain(`set_charge_limit is already running for VIN ${vin}`);
    expect(await first).toEqual({ result: true });
    expect(apiRequests(sim)).toHaveLength(1);
    expect(apiRequests(sim)[0]!.query['percent']).toBe('80');
    expect(await client.command(vin, 'set_charge_limit', { percent: 82 })).toEqual({ result: true });
    expect(apiRequests(sim)).toHaveLength(2);
  });

  it('other commands, other VINs and other writes are not blocked', async () => {
    sim.setLatency(30);
    const { client } = clientFor(sim);
    const results = await Promise.all([
      client.command(vin, 'set_charge_limit', { percent: 80 }),
      client.command(vin, 'set_charging_amps', { amps: 16 }),
      client.command(vin2, 'set_charge_limit', { percent: 80 }),
      client.setPlate(vin, { plate: 'ONE' }),
      client.setDriveTag(vin, { drives: String(sim.vehicleState(vin).drives[0]!.id), tag: 'Work' }),
    ]);
    expect(results.every((r) => r.result)).toBe(true);
    expect(apiRequests(sim)).toHaveLength(5);
  });

  it('refuses a second plate write and a second tag write to the same VIN while the first runs', async () => {
    sim.setLatency(40);
    const { client } = clientFor(sim);
    const drive = String(sim.vehicleState(vin).drives[0]!.id);
    const plate = client.setPlate(vin, { plate: 'AAA' });
    const tag = client.setDriveTag(vin, { drives: drive, tag: 'Work' });
    expect((await caught(client.setPlate(vin, { plate: 'BBB' }))).kind).toBe('busy');
    expect((await caught(client.setDriveTag(vin, { drives: drive, tag: 'Home' }))).kind).toBe('busy');
    await Promise.all([plate, tag]);
    expect(apiRequests(sim)).toHaveLength(2);
    expect(sim.vehicleState(vin).plate).toBe('AAA');
  });

  it('releases the guard after a failure', async () => {
    sim.injectFault({ fault: 'status500', route: 'command', times: 1 });
    const { client } = clientFor(sim);
    expect((await caught(client.command(vin, 'enable_valet'))).kind).toBe('server_error');
    expect(await client.command(vin, 'enable_valet')).toEqual({ result: true });
  });
});

describe('concurrency cap', () => {
  it('never has more than maxConcurrent requests in flight; the rest queue FIFO', async () => {
    sim.setLatency(30);
    const { client } = clientFor(sim, { maxConcurrent: 3 });
    const samples: number[] = [];
    const timer = setInterval(() => samples.push(client.stats.inFlight), 5);
    const calls = Array.from({ length: 20 }, (_, i) =>
      i % 2 === 0 ? client.telemetryConfig(vin) : client.releaseNotes(vin2),
    );
    // Once the first three reach the service, the other seventeen wait their turn (latency 30 ms).
    await waitFor(
      passes(() => expect(sim.requests.length).toBeGreaterThanOrEqual(3)),
      'three requests at the service',
      { intervalMs: 1 },
    );
    expect(client.stats).toMatchObject({ inFlight: 3, queued: 17 });
    await Promise.all(calls);
    clearInterval(timer);
    expect(client.stats.maxObservedInFlight).toBe(3);
    expect(Math.max(...samples)).toBeLessThanOrEqual(3);
    expect(client.stats).toMatchObject({ inFlight: 0, queued: 0 });
    const reqs = apiRequests(sim);
    expect(reqs).toHaveLength(20);
    // FIFO: the server saw them in call order.
    expect(reqs.map((r) => r.route)).toEqual(
      Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? 'fleet_telemetry_config' : 'release_notes')),
    );
  });

  it('defaults to 6', async () => {
    sim.setLatency(20);
    const { client } = clientFor(sim);
    const commands: CommandName[] = [
      'enable_valet',
      'open_charge_port',
      'close_windows',
      'enable_low_power_mode',
    ];
    await Promise.all([
      ...Array.from({ length: 16 }, () => client.telemetryConfig(vin)),
      ...commands.map((c) => client.command(vin2, c)),
    ]);
    expect(client.stats.maxObservedInFlight).toBe(6);
  });
});

describe('close()', () => {
  it('refuses calls after close and fails queued ones', async () => {
    sim.setLatency(40);
    const { client } = clientFor(sim, { maxConcurrent: 1 });
    const running = client.telemetryConfig(vin);
    const queued = client.releaseNotes(vin);
    await waitFor(
      passes(() => expect(sim.requests).toHaveLength(1)),
      'one request at the service',
      { intervalMs: 1 },
    );
    expect(client.stats).toMatchObject({ inFlight: 1, queued: 1 });
    const closing = client.close();
    expect((await caught(queued)).kind).toBe('internal');
    await running; // in-flight work finishes
    await closing;
    expect((await caught(client.telemetryConfig(vin))).kind).toBe('internal');
    expect(apiRequests(sim)).toHaveLength(1);
  });

  it('rejects an unusable base URL up front', () => {
    const make = (baseUrl: string) => () => createVehicleApiClient({ baseUrl, getToken: async () => 't' });
    expect(make('http://api.example.com')).toThrow(/https/);
    expect(make('ftp://x')).toThrow();
    expect(make('https://api.example.com/prefix?x=1')).toThrow();
  });
});
