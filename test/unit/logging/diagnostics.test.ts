// "Copy diagnostics": what a support ticket gets, and what it must never get.
import { describe, expect, it } from 'vitest';
import { createDiagnostics, keychainBackendFor } from '../../../electron/main/logging/diagnostics';
import { createRecentErrors } from '../../../electron/main/logging/recent-errors';
import { knownSecrets, registerSecret } from '../../../electron/main/logging/redact';

const TOKEN = 'vg_live_diag_1a2b3c4d5e6f';
const at = new Date('2026-05-04T10:00:00.000Z');

type Sources = Parameters<typeof createDiagnostics>[0];

function setup(profile: Sources['activeProfile'], extra: Partial<Sources> = {}) {
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
    ...extra,
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

describe('the connection, the shop and crash dumps in the report', () => {
  const profile = () => ({ name: 'Shop', baseUrl: 'https://api.example.com', demo: false, hasToken: true });

  it("names the proxy in use and what chose it, the shop's connection and waiting uploads, and the crash dumps", async () => {
    const { diagnostics } = setup(profile, {
      proxy: async () => ({ proxy: 'proxy.corp:3128', source: 'system' }),
      shop: async () => ({
        profileId: 'p-1',
        mode: 'shop',
        connection: {
          host: 'db.shop.lan',
          port: 5433,
          database: 'garage',
          user: 'ana',
          sslmode: 'verify-full',
        },
        technician: 'Ana',
        machine: 'bay-2',
        hasPassword: true,
        status: { state: 'offline', pending: 3, error: { kind: 'network', message: 'connect ECONNREFUSED' } },
      }),
      crashDumps: async () => ({ folder: '/tmp/Crashpad', count: 2, newest: '2026-05-01T08:00:00.000Z' }),
    });
    const text = await diagnostics.text();
    expect(text).toContain("Network: through proxy.corp:3128 (the system's proxy settings)");
    expect(text).toContain('Shop: db.shop.lan:5433/garage as ana, TLS verify-full; technician Ana on bay-2');
    expect(text).toContain(
      'Shop connection: offline, 3 waiting to upload, last error: network: connect ECONNREFUSED',
    );
    expect(text).toContain('Crash dumps: 2, newest 2026-05-01T08:00:00.000Z in /tmp/Crashpad');
  });

  it('never names the password a shop connection URL carries, and says solo and direct plainly', async () => {
    const withUrl = setup(profile, {
      shop: async () => ({
        profileId: 'p-1',
        mode: 'shop',
        connection: { url: 'postgres://ben:S3cr3t-pw@db.example.com:6432/shop?sslmode=require' },
        technician: 'Ben',
        machine: '',
        hasPassword: false,
        status: { state: 'online', pending: 0, error: null },
      }),
    });
    const text = await withUrl.diagnostics.text();
    expect(text).toContain('Shop: db.example.com:6432/shop as ben, TLS require');
    expect(text).not.toContain('S3cr3t');
    const solo = setup(profile, {
      shop: async () => null,
      proxy: async () => ({ proxy: null, source: 'none' }),
      crashDumps: async () => ({ folder: '/tmp/Crashpad', count: 0, newest: null }),
    });
    const plain = await solo.diagnostics.text();
    expect(plain).toContain('Shop: solo (no shop database)');
    expect(plain).toContain('Network: direct (no proxy configured)');
    expect(plain).toContain('Crash dumps: 0 in /tmp/Crashpad');
  });

  it('still reports the rest when a part fails', async () => {
    const { diagnostics } = setup(profile, {
      shop: async () => {
        throw new Error('no database');
      },
      proxy: async () => {
        throw new Error('PAC failed');
      },
    });
    const text = await diagnostics.text();
    expect(text).toContain('Network: unknown');
    expect(text).toContain('Shop: solo');
    expect(text).toContain('Active profile: custom, https://api.example.com');
  });
});
