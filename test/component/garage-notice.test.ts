// A garage file main had to repair is never replaced silently: the window says what happened
// until the technician dismisses it.
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import App from '../../renderer/src/App.svelte';
import { installFakeGarage } from './fake-garage';
import { vehicle } from './fixtures';

const NOTICE =
  '2 entries of the garage file could not be used and were set aside in demo.json.rejected-x.json ' +
  '(2 entries are damaged or not a valid vehicle); the other 1 vehicle is shown.';

describe('garage file notice', () => {
  it('shows what main did to the garage file, until dismissed', async () => {
    installFakeGarage({
      'profiles.list': () => ({ ok: true, value: [] }),
      'vehicles.list': () => ({ ok: true, value: [vehicle(1)], notice: NOTICE }),
      'updates.status': () => ({ ok: true, value: { state: 'disabled', currentVersion: '1.0.0' } }),
      'settings.updates': () => ({ ok: true, value: { mode: 'notify' } }),
    });
    render(App);
    const banner = await screen.findByRole('alert', { name: 'Garage file repaired' });
    expect(banner.textContent).toContain(NOTICE);
    await fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('alert', { name: 'Garage file repaired' })).toBeNull());
  });

  it('shows nothing when the file read cleanly', async () => {
    installFakeGarage({
      'profiles.list': () => ({ ok: true, value: [] }),
      'vehicles.list': () => ({ ok: true, value: [vehicle(1)] }),
      'updates.status': () => ({ ok: true, value: { state: 'disabled', currentVersion: '1.0.0' } }),
      'settings.updates': () => ({ ok: true, value: { mode: 'notify' } }),
    });
    render(App);
    await screen.findAllByText(vehicle(1).vin);
    expect(screen.queryByRole('alert', { name: 'Garage file repaired' })).toBeNull();
  });
});
