import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import SettingsView from '../../renderer/src/components/settings/SettingsView.svelte';
import ToastRegion from '../../renderer/src/components/common/ToastRegion.svelte';
import UpdateBanner from '../../renderer/src/components/shell/UpdateBanner.svelte';
import UpdateSettings from '../../renderer/src/components/settings/UpdateSettings.svelte';
import type { UpdateStatus } from '../../electron/shared/types';
import { installFakeGarage, type Responder } from './fake-garage';
import { ok } from './fixtures';
import { connectStores, preferences, profiles } from '../../renderer/src/lib/stores';

const demo = {
  id: 'demo',
  name: 'Demo garage',
  baseUrl: 'http://127.0.0.1:1',
  demo: true,
  hasToken: true,
  active: true,
};
const shop = {
  id: 'shop',
  name: 'Workshop',
  baseUrl: 'https://api.example',
  demo: false,
  hasToken: false,
  active: false,
};

describe('settings', () => {
  beforeEach(() => {
    profiles.all = [demo, shop];
    localStorage.clear();
    preferences.load();
  });

  it('switches the theme on <html> and keeps it and the language in localStorage', async () => {
    installFakeGarage({});
    render(SettingsView);
    await fireEvent.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    expect(localStorage.getItem('garage.theme')).toBe('dark');
    await fireEvent.click(screen.getByRole('radio', { name: 'System' }));
    expect(document.documentElement.hasAttribute('data-theme')).toBe(false);
    await fireEvent.change(screen.getByRole('combobox', { name: 'Default release-notes language' }), {
      target: { value: 'fr' },
    });
    expect(localStorage.getItem('garage.language')).toBe('fr');
    expect(preferences.language).toBe('fr');
  });

  it('takes a token write-only, then only says one is stored; clears it', async () => {
    let profile = { ...shop };
    const { calls } = installFakeGarage({
      'profiles.setToken': () => ((profile = { ...profile, hasToken: true }), { ok: true, value: profile }),
      'profiles.clearToken': () => (
        (profile = { ...profile, hasToken: false }),
        { ok: true, value: profile }
      ),
      'profiles.list': () => ({ ok: true, value: [demo, profile] }),
    });
    render(SettingsView);
    const section = screen.getByRole('region', { name: 'Workshop' });
    const token = within(section).getByLabelText('Access token') as HTMLInputElement;
    expect(token.type).toBe('password');
    await fireEvent.input(token, { target: { value: 'secret-token-123' } });
    await fireEvent.click(within(section).getByRole('button', { name: 'Save token' }));
    await waitFor(() =>
      expect(within(section).getByText(/A token is stored in the system keychain/)).toBeTruthy(),
    );
    expect((within(section).getByLabelText('Replace access token') as HTMLInputElement).value).toBe('');
    expect(document.body.innerHTML).not.toContain('secret-token-123');
    expect(calls.find((c) => c.operation === 'profiles.setToken')?.args).toEqual([
      'shop',
      'secret-token-123',
    ]);
    await fireEvent.click(within(section).getByRole('button', { name: 'Clear token' }));
    const confirm = screen.getByRole('dialog', { name: 'Clear the access token?' });
    await fireEvent.click(within(confirm).getByRole('button', { name: 'Clear token' }));
    await waitFor(() => expect(within(section).getByText(/No token stored/)).toBeTruthy());
  });

  it('validates a new profile base URL as you type and creates it', async () => {
    const { calls } = installFakeGarage({
      'profiles.create': ([input]) => ({ ok: true, value: { ...shop, id: 'new', ...(input as object) } }),
      'profiles.list': () => ({ ok: true, value: [demo, shop] }),
    });
    render(SettingsView);
    const form = screen.getByRole('form', { name: 'New profile' });
    await fireEvent.input(within(form).getByLabelText('Service address (base URL)'), {
      target: { value: 'http://example.com' },
    });
    expect(within(form).getByText(/Use https:\/\//)).toBeTruthy();
    await fireEvent.input(within(form).getByLabelText('Service address (base URL)'), {
      target: { value: 'https://fleet.example' },
    });
    await fireEvent.input(within(form).getByLabelText('Profile name'), { target: { value: 'Fleet' } });
    await fireEvent.click(within(form).getByRole('button', { name: 'Add profile' }));
    await waitFor(() =>
      expect(calls.find((c) => c.operation === 'profiles.create')?.args).toEqual([
        { name: 'Fleet', baseUrl: 'https://fleet.example' },
      ]),
    );
  });

  it('copies diagnostics and says so in a toast that does not take focus', async () => {
    installFakeGarage({ 'app.diagnostics': () => ({ ok: true, value: { text: 'Vehicle Garage 0.1.0' } }) });
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(ToastRegion);
    render(SettingsView);
    const button = screen.getByRole('button', { name: 'Copy diagnostics' });
    button.focus();
    await fireEvent.click(button);
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('Vehicle Garage 0.1.0'));
    const region = screen.getAllByRole('status').find((el) => el.getAttribute('aria-live') === 'polite')!;
    await waitFor(() => expect(region.textContent).toContain('Diagnostics copied to the clipboard'));
    expect(document.activeElement).toBe(button);
  });
});

describe('update banner', () => {
  const status = (value: UpdateStatus) => () => ok(value);
  const notify: Responder<'settings.updates'> = () => ok({ mode: 'notify' });

  it('offers an available update and installs only after confirmation', async () => {
    const { calls } = installFakeGarage({
      'updates.status': status({ state: 'available', currentVersion: '0.1.0', availableVersion: '0.2.0' }),
      'settings.updates': notify,
      'updates.install': () => ({ ok: true, value: { state: 'downloading', currentVersion: '0.1.0' } }),
    });
    render(UpdateBanner);
    expect(await screen.findByText('Version 0.2.0 is available.')).toBeTruthy();
    await fireEvent.click(screen.getByRole('button', { name: 'Install and restart' }));
    const dialog = screen.getByRole('dialog', { name: 'Install version 0.2.0?' });
    expect(calls.some((c) => c.operation === 'updates.install')).toBe(false);
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Install and restart' }));
    await waitFor(() =>
      expect(calls.find((c) => c.operation === 'updates.install')?.args).toEqual([{ consent: true }]),
    );
    // The window asks main what its checks found; it never starts a check of its own.
    expect(calls.some((c) => c.operation === 'updates.check')).toBe(false);
  });

  it('shows nothing when no update is available', async () => {
    const { calls } = installFakeGarage({
      'updates.status': status({ state: 'disabled', currentVersion: '0.1.0' }),
      'settings.updates': notify,
    });
    const { container } = render(UpdateBanner);
    await waitFor(() => expect(calls.map((c) => c.operation)).toContain('updates.status'));
    expect(container.textContent?.trim()).toBe('');
  });

  it("shows the release notes as text, appears when main's check finds a version later, and 'Later' waits for a newer one", async () => {
    const notes = '<img src=x onerror=alert(1)> Faster garage refresh\nFixes the plate field';
    const { emit } = installFakeGarage({
      'updates.status': status({ state: 'not-available', currentVersion: '0.1.0' }),
      'settings.updates': notify,
    });
    connectStores(window.garage);
    render(UpdateBanner);
    const found = (version: string, state = 'available') => ({
      type: 'update.changed' as const,
      status: {
        state,
        currentVersion: '0.1.0',
        availableVersion: version,
        releaseNotes: notes,
      } as UpdateStatus,
    });
    emit(found('0.2.0'));
    await screen.findByText('Version 0.2.0 is available.');
    await fireEvent.click(screen.getByText("What's new in 0.2.0"));
    expect(screen.getByText(/Faster garage refresh/).textContent).toContain('<img src=x onerror=alert(1)>');
    expect(document.querySelector('.update img')).toBeNull();
    await fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'App update' })).toBeNull());
    emit(found('0.2.0', 'downloaded'));
    expect(screen.queryByRole('region', { name: 'App update' })).toBeNull();
    emit(found('0.3.0', 'downloaded'));
    await screen.findByText('Version 0.3.0 is downloaded and ready to install.');
  });
});

describe('update settings', () => {
  it('keeps the choice of when main looks for updates in main', async () => {
    const { calls } = installFakeGarage({
      'updates.status': () => ({ ok: true, value: { state: 'not-available', currentVersion: '0.1.0' } }),
      'settings.updates': () => ({ ok: true, value: { mode: 'notify' } }),
      'settings.setUpdates': (args) => ({ ok: true, value: args[0] }),
    });
    render(UpdateSettings);
    const group = await screen.findByRole('group', { name: 'Looking for updates' });
    expect(
      (
        within(group).getByRole('radio', {
          name: 'Check and tell me when a new version is available',
        }) as HTMLInputElement
      ).checked,
    ).toBe(true);
    await fireEvent.click(
      within(group).getByRole('radio', { name: 'Check and download new versions in the background' }),
    );
    await waitFor(() =>
      expect(calls.find((c) => c.operation === 'settings.setUpdates')?.args).toEqual([{ mode: 'download' }]),
    );
  });
});
