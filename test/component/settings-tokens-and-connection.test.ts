// Settings: clearing a token asks first, a token can be given when the profile is made (and stays
// out of the page), the app's version lives under About, and "Test connection" asks the profile's own
// service once and says what it saw. A service address, new or saved, shows its hint until what is
// typed has a problem, which then replaces it and marks it invalid.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import SettingsView from '../../renderer/src/components/settings/SettingsView.svelte';
import { profiles, toasts, vehicleList } from '../../renderer/src/lib/stores';
import type { ResultOf } from '../../electron/shared/ipc/api';
import type { Profile } from '../../electron/shared/types';
import { installFakeGarage } from './fake-garage';

const demo: Profile = {
  id: 'demo',
  name: 'Demo garage',
  baseUrl: 'http://127.0.0.1:1',
  demo: true,
  hasToken: true,
  active: false,
};
const shop: Profile = {
  id: 'shop',
  name: 'Workshop',
  baseUrl: 'https://api.example',
  demo: false,
  hasToken: true,
  active: false,
};
const info = { name: 'Vehicle Garage', version: '9.8.7', platform: 'linux', arch: 'x64', demo: true };

beforeEach(() => {
  vehicleList.loading = false;
});

describe('settings', () => {
  it('asks before clearing a token; Cancel clears nothing', async () => {
    const { calls } = installFakeGarage({
      'profiles.clearToken': () => ({ ok: true, value: { ...shop, hasToken: false, active: false } }),
      'profiles.list': () => ({ ok: true, value: [] }),
      'app.info': () => ({ ok: true, value: info }),
    });
    profiles.all = [
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

describe('test connection', () => {
  it('asks the profile’s own service once, in use or not, and says what it saw, or why not', async () => {
    let answer: ResultOf<'profiles.testConnection'> = {
      ok: true,
      value: { vehicles: 2, at: '2026-11-23T10:00:00.000Z', ms: 41 },
    };
    const { calls } = installFakeGarage({
      'profiles.testConnection': () => answer,
      'app.info': () => ({ ok: true, value: info }),
    });
    // The profile under test is not the one in use: it is tested with its own address and token.
    profiles.all = [
      { ...demo, active: true },
      { ...shop, active: false },
    ];
    render(SettingsView);
    const section = screen.getByRole('region', { name: 'Workshop' });
    await fireEvent.click(within(section).getByRole('button', { name: 'Test connection' }));
    expect(
      await within(section).findByText(
        /^Connected at .+ \(41 ms\): Token accepted: 2 vehicles on this account\.$/,
      ),
    ).toBeTruthy();
    answer = {
      ok: false,
      error: { kind: 'unauthorized', status: 401, message: 'The service refused the access token (401).' },
    };
    await fireEvent.click(within(section).getByRole('button', { name: 'Test connection' }));
    expect(
      await within(section).findByText(/^Not connected at .+: The service refused this token \(401\)/),
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

describe('token tested when it is given', () => {
  const refused: ResultOf<'profiles.testConnection'> = {
    ok: false,
    error: { kind: 'unauthorized', status: 401, message: 'The service refused the access token (401).' },
  };

  it('tests the token stored with a new profile and says the result in the form', async () => {
    let answer: ResultOf<'profiles.testConnection'> = {
      ok: true,
      value: { vehicles: 3, at: '2026-11-23T10:00:00.000Z', ms: 12 },
    };
    const { calls } = installFakeGarage({
      'profiles.create': ([input]) => ({ ok: true, value: { ...shop, id: 'new', ...(input as object) } }),
      'profiles.setToken': () => ({ ok: true, value: { ...shop, id: 'new' } }),
      'profiles.testConnection': () => answer,
      'profiles.list': () => ({ ok: true, value: [] }),
      'app.info': () => ({ ok: true, value: info }),
    });
    render(SettingsView);
    const form = screen.getByRole('form', { name: 'New profile' });
    const add = async (name: string) => {
      await fireEvent.input(within(form).getByLabelText('Profile name'), { target: { value: name } });
      await fireEvent.input(within(form).getByLabelText('Access token (optional)'), {
        target: { value: 'tok' },
      });
      await fireEvent.click(within(form).getByRole('button', { name: 'Add profile' }));
    };
    await add('Fleet');
    expect(await within(form).findByText('Fleet: Token accepted: 3 vehicles on this account.')).toBeTruthy();
    expect(calls.filter((c) => c.operation === 'profiles.testConnection').map((c) => c.args)).toEqual([
      ['new'],
    ]);
    answer = refused;
    await add('Other');
    expect(await within(form).findByText(/^Other: The service refused this token \(401\)\./)).toBeTruthy();
  });

  it('tests a replaced token at once and says the result beside it', async () => {
    installFakeGarage({
      'profiles.setToken': () => ({ ok: true, value: { ...shop, active: false } }),
      'profiles.testConnection': () => refused,
      'profiles.list': () => ({
        ok: true,
        value: [
          { ...demo, active: true },
          { ...shop, active: false },
        ],
      }),
      'app.info': () => ({ ok: true, value: info }),
    });
    profiles.all = [
      { ...demo, active: true },
      { ...shop, active: false },
    ];
    render(SettingsView);
    const section = screen.getByRole('region', { name: 'Workshop' });
    await fireEvent.input(within(section).getByLabelText('Replace access token'), { target: { value: 'x' } });
    await fireEvent.click(within(section).getByRole('button', { name: 'Save token' }));
    expect(
      await within(section).findByText(/^Not connected at .+: The service refused this token \(401\)/),
    ).toBeTruthy();
  });

  it('warns before switching to a profile whose last test failed; Cancel keeps the profile in use', async () => {
    const failed = {
      ...shop,
      active: false,
      lastTest: { ok: false, at: '2026-11-23T10:00:00.000Z', error: refused.error },
    };
    const { calls } = installFakeGarage({
      'profiles.activate': () => ({ ok: true, value: { ...failed, active: true } }),
      'profiles.list': () => ({
        ok: true,
        value: [
          { ...demo, active: false },
          { ...failed, active: true },
        ],
      }),
      'vehicles.list': () => ({ ok: true, value: [] }),
      'app.info': () => ({ ok: true, value: info }),
    });
    profiles.all = [{ ...demo, active: true }, failed];
    render(SettingsView);
    const section = screen.getByRole('region', { name: 'Workshop' });
    expect(
      within(section).getByText(/^Last test \(.+\): The service refused this token \(401\)/),
    ).toBeTruthy();
    await fireEvent.click(within(section).getByRole('button', { name: 'Use profile Workshop' }));
    const dialog = screen.getByRole('dialog', { name: 'Use a profile whose token failed?' });
    expect(dialog.textContent).toMatch(/The service refused this token \(401\)/);
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.operation === 'profiles.activate')).toBe(false);
    await fireEvent.click(within(section).getByRole('button', { name: 'Use profile Workshop' }));
    await fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Use a profile whose token failed?' })).getByRole('button', {
        name: 'Use profile anyway',
      }),
    );
    await waitFor(() => expect(calls.some((c) => c.operation === 'profiles.activate')).toBe(true));
  });

  it('switches at once to a profile whose last test passed', async () => {
    const { calls } = installFakeGarage({
      'profiles.activate': () => ({ ok: true, value: { ...shop, active: true } }),
      'profiles.list': () => ({ ok: true, value: [] }),
      'vehicles.list': () => ({ ok: true, value: [] }),
      'app.info': () => ({ ok: true, value: info }),
    });
    profiles.all = [
      { ...demo, active: true },
      { ...shop, active: false, lastTest: { ok: true, at: '2026-11-23T10:00:00.000Z', vehicles: 2 } },
    ];
    render(SettingsView);
    await fireEvent.click(screen.getByRole('button', { name: 'Use profile Workshop' }));
    await waitFor(() => expect(calls.some((c) => c.operation === 'profiles.activate')).toBe(true));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('service address field', () => {
  it.each([
    ['form', 'New profile', 'https:// address of the vehicle service'],
    ['region', 'Workshop', 'e.g. https://api.tessie.com'],
  ] as const)('in the %s %s: hint, then the problem, then the hint again', async (role, name, hint) => {
    installFakeGarage({
      'profiles.list': () => ({ ok: true, value: [{ ...shop, active: true }] }),
      'app.info': () => ({ ok: true, value: info }),
    });
    profiles.all = [{ ...shop, active: true }];
    render(SettingsView);
    const input = within(screen.getByRole(role, { name })).getByRole('textbox', {
      name: 'Service address (base URL)',
    });
    const description = () =>
      document.getElementById(input.getAttribute('aria-describedby')!)?.textContent?.trim();
    expect(description()).toBe(hint);
    expect(input.getAttribute('aria-invalid')).toBe('false');
    await fireEvent.input(input, { target: { value: 'http://example.com' } });
    expect(description()).toMatch(/Use https:\/\//);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    await fireEvent.input(input, { target: { value: 'https://fleet.example' } });
    expect(description()).toBe(hint);
  });
});

const refusedToken: ResultOf<'profiles.testConnection'> = {
  ok: false,
  error: { kind: 'unauthorized', status: 401, message: 'The service refused the access token (401).' },
};

async function fillNewProfile(form: HTMLElement, name: string, token: string) {
  await fireEvent.input(within(form).getByLabelText('Profile name'), { target: { value: name } });
  await fireEvent.input(within(form).getByLabelText('Access token (optional)'), { target: { value: token } });
}

describe('settings says what happened', () => {
  it('an address that did not answer (no DNS name) is not called a token failure before switching', async () => {
    const unreachable: Profile = {
      ...shop,
      lastTest: {
        ok: false,
        at: '2026-11-23T10:00:00.000Z',
        error: { kind: 'network', message: 'The address fleet.invalid was not found (ENOTFOUND).' },
      },
    };
    installFakeGarage({
      'profiles.list': () => ({ ok: true, value: [{ ...demo, active: true }, unreachable] }),
      'app.info': () => ({ ok: true, value: info }),
    });
    profiles.all = [{ ...demo, active: true }, unreachable];
    render(SettingsView);
    const section = screen.getByRole('region', { name: 'Workshop' });
    await fireEvent.click(within(section).getByRole('button', { name: 'Use profile Workshop' }));
    const dialog = screen.getByRole('dialog', { name: 'Use a profile whose service could not be reached?' });
    expect(dialog.textContent).toMatch(/fleet\.invalid was not found/);
    expect(dialog.textContent).toMatch(/Check the address and the network/);
    expect(dialog.textContent).not.toMatch(/token failed|until its token is replaced/i);
  });

  it('the new-profile form drops the last attempt’s error once the next one is typed', async () => {
    installFakeGarage({
      'profiles.create': ([input]) => ({ ok: true, value: { ...shop, id: 'new', ...(input as object) } }),
      'profiles.setToken': () => ({
        ok: false,
        error: { kind: 'keychain_unavailable', message: 'The system keychain is locked.' },
      }),
      'profiles.list': () => ({ ok: true, value: [] }),
      'app.info': () => ({ ok: true, value: info }),
    });
    render(SettingsView);
    const form = screen.getByRole('form', { name: 'New profile' });
    await fillNewProfile(form, 'First', 'tok');
    await fireEvent.click(within(form).getByRole('button', { name: 'Add profile' }));
    expect(await within(form).findByText(/keychain is locked/)).toBeTruthy();
    await fireEvent.input(within(form).getByLabelText('Profile name'), { target: { value: 'Second' } });
    expect(within(form).queryByText(/keychain is locked/)).toBeNull();
  });

  it('adding a profile whose token the service refuses says so, not "with its token"', async () => {
    let answer: ResultOf<'profiles.testConnection'> = refusedToken;
    installFakeGarage({
      'profiles.create': ([input]) => ({ ok: true, value: { ...shop, id: 'new', ...(input as object) } }),
      'profiles.setToken': () => ({ ok: true, value: { ...shop, id: 'new' } }),
      'profiles.testConnection': () => answer,
      'profiles.list': () => ({ ok: true, value: [] }),
      'app.info': () => ({ ok: true, value: info }),
    });
    toasts.items = [];
    render(SettingsView);
    const form = screen.getByRole('form', { name: 'New profile' });
    await fillNewProfile(form, 'Refused', 'tok');
    await fireEvent.click(within(form).getByRole('button', { name: 'Add profile' }));
    await waitFor(() => expect(toasts.items.map((toast) => toast.message)).toHaveLength(1));
    expect(toasts.items[0]).toMatchObject({
      message: 'Added profile Refused, but the service refused its token. Replace it below.',
      tone: 'error',
    });

    answer = { ok: true, value: { vehicles: 1, at: '2026-11-23T10:00:00.000Z', ms: 5 } };
    await fillNewProfile(form, 'Accepted', 'tok');
    await fireEvent.click(within(form).getByRole('button', { name: 'Add profile' }));
    await waitFor(() => expect(toasts.items).toHaveLength(2));
    expect(toasts.items[1]).toMatchObject({
      message: 'Added profile Accepted with its token in the system keychain.',
      tone: 'success',
    });
  });
});
