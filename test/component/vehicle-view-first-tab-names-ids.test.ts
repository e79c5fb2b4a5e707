// The vehicle view: each vehicle opens on its Overview, the remove dialog names a
// vehicle without a nickname once, and the drive list shows the ids that "Tag drives by id" asks for.
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import PlateAndTagsPanel from '../../renderer/src/components/vehicle/plate-and-tags/PlateAndTagsPanel.svelte';
import VehicleView from '../../renderer/src/components/vehicle/VehicleView.svelte';
import { installFakeGarage } from './fake-garage';
import { emptyGarage, vehicle } from './fixtures';

describe('vehicle view', () => {
  it('opens the next vehicle on its Overview, not on the tab used last', async () => {
    installFakeGarage(emptyGarage);
    const first = vehicle(1, { nickname: 'Loaner' });
    const view = render(VehicleView, { props: { vehicle: first } });
    await fireEvent.click(screen.getByRole('tab', { name: 'History' }));
    expect(screen.getByRole('tab', { name: 'History' }).getAttribute('aria-selected')).toBe('true');
    await view.rerender({ vehicle: vehicle(2, { nickname: 'Van' }) });
    expect(screen.getByRole('tab', { name: 'Overview' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'History' }).getAttribute('aria-selected')).toBe('false');
  });

  it('names a vehicle with no other name by its VIN once in the remove dialog', async () => {
    installFakeGarage(emptyGarage);
    const bare = vehicle(3, { nickname: null, model: null });
    render(VehicleView, { props: { vehicle: bare } });
    await fireEvent.click(screen.getByRole('button', { name: 'Remove vehicle' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove vehicle?' });
    expect(dialog.textContent).toContain(`Remove ${bare.vin} from this profile's garage?`);
    expect(dialog.textContent).not.toContain(`(${bare.vin})`);
  });

  it('keeps the nickname and the VIN apart when the vehicle has a nickname', async () => {
    installFakeGarage(emptyGarage);
    const named = vehicle(4, { nickname: 'Loaner' });
    render(VehicleView, { props: { vehicle: named } });
    await fireEvent.click(screen.getByRole('button', { name: 'Remove vehicle' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove vehicle?' });
    expect(dialog.textContent).toContain(`Remove Loaner (${named.vin}) from this profile's garage?`);
  });

  it('shows each drive id in the drive list', async () => {
    installFakeGarage({
      ...emptyGarage,
      'vehicles.drives': () => ({
        ok: true,
        value: {
          results: [
            {
              id: 10042,
              started_at: 1_763_000_000,
              ended_at: 1_763_000_600,
              starting_location: 'Depot',
              ending_location: 'Bay 4',
              odometer_distance: 3,
              tag: null,
            },
          ],
        },
        source: 'live',
        fetchedAt: new Date().toISOString(),
      }),
    });
    render(PlateAndTagsPanel, { props: { vehicle: vehicle(5) } });
    const table = await screen.findByRole('table');
    const header = within(table).getByRole('columnheader', { name: 'Drive id' });
    expect(header).toBeTruthy();
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByRole('cell', { name: '10042' })).toBeTruthy();
  });
});
