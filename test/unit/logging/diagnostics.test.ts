// "Copy diagnostics": what a support ticket gets, and what it must never get.
import { describe, expect, it } from 'vitest';
import { createDiagnostics, keychainBackendFor } from '../../../electron/main/logging/diagnostics';
import { createRecentErrors } from '../../../electron/main/logging/recent-errors';
import { knownSecrets, registerSecret } from '../../../electron/main/logging/redact';

const TOKEN = 'vg_live_diag_1a2b3c4d5e6f';
const at = new Date('2026-05-04T10:00:00.000Z');

function setup(profile: Parameters<typeof createDiagnostics>[0]['activeProfile']) {
  const recentErrors = createRecentErrors({ capacity: 3, now: () => at });
  const diagnostics = createDiagnostics({
    runtime: {
      name: 'Vehicle Garage',
      version: '1.2.3',
      platform: 'linux',
      arch: 'x64',
      osRelease: '6.1.0',
      versions: { electron: '45.4.1', chrome: '140.0.0.0', node: '22.0.0' },
    },
    keychainBackend: keychainBackendFor('linux'),
    dataDir: '/home/tech/.config/Vehicle Garage',
    logFile: '/home/tech/.config/Vehicle Garage/logs/main.log',
    updateFeedConfigured: false,
    activeProfile: profile,
    recentErrors,
    now: () => at,
  });
  return { recentErrors, diagnostics };
}

describe('recent errors', () => {
  it('keeps the last N, oldest first, redacted and on one line', () => {
    const recentErrors = createRecentErrors({ capacity: 2, now: () => at });
    recentErrors.record(new Error('first'));
    recentErrors.record(new Error(`second with access_token=${TOKEN}\nand a second line`), 'api');
    recentErrors.record('third');
    const list = recentErrors.list();
    expect(list.map((e) => e.message)).toEqual([
      'api: Error: second with access_token=[REDACTED] and a second line',
      'third',
    ]);
    expect(list[0]!.at).toBe(at.toISOString());
  });
});

describe('diagnostics', () => {
  it('reports versions, platform, keychain backend, profile kind, folders and recent errors', async () => {
    const { recentErrors, diagnostics } = setup(() => ({
      name: 'Fleet',
      baseUrl: 'https://fleet.example.com/api/v1?key=abc',
      demo: false,
      hasToken: true,
    }));
    recentErrors.record(new Error('Could not reach the service'), 'vehicles.list');
    const text = await diagnostics.text();
    expect(text).toContain('Vehicle Garage 1.2.3 diagnostics');
    expect(text).toContain('Platform: linux x64 (6.1.0)');
    expect(text).toContain('Electron: 45.4.1, Chrome: 140.0.0.0, Node: 22.0.0');
    expect(text).toContain('Keychain: libsecret (Secret Service)');
    // Only the origin of a custom base URL: its path or query could carry more than support needs.
    expect(text).toContain('Active profile: custom, https://fleet.example.com, token stored in keychain');
    expect(text).not.toContain('key=abc');
    expect(text).toContain('Data folder: /home/tech/.config/Vehicle Garage');
    expect(text).toContain('vehicles.list: Error: Could not reach the service');
  });

  it('never contains a token, even one that slipped into an error or a registered value', async () => {
    registerSecret(TOKEN);
    try {
      const { recentErrors, diagnostics } = setup(async () => ({
        name: 'Demo',
        baseUrl: 'http://127.0.0.1:0',
        demo: true,
        hasToken: false,
      }));
      recentErrors.record(new Error(`HTTP 401 for ${TOKEN}`));
      recentErrors.record({ authorization: `Bearer ${TOKEN}` });
      const text = await diagnostics.text();
      expect(text).toContain('Active profile: demo (built-in simulator)');
      expect(text).not.toContain(TOKEN);
    } finally {
      knownSecrets.unregister(TOKEN);
    }
  });

  it('still reports when the profile lookup fails', async () => {
    const { diagnostics } = setup(() => {
      throw new Error('store locked');
    });
    expect(await diagnostics.text()).toContain('Active profile: none');
  });

  it('names each platform keychain', () => {
    expect(keychainBackendFor('darwin')).toBe('macOS Keychain');
    expect(keychainBackendFor('win32')).toBe('Windows Credential Manager');
    expect(keychainBackendFor('linux')).toBe('libsecret (Secret Service)');
  });
});
