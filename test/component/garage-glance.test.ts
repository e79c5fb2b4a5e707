import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import GarageSidebar from '../../renderer/src/components/sidebar/GarageSidebar.svelte';
import { installFakeGarage } from './fake-garage';
import { vehicle, vinFor } from './fixtures';
import { glanced } from './glance-fixtures';
import { profiles, vehicleList } from '../../renderer/src/lib/stores';

const DAY = 86_400_000;
const MIN = 60_000;

function listbox() {
  return screen.getByRole('listbox', { name: 'Vehicles' });
}
function option(name: RegExp) {
  return screen.getByRole('option', { name });
}
function shownNames() {
  return within(listbox())
    .getAllByRole('option')
    .map((o) => o.querySelector('.name')?.textContent);
}

function sampleGarage(now = Date.now()) {
  return [
    glanced(
      1,
      {
        sleep: 'asleep',
        batteryLevel: 64.4,
        version: '2026.14.3',
        softwareUpdate: { status: 'available', version: '2026.20.1' },
        firmwareAlertCount: 2,
        telemetryExpiresAt: new Date(now + 5 * DAY).toISOString(),
        carType: 'model3',
      },
      now - 5 * MIN,
      { nickname: 'Sleepy' },
    ),
    glanced(
      2,
      {
        sleep: 'awake',
        batteryLevel: 90,
        version: '2025.44.1',
        softwareUpdate: { status: '', version: null },
        firmwareAlertCount: 0,
        telemetryExpiresAt: new Date(now + 200 * DAY).toISOString(),
        carType: 'modely',
      },
      now - 3 * 3_600_000,
      { nickname: 'Awake Y', model: 'Model Y (2024)' },
    ),
    glanced(3, { sleep: 'offline', batteryLevel: 12, version: '2026.14.3', carType: 'models' }, now - MIN, {
      nickname: 'Gone',
    }),
    vehicle(4, { nickname: 'Never read' }),
  ];
}

function mount(vehicles = sampleGarage()) {
  installFakeGarage({ 'audit.list': () => ({ ok: true, value: [] }) });
  vehicleList.vehicles = vehicles;
  vehicleList.loading = false;
  render(GarageSidebar);
}

describe('garage list at a glance', { timeout: 20_000 }, () => {
  it('shows sleep state as a word and a mark, battery, version, a waiting update, alerts, an expiring certificate and the age', () => {
    mount();
    const sleepy = option(/Sleepy/);
    const text = sleepy.textContent!.replace(/\s+/g, ' ');
    expect(text).toContain('☾ Asleep');
    expect(text).toContain('64 %');
    expect(text).toContain('2026.14.3');
    expect(text).toMatch(/⬆ Update: Update 2026\.20\.1 available/);
    expect(text).toContain('2 alerts');
    expect(text).toContain('Certificate expires in 5 days');
    // The row's short form of the age, in the units a row has room for.
    expect(text).toContain('5 min old');

    const awake = option(/Awake Y/).textContent!.replace(/\s+/g, ' ');
    expect(awake).toContain('● Awake');
    expect(awake).toContain('No alerts');
    expect(awake).not.toContain('Certificate');
    expect(awake).not.toContain('Update');
    expect(awake).toContain('3 hr old');
    // Three hours is old: the state is shown muted and the age in italics.
    expect(option(/Awake Y/).querySelector('.state.muted')).not.toBeNull();
    expect(option(/Awake Y/).querySelector('.age.old')).not.toBeNull();

    expect(option(/Gone/).textContent).toContain('✕ Offline');
    const never = option(/Never read/).textContent!;
    expect(never).toContain('State not read yet');
    expect(never).toContain('Alerts not fetched yet');
    // "Alerts not read" read as alerts nobody had acknowledged.
    expect(never).not.toContain('Alerts not read');
    expect(never).not.toMatch(/old$/);
  });

  it('warns of a certificate that expired', () => {
    const now = Date.now();
    mount([
      glanced(1, { telemetryExpiresAt: new Date(now - 2 * DAY).toISOString() }, now, {
        nickname: 'Old cert',
      }),
    ]);
    expect(option(/Old cert/).textContent).toContain('Certificate expired 2 days ago');
  });

  it('says "1 vehicle", and "N of M vehicles shown" when narrowed', async () => {
    mount([vehicle(1, { nickname: 'Only' })]);
    expect(screen.getByText('1 vehicle')).toBeTruthy();
    await fireEvent.input(screen.getByRole('searchbox', { name: 'Search vehicles' }), {
      target: { value: 'zz' },
    });
    expect(screen.getByText('0 of 1 vehicle shown')).toBeTruthy();
  });

  it('filters by state, update waiting, certificate expiring, alerts, model and version', async () => {
    mount();
    await fireEvent.click(screen.getByRole('button', { name: 'Filter and sort' }));
    const state = screen.getByRole('combobox', { name: 'State' });
    await fireEvent.change(state, { target: { value: 'asleep' } });
    expect(shownNames()).toEqual(['Sleepy']);
    expect(screen.getByRole('button', { name: 'Filter and sort (1 on)' })).toBeTruthy();
    await fireEvent.change(state, { target: { value: 'unknown' } });
    expect(shownNames()).toEqual(['Never read']);
    await fireEvent.change(state, { target: { value: 'any' } });

    await fireEvent.click(screen.getByRole('checkbox', { name: 'Update waiting' }));
    expect(shownNames()).toEqual(['Sleepy']);
    await fireEvent.click(screen.getByRole('checkbox', { name: 'Update waiting' }));
    await fireEvent.click(screen.getByRole('checkbox', { name: 'Certificate expiring' }));
    expect(shownNames()).toEqual(['Sleepy']);
    await fireEvent.click(screen.getByRole('checkbox', { name: 'Certificate expiring' }));
    await fireEvent.click(screen.getByRole('checkbox', { name: 'Has firmware alerts' }));
    expect(shownNames()).toEqual(['Sleepy']);
    await fireEvent.click(screen.getByRole('checkbox', { name: 'Has firmware alerts' }));

    const model = screen.getByRole('combobox', { name: 'Model' });
    expect(
      within(model)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Any model',
      'Model 3',
      // Not read yet: the garage's own model name stands in for the service's car type.
      'Model 3 Long Range',
      'Model S',
      'Model Y',
    ]);
    await fireEvent.change(model, { target: { value: 'Model Y' } });
    expect(shownNames()).toEqual(['Awake Y']);
    await fireEvent.change(model, { target: { value: '' } });

    const version = screen.getByRole('combobox', { name: 'Version' });
    await fireEvent.change(version, { target: { value: '2026.14.3' } });
    expect(shownNames()).toEqual(['Sleepy', 'Gone']);
    await fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(shownNames()).toHaveLength(4);
  });

  it('filters by a drive tag this app set, from the audit log of the active profile', async () => {
    installFakeGarage({
      'audit.list': () => ({
        ok: true,
        value: [
          {
            id: '1',
            time: '',
            profileId: 'demo',
            profileName: 'Demo',
            vin: vinFor(2),
            operation: 'setDriveTag',
            params: { drives: '1', tag: 'Business' },
            outcome: 'success',
            durationMs: 1,
          },
          {
            id: '2',
            time: '',
            profileId: 'demo',
            profileName: 'Demo',
            vin: vinFor(3),
            operation: 'setDriveTag',
            params: { drives: '1', tag: 'Failed' },
            outcome: 'failed',
            durationMs: 1,
          },
          {
            id: '3',
            time: '',
            profileId: 'other',
            profileName: 'O',
            vin: vinFor(1),
            operation: 'setDriveTag',
            params: { drives: '1', tag: 'Business' },
            outcome: 'success',
            durationMs: 1,
          },
        ],
      }),
    });
    profiles.all = [
      { id: 'demo', name: 'Demo', baseUrl: 'http://x', demo: true, hasToken: true, active: true },
    ];
    vehicleList.vehicles = sampleGarage();
    vehicleList.loading = false;
    render(GarageSidebar);
    await fireEvent.click(screen.getByRole('button', { name: 'Filter and sort' }));
    const tag = screen.getByRole('combobox', { name: 'Drive tag' });
    await waitFor(() =>
      expect(
        within(tag)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Any tag', 'Business']),
    );
    await fireEvent.change(tag, { target: { value: 'Business' } });
    expect(shownNames()).toEqual(['Awake Y']);
  });

  it('search matches deployed and offered versions', async () => {
    mount();
    const search = screen.getByRole('searchbox', { name: 'Search vehicles' });
    await fireEvent.input(search, { target: { value: '2025.44' } });
    expect(shownNames()).toEqual(['Awake Y']);
    await fireEvent.input(search, { target: { value: '2026.20.1' } });
    expect(shownNames()).toEqual(['Sleepy']);
  });

  it('sorts by battery, alerts and state with unknown values last', async () => {
    mount();
    await fireEvent.click(screen.getByRole('button', { name: 'Filter and sort' }));
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    await fireEvent.change(sort, { target: { value: 'battery' } });
    expect(shownNames()).toEqual(['Gone', 'Sleepy', 'Awake Y', 'Never read']);
    await fireEvent.change(sort, { target: { value: 'alerts' } });
    expect(shownNames()).toEqual(['Sleepy', 'Awake Y', 'Gone', 'Never read']);
    await fireEvent.change(sort, { target: { value: 'state' } });
    expect(shownNames()).toEqual(['Sleepy', 'Gone', 'Awake Y', 'Never read']);
    await fireEvent.change(sort, { target: { value: 'version' } });
    expect(shownNames()).toEqual(['Awake Y', 'Sleepy', 'Gone', 'Never read']);
  });

  it('gives a truncated name its full text as a tooltip', () => {
    const long = 'A'.repeat(40);
    mount([vehicle(1, { nickname: long })]);
    const name = listbox().querySelector('.name')!;
    expect(name.getAttribute('title')).toBe(long);
  });
});
