// Each simulator fault, for every operation, through the real IPC handlers: the specific error
// kind; reads with a cached copy answer from cache marked stale; no command or write is sent twice.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FaultKind } from '../../electron/main/simulator';
import type { ErrorKind } from '../../electron/shared/result';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';
import { sendCommand } from '../support/send-command';

const FAULTS: [FaultKind, ErrorKind, { retried: boolean; fallsBack: boolean }][] = [
  ['status500', 'server_error', { retried: true, fallsBack: true }],
  ['html502', 'server_error', { retried: true, fallsBack: true }],
  ['malformed_json', 'bad_response', { retried: false, fallsBack: true }],
  ['wrong_shape', 'bad_response', { retried: false, fallsBack: true }],
  ['reset', 'network', { retried: true, fallsBack: true }],
  ['hang', 'timeout', { retried: false, fallsBack: true }],
  ['oversized', 'bad_response', { retried: false, fallsBack: true }],
  ['status401', 'unauthorized', { retried: false, fallsBack: false }],
  ['status403', 'forbidden', { retried: false, fallsBack: false }],
  ['status404', 'not_found', { retried: false, fallsBack: false }],
  ['status408', 'vehicle_offline', { retried: false, fallsBack: true }],
  ['status429', 'rate_limited', { retried: true, fallsBack: true }],
];

let h: CoreHarness;
let uncached: string;
let cached: string;

beforeAll(async () => {
  h = await startCoreHarness({
    client: {
      timeouts: { readMs: 1500, writeMs: 400, commandWaitMs: 400, commandNoWaitMs: 400, imageMs: 400 },
      // Backoff and Retry-After waits are skipped; how many attempts were made is what matters here
      // (reads get 1.5 s: a retry whose wait would end past the read's deadline is not made).
      sleep: async () => {},
    },
  });
  [uncached, cached] = h.simulator.vins as [string, string];
  for (const vin of [uncached, cached]) h.simulator.setVehicleState(vin, { sleepState: 'awake' });
  expect(await h.garage.vehicles.telemetryConfig(cached)).toMatchObject({ ok: true, source: 'live' });
  expect(await h.garage.vehicles.releaseNotes(cached)).toMatchObject({ ok: true, source: 'live' });
});
afterAll(() => h.close());
beforeEach(() => {
  h.simulator.clearFaults();
  h.simulator.clearRequests();
});

const requestsTo = (vin: string, route: string) =>
  h.simulator.requests.filter((r) => r.vin === vin && r.route === route).length;

describe.each(FAULTS)('fault %s', (fault, kind, { retried, fallsBack }) => {
  it(`fails a read without a cached copy as ${kind}`, async () => {
    h.simulator.injectFault({ fault, route: 'fleet_telemetry_config', vin: uncached });
    const result = await h.garage.vehicles.telemetryConfig(uncached, { refresh: true });
    expect(result).toMatchObject({ ok: false, error: { kind } });
    expect(requestsTo(uncached, 'fleet_telemetry_config')).toBe(retried ? 3 : 1);
  });

  it(
    fallsBack ? 'answers a read from cache, marked stale' : 'does not hide the error behind the cache',
    async () => {
      h.simulator.injectFault({ fault, route: 'fleet_telemetry_config', vin: cached });
      const result = await h.garage.vehicles.telemetryConfig(cached, { refresh: true });
      if (fallsBack) {
        expect(result).toMatchObject({ ok: true, source: 'cache', stale: { kind } });
        expect(result.ok && result.value.config.hostname).toBeTruthy();
      } else {
        expect(result).toMatchObject({ ok: false, error: { kind } });
      }
    },
  );

  it(`fails a command as ${kind} and sends it exactly once`, async () => {
    // A 408 in an earlier case left main holding the car offline, which asks before a command: a
    // live read that reaches the car lets this one go straight away.
    expect(await h.garage.vehicles.state(uncached, { live: true })).toMatchObject({ ok: true });
    h.simulator.injectFault({ fault, route: 'command', vin: uncached });
    const result = await sendCommand(h, uncached, 'set_charge_limit', { percent: 70 });
    expect(result).toMatchObject({ ok: false, error: { kind } });
    expect(requestsTo(uncached, 'command')).toBe(1);
    const audit = await h.garage.audit.list({ vin: uncached, limit: 1 });
    expect(audit).toMatchObject({ ok: true, value: [{ outcome: 'error', errorKind: kind }] });
  });
});

describe.each(FAULTS)('fault %s on the other operations', (fault, kind, { retried, fallsBack }) => {
  it(`release notes: ${fallsBack ? 'from cache, marked stale' : kind}; without a copy ${kind}`, async () => {
    h.simulator.injectFault({ fault, route: 'release_notes', vin: uncached });
    expect(await h.garage.vehicles.releaseNotes(uncached, { language: 'fr', refresh: true })).toMatchObject({
      ok: false,
      error: { kind },
    });
    expect(requestsTo(uncached, 'release_notes')).toBe(retried ? 3 : 1);

    h.simulator.injectFault({ fault, route: 'release_notes', vin: cached });
    const result = await h.garage.vehicles.releaseNotes(cached, { refresh: true });
    if (fallsBack) {
      expect(result).toMatchObject({ ok: true, source: 'cache', stale: { kind } });
      expect(result.ok && result.value.release_notes.length).toBeGreaterThan(0);
    } else {
      expect(result).toMatchObject({ ok: false, error: { kind } });
    }
  });

  it(`plate and drive tags fail as ${kind}, each sent once and audited`, async () => {
    h.simulator.injectFault({ fault, route: 'plate', vin: uncached });
    h.simulator.injectFault({ fault, route: 'set_tag', vin: uncached });
    const drive = String(h.simulator.vehicleState(uncached).drives[0]!.id);
    expect(await h.garage.vehicles.setPlate(uncached, { plate: 'FAULT 1' })).toMatchObject({
      ok: false,
      error: { kind },
    });
    expect(await h.garage.vehicles.setDriveTag(uncached, { drives: drive, tag: 'Fault' })).toMatchObject({
      ok: false,
      error: { kind },
    });
    expect(requestsTo(uncached, 'plate')).toBe(1);
    expect(requestsTo(uncached, 'set_tag')).toBe(1);
    const audit = await h.garage.audit.list({ vin: uncached, limit: 2 });
    expect(audit).toMatchObject({
      ok: true,
      value: [
        { operation: 'setDriveTag', outcome: 'error', errorKind: kind },
        { operation: 'setPlate', outcome: 'error', errorKind: kind },
      ],
    });
  });
});

describe('a service that cannot be reached at all', () => {
  it('answers reads from cache with the network error and commands with network', async () => {
    // The injected 429s above taught the client's pacer a rate limit; an answer that announces none
    // tells it the limit is gone, as a real service's next answer would.
    expect(await h.garage.vehicles.status(cached, { refresh: true })).toMatchObject({ ok: true });
    await h.simulator.stop();
    const read = await h.garage.vehicles.telemetryConfig(cached, { refresh: true });
    expect(read).toMatchObject({ ok: true, source: 'cache', stale: { kind: 'network' } });
    const notCached = await h.garage.vehicles.telemetryConfig(uncached, { refresh: true });
    expect(notCached).toMatchObject({ ok: false, error: { kind: 'network' } });
    const command = await sendCommand(h, cached, 'open_charge_port');
    expect(command).toMatchObject({ ok: false, error: { kind: 'network' } });
    const list = await h.garage.vehicles.list();
    const entry = list.ok ? list.value.find((v) => v.vin === cached) : undefined;
    expect(entry?.status).toMatchObject({ lastSource: 'cache', lastCommand: { outcome: 'error' } });
  });
});
