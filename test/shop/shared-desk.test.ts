// One shared desk (one OS account, one data folder, one keychain), two technicians signing in and
// out against the real PostgreSQL: each action is recorded under the role and name of the person
// signed in, the second never gets the first's password (nor a remembered one they did not ask
// for), the window gets nothing of the shop while nobody is signed in, and the desk locks after its
// idle minutes by main's own clock (injected here).
import keytar from 'keytar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GarageEvent } from '../../electron/shared/events';
import type { DeskView } from '../../electron/shared/shop-desk';
import { openShop } from '../../electron/main/shop/shop-db';
import { deskAccount } from '../../electron/main/vault/desk-passwords';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';
import { sendCommand } from '../support/send-command';
import { matching, passes, waitFor } from '../support/wait-for';
import { coreEvents } from './support/join-shop';
import { createTestDatabase, type Login, type TestDatabase } from './support/pg';
import { SHOP_BACKOFF } from './support/two-cores';
import { SHOP_WAIT } from './support/wait';

const PROFILE = 'demo';
let db: TestDatabase;
let ana: Login;
let ben: Login;
let desk: CoreHarness;
// The desk's clock: real time plus what the test adds, so the idle lock comes without waiting.
let ahead = 0;
const deskNow = () => new Date(Date.now() + ahead);

const roleOf = (login: Login) => login.settings.user!;
const events = (h: CoreHarness) => coreEvents(h);

function deskState(state: Extract<DeskView, { desk: true }>['state'], what: string) {
  return waitFor(
    matching((e: GarageEvent) => e.type === 'desk.changed' && e.view.desk && e.view.state === state),
    what,
    { ...SHOP_WAIT, wakeOn: events(desk) },
  );
}

function online(what: string) {
  return waitFor(
    matching((e: GarageEvent) => e.type === 'shop.changed' && e.status.state === 'online'),
    what,
    { ...SHOP_WAIT, wakeOn: events(desk) },
  );
}

async function signIn(login: Login, password: string, remember = false) {
  const up = online(`${roleOf(login)} online`);
  const answer = await desk.garage.desk.signIn(roleOf(login), password, { remember });
  expect(answer).toMatchObject({ ok: true, value: { desk: true, state: 'signed-in' } });
  await up;
  await desk.core.shop.idle();
  return answer;
}

async function shopRows(vin: string) {
  return (
    await db.query<{ technician: string; db_role: string; operation: string }>(
      'SELECT technician, db_role, operation FROM audit_entries WHERE vin = $1 ORDER BY received_at',
      [vin],
    )
  ).rows;
}

beforeAll(async () => {
  db = await createTestDatabase('desk');
  const owner = await openShop({ settings: db.owner.settings, getPassword: db.owner.getPassword });
  await owner.close();
  ana = await db.addTechnician('ana');
  ben = await db.addTechnician('ben');
  // The shop's IT names the person behind a role; the desk's header shows it.
  await db.query(`COMMENT ON ROLE "${roleOf(ana)}" IS 'Ana Lopez'`);
  desk = await startCoreHarness({ shopBackoff: SHOP_BACKOFF, desk: { now: deskNow, checkMs: 25 } });
  const { host, port, database } = ana.settings;
  const configured = await desk.garage.shop.configure(PROFILE, {
    mode: 'shop',
    connection: { host: host!, port: port!, database: database!, user: roleOf(ana), sslmode: 'disable' },
    technician: 'Front PC',
    machine: 'bay-desk',
    desk: { enabled: true, lockMinutes: 5 },
  });
  expect(configured).toMatchObject({ ok: true, value: { desk: { enabled: true, lockMinutes: 5 } } });
});

afterAll(async () => {
  await desk?.close();
});

describe('a shared desk', () => {
  it('gives the window nothing of the shop while nobody is signed in', async () => {
    expect(await desk.garage.desk.get()).toMatchObject({
      ok: true,
      value: { desk: true, state: 'signed-out', person: null, lockMinutes: 5 },
    });
    expect(await desk.garage.vehicles.list()).toMatchObject({
      ok: false,
      error: { kind: 'forbidden', message: 'Nobody is signed in at this desk: sign in first.' },
    });
    expect(await desk.garage.claims.list()).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(desk.core.shop.status()).toMatchObject({ state: 'solo' });
  });

  it('refuses a wrong password and leaves the desk as it was', async () => {
    const refused = await desk.garage.desk.signIn(roleOf(ana), 'not-her-password');
    expect(refused).toMatchObject({ ok: false });
    expect(await desk.garage.desk.get()).toMatchObject({ ok: true, value: { state: 'signed-out' } });
    // Nothing was remembered for her: an empty password has nothing to fall back on.
    const empty = await desk.garage.desk.signIn(roleOf(ana), '');
    expect(empty).toMatchObject({ ok: false });
    expect(!empty.ok && empty.error.message).toContain('No password is remembered');
  });

  it("records Ana's actions under her role and name, then Ben's under his, one after the other", async () => {
    const vin = desk.simulator.vins[0]!;
    const signedIn = await signIn(ana, ana.password);
    expect(signedIn).toMatchObject({
      value: { person: { role: roleOf(ana), name: 'Ana Lopez' } },
    });
    // Not remembered: she did not ask.
    expect(await keytar.getPassword(desk.keychainService, deskAccount(PROFILE, roleOf(ana)))).toBeNull();
    expect(await desk.garage.jobs.technician()).toMatchObject({ ok: true, value: { name: 'Ana Lopez' } });
    expect(await desk.garage.claims.claim(vin, { note: 'brakes' })).toMatchObject({
      ok: true,
      value: { mine: true },
    });
    const sent = await sendCommand(desk, vin, 'set_charge_limit', { percent: 77 });
    expect(sent).toHaveProperty('ok');
    await waitFor(
      passes(async () =>
        expect(await shopRows(vin)).toContainEqual({
          technician: 'Ana Lopez',
          db_role: roleOf(ana),
          operation: 'command:set_charge_limit',
        }),
      ),
      "Ana's command in the shop's log",
      SHOP_WAIT,
    );

    const out = deskState('signed-out', 'Ana signed out');
    expect(await desk.garage.desk.signOut()).toMatchObject({ ok: true, value: { state: 'signed-out' } });
    await out;
    // Her session is closed: the window gets none of her work.
    expect(await desk.garage.claims.list()).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(desk.core.shop.status()).toMatchObject({ state: 'solo' });

    // Ben cannot sign in as Ana with her password forgotten, nor as himself with nothing typed.
    expect(await desk.garage.desk.signIn(roleOf(ana), '')).toMatchObject({ ok: false });
    expect(await desk.garage.desk.signIn(roleOf(ben), '')).toMatchObject({ ok: false });

    await signIn(ben, ben.password, true);
    expect(await desk.garage.desk.get()).toMatchObject({
      value: { state: 'signed-in', person: { role: roleOf(ben), name: roleOf(ben) } },
    });
    expect(await desk.garage.jobs.technician()).toMatchObject({ value: { name: roleOf(ben) } });
    // Ana's claim is hers, not "mine" for Ben, though it was made at this desk.
    const claims = await waitFor(
      async () => {
        const list = await desk.garage.claims.list();
        return list.ok && list.value.find((claim) => claim.vin === vin);
      },
      "Ana's claim on Ben's list",
      SHOP_WAIT,
    );
    expect(claims).toMatchObject({ claimedBy: 'Ana Lopez', mine: false });
    const his = desk.simulator.vins[1]!;
    await sendCommand(desk, his, 'set_charge_limit', { percent: 66 });
    await waitFor(
      passes(async () =>
        expect(await shopRows(his)).toContainEqual({
          technician: roleOf(ben),
          db_role: roleOf(ben),
          operation: 'command:set_charge_limit',
        }),
      ),
      "Ben's command in the shop's log",
      SHOP_WAIT,
    );
    // Ana's rows stay hers.
    expect((await shopRows(vin)).every((row) => row.db_role === roleOf(ana))).toBe(true);
    // He asked to be remembered: his entry only, and it is not Ana's.
    expect(await keytar.getPassword(desk.keychainService, deskAccount(PROFILE, roleOf(ben)))).toContain(
      ben.password,
    );
    expect(await keytar.getPassword(desk.keychainService, deskAccount(PROFILE, roleOf(ana)))).toBeNull();
    // No answer to the window ever carried a password.
    const answers = JSON.stringify(desk.responses);
    expect(answers).not.toContain(ana.password);
    expect(answers).not.toContain(ben.password);
  });

  it('locks after its idle minutes, opens only to the same password, and signs in someone else', async () => {
    const locked = deskState('locked', 'the desk locked');
    ahead += 6 * 60_000;
    expect(await locked).toMatchObject({ view: { person: { role: roleOf(ben) } } });
    expect(await desk.garage.vehicles.list()).toMatchObject({
      ok: false,
      error: { kind: 'forbidden', message: expect.stringContaining('This desk is locked') },
    });
    expect(await desk.garage.desk.unlock(ana.password)).toMatchObject({ ok: false });
    expect(await desk.garage.desk.get()).toMatchObject({ value: { state: 'locked' } });
    expect(await desk.garage.desk.unlock(ben.password)).toMatchObject({
      ok: true,
      value: { state: 'signed-in' },
    });
    expect(await desk.garage.vehicles.list()).toMatchObject({ ok: true });

    // Used again: the idle time starts over (the clock moved less than the lock's minutes since).
    ahead += 4 * 60_000;
    expect(await desk.garage.desk.activity()).toMatchObject({ ok: true });
    ahead += 4 * 60_000;
    expect(await desk.garage.desk.get()).toMatchObject({ value: { state: 'signed-in' } });

    // Locked, and Ana signs in as someone else: Ben is signed out, his remembered password stays his.
    expect(await desk.garage.desk.lock()).toMatchObject({ ok: true, value: { state: 'locked' } });
    await signIn(ana, ana.password);
    expect(await desk.garage.desk.get()).toMatchObject({
      value: { state: 'signed-in', person: { role: roleOf(ana), name: 'Ana Lopez' } },
    });
    expect(await desk.garage.desk.signOut()).toMatchObject({ ok: true, value: { state: 'signed-out' } });
    // Ben signs in again with the password he asked to have remembered.
    await signIn(ben, '');
    expect(await desk.garage.desk.signOut()).toMatchObject({ ok: true });
  });
});
