// The workshop commands over real HTTP: each one's answer and what the state shows afterwards, the
// car's refusals, the software update from scheduled through installing to the new version (driven
// by the simulator's scheduler, watched by reading as a client would), and their errors.
import { describe, expect, it } from 'vitest';
import { WORKSHOP_COMMAND_NAMES } from '../../electron/shared/workshop-commands';
import {
  commandResultSchema,
  releaseNotesSchema,
  vehicleStateSchema,
  type VehicleState as StateObject,
} from '../../electron/shared/wire';
import type { Simulator, VehicleState } from '../../electron/main/simulator/index';
import { call, expectError, readyVin, simulatorPerTest } from './client';
import { ManualClock } from '../support/manual-clock';

const start = simulatorPerTest({ token: 'owner-token', driverToken: 'driver-token' });

async function stateOf(
  sim: Simulator,
  vin: string,
): Promise<StateObject & { vehicle_state: Record<string, unknown> }> {
  const r = await call(sim, 'GET', `/${vin}/state`);
  expect(r.status).toBe(200);
  vehicleStateSchema.parse(r.json);
  return r.json as StateObject & { vehicle_state: Record<string, unknown> };
}

async function command(sim: Simulator, vin: string, qs: string) {
  const r = await call(sim, 'POST', `/${vin}/command/${qs}`);
  expect(r.status, r.text).toBe(200);
  return commandResultSchema.parse(r.json);
}

describe('every workshop command shows in the state (or, for flash and honk, answers true)', () => {
  // [command, the vehicle before, what the state shows after]
  const cases: [
    string,
    Partial<VehicleState>,
    (s: StateObject & { vehicle_state: Record<string, unknown> }) => unknown,
    unknown,
  ][] = [
    ['flash', {}, () => true, true],
    ['honk', {}, () => true, true],
    ['lock', { locked: false }, (s) => s.vehicle_state.locked, true],
    ['unlock', { locked: true }, (s) => s.vehicle_state.locked, false],
    ['remote_start', { remoteStartUntil: null }, (s) => s.vehicle_state.remote_start, true],
    ['enable_sentry', { sentryMode: false }, (s) => s.vehicle_state.sentry_mode, true],
    ['disable_sentry', { sentryMode: true }, (s) => s.vehicle_state.sentry_mode, false],
    [
      'start_charging',
      { chargePort: 'open', chargingState: 'Stopped' },
      (s) => s.charge_state?.charging_state,
      'Charging',
    ],
    [
      'stop_charging',
      { chargePort: 'open', chargingState: 'Charging' },
      (s) => s.charge_state?.charging_state,
      'Stopped',
    ],
    ['start_climate', { climateOn: false }, (s) => s.climate_state?.is_climate_on, true],
    ['stop_climate', { climateOn: true }, (s) => s.climate_state?.is_climate_on, false],
    ['activate_front_trunk', { frunkOpen: false }, (s) => s.vehicle_state['ft'], 1],
    ['activate_rear_trunk', { trunkOpen: false }, (s) => s.vehicle_state['rt'], 1],
    [
      'schedule_software_update?in_seconds=3600',
      {
        stagedVersion: '2026.26.2.1',
        softwareUpdate: {
          status: 'available',
          downloadPercent: 100,
          installPercent: 1,
          expectedDurationSec: 1800,
        },
      },
      (s) => (s.vehicle_state['software_update'] as { status: string }).status,
      'scheduled',
    ],
    [
      'cancel_software_update',
      {
        stagedVersion: '2026.26.2.1',
        softwareUpdate: {
          status: 'scheduled',
          downloadPercent: 100,
          installPercent: 1,
          expectedDurationSec: 1800,
        },
      },
      (s) => (s.vehicle_state['software_update'] as { status: string }).status,
      'available',
    ],
  ];

  it('covers every workshop command', () => {
    expect(cases.map(([qs]) => qs.split('?')[0]).sort()).toEqual([...WORKSHOP_COMMAND_NAMES].sort());
  });

  it.each(cases)('%s', async (qs, before, read, expected) => {
    const sim = await start();
    const vin = readyVin(sim);
    sim.setVehicleState(vin, before);
    expect(await command(sim, vin, qs)).toEqual({ result: true });
    expect(read(await stateOf(sim, vin))).toEqual(expected);
    const history = sim.vehicleState(vin).commandHistory.at(-1);
    expect(history).toMatchObject({ command: qs.split('?')[0], result: true });
  });

  it('wait_for_completion=false answers at once; the state follows once the car has done it', async () => {
    const clock = new ManualClock();
    const sim = await start({ completionDelayMs: 50, clock });
    const vin = readyVin(sim);
    sim.setVehicleState(vin, { locked: false });
    expect(await command(sim, vin, 'lock?wait_for_completion=false')).toEqual({ result: true });
    expect((await stateOf(sim, vin)).vehicle_state.locked).toBe(false);
    await clock.advance(50);
    expect((await stateOf(sim, vin)).vehicle_state.locked).toBe(true);
  });

  it('an asleep car is woken for a command (woke: true)', async () => {
    const sim = await start();
    const vin = readyVin(sim);
    sim.setVehicleState(vin, { sleepState: 'asleep', locked: true });
    expect(await command(sim, vin, 'unlock')).toEqual({ result: true, woke: true });
    expect((await stateOf(sim, vin)).vehicle_state.locked).toBe(false);
  });
});

describe('the car refuses what it cannot do: result false with the reason, nothing changed', () => {
  it.each([
    ['start_charging', { chargePort: 'closed', chargingState: 'Disconnected' }, 'disconnected'],
    ['start_charging', { chargePort: 'open', chargingState: 'Charging' }, 'is_charging'],
    ['start_charging', { chargePort: 'open', chargingState: 'Complete' }, 'complete'],
    ['stop_charging', { chargePort: 'open', chargingState: 'Stopped' }, 'not_charging'],
    ['activate_rear_trunk', { model: 'Model 3', year: 2021, trunkOpen: true }, 'not_supported'],
    [
      'schedule_software_update?in_seconds=0',
      {
        stagedVersion: null,
        softwareUpdate: { status: '', downloadPercent: 0, installPercent: 0, expectedDurationSec: 0 },
      },
      'no_update_available',
    ],
    [
      'schedule_software_update?in_seconds=0',
      {
        softwareUpdate: {
          status: 'downloading',
          downloadPercent: 40,
          installPercent: 1,
          expectedDurationSec: 900,
        },
      },
      'update_not_ready',
    ],
    [
      'schedule_software_update?in_seconds=0',
      {
        softwareUpdate: {
          status: 'installing',
          downloadPercent: 100,
          installPercent: 30,
          expectedDurationSec: 900,
        },
      },
      'update_in_progress',
    ],
    [
      'cancel_software_update',
      {
        softwareUpdate: {
          status: 'available',
          downloadPercent: 100,
          installPercent: 1,
          expectedDurationSec: 900,
        },
      },
      'no_update_scheduled',
    ],
    [
      'cancel_software_update',
      {
        softwareUpdate: {
          status: 'installing',
          downloadPercent: 100,
          installPercent: 30,
          expectedDurationSec: 900,
        },
      },
      'update_in_progress',
    ],
  ] as [string, Partial<VehicleState>, string][])('%s when %j: %s', async (qs, before, reason) => {
    const sim = await start();
    const vin = readyVin(sim);
    sim.setVehicleState(vin, before);
    const state = await stateOf(sim, vin);
    expect(await command(sim, vin, qs)).toEqual({ result: false, reason });
    const after = await stateOf(sim, vin);
    expect(after.vehicle_state).toEqual(state.vehicle_state);
    expect(after.charge_state).toEqual(state.charge_state);
  });

  it('a powered trunk closes again', async () => {
    const sim = await start();
    const vin = readyVin(sim);
    sim.setVehicleState(vin, { model: 'Model Y', year: 2023, trunkOpen: true });
    expect(await command(sim, vin, 'activate_rear_trunk')).toEqual({ result: true });
    expect((await stateOf(sim, vin)).vehicle_state['rt']).toBe(0);
  });
});

describe('software update: available → scheduled → installing → the new version', () => {
  const AVAILABLE = {
    status: 'available',
    downloadPercent: 100,
    installPercent: 1,
    expectedDurationSec: 1800,
  } as const;

  it('installs now (in_seconds=0): install_perc rises, then the version changes and the status is empty', async () => {
    // 2 s in tenths: the state is read at every step of the install.
    const clock = new ManualClock();
    const sim = await start({ updateInstallMs: 2000, clock });
    const vin = readyVin(sim);
    sim.setVehicleState(vin, {
      deployedVersion: '2026.14.3',
      stagedVersion: '2026.20.1',
      softwareUpdate: { ...AVAILABLE },
    });
    expect(await clock.run(command(sim, vin, 'schedule_software_update?in_seconds=0'))).toEqual({
      result: true,
    });
    // The install starts at its time (now): its first step is due at once.
    await clock.advance(0);
    const seen = new Set<number>();
    let done: Awaited<ReturnType<typeof stateOf>> | null = null;
    for (let step = 0; step <= 20 && done === null; step++) {
      const s = await stateOf(sim, vin);
      const update = s.vehicle_state['software_update'] as {
        status: string;
        install_perc: number;
        version: string;
      };
      if (update.status === 'installing') {
        expect(update.version).toBe('2026.20.1');
        seen.add(update.install_perc);
      } else {
        expect(update.status).toBe('');
        done = s;
      }
      await clock.advance(200);
    }
    if (done === null) throw new Error('the update did not install within 4 s of the simulator’s clock');
    expect(seen.size).toBeGreaterThan(0);
    expect([...seen].every((p) => p >= 0 && p < 100)).toBe(true);
    expect(String(done.vehicle_state['car_version'])).toMatch(/^2026\.20\.1 [0-9a-f]{12}$/);
    expect(done.vehicle_state['software_update']).toEqual({
      status: '',
      version: '',
      download_perc: 0,
      install_perc: 0,
      expected_duration_sec: 0,
    });
    // The release notes follow the deployed version.
    const notes = releaseNotesSchema.parse((await call(sim, 'GET', `/${vin}/release_notes/`)).json);
    expect([notes.deployed_version, notes.staged_version]).toEqual(['2026.20.1', null]);
    // Nothing is waiting any more.
    expect(await command(sim, vin, 'schedule_software_update?in_seconds=0')).toEqual({
      result: false,
      reason: 'no_update_available',
    });
  });

  it('cancelled before its time, it goes back to available and never installs', async () => {
    const clock = new ManualClock();
    const sim = await start({ updateInstallMs: 50, clock });
    const vin = readyVin(sim);
    const other = sim.vins.find((v) => v !== vin && sim.vehicleState(v).sleepState === 'awake') as string;
    sim.setVehicleState(vin, { stagedVersion: '2026.20.1', softwareUpdate: { ...AVAILABLE } });
    sim.setVehicleState(other, {
      flakiness: 0,
      stagedVersion: '2026.20.1',
      softwareUpdate: { ...AVAILABLE },
    });
    expect(await clock.run(command(sim, vin, 'schedule_software_update?in_seconds=3'))).toEqual({
      result: true,
    });
    expect((await stateOf(sim, vin)).vehicle_state['software_update']).toMatchObject({ status: 'scheduled' });
    // The install waits 3 s on the clock: only the cancel's own attempt may pass.
    const cancelled = command(sim, vin, 'cancel_software_update');
    await clock.waiting();
    await clock.advance(5);
    expect(await cancelled).toEqual({ result: true });
    expect((await stateOf(sim, vin)).vehicle_state['software_update']).toMatchObject({ status: 'available' });
    // Another car scheduled as long after the cancel installs: once it is done, the cancelled
    // update's time has passed too.
    const scheduled = command(sim, other, 'schedule_software_update?in_seconds=3');
    await clock.waiting();
    await clock.advance(5);
    expect(await scheduled).toEqual({ result: true });
    await clock.advance(3_000 + 50);
    expect(sim.vehicleState(other).stagedVersion).toBeNull();
    expect(sim.vehicleState(vin)).toMatchObject({
      stagedVersion: '2026.20.1',
      softwareUpdate: { status: 'available' },
      updateScheduledAt: null,
    });
  });
});

describe('errors', () => {
  it('in_seconds is required, a whole number from 0 to 86400', async () => {
    const sim = await start();
    const vin = readyVin(sim);
    const path = (qs: string) => `/${vin}/command/schedule_software_update${qs}`;
    expectError(await call(sim, 'POST', path('')), 400, /^in_seconds is required/);
    for (const bad of ['-1', '1.5', 'soon', '', '86401']) {
      expectError(await call(sim, 'POST', path(`?in_seconds=${bad}`)), 400, /^in_seconds must be/);
    }
    expectError(await call(sim, 'POST', path('?in_seconds=0&max_attempts=9')), 400, /^max_attempts must be/);
  });

  it('401, 404 and 408 as for every command; a driver token may use them (not guest mode)', async () => {
    const sim = await start();
    const vin = readyVin(sim);
    for (const name of WORKSHOP_COMMAND_NAMES) {
      const path = `/${vin}/command/${name}`;
      expectError(await call(sim, 'POST', path, { token: null }), 401, /^Access token is required$/);
      expectError(await call(sim, 'POST', path, { token: 'nope' }), 401, /^Invalid access token$/);
      expectError(await call(sim, 'POST', `/5YJ3E1EA2KF317000/command/${name}`), 404, /not found$/);
    }
    expect((await call(sim, 'POST', `/${vin}/command/honk`, { token: 'driver-token' })).json).toEqual({
      result: true,
    });
    const offline = sim.vins[1] as string;
    sim.setVehicleState(offline, { sleepState: 'offline' });
    expectError(await call(sim, 'POST', `/${offline}/command/lock`), 408, /offline/);
    expectError(
      await call(sim, 'POST', `/${vin}/command/flash_lights`),
      404,
      /^Unknown command flash_lights$/,
    );
  });

  it('faults target a workshop command by name', async () => {
    const sim = await start();
    const vin = readyVin(sim);
    sim.injectFault({ fault: 'status500', command: 'lock', times: 1 });
    expectError(await call(sim, 'POST', `/${vin}/command/lock`), 500, /Internal server error/);
    expect((await call(sim, 'POST', `/${vin}/command/lock`)).json).toEqual({ result: true });
  });
});
