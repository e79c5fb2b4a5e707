// The vehicle view's new states: the status strip and its wake-up, a read that hangs, the drives
// list to tag, firmware alerts and tyres, and the offline overview's dated software versions.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import OverviewPanel from '../../renderer/src/components/vehicle/overview/OverviewPanel.svelte';
import PlateAndTagsPanel from '../../renderer/src/components/vehicle/plate-and-tags/PlateAndTagsPanel.svelte';
import StatusStrip from '../../renderer/src/components/vehicle/StatusStrip.svelte';
import { alertWords } from '../../renderer/src/lib/vehicle-words';
import type { ResultOf } from '../../electron/shared/ipc/api';
import { installFakeGarage } from './fake-garage';
import { deferred, emptyGarage, notes, staleMeta, vehicle } from './fixtures';
import { carState, stateAnswer } from './vehicle-state-fixtures';
import { preferences, vehicleStates } from '../../renderer/src/lib/stores';

const car = vehicle(1, { nickname: 'Loaner' });
const live = () => ({ source: 'live' as const, fetchedAt: new Date().toISOString() });

function fact(term: string): string | undefined {
  const dt = screen.getAllByRole('term').find((t) => t.textContent === term);
  return dt?.nextElementSibling?.textContent?.trim();
}

describe('status strip', () => {
  it('shows state, battery and range, charging, odometer, version, locks, modes, windows and shift with its time', async () => {
    installFakeGarage({ 'vehicles.state': () => stateAnswer(carState()), ...emptyGarage });
    void vehicleStates.load(car.vin);
    render(StatusStrip, { props: { vehicle: car } });
    await screen.findByText('Awake');
    expect(fact('Battery')).toBe('72 % · 200 mi');
    expect(fact('Charging')).toBe('Disconnected');
    expect(fact('Odometer')).toBe('12,345 mi');
    expect(fact('Version')).toBe('2026.14.3');
    expect(fact('Locked')).toBe('Locked');
    expect(fact('Sentry')).toBe('Off');
    expect(fact('Valet')).toBe('Off');
    expect(fact('Windows')).toBe('Open: rear right');
    expect(fact('Shift')).toBe('Not in gear (parked or asleep)');
    expect(screen.getByText(/^As of/).textContent).toMatch(/As of .*:05/);
    expect(screen.queryByRole('button', { name: 'Wake' })).toBeNull();
  });

  it("shows distances in the technician's unit", async () => {
    installFakeGarage({ 'vehicles.state': () => stateAnswer(carState()), ...emptyGarage });
    preferences.setDistanceUnit('km');
    try {
      void vehicleStates.load(car.vin);
      render(StatusStrip, { props: { vehicle: car } });
      await screen.findByText('Awake');
      expect(fact('Battery')).toBe('72 % · 322 km');
      expect(fact('Odometer')).toBe('19,867 km');
    } finally {
      preferences.setDistanceUnit('mi');
    }
  });

  it('refreshes on demand from the service', async () => {
    let limit = 80;
    const { calls } = installFakeGarage({
      'vehicles.state': () => stateAnswer(carState({ limit: limit++ })),
      ...emptyGarage,
    });
    void vehicleStates.load(car.vin);
    render(StatusStrip, { props: { vehicle: car } });
    await screen.findByText('Awake');
    await fireEvent.click(screen.getByRole('button', { name: 'Refresh status' }));
    await waitFor(() => expect(calls.filter((c) => c.operation === 'vehicles.state')).toHaveLength(2));
    expect(calls.filter((c) => c.operation === 'vehicles.state').at(-1)?.args).toEqual([
      car.vin,
      { refresh: true },
    ]);
    // The garage's row follows main's event for this vehicle: the list is not read again.
    expect(calls.some((c) => c.operation === 'vehicles.list')).toBe(false);
  });

  it('says what a hung read waits for and for how long, not an empty placeholder', async () => {
    const gate = deferred<ResultOf<'vehicles.state'>>();
    installFakeGarage({ 'vehicles.state': () => gate.promise, ...emptyGarage });
    void vehicleStates.load(car.vin);
    render(StatusStrip, { props: { vehicle: car } });
    expect(screen.getByText(/Reading the vehicle's state from the service…/)).toBeTruthy();
    expect(screen.getByText('0 s')).toBeTruthy();
    gate.resolve(stateAnswer(carState()));
    await screen.findByText('Awake');
  });

  it('offers Wake for a sleeping car, shows its progress up to 90 s, then reads the state', async () => {
    const wake = deferred<ResultOf<'vehicles.wake'>>();
    let asleep = true;
    const { calls } = installFakeGarage({
      'vehicles.state': () => stateAnswer(carState({ state: asleep ? 'asleep' : 'online' })),
      'vehicles.wake': () => wake.promise,
      ...emptyGarage,
    });
    void vehicleStates.load(car.vin);
    render(StatusStrip, { props: { vehicle: car } });
    await screen.findByText('Asleep');
    await fireEvent.click(screen.getByRole('button', { name: 'Wake' }));
    expect(screen.getByRole('progressbar', { name: 'Waking the vehicle' })).toBeTruthy();
    expect(screen.getByText('0 s of up to 90 s')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Waking…' }) as HTMLButtonElement).disabled).toBe(true);
    asleep = false;
    wake.resolve({ ok: true, value: { result: true } });
    expect(await screen.findByText(/The vehicle is awake/)).toBeTruthy();
    await screen.findByText('Awake');
    expect(calls.filter((c) => c.operation === 'vehicles.wake')).toHaveLength(1);
  });

  it('says so when the car did not wake within the timeout', async () => {
    installFakeGarage({
      'vehicles.state': () => stateAnswer(carState({ state: 'asleep' })),
      'vehicles.wake': () => ({ ok: true, value: { result: false } }),
      ...emptyGarage,
    });
    void vehicleStates.load(car.vin);
    render(StatusStrip, { props: { vehicle: car } });
    await fireEvent.click(await screen.findByRole('button', { name: 'Wake' }));
    expect(await screen.findByText(/did not wake within 90 s/)).toBeTruthy();
  });
});

describe('drives list', () => {
  const DAY = 86_400;
  const base = Date.parse('2026-11-10T12:00:00Z') / 1000;
  const drives = [
    {
      id: 3,
      started_at: base + 2 * DAY,
      ended_at: base + 2 * DAY + 900,
      starting_location: 'Depot',
      ending_location: 'Bay 4',
      odometer_distance: 12.4,
      tag: null,
    },
    {
      id: 2,
      started_at: base + DAY,
      ended_at: base + DAY + 600,
      starting_location: 'Home',
      ending_location: 'Depot',
      odometer_distance: 5,
      tag: 'Business',
    },
    {
      id: 1,
      started_at: base,
      ended_at: base + 600,
      starting_location: 'Depot',
      ending_location: 'Home',
      odometer_distance: 5,
      tag: 'Personal',
    },
  ];

  it('lists drives, filters by tag and dates, selects all shown and tags the selection', async () => {
    let tagged: string | null = null;
    const { calls } = installFakeGarage({
      'vehicles.drives': () => ({
        ok: true,
        value: { results: drives.map((d) => (tagged && d.id !== 1 ? { ...d, tag: tagged } : d)) },
        ...live(),
      }),
      'vehicles.setDriveTag': ([, input]) => {
        tagged = (input as { tag: string }).tag;
        return { ok: true, value: { result: true } };
      },
      ...emptyGarage,
    });
    render(PlateAndTagsPanel, { props: { vehicle: car } });
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByText('Depot → Bay 4')).toBeTruthy();
    expect(within(table).getByText('12.4 mi')).toBeTruthy();

    await fireEvent.change(screen.getByRole('combobox', { name: 'Tag filter' }), {
      target: { value: 'Business' },
    });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    await fireEvent.change(screen.getByRole('combobox', { name: 'Tag filter' }), {
      target: { value: '\u0000any' },
    });
    // Only drives from the 11th on: the oldest is filtered out and cannot be tagged.
    const from = new Date((base + DAY) * 1000);
    const day = `${from.getFullYear()}-${String(from.getMonth() + 1).padStart(2, '0')}-${String(from.getDate()).padStart(2, '0')}`;
    await fireEvent.input(screen.getByLabelText('From date'), { target: { value: day } });
    expect(within(table).getAllByRole('row')).toHaveLength(3);

    await fireEvent.click(screen.getByRole('checkbox', { name: 'Select all shown drives' }));
    expect(screen.getByText('2 drives shown of 3; 2 selected')).toBeTruthy();
    await fireEvent.input(screen.getByRole('combobox', { name: 'Tag for the selected drives' }), {
      target: { value: 'Service' },
    });
    await fireEvent.click(screen.getByRole('button', { name: 'Tag 2 selected drives' }));
    expect(await screen.findByText('Tagged 2 drives “Service”')).toBeTruthy();
    expect(calls.find((c) => c.operation === 'vehicles.setDriveTag')?.args).toEqual([
      car.vin,
      { drives: '3,2', tag: 'Service' },
    ]);
    // The list is read again and shows the new tags.
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByText('Service')).toHaveLength(2));
  });

  it('offers the typed ids as a fallback and says a list read failed', async () => {
    installFakeGarage({
      'vehicles.drives': () => ({ ok: false, error: { kind: 'server_error', message: 'boom', status: 500 } }),
      ...emptyGarage,
    });
    render(PlateAndTagsPanel, { props: { vehicle: car } });
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Drive ids' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Tag selected drives' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});

describe('overview: alerts, tyres and dated software versions', () => {
  it('shows alerts in words with time and fleet count, and tyres with their status', async () => {
    installFakeGarage({
      'vehicles.releaseNotes': () => ({ ok: true, value: notes(), ...live() }),
      'vehicles.firmwareAlerts': () => ({
        ok: true,
        value: {
          results: [
            {
              timestamp: 1_763_719_205,
              name: 'VCFRONT_a361_washerFluidLowMomentary',
              description: null,
              recent_fleet_count: 12,
            },
          ],
        },
        ...live(),
      }),
      'vehicles.tirePressure': () => ({
        ok: true,
        value: {
          front_left: 2.9,
          front_right: 2.9,
          rear_left: 2.2,
          rear_right: null,
          front_left_status: 'normal',
          front_right_status: 'normal',
          rear_left_status: 'low',
          rear_right_status: null,
          timestamp: 1_763_719_205,
        },
        ...live(),
      }),
      ...emptyGarage,
    });
    render(OverviewPanel, { props: { vehicle: car } });
    expect(await screen.findByText('Washer fluid low (momentary)')).toBeTruthy();
    expect(screen.getByText('Recently raised by 12 vehicles in the fleet')).toBeTruthy();
    expect(screen.getByText('VCFRONT_a361_washerFluidLowMomentary')).toBeTruthy();
    const tyres = screen.getByRole('region', { name: 'Tyre pressures' });
    // Two decimals of bar: 0.05 bar between tyres shows.
    expect(await within(tyres).findByText('2.20 bar')).toBeTruthy();
    expect(within(tyres).getAllByText('2.90 bar')).toHaveLength(2);
    expect(within(tyres).getByText('Low')).toBeTruthy();
    // In the technician's unit, as chosen.
    preferences.setPressureUnit('psi');
    expect(await within(tyres).findByText('31.9 psi')).toBeTruthy();
    preferences.setPressureUnit('kPa');
    expect(await within(tyres).findByText('220 kPa')).toBeTruthy();
    preferences.setPressureUnit('bar');
    expect(within(tyres).getByText('Status unknown')).toBeTruthy();
    expect(within(tyres).getByText('Unknown')).toBeTruthy();
  });

  it('dates software versions read from the offline copy', async () => {
    installFakeGarage({
      'vehicles.releaseNotes': () => ({ ok: true, value: notes(), ...staleMeta }),
      'vehicles.firmwareAlerts': () => ({ ok: true, value: { results: [] }, ...live() }),
      'vehicles.tirePressure': () => ({ ok: true, value: {}, ...live() }),
      ...emptyGarage,
    });
    render(OverviewPanel, { props: { vehicle: car } });
    const software = await screen.findByRole('region', { name: 'Software' });
    expect(await within(software).findByText(/Offline: saved copy from .*2026/)).toBeTruthy();
    expect(screen.getByText('No firmware alerts reported.')).toBeTruthy();
  });

  it('words firmware signal names', () => {
    expect(alertWords('VCFRONT_a361_washerFluidLowMomentary')).toBe('Washer fluid low (momentary)');
    expect(alertWords('BMS_a066_SW_Over_Current')).toBe('SW over current');
    expect(alertWords('weird')).toBe('Weird');
  });
});
