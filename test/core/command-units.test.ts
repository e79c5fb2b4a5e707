// A value typed in the technician's units (°F, km/h) crosses the IPC edge with its unit named, and
// main sends the service its own (°C, mph): the simulator sees 22.2 °C for 72 °F and 62 mph for
// 100 km/h, and the run records what was sent. A value outside the service's bounds once converted
// is refused at the edge, with nothing sent. A bulk run's value crosses the edge the same way.
import { afterEach, expect, it } from 'vitest';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';

const harnesses: CoreHarness[] = [];
afterEach(async () => {
  for (const h of harnesses.splice(0)) await h.close();
});

it('turns °F and km/h into the °C and mph the service takes, once, at the edge', async () => {
  const h = await startCoreHarness({
    demo: { vehicles: 3, wakeDelayMs: 500, wakeTimeoutMs: 3_000, completionDelayMs: 20, flakiness: false },
  });
  harnesses.push(h);
  const vin = h.simulator.vehicles().find((v) => v.sleepState !== 'offline')!.vin;
  h.simulator.setVehicleState(vin, { sleepState: 'awake', asleepSince: null });

  const hot = await h.garage.runs.startVehicleCommand(vin, 'set_temperatures', {
    temperature: 72,
    temperatureUnit: 'f',
  });
  if (!hot.ok) throw new Error(hot.error.message);
  expect(hot.value.command).toEqual({ name: 'set_temperatures', options: { temperature: 22.2 } });
  await h.core.runs.whenDone(hot.value.id);
  const sentTemperature = h.simulator.requests.filter((r) => r.path.endsWith('/command/set_temperatures'));
  expect(sentTemperature.map((r) => r.query.temperature)).toEqual(['22.2']);

  const limit = await h.garage.runs.startVehicleCommand(vin, 'set_speed_limit', {
    mph: 100,
    speedUnit: 'km/h',
  });
  if (!limit.ok) throw new Error(limit.error.message);
  await h.core.runs.whenDone(limit.value.id);
  const sentLimit = h.simulator.requests.filter((r) => r.path.endsWith('/command/set_speed_limit'));
  expect(sentLimit.map((r) => r.query.mph)).toEqual(['62']);

  // 84 °F is 28.9 °C, past the service's 28: refused before anything is sent.
  const tooHot = await h.garage.runs.startVehicleCommand(vin, 'set_temperatures', {
    temperature: 84,
    temperatureUnit: 'f',
  });
  expect(tooHot.ok).toBe(false);
  if (!tooHot.ok) expect(tooHot.error.kind).toBe('invalid_input');
  // A unit the edge does not know is refused by name, never guessed.
  const kelvin = await h.garage.runs.startVehicleCommand(vin, 'set_temperatures', {
    temperature: 295,
    temperatureUnit: 'k' as 'f',
  });
  expect(kelvin.ok).toBe(false);
  expect(h.simulator.requests.filter((r) => r.path.endsWith('/command/set_temperatures'))).toHaveLength(1);
}, 60_000);

it("turns a bulk run's °F and km/h into °C and mph at the edge, for every car, and refuses past the bounds", async () => {
  const h = await startCoreHarness({
    demo: { vehicles: 3, wakeDelayMs: 500, wakeTimeoutMs: 3_000, completionDelayMs: 20, flakiness: false },
  });
  harnesses.push(h);
  const vins = h.simulator
    .vehicles()
    .filter((v) => v.sleepState !== 'offline')
    .map((v) => v.vin)
    .slice(0, 2);
  for (const vin of vins) h.simulator.setVehicleState(vin, { sleepState: 'awake', asleepSince: null });
  const sent = (command: string) =>
    h.simulator.requests.filter((r) => r.path.endsWith(`/command/${command}`)).map((r) => r.query);

  const warm = await h.garage.runs.startBulkCommand({
    command: { name: 'set_temperatures', options: { temperature: 72, temperatureUnit: 'f' } },
    items: vins.map((vin) => ({ vin })),
  });
  if (!warm.ok) throw new Error(warm.error.message);
  // The run holds what the cars are sent, in the service's unit, without the unit typed.
  expect(warm.value.command).toEqual({ name: 'set_temperatures', options: { temperature: 22.2 } });
  await h.core.runs.whenDone(warm.value.id);
  expect(sent('set_temperatures').map((q) => q.temperature)).toEqual(['22.2', '22.2']);

  const limit = await h.garage.runs.startBulkCommand({
    command: { name: 'set_speed_limit', options: { mph: 100, speedUnit: 'km/h' } },
    items: vins.map((vin) => ({ vin })),
  });
  if (!limit.ok) throw new Error(limit.error.message);
  await h.core.runs.whenDone(limit.value.id);
  expect(sent('set_speed_limit').map((q) => q.mph)).toEqual(['62', '62']);

  // 84 °F is past the service's 28 °C: the whole run is refused, nothing sent.
  const tooHot = await h.garage.runs.startBulkCommand({
    command: { name: 'set_temperatures', options: { temperature: 84, temperatureUnit: 'f' } },
    items: vins.map((vin) => ({ vin })),
  });
  expect(tooHot).toMatchObject({ ok: false, error: { kind: 'invalid_input' } });
  expect(sent('set_temperatures')).toHaveLength(2);
}, 60_000);
