// Passwords remembered at a shared desk, in the real Secret Service (run under
// test/support/with-keyring.sh) against the real PostgreSQL: the desk lists whose are remembered,
// a person forgets their own and nobody else's, and every one of a profile's goes from the keychain
// when its shop link goes (the desk turned into a solo profile) or the profile is removed.
import keytar from 'keytar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopSettingsInput } from '../../electron/shared/shop';
import { openShop } from '../../electron/main/shop/shop-db';
import { deskAccount } from '../../electron/main/vault/desk-passwords';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';
import { passes, waitFor } from '../support/wait-for';
import { createTestDatabase, type Login, type TestDatabase } from './support/pg';
import { SHOP_BACKOFF } from './support/two-cores';
import { SHOP_WAIT } from './support/wait';

let db: TestDatabase;
let ana: Login;
let ben: Login;
let desk: CoreHarness;

const roleOf = (login: Login) => login.settings.user!;

function deskSettings(): ShopSettingsInput {
  const { host, port, database } = ana.settings;
  return {
    mode: 'shop',
    connection: { host: host!, port: port!, database: database!, user: roleOf(ana), sslmode: 'disable' },
    technician: 'Front PC',
    machine: 'bay-desk',
    desk: { enabled: true, lockMinutes: 10 },
  };
}

/**
 * The desk entries this desk's keychain holds for `profileId`, of Ana's, Ben's and the list of
 * roles (asked one by one: keytar's listing can crash on an entry deleted while it reads).
 */
async function deskEntries(profileId: string): Promise<string[]> {
  const accounts = [deskAccount(profileId, roleOf(ana)), deskAccount(profileId, roleOf(ben))];
  accounts.push(`shop-desk-roles:${profileId}`);
  const held: string[] = [];
  for (const account of accounts)
    if ((await keytar.getPassword(desk.keychainService, account)) !== null) held.push(account);
  return held.sort();
}

async function rememberedSignIn(login: Login) {
  const answer = await desk.garage.desk.signIn(roleOf(login), login.password, { remember: true });
  expect(answer).toMatchObject({ ok: true, value: { state: 'signed-in' } });
  await desk.core.shop.idle();
}

beforeAll(async () => {
  db = await createTestDatabase('deskkept');
  const owner = await openShop({ settings: db.owner.settings, getPassword: db.owner.getPassword });
  await owner.close();
  ana = await db.addTechnician('ana');
  ben = await db.addTechnician('ben');
  desk = await startCoreHarness({ shopBackoff: SHOP_BACKOFF });
});

afterAll(async () => {
  await desk?.close();
});

describe('passwords remembered at a shared desk', () => {
  it('lists them, and lets a person forget their own only', async () => {
    expect(await desk.garage.shop.configure('demo', deskSettings())).toMatchObject({ ok: true });
    await rememberedSignIn(ana);
    await rememberedSignIn(ben);
    expect(await desk.garage.desk.get()).toMatchObject({
      ok: true,
      value: { person: { role: roleOf(ben) }, remembered: [roleOf(ana), roleOf(ben)] },
    });
    expect(await deskEntries('demo')).toEqual(
      [deskAccount('demo', roleOf(ana)), deskAccount('demo', roleOf(ben)), 'shop-desk-roles:demo'].sort(),
    );

    // Ben forgets his: Ana's stays, and his empty password no longer signs him in.
    expect(await desk.garage.desk.forgetMe()).toMatchObject({
      ok: true,
      value: { person: { role: roleOf(ben) }, remembered: [roleOf(ana)] },
    });
    expect(await keytar.getPassword(desk.keychainService, deskAccount('demo', roleOf(ben)))).toBeNull();
    expect(await keytar.getPassword(desk.keychainService, deskAccount('demo', roleOf(ana)))).toContain(
      ana.password,
    );
    expect(await desk.garage.desk.signOut()).toMatchObject({ ok: true });
    expect(await desk.garage.desk.signIn(roleOf(ben), '')).toMatchObject({ ok: false });
    // Nobody signed in has nothing of theirs to forget (and forgets nobody else's).
    expect(await desk.garage.desk.forgetMe()).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(await deskEntries('demo')).toEqual(
      [deskAccount('demo', roleOf(ana)), 'shop-desk-roles:demo'].sort(),
    );
  });

  it('removes every one of them from the keychain when the desk leaves the shop', async () => {
    await rememberedSignIn(ana);
    await rememberedSignIn(ben);
    expect(await deskEntries('demo')).toHaveLength(3);
    // Settings are changed by someone signed in (the desk refuses them otherwise).
    const solo = await desk.garage.shop.configure('demo', {
      ...deskSettings(),
      mode: 'solo',
      desk: { enabled: false, lockMinutes: 10 },
    });
    expect(solo).toMatchObject({ ok: true });
    expect(await deskEntries('demo')).toEqual([]);
  });

  it('removes every one of them from the keychain with the profile', async () => {
    const made = await desk.garage.profiles.create({
      name: 'Second bay',
      baseUrl: 'https://fleet.example.com',
    });
    if (!made.ok) throw new Error(made.error.message);
    const id = made.value.id;
    expect(await desk.garage.profiles.activate(id)).toMatchObject({ ok: true });
    expect(await desk.garage.shop.configure(id, deskSettings())).toMatchObject({ ok: true });
    await desk.core.shop.idle();
    await rememberedSignIn(ana);
    await rememberedSignIn(ben);
    expect(await deskEntries(id)).toHaveLength(3);
    // Still signed in there: the switch back to the demo profile (no desk now) leaves the desk.
    expect(await desk.garage.profiles.activate('demo')).toMatchObject({ ok: true });
    expect(await desk.garage.profiles.remove(id)).toMatchObject({ ok: true });
    await waitFor(
      passes(async () => expect(await deskEntries(id)).toEqual([])),
      "the removed profile's remembered desk passwords gone from the keychain",
      SHOP_WAIT,
    );
  });
});
