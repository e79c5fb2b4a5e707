// How commands behave over time: waking, offline vehicles, fire-and-forget, transient failures, retries.
import { describe, expect, it } from 'vitest';
import { commandResultSchema } from '../../electron/shared/wire';
import { call, findVin, readyVin, simulatorPerTest } from './client';
import { ManualClock } from '../support/manual-clock';
import { waitFor } from '../support/wait-for';

const start = simulatorPerTest();

describe('sleep states', () => {
  it('wakes an asleep vehicle before the command runs, which takes the wake delay', async () => {
    const clock = new ManualClock();
    const sim = await start({ wakeDelayMs: 250, completionDelayMs: 5, clock });
    const vin = findVin(sim, (v) => v.sleepState === 'asleep');
    sim.setVehicleState(vin, { flakiness: 0, valet: false });
    const t0 = clock.now();
    const r = await clock.run(call(sim, 'POST', `/${vin}/command/enable_valet`));
    const took = clock.now() - t0;
    expect(r.json).toEqual({ result: true, woke: true });
    expect(took).toBeGreaterThanOrEqual(240);
    expect(sim.vehicleState(vin)).toMatchObject({ sleepState: 'awake', valet: true });
  });

  it('an awake vehicle is not woken again', async () => {
    // A wake would take 20 s on the simulator's clock: the 5 ms attempt alone proves there was none.
    const clock = new ManualClock();
    const sim = await start({ wakeDelayMs: 20_000, completionDelayMs: 5, clock });
    const vin = findVin(sim, (v) => v.sleepState === 'asleep');
    sim.setVehicleState(vin, { sleepState: 'awake', flakiness: 0, lowPower: false });
    const t0 = clock.now();
    const r = await clock.run(call(sim, 'POST', `/${vin}/command/enable_low_power_mode`));
    expect(r.json).toEqual({ result: true });
    expect(clock.now() - t0).toBeLessThan(10_000);
    expect(sim.vehicleState(vin)).toMatchObject({ sleepState: 'awake', lowPower: true });
  });

  it('concurrent commands to an asleep vehicle all wait for the wake, then all run', async () => {
    const clock = new ManualClock();
    const sim = await start({ wakeDelayMs: 120, completionDelayMs: 5, clock });
    const vin = readyVin(sim);
    sim.setVehicleState(vin, { sleepState: 'asleep' });
    const t0 = clock.now();
    const sent = [
      call(sim, 'POST', `/${vin}/command/enable_valet`),
      call(sim, 'POST', `/${vin}/command/set_charge_limit?percent=70`),
      call(sim, 'POST', `/${vin}/command/set_speed_limit?mph=80`),
    ];
    // All three are at the simulator before the wake ends.
    await waitFor(() => sim.requests.length === 3, 'the three commands to arrive');
    const answers = await clock.run(Promise.all(sent));
    // Each of them had to wait for the vehicle to wake.
    const woken = { result: true, woke: true };
    expect(answers.map((a) => a.json)).toEqual([woken, woken, woken]);
    expect(clock.now() - t0).toBeGreaterThanOrEqual(110);
    expect(sim.vehicleState(vin)).toMatchObject({
      sleepState: 'awake',
      valet: true,
      chargeLimitPercent: 70,
      speedLimitMph: 80,
    });
  });

  it('an offline vehicle answers 408 and nothing changes', async () => {
    const clock = new ManualClock();
    const sim = await start({ clock });
    const vin = findVin(sim, (v) => v.sleepState === 'offline');
    sim.setVehicleState(vin, { valet: false });
    for (const wait of ['true', 'false']) {
      const r = await call(sim, 'POST', `/${vin}/command/enable_valet?wait_for_completion=${wait}`);
      expect(r.status).toBe(408);
      expect(r.json).toEqual({ error: expect.stringMatching(/offline/) });
    }
    await clock.advance(30);
    expect(sim.vehicleState(vin).valet).toBe(false);
  });

  it('data operations do not need the vehicle awake', async () => {
    const sim = await start();
    const vin = findVin(sim, (v) => v.sleepState === 'offline');
    expect((await call(sim, 'GET', `/${vin}/fleet_telemetry_config`)).status).toBe(200);
    expect((await call(sim, 'GET', `/${vin}/release_notes/`)).status).toBe(200);
    expect((await call(sim, 'POST', `/${vin}/plate`, { body: { plate: 'OFF 1' } })).status).toBe(200);
    expect(sim.vehicleState(vin).sleepState).toBe('offline');
  });
});

describe('wait_for_completion', () => {
  it('false answers at once and the state changes a moment later', async () => {
    const clock = new ManualClock();
    const sim = await start({ completionDelayMs: 300, clock });
    const vin = readyVin(sim);
    sim.setVehicleState(vin, { chargeLimitPercent: 80 });
    const r = await call(
      sim,
      'POST',
      `/${vin}/command/set_charge_limit?percent=55&wait_for_completion=false`,
    );
    expect(commandResultSchema.parse(r.json)).toEqual({ result: true });
    // Answered before the command took effect, which it then does on its own.
    expect(sim.vehicleState(vin).chargeLimitPercent).toBe(80);
    await clock.advance(299);
    expect(sim.vehicleState(vin).chargeLimitPercent).toBe(80);
    await clock.advance(1);
    expect(sim.vehicleState(vin).chargeLimitPercent).toBe(55);
    expect(sim.vehicleState(vin).commandHistory.at(-1)).toMatchObject({
      result: true,
      waitForCompletion: false,
    });
  });

  it('true (the default) answers only after the command took effect', async () => {
    const clock = new ManualClock();
    const sim = await start({ completionDelayMs: 60, clock });
    const vin = readyVin(sim);
    const t0 = clock.now();
    await clock.run(call(sim, 'POST', `/${vin}/command/set_charge_limit?percent=60`));
    expect(clock.now() - t0).toBeGreaterThanOrEqual(55);
    expect(sim.vehicleState(vin).chargeLimitPercent).toBe(60);
  });

  it('false on an asleep vehicle: answered before the wake, applied after it', async () => {
    const clock = new ManualClock();
    const sim = await start({ wakeDelayMs: 100, completionDelayMs: 5, clock });
    const vin = readyVin(sim);
    sim.setVehicleState(vin, { sleepState: 'asleep', valet: false });
    const r = await call(sim, 'POST', `/${vin}/command/enable_valet?wait_for_completion=false`);
    expect(r.json).toEqual({ result: true });
    expect(sim.vehicleState(vin)).toMatchObject({ sleepState: 'asleep', valet: false });
    await clock.advance(105);
    expect(sim.vehicleState(vin)).toMatchObject({ sleepState: 'awake', valet: true });
  });
});

describe('transient failures and retries', () => {
  it('a vehicle that always fails is tried max_attempts times, then result false with a reason', async () => {
    const sim = await start();
    const vin = readyVin(sim);
    sim.setVehicleState(vin, { flakiness: 1, valet: false });
    for (const attempts of [1, 2, 3]) {
      const r = await call(sim, 'POST', `/${vin}/command/enable_valet?max_attempts=${attempts}`);
      expect(r.status).toBe(200);
      const result = commandResultSchema.parse(r.json);
      expect(result.result).toBe(false);
      expect(result.reason).toMatch(/^(vehicle_unavailable|timeout|could_not_wake_buses)$/);
      expect(sim.vehicleState(vin).commandHistory.at(-1)).toMatchObject({ attempts, result: false });
    }
    // Default max_attempts is 3.
    await call(sim, 'POST', `/${vin}/command/enable_valet`);
    expect(sim.vehicleState(vin).commandHistory.at(-1)?.attempts).toBe(3);
    expect(sim.vehicleState(vin).valet).toBe(false);
  });

  it('each attempt takes the completion delay', async () => {
    const clock = new ManualClock();
    const sim = await start({ completionDelayMs: 40, clock });
    const vin = readyVin(sim);
    sim.setVehicleState(vin, { flakiness: 1 });
    const t0 = clock.now();
    await clock.run(call(sim, 'POST', `/${vin}/command/enable_valet?max_attempts=3`));
    expect(clock.now() - t0).toBeGreaterThanOrEqual(115);
  });

  it('flakiness: false turns transient failures off', async () => {
    const sim = await start({ flakiness: false });
    const vin = readyVin(sim);
    sim.setVehicleState(vin, { flakiness: 1 });
    const r = await call(sim, 'POST', `/${vin}/command/enable_valet?max_attempts=1`);
    expect(r.json).toEqual({ result: true });
  });

  it('is deterministic under a seed, and retries recover some failures', async () => {
    const run = async (seed: number, maxAttempts: number) => {
      const sim = await start({ seed, completionDelayMs: 0 });
      const vin = readyVin(sim);
      sim.setVehicleState(vin, { flakiness: 0.5 });
      const out: boolean[] = [];
      for (let i = 0; i < 24; i++) {
        const r = await call(sim, 'POST', `/${vin}/command/enable_valet?max_attempts=${maxAttempts}`);
        out.push(commandResultSchema.parse(r.json).result);
      }
      return { out, history: sim.vehicleState(vin).commandHistory.map((h) => h.attempts) };
    };
    const a = await run(11, 1);
    const b = await run(11, 1);
    expect(a.out).toEqual(b.out);
    expect(a.out).toContain(true);
    expect(a.out).toContain(false);
    const retried = await run(11, 3);
    expect(retried).toEqual(await run(11, 3));
    expect(retried.out.filter((x) => !x).length).toBeLessThan(a.out.filter((x) => !x).length);
    // Some commands needed a second or third attempt.
    expect(retried.history.some((n) => n > 1)).toBe(true);
    expect((await run(12, 1)).out).not.toEqual(a.out);
  });

  it('the seeded fleet has flaky vehicles', async () => {
    const sim = await start();
    const flaky = sim.vehicles().filter((v) => v.flakiness > 0);
    expect(flaky.length).toBeGreaterThanOrEqual(2);
    expect(flaky.every((v) => v.flakiness < 1)).toBe(true);
  });
});
