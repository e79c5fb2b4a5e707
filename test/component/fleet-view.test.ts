// The fleet view: every car's battery health joined with its readiness, worst packs first; sortable
// column headers that say their order (aria-sort); where each column's values come from and how old
// they are (offline from main's copy, with why); a car that cannot take commands flagged with why and
// what to do; and the whole garage's history refresh asked of main.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import FleetView from '../../renderer/src/components/fleet/FleetView.svelte';
import ReadinessNotice from '../../renderer/src/components/fleet/ReadinessNotice.svelte';
import { runCommandSpec } from '../../electron/shared/bulk-commands';
import { planBulk } from '../../renderer/src/lib/bulk-plan';
import type { FleetBatteryHealth, FleetStatus } from '../../electron/shared/fleet-wire';
import { vehicleList } from '../../renderer/src/lib/stores';
import { installFakeGarage, type Responders } from './fake-garage';
import { liveMeta, staleMeta, vehicle } from './fixtures';

afterEach(() => cleanup());

const cars = [
  vehicle(1, { nickname: 'Alpha', model: 'Model 3' }),
  vehicle(2, { nickname: 'Bravo', model: 'Model Y' }),
  vehicle(3, { nickname: 'Charlie', model: 'Model S' }),
];
const [alpha, bravo, charlie] = cars.map((car) => car.vin) as [string, string, string];

const HEALTH: FleetBatteryHealth = {
  results: [
    { vin: alpha, odometer: 12_000, capacity: 74.1, original_capacity: 75, health_percent: 98.8 },
    { vin: bravo, odometer: 61_000, capacity: 66.2, original_capacity: 75, health_percent: 88.3 },
    { vin: charlie, odometer: 30_500, capacity: 70.9, original_capacity: 75, health_percent: 94.5 },
  ],
};
const info = (required: boolean) => ({
  firmware_version: '2025.44.25',
  vehicle_command_protocol_required: required,
  fleet_telemetry_version: '1.1.0',
  total_number_of_keys: 4,
});
const STATUS: FleetStatus = {
  response: {
    key_paired_vins: [alpha, bravo],
    unpaired_vins: [charlie],
    vehicle_info: { [alpha]: info(true), [bravo]: info(true), [charlie]: info(true) },
  },
};

function mount(extra: Responders = {}) {
  const fake = installFakeGarage({
    'fleet.batteryHealth': () => ({ ok: true, value: HEALTH, ...liveMeta }),
    'fleet.status': () => ({ ok: true, value: STATUS, ...staleMeta }),
    ...extra,
  });
  vehicleList.vehicles = cars;
  vehicleList.loading = false;
  render(FleetView);
  return fake;
}

/** The vehicle names of the table's rows, top to bottom. */
function order(): string[] {
  const table = screen.getByRole('table', { name: 'Battery health and readiness of each vehicle' });
  return within(table)
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent!.trim().split(/\s+/)[0]!);
}

const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });

describe('Fleet view', () => {
  it('shows the worst packs first, and sorts by a column header both ways, saying so', async () => {
    mount();
    await screen.findByRole('cell', { name: '88.3%' });
    expect(order()).toEqual(['Bravo', 'Charlie', 'Alpha']);
    expect(header('Battery health').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Vehicle').getAttribute('aria-sort')).toBe('none');

    await fireEvent.click(within(header('Odometer')).getByRole('button'));
    expect(order()).toEqual(['Alpha', 'Charlie', 'Bravo']);
    expect(header('Odometer').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Battery health').getAttribute('aria-sort')).toBe('none');
    await fireEvent.click(within(header('Odometer')).getByRole('button'));
    expect(order()).toEqual(['Bravo', 'Charlie', 'Alpha']);
    expect(header('Odometer').getAttribute('aria-sort')).toBe('descending');

    await fireEvent.click(within(header('Readiness')).getByRole('button'));
    expect(order()[0]).toBe('Charlie');
  });

  it('flags the car whose key is not paired with why and what to do, and says each source and its age', async () => {
    mount();
    const row = (await screen.findByRole('rowheader', { name: /^Charlie/ })).closest('tr')!;
    expect(await within(row).findByText('Not ready')).toBeTruthy();
    expect(
      within(row).getByText(
        'Key not paired: the car requires signed commands, so no command can work. Pair the partner key in the car.',
      ),
    ).toBeTruthy();
    const ready = screen.getByRole('rowheader', { name: /^Alpha/ }).closest('tr')!;
    expect(within(ready).getByText('Ready')).toBeTruthy();
    expect(
      within(ready)
        .getAllByRole('cell')
        .map((cell) => cell.textContent!.trim()),
    ).toContain('2025.44.25');
    expect(screen.getByText('1 vehicle is not ready: its row says why and what to do.')).toBeTruthy();
    // The fleet status came from main's copy: its age and why the live read failed are said.
    expect(screen.getByText(/The service at 127\.0\.0\.1 refused the connection\./)).toBeTruthy();
  });

  it('asks main to refresh the whole garage’s history', async () => {
    const fake = mount({
      'runs.startHistoryRefresh': () => ({
        ok: false,
        error: { kind: 'busy', message: 'Already refreshing.' },
      }),
    });
    await screen.findByRole('cell', { name: '88.3%' });
    await fireEvent.click(screen.getByRole('button', { name: 'Refresh history of every vehicle' }));
    expect(fake.calls.filter((call) => call.operation === 'runs.startHistoryRefresh')).toHaveLength(1);
  });

  it('the bulk plan skips the car that cannot take a command, with why, and sends to the rest', () => {
    const plan = planBulk(
      cars,
      runCommandSpec('set_charge_limit'),
      80,
      { waitForCompletion: true, maxAttempts: 3 },
      { fleetStatus: STATUS },
    );
    expect(plan.map((entry) => [entry.vehicle.nickname, entry.skipReason])).toEqual([
      ['Alpha', null],
      ['Bravo', null],
      ['Charlie', 'key not paired'],
    ]);
    expect(plan[2]!.problem).toMatch(/^Key not paired: .+Pair the partner key in the car\.$/);
    // Not read yet: nothing is skipped for readiness (main checks again when the run starts).
    expect(
      planBulk(cars, runCommandSpec('set_charge_limit'), 80, {
        waitForCompletion: true,
        maxAttempts: 3,
      }).every((entry) => entry.skipReason === null),
    ).toBe(true);
  });

  it('opening a job on a car that is not ready warns why and what to do, and says nothing for a ready one', async () => {
    installFakeGarage({ 'fleet.status': () => ({ ok: true, value: STATUS, ...liveMeta }) });
    render(ReadinessNotice, { vin: charlie });
    expect(
      await screen.findByText(
        'Before this job: Key not paired: the car requires signed commands, so no command can work. Pair the partner key in the car.',
      ),
    ).toBeTruthy();
    cleanup();
    render(ReadinessNotice, { vin: alpha });
    expect(screen.queryByRole('status')).toBeNull();
  });
});
