// The stored shop password goes only to the database it was typed for. A stand-in server someone
// else runs (fake-postgres.ts) asks for the password and keeps what it got: a test of settings
// naming it, or settings saved to name it, must not hand it the password stored for the real shop
// database; and a password asked for in clear text goes only over TLS with a verified certificate.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShop } from '../../electron/main/shop/shop-db';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';
import { waitFor } from '../support/wait-for';
import { md5Answer, startFakePostgres, type FakePostgres, type FakeSignIn } from './support/fake-postgres';
import { joinShop } from './support/join-shop';
import { createTestDatabase, type Login } from './support/pg';
import { SHOP_WAIT } from './support/wait';

let h: CoreHarness;
let login: Login;
let md5Server: FakePostgres;
let clearServer: FakePostgres;

beforeAll(async () => {
  const db = await createTestDatabase('password_bound');
  await (await openShop({ settings: db.owner.settings, getPassword: db.owner.getPassword })).close();
  login = await db.addTechnician('ana');
  md5Server = await startFakePostgres('md5');
  clearServer = await startFakePostgres('cleartext');
  h = await startCoreHarness({ shopBackoff: { initialMs: 100, maxMs: 400 } });
  await joinShop(h, login, 'Ana', 'bay-1');
});

afterAll(async () => {
  await h?.close();
  await md5Server?.close();
  await clearServer?.close();
});

const settingsFor = (server: FakePostgres, user: string) => ({
  mode: 'shop' as const,
  connection: { host: '127.0.0.1', port: server.port, database: 'garage', user, sslmode: 'disable' as const },
  technician: 'Ana',
  machine: 'bay-1',
});

/** Whether the server got the stored password, in clear or as its MD5 answer. */
const gotPassword = (signIn: FakeSignIn, password: string) =>
  signIn.answer === password ||
  (signIn.salt !== null && signIn.answer === md5Answer(signIn.user, password, signIn.salt));

const nextSignIn = (server: FakePostgres, what: string) =>
  waitFor((signIn?: FakeSignIn) => signIn, what, {
    ...SHOP_WAIT,
    wakeOn: (wake) => {
      server.events.on('sign-in', wake);
      return () => server.events.off('sign-in', wake);
    },
  });

describe('the stored shop password and the database it was typed for', () => {
  it('tests settings naming another server without the stored password', async () => {
    const signedIn = nextSignIn(md5Server, 'the test signing in to the stand-in');
    const tested = await h.garage.shop.test('demo', settingsFor(md5Server, login.settings.user!));
    expect(tested).toMatchObject({ ok: false });
    const signIn = await signedIn;
    expect(signIn.user).toBe(login.settings.user);
    expect(gotPassword(signIn, login.password)).toBe(false);
  });

  it('tests new settings with the password typed with them, and only that one', async () => {
    const signedIn = nextSignIn(md5Server, 'the test signing in with the typed password');
    const tested = await h.garage.shop.test('demo', settingsFor(md5Server, 'bob'), 'typed-for-bob');
    expect(tested).toMatchObject({ ok: false, error: { kind: 'unauthorized' } });
    const signIn = await signedIn;
    expect(gotPassword(signIn, 'typed-for-bob')).toBe(true);
  });

  it('refuses a request for the password in clear text without verified TLS', async () => {
    const signedIn = nextSignIn(clearServer, 'the stand-in asking for the password in clear');
    const tested = await h.garage.shop.test('demo', settingsFor(clearServer, 'bob'), 'typed-for-bob');
    expect(tested).toMatchObject({ ok: false, error: { kind: 'network' } });
    expect(!tested.ok && tested.error.message).toMatch(/asked for the password in clear text/);
    const signIn = await signedIn;
    expect(signIn.answer).toBeNull();
  });

  it('forgets the stored password when the saved settings name another server', async () => {
    expect(await h.garage.shop.get('demo')).toMatchObject({ ok: true, value: { hasPassword: true } });
    const signedIn = nextSignIn(md5Server, 'the session signing in to the stand-in');
    const moved = await h.garage.shop.configure('demo', settingsFor(md5Server, login.settings.user!));
    expect(moved).toMatchObject({ ok: true, value: { hasPassword: false } });
    const signIn = await signedIn;
    expect(gotPassword(signIn, login.password)).toBe(false);
    // Back to the shop's own database: the password went with the move, and is not used there either.
    const { host, port, database, user } = login.settings;
    const back = await h.garage.shop.configure('demo', {
      ...settingsFor(md5Server, user!),
      connection: { host: host!, port: port!, database: database!, user: user!, sslmode: 'disable' },
    });
    expect(back).toMatchObject({ ok: true, value: { hasPassword: false } });
    expect(md5Server.signIns.every((each) => !gotPassword(each, login.password))).toBe(true);
  });
});
