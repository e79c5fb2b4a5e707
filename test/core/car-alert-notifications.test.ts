// A car's own alerts reach the technician as system notifications, not only finished runs: after a
// live read shows a tyre newly low or a firmware alert that started, main asks the notification
// port once for each (the app's adapter shows it; here the port is recorded). A read that shows the
// same again says nothing; a tyre told once is told again only after a reading called it fine.
import { afterEach, expect, it } from 'vitest';
import type { CarNotice } from '../../electron/main/reactions/car-alert-notices';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';
import { waitFor } from '../support/wait-for';

const harnesses: CoreHarness[] = [];
afterEach(async () => {
  for (const h of harnesses.splice(0)) await h.close();
});

async function core(window: { focused: boolean } = { focused: false }) {
  const told: CarNotice[] = [];
  const h = await startCoreHarness({
    notify: (notice) => told.push(notice),
    windowFocused: () => window.focused,
  });
  harnesses.push(h);
  const vin = h.simulator.vins[1]!;
  const renamed = await h.garage.vehicles.rename(vin, 'Night Owl');
  if (!renamed.ok) throw new Error(renamed.error.message);
  return { h, vin, told };
}

/** Tyre pressures with the rear left low, measured now. */
function lowRearLeft() {
  const at = Math.floor(Date.now() / 1000);
  return { frontLeft: 2.9, frontRight: 2.9, rearLeft: 2.1, rearRight: 2.9, measuredAt: at };
}

/** A live tyre read of `vin`, as the Overview asks it. */
async function readTyres(h: CoreHarness, vin: string): Promise<void> {
  const answer = await h.garage.vehicles.tirePressure(vin, { refresh: true });
  if (!answer.ok) throw new Error(answer.error.message);
}

it('tells of a tyre newly low once, and again only after it was fine', async () => {
  const { h, vin, told } = await core();
  const low = lowRearLeft();
  h.simulator.setVehicleState(vin, { tyres: low });
  const read = () => readTyres(h, vin);
  await read();
  await waitFor(() => told.length === 1, 'the low tyre told');
  expect(told[0]).toEqual({
    title: 'Night Owl: tyre pressure low',
    body: 'The car reports a low tyre: rear left.',
    target: { kind: 'open-vehicle', profileId: 'demo', vin },
  });
  // Read again, still low, then fine: nothing more. Low again after the fine reading: told again,
  // and only that (the notices are told in the order of the reads).
  await read();
  h.simulator.setVehicleState(vin, { tyres: { ...low, rearLeft: 2.9 } });
  await read();
  h.simulator.setVehicleState(vin, { tyres: { ...low, frontRight: 2.0 } });
  await read();
  await waitFor(() => told.length >= 2, 'the tyre low again told');
  expect(told.map((notice) => notice.body)).toEqual([
    'The car reports a low tyre: rear left.',
    'The car reports low tyres: front right, rear left.',
  ]);
}, 60_000);

it('tells of each alert that started, once, and not of the alerts it already had', async () => {
  const { h, vin, told } = await core();
  const read = async () => {
    const answer = await h.garage.vehicles.firmwareAlerts(vin, { refresh: true });
    if (!answer.ok) throw new Error(answer.error.message);
  };
  const old = h.simulator.vehicleState(vin).firmwareAlerts;
  await read();
  const started = {
    at: Math.floor(Date.now() / 1000),
    name: 'VCFRONT_a361_washerFluidLow',
    description: 'Washer fluid low',
    recentFleetCount: 3,
  };
  h.simulator.setVehicleState(vin, { firmwareAlerts: [...old, started] });
  await read();
  await waitFor(() => told.length >= 1, 'the alert told');
  expect(told[0]).toEqual({
    title: 'Night Owl: an alert started',
    body: 'Washer fluid low (VCFRONT_a361_washerFluidLow)',
    target: { kind: 'open-vehicle', profileId: 'demo', vin },
  });
  // The same alerts again, then one more: only the new one is told.
  await read();
  const another = { ...started, at: started.at + 60, name: 'VCLEFT_a123_doorAjar', description: null };
  h.simulator.setVehicleState(vin, { firmwareAlerts: [...old, started, another] });
  await read();
  await waitFor(() => told.length >= 2, 'the second alert told');
  expect(told.map((notice) => notice.body)).toEqual([
    'Washer fluid low (VCFRONT_a361_washerFluidLow)',
    'VCLEFT_a123_doorAjar',
  ]);
}, 60_000);

// As a run's end: while the window has the focus it shows the car's state itself, so no system
// notification; what it showed then is not told later as news, and what is new after it lost the
// focus is.
it('tells nothing while the window is focused, and only what is new once it is not', async () => {
  const window = { focused: true };
  const { h, vin, told } = await core(window);
  const low = lowRearLeft();
  h.simulator.setVehicleState(vin, { tyres: low });
  await readTyres(h, vin);
  window.focused = false;
  h.simulator.setVehicleState(vin, { tyres: { ...low, frontRight: 2.0 } });
  await readTyres(h, vin);
  await waitFor(() => told.length >= 1, 'the tyre low after the focus left told');
  // Notices are told in the order of the reads: a notice of the focused read would come first.
  expect(told.map((notice) => notice.body)).toEqual(['The car reports a low tyre: front right.']);
}, 60_000);
