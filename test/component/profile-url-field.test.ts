// A profile's service address, in the new-profile form and in a saved profile's editor: the hint
// stands under it until what is typed has a problem, which then replaces it and marks it invalid.
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import SettingsView from '../../renderer/src/components/settings/SettingsView.svelte';
import { connection, garage } from '../../renderer/src/lib/stores';
import { installFakeGarage } from './fake-garage';

const shop = { id: 'shop', name: 'Workshop', baseUrl: 'https://api.example', demo: false, hasToken: true };
const info = { name: 'Vehicle Garage', version: '9.8.7', platform: 'linux', arch: 'x64', demo: true };

beforeEach(() => {
  garage.reset();
  garage.loading = false;
  connection.reset();
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
    garage.profiles = [{ ...shop, active: true }];
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
