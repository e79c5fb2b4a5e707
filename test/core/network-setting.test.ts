// Settings → Network through the real handlers and the real keychain: a custom profile whose
// service (https with a private CA the system store trusts) is reachable only through a CONNECT
// proxy. Switching to a manual proxy by the operation sends the very next request through it, with
// no restart; credentials go to the keychain and come back only as "set"; "Test connection" names
// the host and the proxy; an earlier version's network.json is moved over.
import * as fs from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { redactSecrets } from '../../electron/main/logging/redact';
import type { GarageEvent } from '../../electron/shared/events';
import { startSimulator, type Simulator } from '../../electron/main/simulator';
import {
  makePrivateCa,
  startConnectProxy,
  startTlsFront,
  type ConnectProxy,
  type PrivateCa,
  type TlsFront,
} from '../api/network-fixtures';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';
import { passes, waitFor } from '../support/wait-for';

// A name this machine's DNS does not know (RFC 6761 .test); only the proxies map it to the service.
const HOST = 'garage.test';
const USER = 'tech';
const PASSWORD = 'pr0xy-Pa55word-9f2c';
const basic = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;

let service: Simulator;
let ca: PrivateCa;
let front: TlsFront;
let proxy: ConnectProxy;
let authProxy: ConnectProxy;

beforeAll(async () => {
  service = await startSimulator({ vehicles: 2, wakeDelayMs: 10, completionDelayMs: 2, flakiness: false });
  ca = makePrivateCa({ dns: [HOST], ip: [] });
  front = await startTlsFront(ca, Number(new URL(service.baseUrl).port));
  proxy = await startConnectProxy({ hosts: { [HOST]: front.port } });
  authProxy = await startConnectProxy({
    hosts: { [HOST]: front.port },
    credentials: { user: USER, password: PASSWORD },
  });
}, 60_000);

afterAll(async () => {
  await Promise.all([proxy?.close(), authProxy?.close(), front?.close()]);
  await service?.stop();
});

/** A core whose system store trusts the company CA and whose environment names no proxy. */
async function harness(dataDir?: string): Promise<{ h: CoreHarness; vin: string }> {
  const h = await startCoreHarness({
    ...(dataDir ? { dataDir } : {}),
    client: { network: { env: {}, systemCertificates: () => [ca.caPem] } },
  });
  const created = await h.garage.profiles.create({ name: 'Dealer', baseUrl: `https://${HOST}` });
  if (!created.ok) throw new Error(created.error.message);
  const id = created.value.id;
  await h.garage.profiles.setToken(id, service.token);
  await h.garage.profiles.activate(id);
  const vin = service.vins[0]!;
  service.setVehicleState(vin, { sleepState: 'awake' });
  await h.garage.vehicles.add({ vin });
  return { h, vin };
}

describe('switching the proxy in Settings', () => {
  let h: CoreHarness;
  let vin: string;
  const events: GarageEvent[] = [];

  beforeAll(async () => {
    ({ h, vin } = await harness());
    h.garage.events.subscribe((event) => events.push(event));
  }, 60_000);
  afterAll(() => h?.close());

  it('starts on the system’s proxy, and without one the host does not resolve (named)', async () => {
    expect(await h.garage.settings.network()).toEqual({
      ok: true,
      value: { mode: 'system', proxyUrl: null, credentialsSet: false, problem: null },
    });
    const read = await h.garage.vehicles.telemetryConfig(vin, { refresh: true });
    expect(read).toMatchObject({ ok: false, error: { kind: 'network' } });
    expect(!read.ok && read.error.message).toContain(HOST);
    expect(proxy.connects).toEqual([]);
  });

  it('a manual proxy set by the operation carries the next request, told as settings.changed', async () => {
    const set = await h.garage.settings.setNetwork({ mode: 'manual', proxyUrl: `127.0.0.1:${proxy.port}` });
    expect(set).toEqual({
      ok: true,
      value: { mode: 'manual', proxyUrl: proxy.url, credentialsSet: false, problem: null },
    });
    await waitFor(
      passes(() =>
        expect(events.some((e) => e.type === 'settings.changed' && e.what === 'network')).toBe(true),
      ),
      'the settings event',
    );
    const read = await h.garage.vehicles.telemetryConfig(vin, { refresh: true });
    expect(read).toMatchObject({ ok: true });
    expect(proxy.connects.map((c) => c.target)).toContain(`${HOST}:443`);
    const saved = JSON.parse(await fs.readFile(join(h.dataDir, 'network.json'), 'utf8'));
    expect(saved).toEqual({ mode: 'manual', proxy: proxy.url });
  });

  it('"Test connection" reports the host and the proxy it went through', async () => {
    const tested = await h.garage.settings.testNetwork();
    expect(tested).toMatchObject({
      ok: true,
      value: { host: HOST, proxy: `127.0.0.1:${proxy.port}`, note: null },
    });
  });

  it('a proxy asking for credentials: the test names it and the 407; with them, requests pass', async () => {
    const without = await h.garage.settings.testNetwork({ mode: 'manual', proxyUrl: authProxy.url });
    expect(without).toMatchObject({ ok: false, error: { kind: 'network' } });
    const message = !without.ok ? without.error.message : '';
    expect(message).toContain(`127.0.0.1:${authProxy.port}`);
    expect(message).toContain(HOST);
    expect(message).toMatch(/407|credentials|authentication/i);
    // The setting in force did not change with the test.
    expect(await h.garage.settings.network()).toMatchObject({ value: { proxyUrl: proxy.url } });

    const set = await h.garage.settings.setNetwork({
      mode: 'manual',
      proxyUrl: authProxy.url,
      credentials: { username: USER, password: PASSWORD },
    });
    expect(set).toEqual({
      ok: true,
      value: { mode: 'manual', proxyUrl: authProxy.url, credentialsSet: true, problem: null },
    });
    expect(await h.garage.vehicles.telemetryConfig(vin, { refresh: true })).toMatchObject({ ok: true });
    expect(authProxy.connects.at(-1)).toEqual({ target: `${HOST}:443`, authorization: basic });
    // Credentials kept when only the address is saved again.
    await h.garage.settings.setNetwork({ mode: 'manual', proxyUrl: authProxy.url });
    expect(await h.garage.settings.testNetwork()).toMatchObject({ ok: true });
  });

  it('the proxy password never comes back: not over IPC, not in network.json, not in diagnostics', async () => {
    const file = await fs.readFile(join(h.dataDir, 'network.json'), 'utf8');
    expect(file).not.toContain(PASSWORD);
    expect(file).not.toContain(USER);
    const diagnostics = await h.garage.app.diagnostics();
    expect(diagnostics.ok && diagnostics.value.text).not.toContain(PASSWORD);
    // A failure through a proxy with those credentials that is not there: the message is clean.
    const failed = await h.garage.settings.testNetwork({ mode: 'manual', proxyUrl: 'http://127.0.0.1:9' });
    expect(failed).toMatchObject({ ok: false, error: { kind: 'network' } });
    expect(!failed.ok && failed.error.message).toMatch(/The proxy 127\.0\.0\.1:9 .*garage\.test/);
    expect(JSON.stringify(h.responses)).not.toContain(PASSWORD);
    expect(JSON.stringify(h.responses)).not.toContain(encodeURIComponent(PASSWORD));
    // Whatever a log line or error report might quote, as typed or as a proxy URL carries it.
    const line = redactSecrets(
      `CONNECT via http://${USER}:${encodeURIComponent(PASSWORD)}@127.0.0.1:${authProxy.port} failed; pw ${PASSWORD}`,
    );
    expect(line).not.toContain(PASSWORD);
    expect(line).not.toContain(encodeURIComponent(PASSWORD));
  });

  it('credentials go only to the proxy they were given for', async () => {
    const other = await h.garage.settings.setNetwork({ mode: 'manual', proxyUrl: proxy.url });
    expect(other).toMatchObject({ ok: true, value: { proxyUrl: proxy.url, credentialsSet: false } });
    expect(await h.garage.settings.testNetwork()).toMatchObject({ ok: true });
    expect(proxy.connects.at(-1)).toEqual({ target: `${HOST}:443`, authorization: undefined });
    // Back to their proxy: they apply again without being typed.
    const back = await h.garage.settings.setNetwork({ mode: 'manual', proxyUrl: authProxy.url });
    expect(back).toMatchObject({ ok: true, value: { credentialsSet: true } });
    expect(await h.garage.settings.testNetwork()).toMatchObject({ ok: true });
    expect(authProxy.connects.at(-1)).toEqual({ target: `${HOST}:443`, authorization: basic });
  });

  it('"No proxy" goes direct again, and clearing the credentials says so', async () => {
    const set = await h.garage.settings.setNetwork({ mode: 'direct', credentials: null });
    expect(set).toEqual({
      ok: true,
      value: { mode: 'direct', proxyUrl: null, credentialsSet: false, problem: null },
    });
    const before = authProxy.connects.length + proxy.connects.length;
    // The live read fails (the host does not resolve without a proxy); the offline copy answers.
    const read = await h.garage.vehicles.telemetryConfig(vin, { refresh: true });
    expect(read).toMatchObject({ ok: true, source: 'cache', stale: { kind: 'network' } });
    expect(read.ok && read.stale?.message).toContain(HOST);
    expect(authProxy.connects.length + proxy.connects.length).toBe(before);
  });
});

describe('an earlier version’s network.json', () => {
  it('is moved over: the credentials to the keychain, the file rewritten without them, and used', async () => {
    const dataDir = await mkdtemp(join(os.tmpdir(), 'garage-network-'));
    try {
      const legacy = `http://${USER}:${encodeURIComponent(PASSWORD)}@127.0.0.1:${authProxy.port}`;
      await fs.writeFile(join(dataDir, 'network.json'), JSON.stringify({ proxy: legacy }));
      const { h, vin } = await harness(dataDir);
      try {
        expect(await h.garage.settings.network()).toEqual({
          ok: true,
          value: { mode: 'manual', proxyUrl: authProxy.url, credentialsSet: true, problem: null },
        });
        const file = await fs.readFile(join(dataDir, 'network.json'), 'utf8');
        expect(JSON.parse(file)).toEqual({ mode: 'manual', proxy: authProxy.url });
        expect(await h.garage.vehicles.telemetryConfig(vin, { refresh: true })).toMatchObject({ ok: true });
        expect(authProxy.connects.at(-1)).toEqual({ target: `${HOST}:443`, authorization: basic });
      } finally {
        await h.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
