// The Overview's battery health card: the last year's measurements asked for in whole days, the
// latest capacity and range at 100 % in the technician's units, what the pack lost over the year,
// and the measurement's own age; the pack now when the service answers without a list.
import { render, screen, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import BatteryHealthCard from '../../renderer/src/components/vehicle/overview/BatteryHealthCard.svelte';
import { displayLanguage, preferences } from '../../renderer/src/lib/stores';
import { installFakeGarage } from './fake-garage';
import { emptyGarage, vehicle } from './fixtures';

const DAY_S = 86_400;
const car = vehicle(1);
const card = () => screen.getByRole('region', { name: 'Battery health' });

/** The service's answer for a window: a pack measured at `first` and again at `last`, 1.5 kWh less. */
const aYear = (first: number, last: number) => ({
  ok: true as const,
  value: {
    results: [
      { timestamp: first, odometer: 30_000, max_range: 316.2, max_ideal_range: 265.6, capacity: 75.4 },
      { timestamp: last, odometer: 41_000, max_range: 310, max_ideal_range: 260.4, capacity: 73.9 },
    ],
  },
  source: 'live' as const,
  fetchedAt: new Date().toISOString(),
});

describe('the battery health card', () => {
  it('shows the latest measurement of the year, what the pack lost since the first, and its age', async () => {
    const today = Math.floor(Date.now() / 1000 / DAY_S) * DAY_S;
    const yearAgo = today - 365 * DAY_S;
    const { calls } = installFakeGarage({
      'vehicles.batteryHealth': () => aYear(yearAgo, today - 3 * DAY_S),
      ...emptyGarage,
    });
    render(BatteryHealthCard, { props: { vehicle: car } });
    const facts = within(card());
    expect(await facts.findByText('73.9 kWh')).toBeTruthy();
    expect(facts.getByText('310 mi')).toBeTruthy();
    expect(facts.getByText(/^Since /)).toBeTruthy();
    expect(facts.getByText('Lost 1.5 kWh (2%)')).toBeTruthy();
    // The reading is the measurement's, three days old, not the moment the app asked.
    expect(facts.getByText(/reading 3 days old/)).toBeTruthy();
    // A year of whole days, to the end of today: a day's reads share one cached answer.
    const asked = calls.filter((call) => call.operation === 'vehicles.batteryHealth');
    expect(asked).toHaveLength(1);
    const [vin, options] = asked[0]!.args as [string, { from: number; to: number; refresh: boolean }];
    expect(vin).toBe(car.vin);
    expect(options).toEqual({ from: today + DAY_S - 366 * DAY_S, to: today + DAY_S, refresh: false });
  });

  it('in the technician’s distance unit', async () => {
    preferences.distanceUnit = 'km';
    installFakeGarage({
      'vehicles.batteryHealth': () => ({
        ok: true,
        value: { result: { max_range: 310, max_ideal_range: 260.4, capacity: 73.9 } },
        source: 'cache',
        fetchedAt: new Date(Date.now() - 2 * 3600_000).toISOString(),
      }),
      ...emptyGarage,
    });
    render(BatteryHealthCard, { props: { vehicle: car } });
    const facts = within(card());
    expect(await facts.findByText('499 km')).toBeTruthy();
    expect(facts.getByText('73.9 kWh')).toBeTruthy();
    // The pack now has no first measurement to compare with.
    expect(facts.queryByText(/^Since /)).toBeNull();
    expect(facts.getByText(/Saved copy/)).toBeTruthy();
  });

  it('says capacity and range are unknown when the year has no measurement, and offers a retry when the read fails', async () => {
    let answers = 0;
    installFakeGarage({
      'vehicles.batteryHealth': () =>
        answers++ === 0
          ? { ok: false, error: { kind: 'network', message: 'The service cannot be reached.' } }
          : { ok: true, value: { results: [] }, source: 'live', fetchedAt: new Date().toISOString() },
      ...emptyGarage,
    });
    render(BatteryHealthCard, { props: { vehicle: car } });
    const retry = await within(card()).findByRole('button', { name: /Try again|Retry/ });
    retry.click();
    const facts = within(card());
    expect(
      await facts.findByText('The service has no measurement of this pack in the last year.'),
    ).toBeTruthy();
    // Capacity and range are not known, not zero.
    const values = Array.from(card().querySelectorAll('dd'), (dd) => dd.textContent);
    expect(values).toEqual(['Unknown', 'Unknown']);
    expect(facts.queryByText(/kWh/)).toBeNull();
  });

  it('in German from the catalogs, with German digits', async () => {
    preferences.distanceUnit = 'km';
    installFakeGarage({
      'settings.language': () => ({
        ok: true,
        value: { choice: 'de', language: 'de', formatLocale: 'de-DE' },
      }),
      'vehicles.batteryHealth': () => aYear(1_700_000_000, 1_731_000_000),
      ...emptyGarage,
    });
    await displayLanguage.load();
    render(BatteryHealthCard, { props: { vehicle: car } });
    const facts = within(screen.getByRole('region', { name: 'Batteriezustand' }));
    expect(await facts.findByText('73,9 kWh')).toBeTruthy();
    expect(facts.getByText('Nutzbare Kapazität')).toBeTruthy();
    expect(facts.getByText('Reichweite bei 100 %')).toBeTruthy();
    expect(facts.getByText('499 km')).toBeTruthy();
    expect(facts.getByText(/^Seit /)).toBeTruthy();
    expect(facts.getByText('1,5 kWh verloren (2 %)')).toBeTruthy();
  });
});
