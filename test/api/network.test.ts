// The client on a corporate network, over real sockets on 127.0.0.1: through a CONNECT proxy named
// by the app's setting, by HTTPS_PROXY or by the system's resolution (with and without proxy
// credentials), to the simulator behind https with a certificate from a private CA that only the
// system store trusts; and each way it can fail gets a message naming the host and the proxy.
import tls from 'node:tls';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import type { ApiClientOptions } from '../../electron/main/api';
import { chooseProxy, noProxyMatches, parsePacResult } from '../../electron/main/api/network/proxy-choice';
import { nodeSystemCertificates, trustContext } from '../../electron/main/api/network/trust';
import { startSimulator, type Simulator } from '../../electron/main/simulator';
import {
  closedPort,
  makePrivateCa,
  startConnectProxy,
  startTlsFront,
  type ConnectProxy,
  type PrivateCa,
  type TlsFront,
} from './network-fixtures';
import { awakeVin, caught, clientFor, closeClients } from './support';

// A name this machine's DNS does not know (RFC 6761 .test); only the proxy maps it to the service.
const HOST = 'garage.test';
const BASE = `https://${HOST}`;

let sim: Simulator;
let ca: PrivateCa;
let front: TlsFront;
let proxy: ConnectProxy;
let authProxy: ConnectProxy;
let vin: string;

beforeAll(async () => {
  sim = await startSimulator({ wakeDelayMs: 10, completionDelayMs: 2, flakiness: false });
  vin = awakeVin(sim);
  ca = makePrivateCa({ dns: [HOST, 'localhost'], ip: ['127.0.0.1'] });
  front = await startTlsFront(ca, Number(new URL(sim.baseUrl).port));
  proxy = await startConnectProxy({ hosts: { [HOST]: front.port } });
  authProxy = await startConnectProxy({
    hosts: { [HOST]: front.port },
    credentials: { user: 'tech', password: 's3cret' },
  });
}, 60_000);

afterAll(async () => {
  await closeClients();
  await Promise.all([proxy?.close(), authProxy?.close(), front?.close()]);
  await sim?.stop();
});

afterEach(async () => {
  await closeClients();
  proxy.connects.length = 0;
  authProxy.connects.length = 0;
});

/** The system store as the test plays it: it holds the company CA. */
const systemTrustsCa = () => [ca.caPem];

function client(network: ApiClientOptions['network'], baseUrl = BASE) {
  return clientFor(sim, { baseUrl, network: { env: {}, ...network } }).client;
}

describe('reaching the service through a proxy, trusting the system store', () => {
  it('through the proxy of the app’s setting', async () => {
    const config = await client({ proxy: proxy.url, systemCertificates: systemTrustsCa }).telemetryConfig(
      vin,
    );
    expect(config).toMatchObject({ synced: expect.any(Boolean) });
    expect(proxy.connects.map((c) => c.target)).toEqual([`${HOST}:443`]);
  });

  it('through HTTPS_PROXY, and not for a host NO_PROXY lists', async () => {
    await client({ env: { HTTPS_PROXY: proxy.url }, systemCertificates: systemTrustsCa }).status(vin);
    expect(proxy.connects).toHaveLength(1);
    const bypassed = await caught(
      client({
        env: { HTTPS_PROXY: proxy.url, NO_PROXY: `localhost,.${HOST}` },
        systemCertificates: systemTrustsCa,
      }).status(vin),
    );
    expect(bypassed.message).toMatch(new RegExp(`The host name ${HOST} could not be found \\(DNS`));
    expect(proxy.connects).toHaveLength(1);
  });

  it('through the proxy the system resolves for the URL (Chromium’s "PROXY host:port; DIRECT")', async () => {
    const asked: string[] = [];
    const resolveProxy = async (url: string) => {
      asked.push(url);
      return `PROXY 127.0.0.1:${proxy.port}; DIRECT`;
    };
    const c = client({ resolveProxy, systemCertificates: systemTrustsCa });
    await c.status(vin);
    await c.plate(vin);
    expect(asked).toEqual([`${BASE}/`]); // once per origin
    expect(proxy.connects.length).toBeGreaterThanOrEqual(1);
  });

  it('the setting overrides the variables and the system', async () => {
    const dead = `http://127.0.0.1:${await closedPort()}`;
    const resolveProxy = async () => `PROXY ${new URL(dead).host}`;
    await client({
      proxy: proxy.url,
      env: { HTTPS_PROXY: dead },
      resolveProxy,
      systemCertificates: systemTrustsCa,
    }).status(vin);
    expect(proxy.connects).toHaveLength(1);
    // "direct" turns the proxy off: garage.test is then looked up here, and does not resolve.
    const direct = await caught(
      client({
        proxy: 'direct',
        env: { HTTPS_PROXY: proxy.url },
        resolveProxy,
        systemCertificates: systemTrustsCa,
      }).status(vin),
    );
    expect(direct.message).toMatch(/The host name garage\.test could not be found/);
    expect(proxy.connects).toHaveLength(1);
  });

  it('with proxy credentials in the setting; without them the 407 is named', async () => {
    const url = `http://tech:s3cret@127.0.0.1:${authProxy.port}`;
    await client({ proxy: url, systemCertificates: systemTrustsCa }).status(vin);
    expect(authProxy.connects.at(-1)?.authorization).toBe(
      `Basic ${Buffer.from('tech:s3cret').toString('base64')}`,
    );

    const e = await caught(client({ proxy: authProxy.url, systemCertificates: systemTrustsCa }).status(vin));
    expect(e.kind).toBe('network');
    expect(e.message).toContain(`The proxy 127.0.0.1:${authProxy.port} refused to connect to ${HOST}`);
    expect(e.message).toContain('407');
    expect(e.message).not.toContain('s3cret');
  });

  it('trusts the system store on a direct connection too', async () => {
    const base = `https://127.0.0.1:${front.port}`;
    expect(await client({ systemCertificates: systemTrustsCa }, base).status(vin)).toBeDefined();
    const e = await caught(client({ systemCertificates: () => [] }, base).status(vin));
    expect(e.message).toContain(`The certificate of 127.0.0.1:${front.port} is not trusted`);
  });
});

describe('failures name the host and the proxy', () => {
  it('a certificate no store trusts', async () => {
    const e = await caught(client({ proxy: proxy.url, systemCertificates: () => [] }).status(vin));
    expect(e.kind).toBe('network');
    expect(e.message).toMatch(
      new RegExp(`The certificate of ${HOST} through the proxy 127\\.0\\.0\\.1:${proxy.port} is not trusted`),
    );
    expect(e.message).not.toMatch(/network error/i);
  });

  it('a proxy that refuses the connection', async () => {
    const port = await closedPort();
    const e = await caught(client({ proxy: `http://127.0.0.1:${port}` }).status(vin));
    expect(e.message).toContain(`The proxy 127.0.0.1:${port} refused the connection`);
    expect(e.message).toContain(HOST);
  });

  it('a host the proxy cannot resolve', async () => {
    const e = await caught(client({ proxy: proxy.url }, 'https://nowhere.invalid').status(vin));
    expect(e.message).toContain(
      `The proxy 127.0.0.1:${proxy.port} could not connect to nowhere.invalid (502)`,
    );
  });

  it('a host that does not resolve, without a proxy', async () => {
    const e = await caught(client({}, 'https://nowhere.invalid').status(vin));
    expect(e.message).toContain('The host name nowhere.invalid could not be found (DNS');
  });

  it('a command that could not leave names the proxy in its message', async () => {
    const port = await closedPort();
    const e = await caught(client({ proxy: `http://127.0.0.1:${port}` }).command(vin, 'open_charge_port'));
    expect(e.message).toContain(
      `The proxy 127.0.0.1:${port} refused the connection while sending open_charge_port`,
    );
  });
});

describe('proxy choice', () => {
  it('reads Chromium’s answers', () => {
    expect(
      parsePacResult('PROXY proxy.corp:3128; HTTPS secure.corp:443; SOCKS5 s.corp:1080; DIRECT'),
    ).toEqual(['http://proxy.corp:3128', 'https://secure.corp', 'socks5://s.corp:1080', null]);
    expect(parsePacResult('DIRECT')).toEqual([null]);
    expect(parsePacResult('')).toEqual([]);
  });

  it('matches NO_PROXY entries as curl does', () => {
    const u = new URL('https://api.garage.example:8443/x');
    expect(noProxyMatches(u, 'garage.example')).toBe(true);
    expect(noProxyMatches(u, '.garage.example')).toBe(true);
    expect(noProxyMatches(u, '*.garage.example')).toBe(true);
    expect(noProxyMatches(u, 'api.garage.example:8443')).toBe(true);
    expect(noProxyMatches(u, 'api.garage.example:443')).toBe(false);
    expect(noProxyMatches(u, 'other.example, example.org')).toBe(false);
    expect(noProxyMatches(u, '*')).toBe(true);
  });

  it('keeps this machine direct and ignores an unusable setting', async () => {
    const resolveProxy = async () => 'PROXY p:1';
    expect(
      await chooseProxy(new URL('http://127.0.0.1:8787/'), { setting: 'http://p:1', resolveProxy }),
    ).toEqual({
      proxy: null,
      source: 'loopback',
    });
    expect(await chooseProxy(new URL('https://a.example/'), { setting: 'ftp://x', resolveProxy })).toEqual({
      proxy: 'http://p:1',
      source: 'system',
    });
    expect(
      await chooseProxy(new URL('https://a.example/'), {
        resolveProxy: async () => {
          throw new Error('PAC script failed');
        },
      }),
    ).toEqual({ proxy: null, source: 'none' });
  });
});

describe('the system certificate store', () => {
  it('is read through Node where Node can (24+), and reported unreadable on Node 20', () => {
    const nodeCanRead = typeof (tls as { getCACertificates?: unknown }).getCACertificates === 'function';
    const read = nodeSystemCertificates();
    expect(read === null).toBe(!nodeCanRead);
    if (read !== null) expect(read.every((pem) => pem.includes('BEGIN CERTIFICATE'))).toBe(true);
  });

  it('adds nothing when the store is empty, and builds one context per store', () => {
    expect(trustContext(() => [])).toBeNull();
    const first = trustContext(systemTrustsCa);
    expect(first).not.toBeNull();
    expect(trustContext(systemTrustsCa)).toBe(first);
  });
});
