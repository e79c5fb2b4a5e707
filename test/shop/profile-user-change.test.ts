// One person's profile (no shared desk) whose database user is changed in Settings while entries
// wait for the shop, against the real PostgreSQL: what the first user wrote is not sent as the new
// one (the shop would stamp the new role on it); it waits, the status says for which user, and it
// goes, once and with its own role, when the profile connects as that user again. A session whose
// connection signs in as another role than its writer's sends nothing, and says why.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopStatus } from '../../electron/shared/shop';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openShop } from '../../electron/main/shop/shop-db';
import { startShopSession, type ShopSessionStatus } from '../../electron/main/shop/shop-session';
import { flashEntries } from './support/outbox-entries';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';
import { sendCommand } from '../support/send-command';
import { matching, passes, waitFor } from '../support/wait-for';
import { coreEvents, joinShop } from './support/join-shop';
import { createTestDatabase, type Login, type TestDatabase } from './support/pg';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy';
import { cutOff, SHOP_BACKOFF } from './support/two-cores';
import { SHOP_WAIT } from './support/wait';

const PROFILE = 'demo';
let db: TestDatabase;
let ana: Login;
let ben: Login;
let proxy: TcpProxy;
let h: CoreHarness;

const roleOf = (login: Login) => login.settings.user!;
const viaProxy = (login: Login) => db.via(login, '127.0.0.1', proxy.port);

async function auditRows(vin: string) {
  return (
    await db.query<{ id: string; db_role: string; operation: string }>(
      'SELECT id, db_role, operation FROM audit_entries WHERE vin = $1 ORDER BY received_at',
      [vin],
    )
  ).rows;
}

/** Saves the profile as `login`'s user (the password typed for it after), and waits for `state`. */
async function connectAs(login: Login, state: ShopStatus['state']) {
  const { host, port, database } = viaProxy(login).settings;
  const saved = await h.garage.shop.configure(PROFILE, {
    mode: 'shop',
    connection: { host: host!, port: port!, database: database!, user: roleOf(login), sslmode: 'disable' },
    technician: 'Ana',
    machine: 'bay-1',
  });
  expect(saved).toMatchObject({ ok: true });
  expect(await h.garage.shop.setPassword(PROFILE, login.password)).toMatchObject({ ok: true });
  await waitFor(
    async () => {
      const status = await h.garage.shop.status();
      return status.ok && status.value.state === state && status.value;
    },
    `${roleOf(login)} ${state}`,
    { ...SHOP_WAIT, wakeOn: coreEvents(h) },
  );
  await h.core.shop.idle();
}

beforeAll(async () => {
  db = await createTestDatabase('user_change');
  await (await openShop({ settings: db.owner.settings, getPassword: db.owner.getPassword })).close();
  ana = await db.addTechnician('ana');
  ben = await db.addTechnician('ben');
  proxy = await startTcpProxy(ana.settings.host!, ana.settings.port!);
  h = await startCoreHarness({ shopBackoff: SHOP_BACKOFF });
  await joinShop(h, viaProxy(ana), 'Ana', 'bay-1');
});

afterAll(async () => {
  await h?.close();
  await proxy?.close();
});

describe("a profile's database user changed while entries wait", () => {
  it("keeps the first user's entries waiting, says so, and sends them as that user later", async () => {
    const first = h.simulator.vins[1]!;
    await cutOff(h, proxy);
    expect(await sendCommand(h, first, 'set_charge_limit', { percent: 72 })).toMatchObject({ ok: true });
    const waitingBefore = h.core.shop.status().pending;
    expect(waitingBefore).toBeGreaterThan(0);

    // The user is changed in Settings while the database is away; it comes back as the new user.
    await connectAs(ben, 'offline');
    expect(h.core.shop.status()).toMatchObject({
      pending: 0,
      othersWaiting: [{ role: roleOf(ana), count: waitingBefore, until: 'reconnect' }],
    });
    await proxy.restore();
    await waitFor(
      async () => {
        const status = await h.garage.shop.status();
        return status.ok && status.value.state === 'online';
      },
      'online as the new user',
      { ...SHOP_WAIT, wakeOn: coreEvents(h) },
    );
    const second = h.simulator.vins[2]!;
    await sendCommand(h, second, 'set_charge_limit', { percent: 63 });
    await waitFor(
      passes(async () =>
        expect(await auditRows(second)).toContainEqual(
          expect.objectContaining({ db_role: roleOf(ben), operation: 'command:set_charge_limit' }),
        ),
      ),
      "the new user's own entry in the shop",
      SHOP_WAIT,
    );
    // The first user's entries did not go as the new one: they still wait, and the status says so.
    expect(await auditRows(first)).toEqual([]);
    expect(h.core.shop.status().othersWaiting).toEqual([
      { role: roleOf(ana), name: 'Ana', count: waitingBefore, until: 'reconnect' },
    ]);

    // Back to the first user: theirs go now, once, with their role.
    await connectAs(ana, 'online');
    await waitFor(
      passes(async () =>
        expect(await auditRows(first)).toContainEqual(
          expect.objectContaining({ db_role: roleOf(ana), operation: 'command:set_charge_limit' }),
        ),
      ),
      "the first user's entries in the shop as theirs",
      SHOP_WAIT,
    );
    const rows = await auditRows(first);
    expect(rows).toHaveLength(waitingBefore);
    expect(rows.every((row) => row.db_role === roleOf(ana))).toBe(true);
    expect(h.core.shop.status()).toMatchObject({ pending: 0 });
    // What the new user wrote was all sent: nothing waits for anyone.
    expect(h.core.shop.status().othersWaiting).toBeUndefined();
  });

  it("refuses to send a writer's entries over a connection that signs in as another role", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vg-other-role-'));
    const [entry] = flashEntries(1, '5YJ3E1EA7KF001305');
    // Ana's entries, and settings that sign in as Ben: the server would stamp Ben's role on them.
    const session = await startShopSession({
      settings: ben.settings,
      getPassword: ben.getPassword,
      dir,
      owner: { role: roleOf(ana), name: 'Ana' },
      backoff: SHOP_BACKOFF,
    });
    try {
      await session.record(entry!);
      const refused =
        session.status().state === 'refused'
          ? session.status()
          : await waitFor(
              matching((status: ShopSessionStatus) => status.state === 'refused'),
              'the session refused',
              { ...SHOP_WAIT, wakeOn: (l: (s: ShopSessionStatus) => void) => session.onStatus(l) },
            );
      expect(refused.error).toEqual({
        kind: 'invalid_settings',
        message: `This connection signs in as ${roleOf(ben)}, but the entries waiting here were written as ${roleOf(ana)}: they are sent only as ${roleOf(ana)}.`,
      });
      expect(await session.waiting()).toEqual([entry]);
      expect(await auditRows(entry!.vin)).toEqual([]);
    } finally {
      await session.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
