// The Health and history tab: each chart is built with its numbers in a table beside it (caption,
// headers, rows), the time range is a radio group whose choice asks every read again for its window,
// the visit is a choice only while a job is open, units follow the settings, and each part says
// where its numbers come from (live, or the saved copy with its age, offline too).
import './canvas-in-jsdom';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import StoryPanel from '../../renderer/src/components/vehicle/story/StoryPanel.svelte';
import { openJobs, preferences, vehicleList } from '../../renderer/src/lib/stores';
import { installFakeGarage, type Responders } from './fake-garage';
import { emptyGarage, staleMeta, vehicle } from './fixtures';

const DAY_S = 86_400;
const car = vehicle(1);
const endOfToday = () => (Math.floor(Date.now() / 1000 / DAY_S) + 1) * DAY_S;

type Window = { from: number; to: number };
const live = () => ({ source: 'live' as const, fetchedAt: new Date().toISOString() });

/** A measurement every 10 days of the window, the pack losing 0.01 kWh a day. */
function battery({ from, to }: Window) {
  const results = [];
  for (let at = Math.max(from, to - 400 * DAY_S) + DAY_S / 2; at < to; at += 10 * DAY_S) {
    const daysAgo = (to - at) / DAY_S;
    results.push({
      timestamp: at,
      odometer: 20_000 - daysAgo * 30,
      max_range: 300 - daysAgo * 0.02,
      max_ideal_range: 290,
      capacity: 75 - (400 - daysAgo) * 0.01,
    });
  }
  return { results };
}

const charges = ({ to }: Window) => ({
  results: [
    {
      id: 1,
      started_at: to - 5 * DAY_S,
      ended_at: to - 5 * DAY_S + 1800,
      location: 'Supercharger Köln',
      is_supercharger: true,
      energy_added: 41.2,
      energy_used: 43,
      starting_battery: 12,
      ending_battery: 70,
      cost: 18.5,
    },
    {
      id: 2,
      started_at: to - 3 * DAY_S,
      ended_at: to - 3 * DAY_S + 6 * 3600,
      location: 'Home',
      is_supercharger: false,
      energy_added: 30,
      energy_used: 33,
      starting_battery: 40,
      ending_battery: 80,
      cost: null,
    },
  ],
});

const idles = ({ to }: Window) => ({
  results: [
    {
      id: 9,
      started_at: to - 2 * DAY_S,
      ended_at: to - 2 * DAY_S + 10 * 3600,
      location: 'Shop lot',
      starting_battery: 80,
      ending_battery: 77,
      energy_used: 2.2,
      climate_fraction: 0,
      sentry_fraction: 0.5,
    },
  ],
});

const tyres = ({ to }: Window) => ({
  results: [
    {
      timestamp: to - 4 * DAY_S,
      front_left: 2.4,
      front_right: 2.9,
      rear_left: 2.9,
      rear_right: 2.9,
      front_left_status: 'low',
      front_right_status: 'normal',
      rear_left_status: 'normal',
      rear_right_status: 'normal',
    },
    {
      timestamp: to - 2 * DAY_S,
      front_left: 2.9,
      front_right: 2.9,
      rear_left: 2.9,
      rear_right: 2.9,
      front_left_status: 'normal',
      front_right_status: 'normal',
      rear_left_status: 'normal',
      rear_right_status: 'normal',
    },
  ],
});

const alerts = () => {
  const to = endOfToday();
  return {
    results: [
      {
        timestamp: to - 6 * DAY_S,
        name: 'VCFRONT_a180_tirePressureLow',
        description: 'Tire pressure low',
        recent_fleet_count: 3,
      },
      {
        timestamp: to - 4 * DAY_S,
        name: 'VCFRONT_a180_tirePressureLow',
        description: 'Tire pressure low',
        recent_fleet_count: 3,
      },
      // Two months ago: only in the ranges that reach back that far.
      {
        timestamp: to - 60 * DAY_S,
        name: 'BMS_a066_SW_Over_Current',
        description: null,
        recent_fleet_count: null,
      },
    ],
  };
};

const states = ({ to }: Window) => ({
  results: {
    timestamps: [to - 9 * DAY_S, to - 8 * DAY_S, to - 2 * DAY_S, to - DAY_S],
    versions: ['2026.20.1', '2026.20.1', '2026.32.5', '2026.32.5'],
    charger_phasess: [null, null, null, null],
  },
});

function story(meta: () => { source: 'live' | 'cache'; fetchedAt: string } = live): Responders {
  const answer = <T>(value: T) => ({ ok: true as const, value, ...meta() });
  return {
    ...emptyGarage,
    'vehicles.batteryHealth': ([, options]) => answer(battery(options as Window)),
    'vehicles.charges': ([, options]) => answer(charges(options as Window)),
    'vehicles.idles': ([, options]) => answer(idles(options as Window)),
    'vehicles.tirePressure': ([, options]) => answer(tyres(options as Window)),
    'vehicles.firmwareAlerts': () => answer(alerts()),
    'vehicles.states': ([, options]) => answer(states(options as Window)),
  };
}

const section = (name: string) => screen.getByRole('region', { name });
const cells = (row: HTMLElement) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent);

describe('the Health and history tab', () => {
  it('draws each chart with its numbers in a captioned table, for the last 30 days by default', async () => {
    const { calls } = installFakeGarage(story());
    render(StoryPanel, { props: { vehicle: car } });

    const batteryTable = await screen.findByRole('table', { name: /^Battery measurements \(3 rows\)$/ });
    // Two charts of the pack, each an image named for what it shows, described by the table.
    const overTime = within(section('Battery capacity')).getByRole('img', {
      name: 'Usable capacity over time',
    });
    expect(overTime.getAttribute('aria-describedby')).toBe(batteryTable.id);
    expect(overTime.querySelector('.uplot canvas')).not.toBeNull();
    expect(
      within(section('Battery capacity')).getByRole('img', { name: 'Usable capacity over odometer' }),
    ).toBeTruthy();
    expect(
      within(batteryTable)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Date', 'Odometer', 'Usable capacity', 'Range at 100 %', 'Of the range’s first measurement']);

    // The window: 30 whole days to the end of today, the same for every read that takes one.
    const to = endOfToday();
    for (const operation of [
      'vehicles.batteryHealth',
      'vehicles.charges',
      'vehicles.idles',
      'vehicles.tirePressure',
    ] as const) {
      const asked = calls.filter((call) => call.operation === operation);
      expect(asked).toHaveLength(1);
      expect(asked[0]!.args[1]).toMatchObject({ from: to - 30 * DAY_S, to });
    }
    expect(calls.find((call) => call.operation === 'vehicles.states')!.args[1]).toMatchObject({
      condense: true,
    });

    // Charging: where, which charger (the service's Supercharger flag, or inferred from the power), energy, cost.
    const sessions = await screen.findByRole('table', { name: /^Charging sessions \(2 rows\)$/ });
    const [superRow, homeRow] = within(sessions).getAllByRole('row').slice(1);
    expect(cells(superRow!).slice(2)).toEqual([
      'Supercharger Köln',
      'Supercharger (DC)',
      '41.20 kWh',
      '12 % → 70 %',
      '18.50',
    ]);
    expect(cells(homeRow!).slice(2)).toEqual([
      'Home',
      'AC (inferred)',
      '30.00 kWh',
      '40 % → 80 %',
      'Unknown',
    ]);
    expect(
      within(section('Charging sessions')).getByRole('img', { name: 'Energy added per charging session' }),
    ).toBeTruthy();

    // Drain while parked.
    const parked = screen.getByRole('table', { name: /^Parked periods \(1 row\)$/ });
    expect(cells(within(parked).getAllByRole('row')[1]!).slice(2)).toEqual([
      'Shop lot',
      '3 % points',
      '2.20 kWh',
      '0 %',
      '50 %',
    ]);

    // Tyres, a low reading marked, and where the service's warning sets in as its readings show it.
    const tyreTable = screen.getByRole('table', { name: /^Tyre readings \(2 rows\)$/ });
    expect(cells(within(tyreTable).getAllByRole('row')[1]!).slice(1)).toEqual([
      '2.40 bar (low)',
      '2.90 bar',
      '2.90 bar',
      '2.90 bar',
    ]);
    expect(
      screen.getByText('The service’s low-pressure warning sets in between 2.40 bar and 2.90 bar.'),
    ).toBeTruthy();
    const tyreChart = within(section('Tyre pressures over time')).getByRole('img', {
      name: /^Tyre pressures over time/,
    });
    // The four wheels and the warning line are the chart's series, named in its legend.
    expect(tyreChart.querySelector('.u-legend')!.textContent).toContain('Highest reading called low');

    // Alerts: first and last report in the range, and no end the service never reports.
    const alertTable = screen.getByRole('table', { name: /^Alerts reported in this range \(1 row\)$/ });
    const alertCells = cells(within(alertTable).getAllByRole('row')[1]!);
    expect(alertCells[0]).toBe('VCFRONT_a180_tirePressureLow');
    expect(alertCells[4]).toBe('2');
    expect(alertCells[5]).toBe('Not known');

    // Software: the update between two samples.
    const versions = screen.getByRole('table', { name: /^Software versions \(2 rows\)$/ });
    expect(
      within(versions)
        .getAllByRole('rowheader')
        .map((th) => th.textContent),
    ).toEqual(['2026.20.1', '2026.32.5']);

    // Each part says where its numbers come from.
    expect(within(section('Alerts')).getByText(/As of/).textContent).toMatch(/Live/);
  });

  it('asks every read again when another range is chosen, and the tables follow', async () => {
    const { calls } = installFakeGarage(story());
    render(StoryPanel, { props: { vehicle: car } });
    await screen.findByRole('table', { name: /^Battery measurements \(3 rows\)$/ });
    expect(screen.queryByRole('table', { name: /^Alerts reported in this range \(2 rows\)$/ })).toBeNull();

    const ranges = screen.getByRole('group', { name: 'Time range' });
    expect((within(ranges).getByRole('radio', { name: '30 days' }) as HTMLInputElement).checked).toBe(true);
    await fireEvent.click(within(ranges).getByRole('radio', { name: '1 year' }));

    expect(await screen.findByRole('table', { name: /^Battery measurements \(37 rows\)$/ })).toBeTruthy();
    // The alert of two months ago is in the year.
    expect(
      await screen.findByRole('table', { name: /^Alerts reported in this range \(2 rows\)$/ }),
    ).toBeTruthy();
    const to = endOfToday();
    const battery = calls.filter((call) => call.operation === 'vehicles.batteryHealth');
    expect(battery.map((call) => (call.args[1] as Window).from)).toEqual([to - 30 * DAY_S, to - 366 * DAY_S]);
    expect((within(ranges).getByRole('radio', { name: '1 year' }) as HTMLInputElement).checked).toBe(true);
  });

  it('offers the visit only while a job is open, and starts on it then', async () => {
    installFakeGarage(story());
    const first = render(StoryPanel, { props: { vehicle: car } });
    await screen.findByRole('table', { name: /^Battery measurements/ });
    const visit = screen.getByRole('radio', { name: 'This visit' }) as HTMLInputElement;
    expect(visit.disabled).toBe(true);
    expect(screen.getByText('This visit can be chosen while the car has an open job.')).toBeTruthy();
    first.unmount();

    const opened = new Date(Date.now() - 2 * DAY_S * 1000);
    openJobs.apply(car.vin, {
      id: 'j1',
      repairOrder: 'RO-7',
      technician: 'Sam',
      openedAt: opened.toISOString(),
    });
    const { calls } = installFakeGarage(story());
    render(StoryPanel, { props: { vehicle: car } });
    await screen.findByRole('table', { name: /^Battery measurements/ });
    expect((screen.getByRole('radio', { name: 'This visit' }) as HTMLInputElement).checked).toBe(true);
    const from = (calls.find((call) => call.operation === 'vehicles.charges')!.args[1] as Window).from;
    expect(from).toBe(Math.floor(opened.getTime() / 1000 / DAY_S) * DAY_S);
  });

  it('words distances and pressures in the technician’s units', async () => {
    preferences.distanceUnit = 'km';
    preferences.pressureUnit = 'psi';
    installFakeGarage(story());
    render(StoryPanel, { props: { vehicle: car } });
    const batteryTable = await screen.findByRole('table', { name: /^Battery measurements/ });
    expect(cells(within(batteryTable).getAllByRole('row')[1]!)[1]).toMatch(/ km$/);
    const tyreTable = screen.getByRole('table', { name: /^Tyre readings/ });
    expect(cells(within(tyreTable).getAllByRole('row')[2]!)[1]).toBe('42.1 psi');
  });

  it('shows the saved copies with their age when the service cannot be reached', async () => {
    installFakeGarage(story(() => staleMeta));
    render(StoryPanel, { props: { vehicle: car } });
    await screen.findByRole('table', { name: /^Charging sessions/ });
    for (const name of [
      'Battery capacity',
      'Charging sessions',
      'Drain while parked',
      'Tyre pressures over time',
      'Alerts',
      'Software versions',
    ]) {
      expect(within(section(name)).getByText(/As of/).textContent).toMatch(/Offline: saved copy from/);
    }
  });

  it('shows a long table a hundred rows at a time, the newest first, and copies all of them', async () => {
    const to = endOfToday();
    const many = Array.from({ length: 250 }, (_, i) => ({
      id: i + 1,
      started_at: to - (250 - i) * DAY_S,
      ended_at: to - (250 - i) * DAY_S + 3600,
      location: `Stop ${i + 1}`,
      is_supercharger: false,
      energy_added: 10,
    }));
    let copied = '';
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void (copied = text) },
    });
    installFakeGarage({
      ...story(),
      'vehicles.charges': () => ({ ok: true, value: { results: many }, ...live() }),
    });
    render(StoryPanel, { props: { vehicle: car } });
    const sessions = await screen.findByRole('table', { name: /^Charging sessions \(250 rows\)$/ });
    const part = within(section('Charging sessions'));
    const shownStops = () =>
      within(sessions)
        .getAllByRole('row')
        .slice(1)
        .map((row) => cells(row)[2]);
    expect(shownStops()).toHaveLength(100);
    expect(shownStops()[0]).toBe('Stop 151');
    expect(part.getByText('Rows 151–250 of 250')).toBeTruthy();
    expect((part.getByRole('button', { name: 'Later rows' }) as HTMLButtonElement).disabled).toBe(true);

    await fireEvent.click(part.getByRole('button', { name: 'Earlier rows' }));
    expect(shownStops()[0]).toBe('Stop 51');
    expect(part.getByText('Rows 51–150 of 250')).toBeTruthy();

    await fireEvent.click(part.getByRole('button', { name: 'Copy all rows' }));
    await waitFor(() => expect(copied.split('\n')).toHaveLength(251));
    expect(copied.split('\n')[0]!.split('\t')).toEqual([
      'Started',
      'Ended',
      'Where',
      'Charger',
      'Energy added',
      'Battery',
      'Cost',
    ]);
    expect(copied.split('\n')[1]).toContain('Stop 1\t');
  });

  it('puts the garage’s other cars of the same model beside this pack, from the account’s battery health', async () => {
    const peer = vehicle(2);
    const other = vehicle(3, { model: 'Model Y Performance (2024)' });
    vehicleList.vehicles = [car, peer, other];
    preferences.distanceUnit = 'mi';
    installFakeGarage({
      ...story(),
      'fleet.batteryHealth': () => ({
        ok: true,
        value: {
          results: [
            { vin: car.vin, odometer: 20_000, capacity: 71, health_percent: 94.7 },
            { vin: peer.vin, odometer: 30_000, capacity: 70, health_percent: 93.3 },
            { vin: other.vin, odometer: 5_000, capacity: 78, health_percent: 99 },
          ],
        },
        ...live(),
      }),
    });
    render(StoryPanel, { props: { vehicle: car } });
    const peers = await screen.findByRole('table', { name: /^Same model in this garage \(1 row\)$/ });
    expect(cells(within(peers).getAllByRole('row')[1]!)).toEqual([
      peer.vin,
      '30,000 mi',
      '70.0 kWh',
      '93.3 %',
    ]);
    expect(
      screen.getByText('Health of 1 other car of this model in the garage: 93.3 % to 93.3 %, median 93.3 %.'),
    ).toBeTruthy();
    const chart = within(section('Battery capacity')).getByRole('img', {
      name: 'Usable capacity over odometer',
    });
    expect(chart.querySelector('.u-legend')!.textContent).toContain('Same model in this garage (kWh)');
  });
});
