// The smaller things a technician trips over: clearing a token asks first, a token can be given
// when the profile is made, a refused token points to Settings, an old 404 leaves when the version
// changes, history times carry seconds, the empty states say different things (and name a missing
// token), and the app's version lives in About.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import App from '../../renderer/src/App.svelte';
import ErrorNotice from '../../renderer/src/components/common/ErrorNotice.svelte';
import SettingsView from '../../renderer/src/components/settings/SettingsView.svelte';
import HistoryPanel from '../../renderer/src/components/vehicle/HistoryPanel.svelte';
import ReleaseNotesPanel from '../../renderer/src/components/vehicle/ReleaseNotesPanel.svelte';
import { installFakeGarage } from './fake-garage';
import { liveMeta, notes, vehicle } from './fixtures';
import { connection, garage } from '../../renderer/src/lib/stores';

const demo = { id: 'demo', name: 'Demo garage', baseUrl: 'http://127.0.0.1:1', demo: true, hasToken: true };
const shop = { id: 'shop', name: 'Workshop', baseUrl: 'https://api.example', demo: false, hasToken: true };
const info = { name: 'Vehicle Garage', version: '9.8.7', platform: 'linux', arch: 'x64', demo: true };

beforeEach(() => {
  garage.reset();
  garage.loading = false;
  connection.reset();
});

describe('settings', () => {
  it('asks before clearing a token; Cancel clears nothing', async () => {
    const { calls } = installFakeGarage({
      'profiles.clearToken': () => ({ ok: true, value: { ...shop, hasToken: false, active: false } }),
      'profiles.list': () => ({ ok: true, value: [] }),
      'app.info': () => ({ ok: true, value: info }),
    });
    garage.profiles = [
      { ...demo, active: true },
      { ...shop, active: false },
    ];
    render(SettingsView);
    const section = screen.getByRole('region', { name: 'Workshop' });
    await fireEvent.click(within(section).getByRole('button', { name: 'Clear token' }));
    const dialog = screen.getByRole('dialog', { name: 'Clear the access token?' });
    expect(dialog.textContent).toMatch(/can neither read nor send anything/);
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.operation === 'profiles.clearToken')).toBe(false);
    await fireEvent.click(within(section).getByRole('button', { name: 'Clear token' }));
    await fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Clear the access token?' })).getByRole('button', {
        name: 'Clear token',
      }),
    );
    await waitFor(() => expect(calls.some((c) => c.operation === 'profiles.clearToken')).toBe(true));
  });

  it('stores the token given when the profile is created, and keeps it out of the page', async () => {
    const { calls } = installFakeGarage({
      'profiles.create': ([input]) => ({ ok: true, value: { ...shop, id: 'new', ...(input as object) } }),
      'profiles.setToken': () => ({ ok: true, value: { ...shop, id: 'new' } }),
      'profiles.list': () => ({ ok: true, value: [] }),
      'app.info': () => ({ ok: true, value: info }),
    });
    render(SettingsView);
    const form = screen.getByRole('form', { name: 'New profile' });
    await fireEvent.input(within(form).getByLabelText('Profile name'), { target: { value: 'Fleet' } });
    await fireEvent.input(within(form).getByLabelText('Service address (base URL)'), {
      target: { value: 'https://fleet.example' },
    });
    const token = within(form).getByLabelText('Access token (optional)') as HTMLInputElement;
    expect(token.type).toBe('password');
    await fireEvent.input(token, { target: { value: 'tok-at-creation-42' } });
    await fireEvent.click(within(form).getByRole('button', { name: 'Add profile' }));
    await waitFor(() =>
      expect(calls.find((c) => c.operation === 'profiles.setToken')?.args).toEqual([
        'new',
        'tok-at-creation-42',
      ]),
    );
    expect(token.value).toBe('');
    expect(document.body.innerHTML).not.toContain('tok-at-creation-42');
  });

  it('shows the app version and platform under About, not in the header', async () => {
    installFakeGarage({ 'app.info': () => ({ ok: true, value: info }) });
    render(SettingsView);
    expect(await screen.findByText('Vehicle Garage 9.8.7')).toBeTruthy();
    expect(screen.getByText('linux (x64)')).toBeTruthy();
  });
});

describe('errors that Settings fixes', () => {
  it('offers "Open Settings" for a refused token, and opens them', async () => {
    render(ErrorNotice, {
      props: {
        error: { kind: 'unauthorized', status: 401, message: 'The service refused the access token (401).' },
      },
    });
    await fireEvent.click(screen.getByRole('button', { name: 'Open Settings' }));
    expect(garage.view).toBe('settings');
  });

  it('offers no "Open Settings" for an error Settings cannot fix', () => {
    render(ErrorNotice, {
      props: { error: { kind: 'not_found', status: 404, message: 'Unknown VIN (404).' } },
    });
    expect(screen.queryByRole('button', { name: 'Open Settings' })).toBeNull();
  });
});

describe('release notes of a typed version', () => {
  it('drops an old 404 as soon as the version field changes', async () => {
    installFakeGarage({
      'vehicles.releaseNotes': ([, query]) =>
        (query as { version?: string }).version === '2020.1.1'
          ? {
              ok: false,
              error: { kind: 'not_found', status: 404, message: 'No notes for version 2020.1.1 (404).' },
            }
          : { ok: true, value: notes(), ...liveMeta },
      'vehicles.list': () => ({ ok: true, value: [] }),
    });
    render(ReleaseNotesPanel, { props: { vehicle: vehicle(1) } });
    await screen.findByRole('heading', { name: 'Blind Spot Camera' });
    await fireEvent.click(screen.getByRole('radio', { name: 'A specific version' }));
    const field = screen.getByRole('combobox', { name: 'Version' });
    await fireEvent.input(field, { target: { value: '2020.1.1' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Show notes' }));
    expect(await screen.findByText(/2020\.1\.1 \(404\)/)).toBeTruthy();
    await fireEvent.input(field, { target: { value: '2026.14.3' } });
    expect(screen.queryByText(/2020\.1\.1 \(404\)/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText(/Press “Show notes” to load version 2026\.14\.3/)).toBeTruthy();
  });
});

describe('history', () => {
  it('shows times to the second, so events seconds apart are told apart', async () => {
    const at = (s: number) => `2026-11-20T05:51:0${s}Z`;
    const row = (id: string, s: number) => ({
      id,
      time: at(s),
      profileId: 'demo',
      profileName: 'Demo',
      vin: vehicle(1).vin,
      operation: 'command:open_charge_port',
      params: {},
      outcome: 'success',
      durationMs: 301,
    });
    installFakeGarage({ 'audit.list': () => ({ ok: true, value: [row('a', 4), row('b', 2)] }) });
    render(HistoryPanel, { props: { vehicle: vehicle(1) } });
    const times = await screen.findAllByText((_, el) => el?.tagName === 'TIME');
    const texts = times.map((t) => t.textContent);
    expect(new Set(texts).size).toBe(2);
    expect(texts[0]).toMatch(/:04/);
    const took = screen.getAllByText('301 ms')[0]!;
    expect(took.className).toContain('nowrap');
  });
});

describe('empty states', () => {
  it('says something different from the sidebar, and names a missing token', async () => {
    installFakeGarage({
      'profiles.list': () => ({ ok: true, value: [{ ...shop, hasToken: false, active: true }] }),
      'vehicles.list': () => ({ ok: true, value: [] }),
      'updates.status': () => ({ ok: true, value: { state: 'disabled', currentVersion: '0.1.0' } }),
    });
    render(App);
    const view = await screen.findByRole('main', { name: 'Vehicle details' });
    await within(view).findByText('Add the first vehicle to Workshop');
    const sidebar = screen.getByRole('navigation', { name: 'Garage' });
    expect(within(sidebar).queryByText('Add the first vehicle to Workshop')).toBeNull();
    expect(within(view).getByText(/This profile has no access token yet/)).toBeTruthy();
    await fireEvent.click(within(view).getByRole('button', { name: 'Open Settings' }));
    expect(garage.view).toBe('settings');
  });
});

describe('test connection', () => {
  it('asks the profile’s own service once, in use or not, and says what it saw, or why not', async () => {
    let answer: unknown = { ok: true, value: { vehicles: 2, at: '2026-11-23T10:00:00.000Z', ms: 41 } };
    const { calls } = installFakeGarage({
      'profiles.testConnection': () => answer,
      'app.info': () => ({ ok: true, value: info }),
    });
    // The profile under test is not the one in use: it is tested with its own address and token.
    garage.profiles = [
      { ...demo, active: true },
      { ...shop, active: false },
    ];
    render(SettingsView);
    const section = screen.getByRole('region', { name: 'Workshop' });
    await fireEvent.click(within(section).getByRole('button', { name: 'Test connection' }));
    expect(
      await within(section).findByText(
        /^Connected at .+: the service accepted the token and lists 2 vehicles for this account \(41 ms\)\.$/,
      ),
    ).toBeTruthy();
    answer = {
      ok: false,
      error: { kind: 'unauthorized', status: 401, message: 'The service refused the access token (401).' },
    };
    await fireEvent.click(within(section).getByRole('button', { name: 'Test connection' }));
    expect(
      await within(section).findByText(/^Not connected at .+: The service refused the access token \(401\)/),
    ).toBeTruthy();
    expect(calls.filter((c) => c.operation === 'profiles.testConnection').map((c) => c.args)).toEqual([
      [shop.id],
      [shop.id],
    ]);
    expect(calls.some((c) => c.operation === 'account.vehicles')).toBe(false);
    expect(
      within(screen.getByRole('region', { name: 'Demo garage' })).queryByRole('button', {
        name: 'Test connection',
      }),
    ).toBeNull();
  });
});
