// A locked keychain is said to be locked, and where the error shows, "Try again" repeats the action
// once the technician has unlocked it: a read in a vehicle panel, a token save in Settings.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import SettingsView from '../../renderer/src/components/settings/SettingsView.svelte';
import TelemetryPanel from '../../renderer/src/components/vehicle/telemetry/TelemetryPanel.svelte';
import { profiles } from '../../renderer/src/lib/stores';
import type { ErrorInfo } from '../../electron/shared/result';
import { installFakeGarage } from './fake-garage';
import { telemetry, vehicle } from './fixtures';

const LOCKED_READ: ErrorInfo = {
  kind: 'keychain_unavailable',
  message:
    'The system keychain is locked, so the token could not be read. Unlock your login keyring (for example in “Passwords and Keys”, or by logging in to the desktop again), then try again. The token is still stored.',
};
const LOCKED_SAVE: ErrorInfo = {
  ...LOCKED_READ,
  message: LOCKED_READ.message.replace('could not be read', 'could not be saved'),
};

describe('a locked keychain', () => {
  it('is named in a vehicle panel, with a retry that reads again once unlocked', async () => {
    let locked = true;
    const { calls } = installFakeGarage({
      'vehicles.telemetryConfig': () =>
        locked
          ? { ok: false, error: LOCKED_READ }
          : {
              ok: true,
              value: telemetry({}, { synced: true }),
              source: 'live',
              fetchedAt: new Date().toISOString(),
            },
      'vehicles.list': () => ({ ok: true, value: [] }),
    });
    render(TelemetryPanel, { props: { vehicle: vehicle(1) } });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The system keychain is locked');
    expect(alert.textContent).not.toMatch(/No (API|access) token is stored/);
    locked = false; // the technician unlocks the keyring
    await fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Synced')).toBeTruthy();
    expect(calls.filter((c) => c.operation === 'vehicles.telemetryConfig')).toHaveLength(2);
  });

  it('is named in Settings instead of "No token stored" when the keychain cannot say', () => {
    profiles.all = [
      {
        id: 'shop',
        name: 'Workshop',
        baseUrl: 'https://api.example',
        demo: false,
        hasToken: false,
        active: true,
        keychainProblem: LOCKED_READ.message,
      },
    ];
    installFakeGarage({});
    render(SettingsView);
    const section = screen.getByRole('region', { name: 'Workshop' });
    expect(within(section).getByText(/^The system keychain is locked/)).toBeTruthy();
    expect(within(section).queryByText(/No token stored/)).toBeNull();
  });

  it('is named when a token is saved in Settings, with a retry that saves the same token', async () => {
    const shop = {
      id: 'shop',
      name: 'Workshop',
      baseUrl: 'https://api.example',
      demo: false,
      hasToken: false,
      active: true,
    };
    profiles.all = [shop];
    let locked = true;
    const { calls } = installFakeGarage({
      'profiles.setToken': () =>
        locked ? { ok: false, error: LOCKED_SAVE } : { ok: true, value: { ...shop, hasToken: true } },
      'profiles.list': () => ({ ok: true, value: [{ ...shop, hasToken: !locked }] }),
    });
    render(SettingsView);
    const section = screen.getByRole('region', { name: 'Workshop' });
    await fireEvent.input(within(section).getByLabelText('Access token'), {
      target: { value: 'tok-123456' },
    });
    await fireEvent.click(within(section).getByRole('button', { name: 'Save token' }));
    const alert = await within(section).findByRole('alert');
    expect(alert.textContent).toContain('The system keychain is locked, so the token could not be saved');
    locked = false;
    await fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(within(section).getByText(/A token is stored in the system keychain/)).toBeTruthy(),
    );
    const saves = calls.filter((c) => c.operation === 'profiles.setToken');
    expect(saves.map((c) => c.args)).toEqual([
      ['shop', 'tok-123456'],
      ['shop', 'tok-123456'],
    ]);
  });
});
