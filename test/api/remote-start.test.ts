// Remote start through the API client against the simulator over real HTTP: what goes on the wire
// (a POST to `/command/remote_start` with the two common parameters and no body), the answer, and
// what the car then reports: keyless driving on for the 2 minutes driving may begin in, off after.
import { afterEach, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../electron/main/simulator/index';
import { REMOTE_START_WINDOW_MINUTES } from '../../electron/shared/workshop-commands';
import { ManualClock } from '../support/manual-clock';
import { clientFor, closeClients } from './support';

const running: Simulator[] = [];
afterEach(async () => {
  await closeClients();
  await Promise.all(running.splice(0).map((s) => s.stop()));
});

it('sends remote_start once with the common parameters; the state shows keyless driving for 2 minutes', async () => {
  const clock = new ManualClock();
  const sim = await startSimulator({ clock, wakeDelayMs: 20, completionDelayMs: 5, token: 'owner-token' });
  running.push(sim);
  const api = clientFor(sim).client;
  const vin = sim.vins.find((v) => sim.vehicleState(v).sleepState === 'awake')!;
  sim.setVehicleState(vin, { flakiness: 0 });
  const before = await clock.run(api.state(vin, false));
  expect(before.vehicle_state?.remote_start).toBe(false);

  sim.clearRequests();
  expect(await clock.run(api.workshopCommand(vin, 'remote_start', { maxAttempts: 1 }))).toEqual({
    result: true,
  });
  expect(sim.requests.map((r) => [r.method, r.path, r.query, r.body])).toEqual([
    ['POST', `/${vin}/command/remote_start`, { wait_for_completion: 'true', max_attempts: '1' }, ''],
  ]);
  expect(sim.vehicleState(vin).commandHistory.at(-1)).toMatchObject({
    command: 'remote_start',
    result: true,
  });

  const on = await clock.run(api.state(vin, false));
  expect(on.vehicle_state?.remote_start).toBe(true);
  // Still on a second before the window ends; off once it has.
  await clock.advance(REMOTE_START_WINDOW_MINUTES * 60_000 - 1_000);
  expect((await clock.run(api.state(vin, false))).vehicle_state?.remote_start).toBe(true);
  await clock.advance(1_000);
  expect((await clock.run(api.state(vin, false))).vehicle_state?.remote_start).toBe(false);
});
