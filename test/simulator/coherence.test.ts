// One fleet model: every write shows in the matching read, each vehicle's own bounds are enforced,
// and vehicles fall asleep when idle, are not woken by cached reads and are by commands and wake.
import { describe, expect, it } from 'vitest';
import { COMMAND_NAMES } from '../../electron/shared/commands';
import {
  drivesSchema,
  plateReadSchema,
  vehicleStateSchema,
  vehicleStatusSchema,
  type VehicleState as StateObject,
} from '../../electron/shared/wire';
import { startSimulator, type Simulator } from '../../electron/main/simulator/index';
import { call, findVin, readyVin, simulatorPerTest } from './client';
import { ManualClock } from '../support/manual-clock';

const start = simulatorPerTest();

async function stateOf(sim: Simulator, vin: string, qs = ''): Promise<StateObject> {
  const r = await call(sim, 'GET', `/${vin}/state${qs}`);
  expect(r.status).toBe(200);
  return vehicleStateSchema.parse(r.json);
}

async function command(sim: Simulator, vin: string, qs: string) {
  const r = await call(sim, 'POST', `/${vin}/command/${qs}`);
  expect(r.status).toBe(200);
  return r.json;
}

describe('every command changes what state reports', () => {
  // [command with its parameter, the state before, what the state shows after]
  const cases: [string, Parameters<Simulator['setVehicleState']>[1], (s: StateObject) => unknown, unknown][] =
    [
      [
        'set_charge_limit?percent=62',
        { chargeLimitPercent: 80 },
        (s) => s.charge_state?.charge_limit_soc,
        62,
      ],
      ['set_charging_amps?amps=11', { chargingAmps: 16 }, (s) => s.charge_state?.charge_current_request, 11],
      [
        'set_temperatures?temperature=23.5',
        { cabinTemperatureC: 20 },
        (s) => s.climate_state?.driver_temp_setting,
        23.5,
      ],
      [
        'set_speed_limit?mph=72',
        { speedLimitMph: 65 },
        (s) => s.vehicle_state?.speed_limit_mode?.current_limit_mph,
        72,
      ],
      ['enable_valet', { valet: false }, (s) => s.vehicle_state?.valet_mode, true],
      ['disable_valet', { valet: true }, (s) => s.vehicle_state?.valet_mode, false],
      ['enable_low_power_mode', { lowPower: false }, (s) => s.vehicle_state?.low_power_mode, true],
      ['disable_low_power_mode', { lowPower: true }, (s) => s.vehicle_state?.low_power_mode, false],
      [
        'close_windows',
        { windows: 'open', supportsCloseWindows: true },
        (s) => [
          s.vehicle_state?.fd_window,
          s.vehicle_state?.fp_window,
          s.vehicle_state?.rd_window,
          s.vehicle_state?.rp_window,
        ],
        [0, 0, 0, 0],
      ],
      [
        'open_charge_port',
        { chargePort: 'closed', chargingState: 'Disconnected' },
        (s) => [s.charge_state?.charge_port_door_open, s.charge_state?.charge_port_latch],
        [true, 'Disengaged'],
      ],
      [
        'close_charge_port',
        { chargePort: 'open', chargingState: 'Disconnected' },
        (s) => [s.charge_state?.charge_port_door_open, s.charge_state?.charge_port_latch],
        [false, 'Engaged'],
      ],
    ];

  it('covers every command', () => {
    expect(cases.map(([qs]) => qs.split('?')[0]).sort()).toEqual([...COMMAND_NAMES].sort());
  });

  it.each(cases)('%s', async (qs, before, read, after) => {
    const sim = await start();
    const vin = readyVin(sim);
    sim.setVehicleState(vin, before);
    const prior = read(await stateOf(sim, vin));
    expect(prior).not.toEqual(after);
    expect(await command(sim, vin, qs)).toEqual({ result: true });
    // The cached read (the default) shows it at once, as does a live one.
    expect(read(await stateOf(sim, vin))).toEqual(after);
    expect(read(await stateOf(sim, vin, '?use_cache=false'))).toEqual(after);
  });

  it('open_charge_port pressed again unlocks the connector and stops the charge', async () => {
    const sim = await start();
    const vin = readyVin(sim);
    sim.setVehicleState(vin, { chargePort: 'open', chargingState: 'Charging', chargingAmps: 16 });
    expect((await stateOf(sim, vin)).charge_state).toMatchObject({
      charging_state: 'Charging',
      charger_actual_current: 16,
      charge_port_latch: 'Engaged',
    });
    await command(sim, vin, 'open_charge_port');
    expect((await stateOf(sim, vin)).charge_state).toMatchObject({
      charging_state: 'Disconnected',
      charger_actual_current: 0,
      charge_port_door_open: true,
      charge_port_latch: 'Disengaged',
    });
  });

  it('close_charge_port over a plugged-in cable is refused with a reason, and nothing changes', async () => {
    const sim = await start();
    const vin = readyVin(sim);
    sim.setVehicleState(vin, { chargePort: 'open', chargingState: 'Complete' });
    expect(await command(sim, vin, 'close_charge_port')).toEqual({
      result: false,
      reason: 'cable_connected',
    });
    expect((await stateOf(sim, vin)).charge_state?.charge_port_door_open).toBe(true);
    expect(sim.vehicleState(vin).commandHistory.at(-1)).toMatchObject({ attempts: 0, result: false });
  });

  it('a failed command changes nothing', async () => {
    const sim = await start();
    const vin = readyVin(sim);
    sim.setVehicleState(vin, { flakiness: 1, chargeLimitPercent: 80 });
    expect(await command(sim, vin, 'set_charge_limit?percent=60&max_attempts=1')).toMatchObject({
      result: false,
    });
    expect((await stateOf(sim, vin)).charge_state?.charge_limit_soc).toBe(80);
  });
});

describe('set_tag and plate show in their reads', () => {
  it('set_tag changes the tags GET drives answers', async () => {
    const sim = await start();
    const vin = sim.vins[2] as string;
    const [a, b] = sim.vehicleState(vin).drives;
    await call(sim, 'POST', `/${vin}/drives/set_tag`, {
      body: { drives: `${a?.id},${b?.id}`, tag: ' Warranty ' },
    });
    const drives = drivesSchema.parse((await call(sim, 'GET', `/${vin}/drives`)).json).results;
    expect(
      drives
        .filter((d) => d.tag === 'Warranty')
        .map((d) => d.id)
        .sort(),
    ).toEqual([a?.id, b?.id].sort());
  });

  it('plate changes what GET plate answers, and null clears it', async () => {
    const sim = await start();
    const vin = sim.vins[3] as string;
    const read = async () => plateReadSchema.parse((await call(sim, 'GET', `/${vin}/plate`)).json).result;
    await call(sim, 'POST', `/${vin}/plate`, { body: { plate: 'NEW-42' } });
    expect(await read()).toBe('NEW-42');
    await call(sim, 'POST', `/${vin}/plate`, { body: { plate: null } });
    expect(await read()).toBeNull();
  });
});

describe('each vehicle’s own bounds', () => {
  it('are what state reports, and a command outside them is the interface’s 400', async () => {
    const sim = await start();
    const vin = readyVin(sim);
    sim.setVehicleState(vin, {
      maxAmps: 32,
      minTempC: 16,
      maxTempC: 27,
      chargeLimitMin: 55,
      chargeLimitMax: 95,
      speedLimitMinMph: 55,
      speedLimitMaxMph: 90,
    });
    const state = await stateOf(sim, vin);
    expect(state.charge_state).toMatchObject({
      charge_current_request_max: 32,
      charge_limit_soc_min: 55,
      charge_limit_soc_max: 95,
    });
    expect(state.climate_state).toMatchObject({ min_avail_temp: 16, max_avail_temp: 27 });
    expect(state.vehicle_state?.speed_limit_mode).toMatchObject({ min_limit_mph: 55, max_limit_mph: 90 });
    for (const [qs, message] of [
      ['set_charging_amps?amps=33', 'amps must be between 1 and 32 A'],
      ['set_temperatures?temperature=15.5', 'temperature must be between 16 and 27 °C'],
      ['set_temperatures?temperature=27.5', 'temperature must be between 16 and 27 °C'],
      ['set_charge_limit?percent=54', 'percent must be between 55 and 95 %'],
      ['set_charge_limit?percent=96', 'percent must be between 55 and 95 %'],
      ['set_speed_limit?mph=54', 'mph must be between 55 and 90 mph'],
      ['set_speed_limit?mph=91', 'mph must be between 55 and 90 mph'],
    ]) {
      const r = await call(sim, 'POST', `/${vin}/command/${qs}`);
      expect(r.status, qs).toBe(400);
      expect(r.json).toEqual({ error: message });
    }
    for (const qs of [
      'set_charging_amps?amps=32',
      'set_temperatures?temperature=16',
      'set_temperatures?temperature=27',
      'set_charge_limit?percent=55',
      'set_charge_limit?percent=95',
      'set_speed_limit?mph=55',
      'set_speed_limit?mph=90',
    ]) {
      expect(await command(sim, vin, qs), qs).toEqual({ result: true });
    }
  });

  it('the seeded fleet reports 32 A and 48 A vehicles, and older cars cap the speed limit at 90 mph', async () => {
    const maxima = new Set<number>();
    const speedCaps = new Set<number>();
    for (const seed of [1, 2, 3]) {
      const sim = await start({ seed });
      for (const vin of sim.vins) {
        const s = await stateOf(sim, vin);
        const v = sim.vehicleState(vin);
        maxima.add(s.charge_state?.charge_current_request_max as number);
        const cap = s.vehicle_state?.speed_limit_mode?.max_limit_mph as number;
        speedCaps.add(cap);
        expect(cap).toBe(v.year <= 2020 ? 90 : 120);
        expect(v.speedLimitMph).toBeLessThanOrEqual(cap);
      }
    }
    expect([...maxima].sort()).toEqual([32, 48]);
    expect([...speedCaps].sort()).toEqual([120, 90]);
  });
});

describe('sleep', () => {
  it('an idle vehicle is waiting_for_sleep after half its idle time and asleep after all of it', async () => {
    const clock = new ManualClock();
    const sim = await start({ sleepAfterMs: 2_000, clock });
    const vin = readyVin(sim);
    const status = async () =>
      vehicleStatusSchema.parse((await call(sim, 'GET', `/${vin}/status`)).json).status;
    expect(await status()).toBe('awake');
    await clock.advance(999);
    expect(await status()).toBe('awake');
    await clock.advance(1);
    expect(await status()).toBe('waiting_for_sleep');
    await clock.advance(999);
    expect(await status()).toBe('waiting_for_sleep');
    await clock.advance(1);
    expect(await status()).toBe('asleep');
    expect(sim.vehicleState(vin).sleepState).toBe('asleep');
  });

  it('cached reads never wake it and answer the state as of falling asleep; use_cache=false answers asleep', async () => {
    const clock = new ManualClock();
    const sim = await start({ sleepAfterMs: 150, clock });
    const vin = readyVin(sim);
    const t0 = clock.now();
    await clock.run(command(sim, vin, 'set_charge_limit?percent=66'));
    await clock.advance(400);
    const since = sim.vehicleState(vin).asleepSince as number;
    expect(sim.vehicleState(vin).sleepState).toBe('asleep');
    // It fell asleep one idle time after the command, not when it was next looked at.
    expect(since).toBeGreaterThanOrEqual(t0 + 150);
    expect(since).toBeLessThan(clock.now() - 50);
    for (let i = 0; i < 3; i++) {
      const cached = await stateOf(sim, vin);
      expect(cached.state).toBe('asleep');
      expect(cached.charge_state).toMatchObject({ timestamp: since, charge_limit_soc: 66 });
      const all = (await call(sim, 'GET', '/vehicles')).json as {
        results: { vin: string; last_state: unknown }[];
      };
      expect(all.results.find((v) => v.vin === vin)?.last_state).toEqual(
        (await call(sim, 'GET', `/${vin}/state`)).json,
      );
      await call(sim, 'GET', `/${vin}/status`);
      await call(sim, 'GET', `/${vin}/drives`);
      await call(sim, 'GET', `/${vin}/tire_pressure`);
      await call(sim, 'GET', `/${vin}/firmware_alerts`);
      await call(sim, 'GET', `/${vin}/plate`);
      await call(sim, 'GET', `/${vin}/fleet_telemetry_config`);
    }
    expect((await call(sim, 'GET', `/${vin}/state?use_cache=false`)).json).toEqual({ state: 'asleep' });
    expect(sim.vehicleState(vin)).toMatchObject({ sleepState: 'asleep', asleepSince: since });
  });

  it('a command wakes it (woke: true), and the state is current again', async () => {
    const sim = await start();
    const vin = readyVin(sim);
    sim.setVehicleState(vin, { sleepState: 'asleep', valet: false });
    expect((await stateOf(sim, vin)).state).toBe('asleep');
    expect(await command(sim, vin, 'enable_valet')).toEqual({ result: true, woke: true });
    const t = Date.now();
    const state = await stateOf(sim, vin);
    expect(state.state).toBe('online');
    expect(state.vehicle_state?.valet_mode).toBe(true);
    expect(state.vehicle_state?.timestamp).toBeGreaterThanOrEqual(t - 50);
    expect(sim.vehicleState(vin).asleepSince).toBeNull();
  });

  it('a live read keeps an awake vehicle awake; cached reads do not', async () => {
    const clock = new ManualClock();
    const sim = await start({ sleepAfterMs: 1_000, clock });
    const live = readyVin(sim);
    const cached = sim.vins[1] as string;
    sim.setVehicleState(cached, { sleepState: 'awake' });
    const t0 = clock.now();
    while (clock.now() - t0 < 1_600) {
      await call(sim, 'GET', `/${live}/state?use_cache=false`);
      await call(sim, 'GET', `/${cached}/state`);
      await clock.advance(150);
    }
    expect(sim.vehicleState(live).sleepState).toBe('awake');
    expect(sim.vehicleState(cached).sleepState).toBe('asleep');
  });

  it('does not fall asleep in the middle of a command', async () => {
    const clock = new ManualClock();
    const sim = await start({ sleepAfterMs: 100, completionDelayMs: 600, clock });
    const vin = readyVin(sim);
    const answer = command(sim, vin, 'enable_valet');
    await clock.waiting();
    // Three idle times into the command's one attempt.
    await clock.advance(350);
    expect(sim.vehicleState(vin).sleepState).toBe('awake');
    expect(await clock.run(answer)).toMatchObject({ result: true });
  });
});

describe('POST /{vin}/wake', () => {
  it('wakes an asleep vehicle, which takes the wake delay', async () => {
    const clock = new ManualClock();
    const sim = await start({ wakeDelayMs: 200, clock });
    const vin = findVin(sim, (v) => v.sleepState === 'asleep');
    const t0 = clock.now();
    const r = await clock.run(call(sim, 'POST', `/${vin}/wake`));
    expect(r.json).toEqual({ result: true });
    expect(clock.now() - t0).toBeGreaterThanOrEqual(190);
    expect(sim.vehicleState(vin).sleepState).toBe('awake');
    expect((await stateOf(sim, vin)).state).toBe('online');
  });

  it('answers false for an offline vehicle after the wake timeout, which scales with the wake delay', async () => {
    const clock = new ManualClock();
    const sim = await start({ wakeDelayMs: 5, clock });
    const vin = findVin(sim, (v) => v.sleepState === 'offline');
    const t0 = clock.now();
    const r = await clock.run(call(sim, 'POST', `/${vin}/wake`));
    expect(r.json).toEqual({ result: false });
    // 60 wake delays, as 90 s are to the real service's 1.5 s.
    expect(clock.now() - t0).toBeGreaterThanOrEqual(295);
    expect(sim.vehicleState(vin).sleepState).toBe('offline');
  });

  it('the timeout can be set on its own, and a vehicle back online meanwhile is woken', async () => {
    const clock = new ManualClock();
    const sim = await start({ wakeTimeoutMs: 1_500, clock });
    const vin = findVin(sim, (v) => v.sleepState === 'offline');
    const answer = call(sim, 'POST', `/${vin}/wake`);
    // Back online once the wake is under way.
    await clock.waiting();
    expect(sim.requests.some((r) => r.method === 'POST' && r.path === `/${vin}/wake`)).toBe(true);
    sim.setVehicleState(vin, { sleepState: 'asleep' });
    expect((await clock.run(answer)).json).toEqual({ result: true });
    expect(sim.vehicleState(vin).sleepState).toBe('awake');
  });

  it('rejects invalid timing options', async () => {
    await expect(startSimulator({ sleepAfterMs: -1 })).rejects.toThrow(/sleepAfterMs/);
    await expect(startSimulator({ wakeTimeoutMs: Number.NaN })).rejects.toThrow(/wakeTimeoutMs/);
  });
});
