// The access operations of the API client against the simulator over real HTTP: what goes on the
// wire, the answers parsed with the shared schemas, input refused before anything is sent, and the
// service's refusals (the driver token's 403, a gone driver's 404, a concurrent write's 429)
// explained.
import { afterEach, describe, expect, it } from 'vitest';
import type { VehicleApiClient } from '../../electron/main/api';
import { startSimulator, type Simulator } from '../../electron/main/simulator/index';
import type { AppError } from '../../electron/shared/result';
import { RECOMMENDED_TELEMETRY_FIELDS } from '../../electron/shared/telemetry-fields';
import { caught, clientFor, closeClients } from './support';

/** The client's access methods, callable with the wrong types a hostile caller would pass. */
type Loose = {
  [K in keyof VehicleApiClient]: VehicleApiClient[K] extends (...args: never[]) => infer R
    ? (...args: unknown[]) => R
    : VehicleApiClient[K];
};

const running: Simulator[] = [];
afterEach(async () => {
  await closeClients();
  await Promise.all(running.splice(0).map((s) => s.stop()));
});

async function setup(options: Parameters<typeof startSimulator>[0] = {}) {
  const sim = await startSimulator({
    wakeDelayMs: 20,
    completionDelayMs: 5,
    configWriteDelayMs: 5,
    telemetrySyncDelayMs: 20,
    token: 'owner-token',
    driverToken: 'driver-token',
    ...options,
  });
  running.push(sim);
  const api = clientFor(sim).client as unknown as Loose;
  const awake = sim.vins.find((v) => sim.vehicleState(v).sleepState === 'awake') as string;
  sim.setVehicleState(awake, { flakiness: 0 });
  return { sim, api, awake };
}

/** The client over the same simulator with another token. */
function setupWithToken(sim: Simulator, token: string) {
  return { api: clientFor(sim, { getToken: async () => token }).client as unknown as Loose };
}

describe('drivers', () => {
  it('lists them and removes one by its user_id string; the body carries the id digits exactly', async () => {
    const { sim, api } = await setup();
    const vin = sim.vins.find((v) => sim.vehicleState(v).drivers.length >= 2) as string;
    const list = await api.drivers(vin);
    const [first, second] = list.results;
    expect(first?.user_id_s).toMatch(/^\d+$/);
    sim.clearRequests();
    expect(await api.removeDriver(vin, first?.user_id_s)).toEqual({ result: true });
    expect(sim.requests.map((r) => [r.method, r.path, r.body, r.route])).toEqual([
      [
        'POST',
        `/${vin}/drivers/${first?.user_id_s}/delete`,
        `{"user_id":${first?.user_id_s}}`,
        'driver_delete',
      ],
    ]);
    expect((await api.drivers(vin)).results.map((d) => d.user_id_s)).toEqual([second?.user_id_s]);
    // Removed already: the 404 says the driver is gone, not that the VIN is unknown.
    const gone = await caught(api.removeDriver(vin, first?.user_id_s));
    expect(gone.info).toMatchObject({ kind: 'not_found', status: 404 });
    expect(gone.message).toMatch(/no such driver .*gone already/);
  });

  it('a driver token is refused with an explanation that names the owner', async () => {
    const { sim } = await setup();
    const { api } = setupWithToken(sim, 'driver-token');
    const vin = sim.vins[0] as string;
    for (const p of [
      api.drivers(vin),
      api.invitations(vin),
      api.createInvitation(vin),
      api.deleteTelemetryConfig(vin),
    ]) {
      const e = await caught(p);
      expect(e.info).toMatchObject({ kind: 'forbidden', status: 403 });
      expect(e.message).toMatch(/not the owner's .*only the owner's token can/);
    }
    const guest = await caught(api.workshopCommand(vin, 'enable_guest'));
    expect(guest.message).toMatch(/only the owner's token can switch guest mode/);
  });
});

describe('invitations', () => {
  it('creates one (its share link), lists it, revokes it', async () => {
    const { sim, api } = await setup();
    const vin = sim.vins.find((v) => sim.vehicleState(v).invitations.length === 0) as string;
    const created = await api.createInvitation(vin);
    expect(created).toMatchObject({ vin, state: 'pending' });
    expect(created.share_link).toMatch(/^https:\/\//);
    expect((await api.invitations(vin)).results.map((i) => i.id_s)).toEqual([created.id_s]);
    expect(await api.revokeInvitation(vin, created.id_s)).toEqual({ result: true });
    expect((await api.invitations(vin)).results[0]?.state).toBe('revoked');
    expect(await api.revokeInvitation(vin, created.id_s)).toEqual({
      result: false,
      reason: 'already_revoked',
    });
    const unknown = await caught(api.revokeInvitation(vin, '42'));
    expect(unknown.message).toMatch(/no such invitation/);
  });
});

describe('telemetry configuration writes', () => {
  it('writes fields, restores the recommended configuration with an empty body, deletes with DELETE', async () => {
    const { sim, api, awake } = await setup();
    sim.clearRequests();
    expect(
      await api.writeTelemetryConfig(awake, {
        Gear: { interval_seconds: 5 },
        Location: { interval_seconds: 10 },
      }),
    ).toEqual({
      updated_vehicles: 1,
    });
    expect(sim.vehicleState(awake).telemetry.config.fields).toEqual({
      Gear: { interval_seconds: 5 },
      Location: { interval_seconds: 10 },
    });
    expect(await api.writeTelemetryConfig(awake, 'recommended')).toEqual({ updated_vehicles: 1 });
    expect(Object.keys(sim.vehicleState(awake).telemetry.config.fields).sort()).toEqual(
      [...RECOMMENDED_TELEMETRY_FIELDS].sort(),
    );
    expect(await api.deleteTelemetryConfig(awake)).toEqual({ updated_vehicles: 1 });
    expect(sim.vehicleState(awake).telemetry.config.fields).toEqual({});
    expect(sim.requests.map((r) => [r.method, r.route, r.body])).toEqual([
      [
        'POST',
        'fleet_telemetry_config_write',
        '{"fields":{"Gear":{"interval_seconds":5},"Location":{"interval_seconds":10}}}',
      ],
      ['POST', 'fleet_telemetry_config_write', ''],
      ['DELETE', 'fleet_telemetry_config_delete', ''],
    ]);
  });

  it('a write while another is under way: 429 explained as one write at a time', async () => {
    const { sim, api } = await setup({ configWriteDelayMs: 1500 });
    const [a, b] = sim.vins.filter((v) => sim.vehicleState(v).sleepState === 'awake');
    const results = await Promise.allSettled([
      api.writeTelemetryConfig(a, { Gear: { interval_seconds: 5 } }),
      api.writeTelemetryConfig(b, { Gear: { interval_seconds: 5 } }),
    ]);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(1);
    const reason = (refused[0] as PromiseRejectedResult).reason as AppError;
    expect(reason.info.kind).toBe('rate_limited');
    expect(reason.message).toMatch(/one telemetry configuration write at a time/);
  });
});

describe('workshop commands', () => {
  it('lock shows in the state; the update is scheduled with in_seconds', async () => {
    const { sim, api, awake } = await setup();
    sim.setVehicleState(awake, {
      locked: false,
      stagedVersion: '2026.20.1',
      softwareUpdate: {
        status: 'available',
        downloadPercent: 100,
        installPercent: 1,
        expectedDurationSec: 900,
      },
    });
    sim.clearRequests();
    expect(await api.workshopCommand(awake, 'lock')).toEqual({ result: true });
    expect(sim.vehicleState(awake).locked).toBe(true);
    expect(
      await api.workshopCommand(awake, 'schedule_software_update', { inSeconds: 600, maxAttempts: 1 }),
    ).toEqual({ result: true });
    expect(sim.vehicleState(awake).softwareUpdate.status).toBe('scheduled');
    expect(sim.requests.map((r) => [r.path, r.query])).toEqual([
      [`/${awake}/command/lock`, { wait_for_completion: 'true', max_attempts: '3' }],
      [
        `/${awake}/command/schedule_software_update`,
        { wait_for_completion: 'true', max_attempts: '1', in_seconds: '600' },
      ],
    ]);
    expect(await api.workshopCommand(awake, 'cancel_software_update')).toEqual({ result: true });
  });
});
