// A vehicle row's context menu: by right-click or by keyboard (Shift+F10 or the Menu key on the
// active row), with the actions that fit the row (open, copy the VIN, claim or release in a shop,
// open or start its job), each doing what it says; Escape hands focus back to the list.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import VehicleList from '../../renderer/src/components/sidebar/VehicleList.svelte';
import { openJobs, shell, shop, vehicleList } from '../../renderer/src/lib/stores';
import { installFakeGarage } from './fake-garage';
import { vehicle } from './fixtures';

const cars = [vehicle(1), vehicle(2), vehicle(3)];

function renderList() {
  const onselect = vi.fn((vin: string) => vehicleList.select(vin));
  render(VehicleList, {
    vehicles: cars,
    selectedVin: null,
    onselect,
    now: Date.parse('2026-11-28T08:00:00Z'),
  });
  return { listbox: screen.getByRole('listbox', { name: 'Vehicles' }), onselect };
}

const items = (menu: HTMLElement) => within(menu).getAllByRole('menuitem');

describe("a vehicle row's context menu", () => {
  it('opens on right-click with the actions of a solo garage, and copies the VIN', async () => {
    installFakeGarage({});
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderList();
    const row = screen.getAllByRole('option')[1]!;
    await fireEvent.contextMenu(row, { clientX: 40, clientY: 120 });
    const menu = await screen.findByRole('menu', { name: 'Actions for Car 2' });
    expect(items(menu).map((item) => item.textContent)).toEqual(['Open', 'Copy VIN', 'Start a job']);
    await waitFor(() => expect(document.activeElement).toBe(items(menu)[0]));
    await fireEvent.click(within(menu).getByRole('menuitem', { name: 'Copy VIN' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(cars[1]!.vin));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('opens from the keyboard on the active row, moves with the arrows and closes with Escape', async () => {
    installFakeGarage({});
    const { listbox, onselect } = renderList();
    listbox.focus();
    await fireEvent.keyDown(listbox, { key: 'ArrowDown' });
    await fireEvent.keyDown(listbox, { key: 'F10', shiftKey: true });
    const menu = await screen.findByRole('menu', { name: 'Actions for Car 2' });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Open'));
    await fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('Copy VIN');
    await fireEvent.keyDown(menu, { key: 'End' });
    expect(document.activeElement?.textContent).toBe('Start a job');
    await fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(listbox);
    // The Menu key does the same; Open opens the row.
    await fireEvent.keyDown(listbox, { key: 'ContextMenu' });
    await fireEvent.click(await screen.findByRole('menuitem', { name: 'Open' }));
    expect(onselect).not.toHaveBeenCalled();
    expect(vehicleList.selectedVin).toBe(cars[1]!.vin);
  });

  it("in a shop: claims a free car, says who holds another's, and opens a car's open job", async () => {
    const { calls } = installFakeGarage({
      'claims.claim': (args) => ({
        ok: true,
        value: {
          vin: args[0],
          claimedBy: 'Ana',
          machine: 'bay-1',
          note: null,
          since: '2026-11-28T08:00:00Z',
          expiresAt: '2026-11-28T16:00:00Z',
          expired: false,
          mine: true,
        },
      }),
    });
    shop.applyStatus({ state: 'online', pending: 0, error: null });
    shop.applyClaim(cars[2]!.vin, {
      vin: cars[2]!.vin,
      claimedBy: 'Ben',
      machine: 'bay-2',
      note: null,
      since: '2026-11-28T07:00:00Z',
      expiresAt: '2026-11-28T15:00:00Z',
      expired: false,
      mine: false,
    });
    openJobs.apply(cars[2]!.vin, {
      id: 'job-9',
      repairOrder: 'RO-9',
      technician: 'Ben',
      openedAt: '2026-11-28T07:00:00Z',
    });
    renderList();
    const options = screen.getAllByRole('option');

    await fireEvent.contextMenu(options[2]!);
    let menu = await screen.findByRole('menu', { name: 'Actions for Car 3' });
    expect(items(menu).map((item) => [item.textContent, (item as HTMLButtonElement).disabled])).toEqual([
      ['Open', false],
      ['Copy VIN', false],
      ['Claimed by Ben', true],
      ['Open job RO-9', false],
    ]);
    await fireEvent.click(within(menu).getByRole('menuitem', { name: 'Open job RO-9' }));
    expect(vehicleList.selectedVin).toBe(cars[2]!.vin);
    expect(shell.requestedSection).toEqual({ vin: cars[2]!.vin, section: 'job' });

    await fireEvent.contextMenu(options[0]!);
    menu = await screen.findByRole('menu', { name: 'Actions for Car 1' });
    await fireEvent.click(within(menu).getByRole('menuitem', { name: 'Claim' }));
    await waitFor(() =>
      expect(calls.find((call) => call.operation === 'claims.claim')?.args[0]).toBe(cars[0]!.vin),
    );
    await fireEvent.contextMenu(options[0]!);
    menu = await screen.findByRole('menu', { name: 'Actions for Car 1' });
    expect(within(menu).getByRole('menuitem', { name: 'Release claim' })).toBeTruthy();
  });
});
