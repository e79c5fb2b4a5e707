// Climate on and off are commands of the one table: sent through the command pipeline to the demo
// simulator over HTTP, the car's climate switches, and the effect is read back from
// climate_state.is_climate_on ("now climate on, was climate off"), never assumed from the send.
import { afterEach, expect, it } from 'vitest';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';

const harnesses: CoreHarness[] = [];
afterEach(async () => {
  for (const h of harnesses.splice(0)) await h.close();
});

async function runToEnd(
  h: CoreHarness,
  ...args: Parameters<CoreHarness['garage']['runs']['startVehicleCommand']>
) {
  const started = await h.garage.runs.startVehicleCommand(...args);
  if (!started.ok) throw new Error(started.error.message);
  return { started: started.value, end: await h.core.runs.whenDone(started.value.id) };
}

it('turns the climate on and off, each confirmed from the state the car reports afterwards', async () => {
  const h = await startCoreHarness({
    demo: { vehicles: 3, wakeDelayMs: 500, wakeTimeoutMs: 3_000, completionDelayMs: 20, flakiness: false },
  });
  harnesses.push(h);
  const vin = h.simulator.vehicles().find((v) => v.sleepState !== 'offline')!.vin;
  h.simulator.setVehicleState(vin, { sleepState: 'awake', asleepSince: null, climateOn: false });
  const before = await h.garage.vehicles.state(vin, { refresh: true });
  expect(before.ok && before.value.climate_state?.is_climate_on).toBe(false);

  const on = await runToEnd(h, vin, 'start_climate');
  expect(on.started.title).toBe('Climate on');
  expect(on.end.items[0]).toMatchObject({
    status: 'succeeded',
    effect: { confirmed: true, text: 'now climate on, was climate off' },
  });
  expect(h.simulator.vehicleState(vin).climateOn).toBe(true);
  const read = await h.garage.vehicles.state(vin, { refresh: true });
  expect(read.ok && read.value.climate_state?.is_climate_on).toBe(true);

  const off = await runToEnd(h, vin, 'stop_climate');
  expect(off.end.items[0]).toMatchObject({
    status: 'succeeded',
    effect: { confirmed: true, text: 'now climate off, was climate on' },
  });
  expect(h.simulator.vehicleState(vin).climateOn).toBe(false);
  expect(h.simulator.requests.filter((r) => /\/command\/(start|stop)_climate$/.test(r.path))).toHaveLength(2);
}, 60_000);
