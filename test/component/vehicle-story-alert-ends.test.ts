// The Health and history tab's alerts timeline with what main saw across its reads: an alert listed
// in one read is still active as of that read; gone from the next, its row stays (the service no
// longer lists it) and says it ended between the two reads, worded as the app's own observation.
// The audience is the car's cached telemetry configuration's, or said to be unreported. (The same
// through main and the simulator: test/core/alert-sightings.test.ts.)
import './canvas-in-jsdom';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { expect, it } from 'vitest';
import StoryPanel from '../../renderer/src/components/vehicle/story/StoryPanel.svelte';
import { formatDateTime } from '../../renderer/src/lib/format';
import { installFakeGarage } from './fake-garage';
import { emptyGarage, vehicle } from './fixtures';

const cells = (row: HTMLElement) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent);

it('shows an alert the car cleared between two reads as ended between them, and the configuration’s audience', async () => {
  const firedAt = Math.floor(Date.now() / 1000) - 3600;
  const seenAt = new Date(Date.now() - 600_000).toISOString();
  const goneAt = new Date().toISOString();
  const configAt = new Date(Date.now() - 60_000).toISOString();
  const washer = {
    timestamp: firedAt,
    name: 'VCFRONT_a361_washerFluidLow',
    description: 'Washer fluid low',
    recent_fleet_count: 3,
  };
  const sighting = {
    name: washer.name,
    firedAt,
    description: washer.description,
    firstSeenAt: seenAt,
    lastSeenAt: seenAt,
  };
  const answers = [
    {
      ok: true as const,
      value: { results: [washer] },
      source: 'live' as const,
      fetchedAt: seenAt,
      alertSightings: [{ ...sighting, goneAt: null }],
      alertAudiences: null,
    },
    {
      ok: true as const,
      value: { results: [] },
      source: 'live' as const,
      fetchedAt: goneAt,
      alertSightings: [{ ...sighting, goneAt }],
      alertAudiences: { types: ['service', 'customer'], fetchedAt: configAt },
    },
  ];
  let reads = 0;
  installFakeGarage({
    ...emptyGarage,
    'vehicles.firmwareAlerts': () => answers[Math.min(reads++, 1)]!,
  });
  render(StoryPanel, { props: { vehicle: vehicle(1) } });

  const alertsSection = () => screen.getByRole('region', { name: 'Alerts' });
  const alertRow = async () => {
    const table = await within(alertsSection()).findByRole('table', {
      name: /^Alerts reported in this range/,
    });
    return cells(within(table).getAllByRole('row')[1]!);
  };
  await waitFor(async () =>
    expect((await alertRow())[5]).toBe(`Still active (seen in this app’s read of ${formatDateTime(seenAt)})`),
  );
  expect(within(alertsSection()).getByText('Audience not reported by the service.')).toBeTruthy();

  await fireEvent.click(screen.getByRole('button', { name: 'Read again from the service' }));
  await waitFor(async () =>
    expect((await alertRow())[5]).toBe(
      `Ended between ${formatDateTime(seenAt)} and ${formatDateTime(goneAt)} (this app’s reads: last listed, then gone)`,
    ),
  );
  expect((await alertRow()).slice(0, 2)).toEqual([washer.name, 'Washer fluid low']);
  expect(
    within(alertsSection()).getByText(
      `Audience: the service does not report it per alert; this car’s telemetry configuration (as of ${formatDateTime(configAt)}) streams alerts to service and customer.`,
    ),
  ).toBeTruthy();
});
