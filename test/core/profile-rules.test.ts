// The rules around profiles, through the real IPC handlers: the demo profile's guarantees, the edge
// cases of create/update/remove/activate, a missing token, and a machine without a keychain.
import { access, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import keytar from 'keytar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profilePrefix } from '../../electron/main/storage/cache/cache-keys';
import type { Keychain } from '../../electron/main/vault/keychain-port';
import type { Profile } from '../../electron/shared/types';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';
import { sendCommand } from '../support/send-command';

let h: CoreHarness;

beforeAll(async () => {
  h = await startCoreHarness();
});
afterAll(() => h.close());

async function profiles(): Promise<Profile[]> {
  const list = await h.garage.profiles.list();
  if (!list.ok) throw new Error(list.error.message);
  return list.value;
}

async function create(name: string, baseUrl?: string): Promise<Profile> {
  const created = await h.garage.profiles.create(baseUrl === undefined ? { name } : { name, baseUrl });
  if (!created.ok) throw new Error(created.error.message);
  return created.value;
}

const activeIds = async () => (await profiles()).filter((p) => p.active).map((p) => p.id);

describe('the demo profile', () => {
  it('talks to the embedded simulator, needs no token and cannot be re-pointed', async () => {
    const [demo] = await profiles();
    expect(demo).toEqual({
      id: 'demo',
      name: 'Demo garage',
      baseUrl: h.simulator.baseUrl,
      demo: true,
      hasToken: true,
      active: true,
      lastTest: null,
    });
    const moved = await h.garage.profiles.update('demo', { baseUrl: 'https://api.tessie.com' });
    expect(moved).toMatchObject({ ok: false, error: { kind: 'invalid_input' } });
    expect((await profiles())[0]!.baseUrl).toBe(h.simulator.baseUrl);
  });

  it('refuses a token, a cleared token and removal, and keeps working afterwards', async () => {
    for (const result of [
      await h.garage.profiles.setToken('demo', 'tok_abc'),
      await h.garage.profiles.clearToken('demo'),
      await h.garage.profiles.remove('demo'),
    ]) {
      expect(result).toMatchObject({ ok: false, error: { kind: 'invalid_input' } });
    }
    expect(await keytar.getPassword(h.keychainService, 'demo')).toBeNull();
    expect((await profiles())[0]).toMatchObject({ id: 'demo', hasToken: true, active: true });
    const vin = h.simulator.vins[0]!;
    expect(await h.garage.vehicles.telemetryConfig(vin, { refresh: true })).toMatchObject({
      ok: true,
      source: 'live',
    });
  });

  it('may be renamed, and its name then blocks nobody else’s old name', async () => {
    expect(await h.garage.profiles.update('demo', { name: 'Training bay' })).toMatchObject({
      ok: true,
      value: { id: 'demo', name: 'Training bay', demo: true },
    });
    const taken = await h.garage.profiles.create({ name: 'training BAY' });
    expect(taken).toMatchObject({ ok: false, error: { kind: 'invalid_input' } });
    expect(await h.garage.profiles.update('demo', { name: 'Demo garage' })).toMatchObject({ ok: true });
  });
});

describe('creating and updating profiles', () => {
  it('refuses a name another profile has, ignoring case and surrounding spaces', async () => {
    const first = await create('  Bay 1  ');
    expect(first.name).toBe('Bay 1');
    for (const name of ['bay 1', ' BAY 1', 'demo garage']) {
      const duplicate = await h.garage.profiles.create({ name });
      expect(duplicate, name).toMatchObject({
        ok: false,
        error: { kind: 'invalid_input', issues: [{ path: 'name' }] },
      });
    }
    const second = await create('Bay 2');
    expect(await h.garage.profiles.update(second.id, { name: 'BAY 1' })).toMatchObject({
      ok: false,
      error: { kind: 'invalid_input' },
    });
    // Its own name in another case is no conflict.
    expect(await h.garage.profiles.update(first.id, { name: 'BAY 1' })).toMatchObject({
      ok: true,
      value: { name: 'BAY 1' },
    });
    expect((await profiles()).filter((p) => p.name.toLowerCase() === 'bay 1')).toHaveLength(1);
  });

  it('stores the address in its canonical form, and an equivalent address keeps the token', async () => {
    const profile = await create('Canonical', 'HTTPS://Fleet.Example.COM:443/v1/');
    expect(profile.baseUrl).toBe('https://fleet.example.com/v1');
    expect(await h.garage.profiles.setToken(profile.id, 'tok_canonical')).toMatchObject({
      ok: true,
      value: { hasToken: true },
    });
    const same = await h.garage.profiles.update(profile.id, { baseUrl: 'https://FLEET.example.com/v1/' });
    expect(same).toMatchObject({
      ok: true,
      value: { baseUrl: 'https://fleet.example.com/v1', hasToken: true },
    });
    expect(await keytar.getPassword(h.keychainService, profile.id)).toBe('tok_canonical');
    const moved = await h.garage.profiles.update(profile.id, { baseUrl: 'https://fleet.example.com/v2' });
    expect(moved).toMatchObject({ ok: true, value: { hasToken: false } });
    expect(await keytar.getPassword(h.keychainService, profile.id)).toBeNull();
    await h.garage.profiles.remove(profile.id);
  });

  it('answers not_found for an unknown id and stores nothing for it', async () => {
    const unknown = '0b5e3c1a-0000-4000-8000-000000000000';
    const before = await profiles();
    for (const result of [
      await h.garage.profiles.update(unknown, { name: 'Ghost' }),
      await h.garage.profiles.remove(unknown),
      await h.garage.profiles.activate(unknown),
      await h.garage.profiles.setToken(unknown, 'tok_ghost'),
      await h.garage.profiles.clearToken(unknown),
    ]) {
      expect(result).toMatchObject({ ok: false, error: { kind: 'not_found' } });
    }
    expect(await keytar.getPassword(h.keychainService, unknown)).toBeNull();
    expect(await profiles()).toEqual(before);
  });
});

describe('activating and removing', () => {
  it('keeps exactly one profile active', async () => {
    const a = await create('Active A');
    const b = await create('Active B');
    expect(await h.garage.profiles.activate(a.id)).toMatchObject({
      ok: true,
      value: { id: a.id, active: true },
    });
    expect(await activeIds()).toEqual([a.id]);
    expect(await h.garage.profiles.activate(b.id)).toMatchObject({ ok: true, value: { active: true } });
    expect(await activeIds()).toEqual([b.id]);
    // Removing a profile that is not active leaves the active one alone.
    expect(await h.garage.profiles.remove(a.id)).toEqual({ ok: true, value: null });
    expect(await activeIds()).toEqual([b.id]);
    await h.garage.profiles.remove(b.id);
  });

  it('removing the active profile makes the demo active, with its garage, and forgets the removed one', async () => {
    const shop = await create('Removed shop', h.simulator.baseUrl);
    await h.garage.profiles.setToken(shop.id, h.simulator.token);
    await h.garage.profiles.activate(shop.id);
    const vin = h.simulator.vins[1]!;
    expect(await h.garage.vehicles.add({ vin })).toMatchObject({ ok: true });
    expect(await h.garage.vehicles.telemetryConfig(vin, { refresh: true })).toMatchObject({ ok: true });
    const garageFile = path.join(h.dataDir, 'garages', `${shop.id}.json`);
    await access(garageFile);

    expect(await h.garage.profiles.remove(shop.id)).toEqual({ ok: true, value: null });
    expect(await activeIds()).toEqual(['demo']);
    expect(await h.garage.app.info()).toMatchObject({ ok: true, value: { demo: true } });
    const garage = await h.garage.vehicles.list();
    expect(garage.ok && garage.value.map((v) => v.vin)).toEqual(h.simulator.vins);
    expect(await keytar.getPassword(h.keychainService, shop.id)).toBeNull();
    await expect(access(garageFile)).rejects.toThrow();
    const cached = await readdir(path.join(h.dataDir, 'cache', 'entries'));
    expect(cached.some((name) => name.startsWith(profilePrefix('demo')))).toBe(true);
    expect(cached.filter((name) => name.startsWith(profilePrefix(shop.id)))).toEqual([]);
    // A profile created later with the same name starts from nothing.
    const again = await create('Removed shop', h.simulator.baseUrl);
    expect(again).toMatchObject({ hasToken: false, active: false });
    expect(again.id).not.toBe(shop.id);
    await h.garage.profiles.remove(again.id);
  });
});

describe('a profile without a token', () => {
  it('refuses every operation that needs the service with no_token, sends nothing, audits the writes', async () => {
    const bare = await create('No token yet', h.simulator.baseUrl);
    await h.garage.profiles.activate(bare.id);
    const vin = h.simulator.vins[2]!;
    await h.garage.vehicles.add({ vin });
    h.simulator.clearRequests();
    const drive = String(h.simulator.vehicleState(vin).drives[0]!.id);
    const results = [
      await h.garage.vehicles.telemetryConfig(vin),
      await h.garage.vehicles.releaseNotes(vin, { staged: true }),
      await h.garage.vehicles.setPlate(vin, { plate: 'NO TOK' }),
      await h.garage.vehicles.setDriveTag(vin, { drives: drive, tag: 'Work' }),
      await sendCommand(h, vin, 'enable_valet'),
    ];
    for (const result of results) {
      expect(result).toMatchObject({ ok: false, error: { kind: 'no_token' } });
      expect(result.ok || result.error.message).toMatch(/token/i);
    }
    expect(h.simulator.requests).toEqual([]);
    const audit = await h.garage.audit.list({ vin, limit: 10 });
    expect(audit.ok && audit.value.map((e) => [e.operation, e.profileId, e.outcome, e.errorKind])).toEqual([
      ['command:enable_valet', bare.id, 'error', 'no_token'],
      ['setDriveTag', bare.id, 'error', 'no_token'],
      ['setPlate', bare.id, 'error', 'no_token'],
      // Adding the vehicle to the garage is recorded too (it needs no token).
      ['addVehicle', bare.id, 'success', undefined],
    ]);
    await h.garage.profiles.activate('demo');
    await h.garage.profiles.remove(bare.id);
  });
});

describe('a machine without a keychain (no Secret Service)', () => {
  const TOKEN = 'tok_never_stored_anywhere_1234';
  // What keytar throws on Linux when no Secret Service answers on the session bus.
  const noSecretService = () =>
    Object.assign(new Error('The name org.freedesktop.secrets was not provided by any .service files'), {
      code: 'ERR_DBUS',
    });
  const calls: string[] = [];
  const brokenKeychain: Keychain = {
    getPassword: async () => {
      calls.push('get');
      throw noSecretService();
    },
    setPassword: async () => {
      calls.push('set');
      throw noSecretService();
    },
    deletePassword: async () => {
      calls.push('delete');
      throw noSecretService();
    },
  };
  let k: CoreHarness;
  let id: string;

  beforeAll(async () => {
    k = await startCoreHarness({ keychain: brokenKeychain });
    const created = await k.garage.profiles.create({ name: 'Headless', baseUrl: k.simulator.baseUrl });
    if (!created.ok) throw new Error(created.error.message);
    id = created.value.id;
  });
  afterAll(() => k.close());

  it('still lists profiles, showing no token', async () => {
    const list = await k.garage.profiles.list();
    expect(list).toMatchObject({ ok: true });
    expect(list.ok && list.value.find((p) => p.id === id)).toMatchObject({ hasToken: false });
    expect(calls).toContain('get');
  });

  it('refuses to store or clear a token with keychain_unavailable saying what to install', async () => {
    for (const result of [
      await k.garage.profiles.setToken(id, TOKEN),
      await k.garage.profiles.clearToken(id),
    ]) {
      expect(result).toMatchObject({ ok: false, error: { kind: 'keychain_unavailable' } });
      if (result.ok) continue;
      expect(result.error.message).toMatch(/gnome-keyring/);
      expect(result.error.message).not.toContain('org.freedesktop.secrets');
      expect(result.error.message).not.toContain(TOKEN);
    }
    expect(calls).toContain('set');
  });

  it('has no plaintext fallback: the token is in no file and no answer', async () => {
    const files = (await readdir(k.dataDir, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(await readFile(file, 'utf8'), file).not.toContain(TOKEN);
    expect(JSON.stringify(k.responses)).not.toContain(TOKEN);
  });

  it('reads and writes of the profile fail with keychain_unavailable before anything is sent', async () => {
    await k.garage.profiles.activate(id);
    const vin = k.simulator.vins[0]!;
    await k.garage.vehicles.add({ vin });
    k.simulator.clearRequests();
    expect(await k.garage.vehicles.telemetryConfig(vin)).toMatchObject({
      ok: false,
      error: { kind: 'keychain_unavailable' },
    });
    expect(await sendCommand(k, vin, 'enable_valet')).toMatchObject({
      ok: false,
      error: { kind: 'keychain_unavailable' },
    });
    expect(k.simulator.requests).toEqual([]);
    expect(await k.garage.audit.list({ vin, limit: 1 })).toMatchObject({
      ok: true,
      value: [{ operation: 'command:enable_valet', outcome: 'error', errorKind: 'keychain_unavailable' }],
    });
  });

  it('the demo garage works without a keychain, and the profile can still be removed', async () => {
    await k.garage.profiles.activate('demo');
    expect(await k.garage.vehicles.telemetryConfig(k.simulator.vins[0]!)).toMatchObject({
      ok: true,
      source: 'live',
    });
    expect(await k.garage.profiles.remove(id)).toEqual({ ok: true, value: null });
    const list = await k.garage.profiles.list();
    expect(list.ok && list.value.map((p) => p.id)).toEqual(['demo']);
  });
});

describe('a keychain that fails to delete while the address changes', () => {
  const TOKEN = 'tok_issued_for_the_old_address';
  const secrets = new Map<string, string>();
  let failDelete = false;
  const flakyKeychain: Keychain = {
    getPassword: async (service, account) => secrets.get(`${service}/${account}`) ?? null,
    setPassword: async (service, account, password) => {
      secrets.set(`${service}/${account}`, password);
    },
    deletePassword: async (service, account) => {
      // E.g. the macOS Keychain prompt was dismissed: reading still works, deleting did not.
      if (failDelete) throw new Error('User canceled the operation.');
      return secrets.delete(`${service}/${account}`);
    },
  };
  let f: CoreHarness;
  beforeAll(async () => {
    f = await startCoreHarness({ keychain: flakyKeychain });
  });
  afterAll(() => f.close());

  it('keeps the old address rather than let the token follow the new one', async () => {
    // Port 1 on this machine: the old address refuses connections, and nothing needs DNS.
    const created = await f.garage.profiles.create({ name: 'Moving', baseUrl: 'https://127.0.0.1:1' });
    if (!created.ok) throw new Error(created.error.message);
    const { id } = created.value;
    await f.garage.profiles.setToken(id, TOKEN);
    failDelete = true;
    const moved = await f.garage.profiles.update(id, { baseUrl: f.simulator.baseUrl });
    failDelete = false;
    expect(moved).toMatchObject({ ok: false, error: { kind: 'keychain_unavailable' } });
    const list = await f.garage.profiles.list();
    expect(list.ok && list.value.find((p) => p.id === id)).toMatchObject({
      baseUrl: 'https://127.0.0.1:1',
      hasToken: true,
    });

    await f.garage.profiles.activate(id);
    const vin = f.simulator.vins[0]!;
    await f.garage.vehicles.add({ vin });
    f.simulator.clearRequests();
    expect(await f.garage.vehicles.telemetryConfig(vin)).toMatchObject({
      ok: false,
      error: { kind: 'network' },
    });
    expect(JSON.stringify(f.simulator.requests)).not.toContain(TOKEN);

    // Once the keychain cooperates the move goes through, without the token.
    expect(await f.garage.profiles.update(id, { baseUrl: f.simulator.baseUrl })).toMatchObject({
      ok: true,
      value: { baseUrl: f.simulator.baseUrl, hasToken: false },
    });
    expect(await f.garage.vehicles.telemetryConfig(vin)).toMatchObject({
      ok: false,
      error: { kind: 'no_token' },
    });
    expect(JSON.stringify(f.simulator.requests)).not.toContain(TOKEN);
  });
});
