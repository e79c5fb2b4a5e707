// The Health and history tab's alerts timeline against main and the simulator over real HTTP (the
// window's calls answered by a running core): an alert the car cleared between two of the tab's
// reads shows as ended between them, worded as the app's own observation, and the audience comes
// from the car's telemetry configuration once main has it cached.
import './canvas-in-jsdom';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { afterEach, expect, it } from 'vitest';
import StoryPanel from '../../renderer/src/components/vehicle/story/StoryPanel.svelte';
import { formatDateTime } from '../../renderer/src/lib/format';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';
import { installFakeGarage } from './fake-garage';
import { emptyGarage, vehicle } from './fixtures';

const harnesses: CoreHarness[] = [];
afterEach(async () => {
  for (const h of harnesses.splice(0)) await h.close();
});

const cells = (row: HTMLElement) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent);

it('shows an alert the car cleared between two reads as ended between them, and the configuration’s audience', async () => {
  const h = await startCoreHarness();
  harnesses.push(h);
  const vin = h.simulator.vins[1]!;
  const washer = {
    at: Math.floor(Date.now() / 1000) - 3600,
    name: 'VCFRONT_a361_washerFluidLow',
    description: 'Washer fluid low',
    recentFleetCount: 3,
  };
  h.simulator.setVehicleState(vin, { firmwareAlerts: [washer] });
  const v = h.garage.vehicles;
  const alertReads: string[] = [];
  installFakeGarage({
    ...emptyGarage,
    'vehicles.batteryHealth': ([car, options]) => v.batteryHealth(car as string, options as never),
    'vehicles.charges': ([car, options]) => v.charges(car as string, options as never),
    'vehicles.idles': ([car, options]) => v.idles(car as string, options as never),
    'vehicles.tirePressure': ([car, options]) => v.tirePressure(car as string, options as never),
    'vehicles.states': ([car, options]) => v.states(car as string, options as never),
    'vehicles.firmwareAlerts': async ([car, options]) => {
      const answer = await v.firmwareAlerts(car as string, options as never);
      if (answer.ok) alertReads.push(answer.fetchedAt);
      return answer;
    },
    'fleet.batteryHealth': ([options]) => h.garage.fleet.batteryHealth(options as never),
  });
  render(StoryPanel, { props: { vehicle: vehicle(1, { vin }) } });

  const alertsSection = () => screen.getByRole('region', { name: 'Alerts' });
  const alertRow = async () => {
    const table = await within(alertsSection()).findByRole('table', {
      name: /^Alerts reported in this range/,
    });
    return cells(within(table).getAllByRole('row')[1]!);
  };
  // The first read sees it: still active, in the read of its time.
  await waitFor(() => expect(alertReads).toHaveLength(1));
  const seenAt = alertReads[0]!;
  await waitFor(async () =>
    expect((await alertRow())[5]).toBe(`Still active (seen in this app’s read of ${formatDateTime(seenAt)})`),
  );
  expect((await alertRow())[0]).toBe(washer.name);
  expect(within(alertsSection()).getByText('Audience not reported by the service.')).toBeTruthy();

  // The car clears it and main reads its telemetry configuration; the technician reads the tab again.
  h.simulator.setVehicleState(vin, { firmwareAlerts: [] });
  const config = await v.telemetryConfig(vin, { refresh: true });
  if (!config.ok) throw new Error(config.error.message);
  await fireEvent.click(screen.getByRole('button', { name: 'Read again from the service' }));
  await waitFor(() => expect(alertReads).toHaveLength(2));
  const goneAt = alertReads[1]!;
  await waitFor(async () =>
    expect((await alertRow())[5]).toBe(
      `Ended between ${formatDateTime(seenAt)} and ${formatDateTime(goneAt)} (this app’s reads: last listed, then gone)`,
    ),
  );
  // The service no longer lists it; the row stays, from what the app saw.
  expect((await alertRow()).slice(0, 2)).toEqual([washer.name, 'Washer fluid low']);
  const types = config.value.config.alert_types;
  expect(types.length).toBeGreaterThan(0);
  expect(
    within(alertsSection()).getByText(
      new RegExp(
        `^Audience: the service does not report it per alert; this car’s telemetry configuration \\(as of ${formatDateTime(config.fetchedAt)}\\) streams alerts to`,
      ),
    ),
  ).toBeTruthy();
}, 60_000);
