// The empty states say different things in the sidebar and the main area, and name a missing token.
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import App from '../../renderer/src/App.svelte';
import { shell, vehicleList } from '../../renderer/src/lib/stores';
import { installFakeGarage } from './fake-garage';

const shop = { id: 'shop', name: 'Workshop', baseUrl: 'https://api.example', demo: false, hasToken: true };

beforeEach(() => {
  vehicleList.loading = false;
});

describe('empty states', () => {
  it('says something different from the sidebar, and names a missing token', async () => {
    installFakeGarage({
      'profiles.list': () => ({ ok: true, value: [{ ...shop, hasToken: false, active: true }] }),
      'vehicles.list': () => ({ ok: true, value: [] }),
      'updates.check': () => ({ ok: true, value: { state: 'disabled', currentVersion: '0.1.0' } }),
    });
    render(App);
    const view = await screen.findByRole('main', { name: 'Vehicle details' });
    await within(view).findByText('Add the first vehicle to Workshop');
    const sidebar = screen.getByRole('navigation', { name: 'Garage' });
    expect(within(sidebar).queryByText('Add the first vehicle to Workshop')).toBeNull();
    expect(within(view).getByText(/This profile has no access token yet/)).toBeTruthy();
    await fireEvent.click(within(view).getByRole('button', { name: 'Open Settings' }));
    expect(shell.view).toBe('settings');
  });
});
