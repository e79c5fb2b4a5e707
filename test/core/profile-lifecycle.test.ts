// What happens around a profile while requests are under way: a changed address never receives
// the old token or serves the old server's data, settings never wait for a running command, and
// quitting records the outcome of a command in flight.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import keytar from 'keytar';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createVehicleApiClient } from '../../electron/main/api';
import { startSimulator, type Simulator } from '../../electron/main/simulator';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';
import { startGatedService, type GatedService } from './gated-service';
import { sendCommand } from '../support/send-command';

let h: CoreHarness;
let a: Simulator;
let b: Simulator;
let gate: GatedService;
let id: string;
const quick = { wakeDelayMs: 5, completionDelayMs: 5, flakiness: false, vehicles: 2 };

beforeEach(async () => {
  h = await startCoreHarness();
  a = await startSimulator({ ...quick, seed: 3 });
  b = await startSimulator({ ...quick, seed: 3 }); // same fleet, another address
  gate = await startGatedService((method, url) =>
    method === 'GET' ? a.vehicleState(url.split('/')[1]!).telemetry : { result: true },
  );
  const created = await h.garage.profiles.create({ name: 'Shop', baseUrl: a.baseUrl });
  if (!created.ok) throw new Error(created.error.message);
  id = created.value.id;
  await h.garage.profiles.setToken(id, a.token);
  await h.garage.profiles.activate(id);
  for (const vin of a.vins) a.setVehicleState(vin, { sleepState: 'awake' });
});
afterEach(async () => {
  await h.close();
  await a.stop();
  await b.stop();
  await gate.close();
});

describe('changing a profile’s address', () => {
  it('clears the token so it never follows the URL to another host', async () => {
    const vin = a.vins[0]!;
    const updated = await h.garage.profiles.update(id, { baseUrl: b.baseUrl });
    expect(updated).toMatchObject({ ok: true, value: { baseUrl: b.baseUrl, hasToken: false } });
    expect(await keytar.getPassword(h.keychainService, id)).toBeNull();
    expect(await h.garage.vehicles.telemetryConfig(vin)).toMatchObject({
      ok: false,
      error: { kind: 'no_token' },
    });
    expect(b.requests).toHaveLength(0);
  });

  it('forgets what the old address answered', async () => {
    const vin = a.vins[0]!;
    expect(await h.garage.vehicles.telemetryConfig(vin)).toMatchObject({ ok: true, source: 'live' });
    expect(await h.garage.vehicles.telemetryConfig(vin)).toMatchObject({ ok: true, source: 'cache' });
    await h.garage.profiles.update(id, { baseUrl: b.baseUrl });
    await h.garage.profiles.setToken(id, b.token);
    await b.stop();
    // Neither the fresh copy nor a stale one of the old server stands in for the new address.
    expect(await h.garage.vehicles.telemetryConfig(vin)).toMatchObject({
      ok: false,
      error: { kind: 'network' },
    });
    const list = await h.garage.vehicles.list();
    expect(list.ok && list.value.find((v) => v.vin === vin)?.status.lastSource).not.toBe('live');
  });

  it('does not cache a late answer from the old address', async () => {
    const vin = a.vins[0]!;
    await h.garage.profiles.update(id, { baseUrl: gate.baseUrl });
    await h.garage.profiles.setToken(id, 'gate-token');
    const late = h.garage.vehicles.telemetryConfig(vin, { refresh: true });
    const held = await gate.nextRequest(); // the read is under way at the old address
    await h.garage.profiles.update(id, { baseUrl: b.baseUrl });
    held.release();
    expect(await late).toMatchObject({ ok: true, source: 'live' });
    await h.garage.profiles.setToken(id, b.token);
    await b.stop();
    // The new address is down and nothing of the old server's may stand in for it.
    expect(await h.garage.vehicles.telemetryConfig(vin, { refresh: true })).toMatchObject({
      ok: false,
      error: { kind: 'network' },
    });
  });

  it('answers settings at once while a command is still running', async () => {
    const vin = a.vins[0]!;
    await h.garage.profiles.update(id, { baseUrl: gate.baseUrl });
    await h.garage.profiles.setToken(id, 'gate-token');
    const order: string[] = [];
    const command = sendCommand(h, vin, 'set_charge_limit', { percent: 70 }).then(
      (result) => (order.push('command'), result),
    );
    // The command's own request (its status read goes through first).
    const held = await gate.nextOf('POST');
    // The command cannot answer before it is released: settings must not wait for it.
    const update = h.garage.profiles
      .update(id, { name: 'Shop 2', baseUrl: b.baseUrl })
      .then(() => order.push('update'));
    const patience = new Promise((resolve) => setTimeout(resolve, 5_000, 'still waiting'));
    expect(await Promise.race([update, patience])).not.toBe('still waiting');
    gate.open();
    held.release();
    expect(await command).toEqual({ ok: true, value: { result: true } }); // the command was not cut off
    expect(order).toEqual(['update', 'command']);
  });
});

describe('quitting with a command in flight', () => {
  it('waits for its answer and writes it to the audit log before closing', async () => {
    const vin = a.vins[1]!;
    await h.garage.profiles.update(id, { baseUrl: gate.baseUrl });
    await h.garage.profiles.setToken(id, 'gate-token');
    const command = sendCommand(h, vin, 'open_charge_port');
    const held = await gate.nextOf('POST');
    const disposed = h.core.dispose();
    gate.open();
    held.release(); // answered only once quitting has begun
    await disposed;
    expect(await command).toEqual({ ok: true, value: { result: true } });
    // The log as left on disk: one file per month.
    const folder = path.join(h.dataDir, 'audit', 'segments');
    const files = (await readdir(folder)).filter((name) => name.endsWith('.jsonl'));
    const log = (await Promise.all(files.map((name) => readFile(path.join(folder, name), 'utf8')))).join('');
    const entries = log
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { vin: string; operation: string; outcome: string });
    expect(entries).toContainEqual(
      expect.objectContaining({ vin, operation: 'command:open_charge_port', outcome: 'success' }),
    );
    expect(await h.garage.app.info()).toMatchObject({ ok: false, error: { message: /shutting down/ } });
  });
});

describe('release-note images of a remote service', () => {
  it('never fetch from this machine or the local network', async () => {
    const client = createVehicleApiClient({
      baseUrl: 'https://api.example.com',
      getToken: async () => 'tok',
    });
    try {
      for (const url of [
        `${a.baseUrl}/_assets/x.svg`,
        'https://10.0.0.1/a.png',
        'https://169.254.169.254/x',
      ]) {
        expect(client.canFetchImage(url), url).toBe(false);
        await expect(client.fetchImage(url)).rejects.toMatchObject({ kind: 'invalid_input' });
      }
      expect(client.canFetchImage('https://cdn.example.com/a.png')).toBe(true);
      expect(a.requests.filter((r) => r.path.startsWith('/_assets/'))).toHaveLength(0);
    } finally {
      await client.destroy();
    }
  });
});
