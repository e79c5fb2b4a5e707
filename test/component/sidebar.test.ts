import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import GarageSidebar from '../../renderer/src/components/sidebar/GarageSidebar.svelte';
import type { ResultOf } from '../../electron/shared/ipc/api';
import { installFakeGarage } from './fake-garage';
import { deferred, fleet, vehicle, vinFor } from './fixtures';
import { vehicleList } from '../../renderer/src/lib/stores';

const profiles = [
  {
    id: 'demo',
    name: 'Demo garage',
    baseUrl: 'http://127.0.0.1:1',
    demo: true,
    hasToken: true,
    active: true,
  },
  {
    id: 'shop',
    name: 'Workshop',
    baseUrl: 'https://api.example',
    demo: false,
    hasToken: false,
    active: false,
  },
];

function listbox() {
  return screen.getByRole('listbox', { name: 'Vehicles' });
}

describe('garage sidebar', () => {
  it('shows a loading skeleton, then the vehicles with model, year, plate and badges', async () => {
    const gate = deferred<ResultOf<'vehicles.list'>>();
    installFakeGarage({
      'profiles.list': () => ({ ok: true, value: profiles }),
      'vehicles.list': () => gate.promise,
    });
    render(GarageSidebar);
    void vehicleList.load();
    await waitFor(() =>
      expect(screen.getByRole('status', { name: '' }).textContent).toContain('Loading the garage'),
    );
    gate.resolve({
      ok: true,
      value: [
        vehicle(1, {
          nickname: 'Loaner',
          status: { lastSource: 'cache', lastFetchedAt: null, lastCommand: null },
        }),
        vehicle(2, {
          nickname: 'Bay 2',
          status: {
            lastSource: 'live',
            lastFetchedAt: null,
            lastCommand: {
              operation: 'enable_valet',
              outcome: 'failed',
              at: '2026-01-01T00:00:00Z',
              reason: 'user present',
            },
          },
        }),
      ],
    });
    const loaner = await screen.findByRole('option', { name: /Loaner/ });
    expect(loaner.textContent).toContain(vinFor(1));
    expect(loaner.textContent).toContain('Model 3 Long Range (2023)');
    expect(loaner.textContent).toContain('PL 1');
    expect(within(loaner).getByText('Offline copy')).toBeTruthy();
    expect(
      within(screen.getByRole('option', { name: /Bay 2/ })).getByText('Last command failed'),
    ).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Profile' })).toBeTruthy();
  });

  it('shows the error in plain words with a retry', async () => {
    let calls = 0;
    installFakeGarage({
      'profiles.list': () => ({ ok: true, value: profiles }),
      'vehicles.list': () =>
        ++calls === 1
          ? { ok: false, error: { kind: 'storage', message: 'garage.json could not be read' } }
          : { ok: true, value: [vehicle(1)] },
    });
    render(GarageSidebar);
    await vehicleList.load();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('could not read or write its data folder');
    expect(alert.textContent).not.toMatch(/at \w+ \(/);
    await fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('option', { name: /Car 1/ })).toBeTruthy();
  });

  it('says what to do when the garage is empty', async () => {
    installFakeGarage({
      'profiles.list': () => ({ ok: true, value: profiles }),
      'vehicles.list': () => ({ ok: true, value: [] }),
    });
    render(GarageSidebar);
    await vehicleList.load();
    expect(await screen.findByText('No vehicles yet')).toBeTruthy();
    expect(screen.getByText(/Press “Add vehicle”/)).toBeTruthy();
  });

  it('filters by VIN, nickname or plate and says when nothing matches', async () => {
    installFakeGarage({});
    vehicleList.vehicles = [
      vehicle(1, { nickname: 'Loaner', plate: 'ABC 123' }),
      vehicle(2, { nickname: 'Bay 2' }),
    ];
    vehicleList.loading = false;
    render(GarageSidebar);
    const search = screen.getByRole('searchbox', { name: 'Search vehicles' });
    await fireEvent.input(search, { target: { value: 'abc123' } });
    expect(
      within(listbox())
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([expect.stringContaining('Loaner')]);
    await fireEvent.input(search, { target: { value: vinFor(2).slice(-6) } });
    expect(within(listbox()).getAllByRole('option')).toHaveLength(1);
    await fireEvent.input(search, { target: { value: 'bay' } });
    expect(screen.getByRole('option', { name: /Bay 2/ })).toBeTruthy();
    await fireEvent.input(search, { target: { value: 'nothing-like-this' } });
    expect(screen.getByText(/No vehicle matches/)).toBeTruthy();
    await fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(within(listbox()).getAllByRole('option')).toHaveLength(2);
  });

  it('moves with the arrow keys and opens a vehicle with Enter', async () => {
    installFakeGarage({});
    vehicleList.vehicles = fleet(5);
    vehicleList.loading = false;
    render(GarageSidebar);
    const search = screen.getByRole('searchbox', { name: 'Search vehicles' });
    await fireEvent.keyDown(search, { key: 'ArrowDown' });
    const list = listbox();
    expect(document.activeElement).toBe(list);
    await fireEvent.keyDown(list, { key: 'ArrowDown' });
    await fireEvent.keyDown(list, { key: 'ArrowDown' });
    const active = document.getElementById(list.getAttribute('aria-activedescendant')!);
    expect(active?.textContent).toContain('Car 102');
    await fireEvent.keyDown(list, { key: 'Enter' });
    expect(vehicleList.selectedVin).toBe(vinFor(102));
    expect(screen.getByRole('option', { name: /Car 102/ }).getAttribute('aria-selected')).toBe('true');
    await fireEvent.keyDown(list, { key: 'End' });
    expect(document.getElementById(list.getAttribute('aria-activedescendant')!)?.textContent).toContain(
      'Car 104',
    );
  });

  it('scales with 1,000 vehicles: only the rows in view are rendered, before and after filtering', async () => {
    installFakeGarage({});
    vehicleList.vehicles = fleet(1000);
    vehicleList.loading = false;
    render(GarageSidebar);
    const options = within(listbox()).getAllByRole('option');
    expect(options.length).toBeLessThan(40);
    expect(options[0]!.getAttribute('aria-setsize')).toBe('1000');
    const search = screen.getByRole('searchbox', { name: 'Search vehicles' });
    // Timing belongs to the benchmark (`npm run bench -- --only renderer`), never to a test: here the
    // filter must keep the list virtualised at every keystroke.
    for (const value of ['c', 'ca', 'car', 'car 5']) {
      await fireEvent.input(search, { target: { value } });
      const shown = within(listbox()).getAllByRole('option');
      expect(shown.length).toBeLessThan(40);
      expect(Number(shown[0]!.getAttribute('aria-setsize'))).toBeGreaterThan(shown.length);
    }
    await fireEvent.input(search, { target: { value: '' } });
    expect(within(listbox()).getAllByRole('option')[0]!.getAttribute('aria-setsize')).toBe('1000');
  });
});

describe('add vehicle dialog', () => {
  async function openDialog() {
    vehicleList.vehicles = [vehicle(1)];
    vehicleList.loading = false;
    render(GarageSidebar);
    const open = screen.getByRole('button', { name: 'Add vehicle' });
    open.focus();
    await fireEvent.click(open);
    return screen.getByRole('dialog', { name: 'Add vehicle' });
  }

  it('validates the VIN as you type, warns about the check digit, and adds it', async () => {
    const { calls } = installFakeGarage({
      'vehicles.add': ([input]) => ({
        ok: true,
        value: vehicle(7, { vin: (input as { vin: string }).vin, nickname: 'New' }),
      }),
      'vehicles.list': () => ({ ok: true, value: [vehicle(1)] }),
    });
    const dialog = await openDialog();
    const vin = within(dialog).getByRole('textbox', { name: 'VIN' });
    expect(document.activeElement).toBe(vin);

    await fireEvent.input(vin, { target: { value: '5yj3e1ea' } });
    expect(within(dialog).getByText(/8 of 17 characters/)).toBeTruthy();
    await fireEvent.input(vin, { target: { value: '5YJ3E1EAO' } });
    expect(within(dialog).getByText(/may not contain I, O or Q/)).toBeTruthy();
    expect(vin.getAttribute('aria-invalid')).toBe('true');

    const good = vinFor(7);
    const wrongDigit = good.slice(0, 8) + (good[8] === '1' ? '2' : '1') + good.slice(9);
    await fireEvent.input(vin, { target: { value: wrongDigit } });
    expect(within(dialog).getByText(/check digit \(position 9\) does not match/)).toBeTruthy();
    expect(within(dialog).getByText(/Tesla · 2023/)).toBeTruthy();

    await fireEvent.input(vin, { target: { value: vinFor(1) } });
    expect(within(dialog).getByText('This VIN is already in the garage.')).toBeTruthy();

    await fireEvent.input(vin, { target: { value: good.toLowerCase() } });
    await fireEvent.input(within(dialog).getByRole('textbox', { name: 'Nickname (optional)' }), {
      target: { value: 'New' },
    });
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Add vehicle' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.operation === 'vehicles.add')?.args).toEqual([{ vin: good, nickname: 'New' }]);
  });

  it('refuses to submit an incomplete VIN and shows why', async () => {
    const { calls } = installFakeGarage({});
    const dialog = await openDialog();
    await fireEvent.input(within(dialog).getByRole('textbox', { name: 'VIN' }), {
      target: { value: '5YJ3' },
    });
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Add vehicle' }));
    expect(within(dialog).getByText('VIN has 4 characters; it needs 17')).toBeTruthy();
    expect(calls.some((c) => c.operation === 'vehicles.add')).toBe(false);
  });

  it('shows the service error inside the dialog', async () => {
    installFakeGarage({
      'vehicles.add': () => ({ ok: false, error: { kind: 'storage', message: 'disk full' } }),
    });
    const dialog = await openDialog();
    await fireEvent.input(within(dialog).getByRole('textbox', { name: 'VIN' }), {
      target: { value: vinFor(9) },
    });
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Add vehicle' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('disk full');
  });

  it('closes with Escape and keeps Tab inside', async () => {
    installFakeGarage({});
    const dialog = await openDialog();
    const buttons = within(dialog).getAllByRole('button');
    const last = buttons[buttons.length - 1]!;
    last.focus();
    await fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(within(dialog).getByRole('textbox', { name: 'VIN' }));
    await fireEvent.keyDown(document.activeElement!, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
    await fireEvent.keyDown(last, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add vehicle' }));
  });
});
