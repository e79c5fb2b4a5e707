// One truth per car about whether it answers, kept in main: the status read has no word for
// offline (it says "asleep" for a car it cannot reach), so a car main last saw asleep that has since
// gone out of coverage is only known offline once something tries to reach it and fails. That
// failure (a wake-up the service gave up on, a command or a live read it says the car did not
// answer) is the evidence, and the garage list says offline from then on, as the header does.
import { afterEach, describe, expect, it } from 'vitest';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';

const harnesses: CoreHarness[] = [];
afterEach(async () => {
  for (const h of harnesses.splice(0)) await h.close();
}, 30_000);

async function garage(): Promise<CoreHarness> {
  const h = await startCoreHarness({
    demo: { vehicles: 6, wakeDelayMs: 300, wakeTimeoutMs: 1_500, completionDelayMs: 20, flakiness: false },
  });
  harnesses.push(h);
  return h;
}

async function sleepOf(h: CoreHarness, vin: string) {
  const listed = await h.garage.vehicles.list();
  if (!listed.ok) throw new Error(listed.error.message);
  return listed.value.find((v) => v.vin === vin)?.glance.sleep ?? null;
}

/** A car main has read asleep, which then goes out of coverage without main being told. */
async function asleepThenGone(h: CoreHarness): Promise<string> {
  const vin = h.simulator.vehicles().filter((v) => v.sleepState !== 'offline')[0]!.vin;
  h.simulator.setVehicleState(vin, { sleepState: 'asleep' });
  await h.garage.vehicles.state(vin, { refresh: true });
  expect((await sleepOf(h, vin))?.value).toBe('asleep');
  h.simulator.setVehicleState(vin, { sleepState: 'offline' });
  return vin;
}

describe('a car that went offline after main last saw it asleep', () => {
  it('is offline in the list once a command could not wake it', async () => {
    const h = await garage();
    const vin = await asleepThenGone(h);
    const started = await h.garage.runs.startVehicleCommand(vin, 'flash');
    if (!started.ok) throw new Error(started.error.message);
    const end = await h.core.runs.whenDone(started.value.id);
    expect(end.items[0]).toMatchObject({ status: 'not-sent' });
    // The status read before the wake-up said "asleep"; the wake-up that failed says more.
    expect(await sleepOf(h, vin)).toMatchObject({ value: 'offline', source: 'wake' });
  }, 30_000);

  it('is offline in the list once a wake-up of its own failed', async () => {
    const h = await garage();
    const vin = await asleepThenGone(h);
    const started = await h.garage.runs.startVehicleCommand(vin, 'wake');
    if (!started.ok) throw new Error(started.error.message);
    await h.core.runs.whenDone(started.value.id);
    expect((await sleepOf(h, vin))?.value).toBe('offline');
  }, 30_000);

  it('is offline in the list once a live read said it did not answer', async () => {
    const h = await garage();
    const vin = await asleepThenGone(h);
    // The service's copy still says what it said when the car fell asleep; the car itself is silent.
    await h.garage.vehicles.state(vin, { live: true });
    expect((await sleepOf(h, vin))?.value).toBe('offline');
  }, 30_000);
});
