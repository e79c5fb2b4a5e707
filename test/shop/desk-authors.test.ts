// Writes kept on a shared desk while the shop's database is away are sent only as the person who
// wrote them, against the real PostgreSQL: Ana's audited action and job note wait through Ben's
// session (the database back) and reach the shop, once and with her role, when she signs in again;
// Ben's own go as Ben. The outbox of before (one per profile) is adopted as the configured user's and
// waits for them too.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GarageEvent } from '../../electron/shared/events';
import type { ShopStatus } from '../../electron/shared/shop';
import { openOutbox } from '../../electron/main/shop/outbox';
import { openShop } from '../../electron/main/shop/shop-db';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';
import { sendCommand } from '../support/send-command';
import { matching, passes, waitFor } from '../support/wait-for';
import { coreEvents } from './support/join-shop';
import { flashEntries } from './support/outbox-entries';
import { createTestDatabase, type Login, type TestDatabase } from './support/pg';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy';
import { cutOff, SHOP_BACKOFF } from './support/two-cores';
import { SHOP_WAIT } from './support/wait';

const PROFILE = 'demo';
let db: TestDatabase;
let ana: Login;
let ben: Login;
let proxy: TcpProxy;
let desk: CoreHarness;
let jobId: string;
const OLD = flashEntries(1, '5YJ3E1EA7KF001201')[0]!;

const roleOf = (login: Login) => login.settings.user!;
const events = (h: CoreHarness) => coreEvents(h);

async function statusWhere(predicate: (status: ShopStatus) => boolean, what: string): Promise<ShopStatus> {
  const event = await waitFor(
    matching((e: GarageEvent) => e.type === 'shop.changed' && predicate(e.status)),
    what,
    { ...SHOP_WAIT, wakeOn: events(desk) },
  );
  if (event.type !== 'shop.changed') throw new Error(`not a status: ${event.type}`);
  return event.status;
}

async function signIn(login: Login) {
  const up = statusWhere((status) => status.state === 'online', `${roleOf(login)} online`);
  const answer = await desk.garage.desk.signIn(roleOf(login), login.password);
  expect(answer).toMatchObject({ ok: true, value: { state: 'signed-in' } });
  await up;
  await desk.core.shop.idle();
}

async function signOut() {
  expect(await desk.garage.desk.signOut()).toMatchObject({ ok: true, value: { state: 'signed-out' } });
  await desk.core.shop.idle();
}

async function restore() {
  const back = statusWhere((status) => status.state === 'online', 'online again');
  await proxy.restore();
  await back;
  await desk.core.shop.idle();
}

async function auditRows(vin: string) {
  return (
    await db.query<{ id: string; technician: string; db_role: string }>(
      'SELECT id, technician, db_role FROM audit_entries WHERE vin = $1 ORDER BY received_at',
      [vin],
    )
  ).rows;
}

async function jobNotes() {
  const row = await db.query<{ notes: { text: string; technician: string; role?: string }[] }>(
    'SELECT notes FROM jobs WHERE id = $1',
    [jobId],
  );
  return row.rows[0]?.notes ?? [];
}

beforeAll(async () => {
  db = await createTestDatabase('desk_authors');
  await (await openShop({ settings: db.owner.settings, getPassword: db.owner.getPassword })).close();
  ana = await db.addTechnician('ana');
  ben = await db.addTechnician('ben');
  await db.query(`COMMENT ON ROLE "${roleOf(ana)}" IS 'Ana Lopez'`);
  proxy = await startTcpProxy(ana.settings.host!, ana.settings.port!);
  desk = await startCoreHarness({ shopBackoff: SHOP_BACKOFF });
  // What an app from before kept in the profile's one outbox, written as the configured user.
  const old = await openOutbox(join(desk.dataDir, 'shop', PROFILE, 'shop-outbox'));
  await old.append(OLD);
  const { database } = ana.settings;
  const configured = await desk.garage.shop.configure(PROFILE, {
    mode: 'shop',
    connection: {
      host: '127.0.0.1',
      port: proxy.port,
      database: database!,
      user: roleOf(ana),
      sslmode: 'disable',
    },
    technician: 'Front PC',
    machine: 'bay-desk',
    desk: { enabled: true, lockMinutes: 30 },
  });
  expect(configured).toMatchObject({ ok: true });
  await desk.core.shop.idle();
});

afterAll(async () => {
  await desk?.close();
  await proxy?.close();
});

describe("a shared desk's waiting writes", () => {
  it("adopts the outbox of before as the configured user's, and Ben's session sends none of it", async () => {
    // Nobody signed in: the window is told whose entries wait, and for whom.
    expect(desk.core.shop.status()).toMatchObject({
      state: 'solo',
      othersWaiting: [{ role: roleOf(ana), count: 1, until: 'signIn' }],
    });
    expect((await desk.garage.shop.status()).ok).toBe(true);

    await signIn(ben);
    expect(desk.core.shop.status()).toMatchObject({
      othersWaiting: [{ role: roleOf(ana), count: 1, until: 'signIn' }],
    });
    const his = desk.simulator.vins[2]!;
    await sendCommand(desk, his, 'set_charge_limit', { percent: 61 });
    await waitFor(
      passes(async () =>
        expect(await auditRows(his)).toContainEqual(
          expect.objectContaining({ technician: roleOf(ben), db_role: roleOf(ben) }),
        ),
      ),
      "Ben's command in the shop's log",
      SHOP_WAIT,
    );
    // Ben's own went; the entry of before did not go as him.
    expect(await auditRows(OLD.vin)).toEqual([]);
    await signOut();

    await signIn(ana);
    await waitFor(
      passes(async () =>
        expect(await auditRows(OLD.vin)).toEqual([
          { id: OLD.id, technician: OLD.technician, db_role: roleOf(ana) },
        ]),
      ),
      'the entry of before, sent as the configured user',
      SHOP_WAIT,
    );
    expect(desk.core.shop.status().othersWaiting).toBeUndefined();
  });

  it("keeps Ana's offline action and note waiting through Ben's session", async () => {
    const vin = desk.simulator.vins[0]!;
    const hers = desk.simulator.vins[1]!;
    const opened = await desk.garage.jobs.open(vin, { repairOrder: 'RO-AUTH' });
    expect(opened).toMatchObject({ ok: true });
    jobId = opened.ok ? opened.value.id : '';

    await cutOff(desk, proxy);
    expect(await sendCommand(desk, hers, 'set_charge_limit', { percent: 71 })).toMatchObject({ ok: true });
    expect(await desk.garage.jobs.addNote(jobId, 'Ana: brake fluid topped up')).toMatchObject({ ok: true });
    // Signing out cannot upload with the database away: her entries wait, and the desk says for whom.
    const waiting = statusWhere(
      (status) => status.othersWaiting?.some((other) => other.role === roleOf(ana)) === true,
      "Ana's entries waiting for her",
    );
    await signOut();
    const told = await waiting;
    expect(told.othersWaiting).toEqual([
      { role: roleOf(ana), name: 'Ana Lopez', count: expect.any(Number), until: 'signIn' },
    ]);
    expect(told.othersWaiting![0]!.count).toBeGreaterThan(0);

    await proxy.restore();
    await signIn(ben);
    expect(desk.core.shop.status().othersWaiting).toMatchObject([{ role: roleOf(ana), name: 'Ana Lopez' }]);
    // Ben's own, written while the database is away, go as him when it is back.
    await cutOff(desk, proxy);
    const his = desk.simulator.vins[2]!;
    await sendCommand(desk, his, 'set_charge_limit', { percent: 62 });
    expect(await desk.garage.jobs.addNote(jobId, 'Ben: wheels torqued')).toMatchObject({ ok: true });
    await restore();
    await waitFor(
      passes(async () => {
        expect(await auditRows(his)).toContainEqual(
          expect.objectContaining({ technician: roleOf(ben), db_role: roleOf(ben) }),
        );
        expect(await jobNotes()).toContainEqual(
          expect.objectContaining({ text: 'Ben: wheels torqued', role: roleOf(ben) }),
        );
      }),
      "Ben's action and note in the shop as his",
      SHOP_WAIT,
    );
    // Nothing of Ana's reached the shop over Ben's connection.
    expect(await auditRows(hers)).toEqual([]);
    expect((await jobNotes()).map((note) => note.text)).not.toContain('Ana: brake fluid topped up');
  });

  it('sends her writes once, with her role, when Ana signs in again', async () => {
    const vin = desk.simulator.vins[1]!;
    await signOut();
    await signIn(ana);
    await waitFor(
      passes(async () => {
        expect(await auditRows(vin)).toContainEqual(
          expect.objectContaining({ technician: 'Ana Lopez', db_role: roleOf(ana) }),
        );
        expect(await jobNotes()).toContainEqual(
          expect.objectContaining({ text: 'Ana: brake fluid topped up', role: roleOf(ana) }),
        );
      }),
      "Ana's action and note in the shop as hers",
      SHOP_WAIT,
    );
    const rows = await auditRows(vin);
    expect(rows.every((row) => row.db_role === roleOf(ana))).toBe(true);
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
    const notes = await jobNotes();
    expect(notes.filter((note) => note.text === 'Ana: brake fluid topped up')).toHaveLength(1);
    expect(notes.filter((note) => note.text === 'Ben: wheels torqued')).toEqual([
      expect.objectContaining({ role: roleOf(ben) }),
    ]);
    expect(desk.core.shop.status().othersWaiting).toBeUndefined();
  });
});
