// A technician's own profile: a base URL, a token in the real OS keychain (the Secret Service in CI),
// and every read and write going to that address with that token, which never comes back over IPC.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../electron/main/simulator';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';
import { sendCommand } from '../support/send-command';

let h: CoreHarness;
let service: Simulator;

beforeAll(async () => {
  h = await startCoreHarness();
  service = await startSimulator({
    seed: 7,
    vehicles: 3,
    wakeDelayMs: 10,
    completionDelayMs: 5,
    flakiness: false,
  });
});
afterAll(async () => {
  await h.close();
  await service.stop();
});

describe('custom profiles', () => {
  let id = '';

  it('creates a profile defaulting to the public service and refuses plain http to other hosts', async () => {
    const created = await h.garage.profiles.create({ name: 'Default address' });
    expect(created).toMatchObject({ ok: true, value: { baseUrl: 'https://api.tessie.com', demo: false } });
    const refused = await h.garage.profiles.create({ name: 'Plain', baseUrl: 'http://fleet.example.com' });
    expect(refused).toMatchObject({ ok: false, error: { kind: 'invalid_input' } });
    const local = await h.garage.profiles.create({ name: 'Workshop', baseUrl: service.baseUrl });
    if (!local.ok) throw new Error(local.error.message);
    expect(local.value).toMatchObject({
      name: 'Workshop',
      baseUrl: service.baseUrl,
      hasToken: false,
      active: false,
    });
    id = local.value.id;
  });

  it('refuses to touch the demo profile’s token or remove it', async () => {
    expect(await h.garage.profiles.setToken('demo', 'abc')).toMatchObject({
      ok: false,
      error: { kind: 'invalid_input' },
    });
    expect(await h.garage.profiles.remove('demo')).toMatchObject({
      ok: false,
      error: { kind: 'invalid_input' },
    });
  });

  it('without a token, a read fails with no_token and nothing is sent', async () => {
    await h.garage.profiles.activate(id);
    expect(await h.garage.app.info()).toMatchObject({ ok: true, value: { demo: false } });
    await h.garage.vehicles.add({ vin: service.vins[0]! });
    service.clearRequests();
    const read = await h.garage.vehicles.telemetryConfig(service.vins[0]!);
    expect(read).toMatchObject({ ok: false, error: { kind: 'no_token' } });
    expect(service.requests).toHaveLength(0);
  });

  it('refuses malformed tokens without echoing them', async () => {
    for (const bad of ['', 'has space', 'tab\there', 'x'.repeat(4097)]) {
      const result = await h.garage.profiles.setToken(id, bad);
      expect(result).toMatchObject({ ok: false, error: { kind: 'invalid_input' } });
      if (!result.ok && bad.length > 3) expect(result.error.message).not.toContain(bad);
    }
    const keytar = (await import('keytar')).default;
    expect(await keytar.getPassword(h.keychainService, id)).toBeNull();
  });

  it('stores the token in the keychain, reports only that one is stored, and uses it', async () => {
    const stored = await h.garage.profiles.setToken(id, service.token);
    expect(stored).toMatchObject({ ok: true, value: { id, hasToken: true } });
    expect(JSON.stringify(stored)).not.toContain(service.token);
    const vin = service.vins[0]!;
    service.setVehicleState(vin, { sleepState: 'awake' });
    const read = await h.garage.vehicles.telemetryConfig(vin);
    expect(read).toMatchObject({ ok: true, source: 'live' });
    const command = await sendCommand(h, vin, 'set_charge_limit', { percent: 75 });
    expect(command).toMatchObject({ ok: true, value: { result: true } });
    expect(service.requests.every((r) => r.headers['authorization'] === `Bearer ${service.token}`)).toBe(
      true,
    );
    const audit = await h.garage.audit.list({ vin, limit: 1 });
    expect(audit).toMatchObject({
      ok: true,
      value: [{ profileId: id, profileName: 'Workshop', outcome: 'success' }],
    });
  });

  it('a wrong token gives unauthorized', async () => {
    await h.garage.profiles.setToken(id, 'not-the-right-token');
    const read = await h.garage.vehicles.telemetryConfig(service.vins[0]!, { refresh: true });
    expect(read).toMatchObject({ ok: false, error: { kind: 'unauthorized', status: 401 } });
  });

  it('keeps each profile’s garage apart and clears the token on request', async () => {
    const mine = await h.garage.vehicles.list();
    expect(mine.ok && mine.value.map((v) => v.vin)).toEqual([service.vins[0]]);
    const cleared = await h.garage.profiles.clearToken(id);
    expect(cleared).toMatchObject({ ok: true, value: { hasToken: false } });
    await h.garage.profiles.activate('demo');
    const demo = await h.garage.vehicles.list();
    expect(demo.ok && demo.value.length).toBe(h.simulator.vins.length);
  });

  it('tests a profile that is not in use with its own address and token, touching nothing else', async () => {
    await h.garage.profiles.activate('demo');
    const noToken = await h.garage.profiles.testConnection(id);
    expect(noToken).toMatchObject({ ok: false, error: { kind: 'no_token' } });
    await h.garage.profiles.setToken(id, service.token);
    service.clearRequests();
    h.simulator.clearRequests();
    const tested = await h.garage.profiles.testConnection(id);
    expect(tested).toMatchObject({ ok: true, value: { vehicles: service.vins.length } });
    expect(service.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /vehicles']);
    expect(service.requests[0]!.headers['authorization']).toBe(`Bearer ${service.token}`);
    expect(h.simulator.requests).toHaveLength(0); // the profile in use was not asked
    expect(JSON.stringify(tested)).not.toContain(service.token);
    expect(await h.garage.app.info()).toMatchObject({ ok: true, value: { demo: true } });
    await h.garage.profiles.setToken(id, 'not-the-right-token');
    expect(await h.garage.profiles.testConnection(id)).toMatchObject({
      ok: false,
      error: { kind: 'unauthorized', status: 401 },
    });
    expect(await h.garage.profiles.testConnection('no-such-profile')).toMatchObject({
      ok: false,
      error: { kind: 'not_found' },
    });
  });

  it('renames and re-addresses a profile, then removes it with its token and garage', async () => {
    const updated = await h.garage.profiles.update(id, { name: 'Bay 2' });
    expect(updated).toMatchObject({ ok: true, value: { name: 'Bay 2' } });
    await h.garage.profiles.setToken(id, service.token);
    expect(await h.garage.profiles.remove(id)).toEqual({ ok: true, value: null });
    const list = await h.garage.profiles.list();
    expect(list.ok && list.value.map((p) => p.id)).not.toContain(id);
    expect(await h.garage.profiles.activate(id)).toMatchObject({ ok: false, error: { kind: 'not_found' } });
    const keytar = (await import('keytar')).default;
    expect(await keytar.getPassword(h.keychainService, id)).toBeNull();
  });
});
