// The shipped bundle asks the session for the system's proxy (Chromium's resolution of PAC and OS
// settings) and goes through it; a certificate the system does not trust comes back to the window
// as a message naming the host and the proxy. Real sockets: a CONNECT proxy, the simulator behind
// https with a private CA's certificate.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../electron/main/simulator';
import {
  makePrivateCa,
  startConnectProxy,
  startTlsFront,
  type ConnectProxy,
  type TlsFront,
} from '../api/network-fixtures';
import { bootGlueApp, type GlueApp } from './glue-app';

type Envelope<T> = { ok: true; value: T } | { ok: false; error: { kind: string; message: string } };
type GarageWindow = {
  garage: {
    profiles: {
      create(input: { name: string; baseUrl: string }): Promise<Envelope<{ id: string }>>;
      setToken(id: string, token: string): Promise<Envelope<unknown>>;
      testConnection(id: string): Promise<Envelope<{ vehicles: number }>>;
    };
  };
};

describe('the system proxy, from the shipped bundle', () => {
  let app: GlueApp;
  let sim: Simulator;
  let front: TlsFront;
  let proxy: ConnectProxy;

  beforeAll(async () => {
    sim = await startSimulator({ flakiness: false });
    const ca = makePrivateCa({ dns: ['garage.test'], ip: [] });
    front = await startTlsFront(ca, Number(new URL(sim.baseUrl).port));
    proxy = await startConnectProxy({ hosts: { 'garage.test': front.port } });
    app = await bootGlueApp();
  }, 60_000);

  afterAll(async () => {
    await app?.quit();
    await Promise.all([proxy?.close(), front?.close()]);
    await sim?.stop();
  });

  it('goes through the proxy the session resolves, and names host and proxy when the certificate is not trusted', async () => {
    const session = app.electron.session.defaultSession;
    session.proxyAnswer = `PROXY 127.0.0.1:${proxy.port}; DIRECT`;
    const answer = await app.page.evaluate(async (token) => {
      const { garage } = window as unknown as GarageWindow;
      const created = await garage.profiles.create({ name: 'Dealer', baseUrl: 'https://garage.test' });
      if (!created.ok) return created;
      await garage.profiles.setToken(created.value.id, token);
      return garage.profiles.testConnection(created.value.id);
    }, sim.token);
    expect(session.proxyAsked).toContain('https://garage.test/');
    expect(proxy.connects.map((c) => c.target)).toContain('garage.test:443');
    // The private CA is in no store this Node reads: refused, with where and through what.
    expect(answer).toMatchObject({ ok: false, error: { kind: 'network' } });
    const message = (answer as { error: { message: string } }).error.message;
    expect(message).toContain(`The certificate of garage.test through the proxy 127.0.0.1:${proxy.port}`);
    expect(message).toContain('not trusted');
  }, 60_000);
});
