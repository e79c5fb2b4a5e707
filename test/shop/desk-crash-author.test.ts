// A shared desk that stopped without a sign-out (a crash) while an entry of Ana's was in the local
// log but in no outbox, against the real PostgreSQL: at the next sign-in, Ben's, the entry is queued
// under Ana's name into her own outbox, not sent over Ben's connection; it reaches the shop, once and
// with her role, when she signs in.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuditLog } from '../../electron/main/audit/audit-log';
import { openShop } from '../../electron/main/shop/shop-db';
import { deskSeatFile } from '../../electron/main/workspace/shop/desk';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';
import { sendCommand } from '../support/send-command';
import { passes, waitFor } from '../support/wait-for';
import { coreEvents } from './support/join-shop';
import { createTestDatabase, type Login, type TestDatabase } from './support/pg';
import { SHOP_BACKOFF } from './support/two-cores';
import { SHOP_WAIT } from './support/wait';

const PROFILE = 'demo';
let db: TestDatabase;
let ana: Login;
let ben: Login;
let dataDir: string;
let desk: CoreHarness | null = null;

const roleOf = (login: Login) => login.settings.user!;

async function signIn(h: CoreHarness, login: Login) {
  expect(await h.garage.desk.signIn(roleOf(login), login.password)).toMatchObject({
    ok: true,
    value: { state: 'signed-in' },
  });
  await waitFor(
    async () => {
      const status = await h.garage.shop.status();
      return status.ok && status.value.state === 'online';
    },
    `${roleOf(login)} online`,
    { ...SHOP_WAIT, wakeOn: coreEvents(h) },
  );
  await h.core.shop.idle();
}

const rowsOf = async (id: string) =>
  (
    await db.query<{ technician: string; db_role: string }>(
      'SELECT technician, db_role FROM audit_entries WHERE id = $1',
      [id],
    )
  ).rows;

beforeAll(async () => {
  db = await createTestDatabase('desk_crash');
  await (await openShop({ settings: db.owner.settings, getPassword: db.owner.getPassword })).close();
  ana = await db.addTechnician('ana');
  ben = await db.addTechnician('ben');
  await db.query(`COMMENT ON ROLE "${roleOf(ana)}" IS 'Ana Lopez'`);
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'garage-desk-crash-'));
  desk = await startCoreHarness({ shopBackoff: SHOP_BACKOFF, dataDir });
  const { host, port, database } = ana.settings;
  expect(
    await desk.garage.shop.configure(PROFILE, {
      mode: 'shop',
      connection: { host: host!, port: port!, database: database!, user: roleOf(ana), sslmode: 'disable' },
      technician: 'Front PC',
      machine: 'bay-desk',
      desk: { enabled: true, lockMinutes: 30 },
    }),
  ).toMatchObject({ ok: true });
  await desk.core.shop.idle();
});

afterAll(async () => {
  await desk?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('a desk that stopped without a sign-out', () => {
  it("queues Ana's entry the outbox never took as hers, for her own session", async () => {
    let h = desk!;
    await signIn(h, ana);
    // One entry through the app, so the profile's queue mark has moved past its start.
    expect(await sendCommand(h, h.simulator.vins[1]!, 'set_charge_limit', { percent: 74 })).toHaveProperty(
      'ok',
    );
    await waitFor(
      passes(() => expect(h.core.shop.status().pending).toBe(0)),
      'the outbox drained',
      SHOP_WAIT,
    );
    await h.close();
    desk = null;

    // The crash: Ana still sat at the desk, and the local log took an entry the outbox never did.
    await deskSeatFile(dataDir, PROFILE).write({ role: roleOf(ana), name: 'Ana Lopez' });
    const log = createAuditLog({ dataDir });
    const lost = await log.append({
      time: new Date(),
      profileId: PROFILE,
      profileName: 'Demo',
      vin: h.simulator.vins[1]!,
      operation: 'command:set_charge_limit',
      params: { percent: 75 },
      outcome: 'success',
      durationMs: 12,
    });
    await log.close();

    // Ben signs in first: the entry is queued for Ana, and nothing of it goes as Ben.
    h = desk = await startCoreHarness({ shopBackoff: SHOP_BACKOFF, dataDir });
    await signIn(h, ben);
    // Queued again with it: her entries of the minute before the mark (the shop has those; sent
    // again, by her, they add nothing).
    expect(h.core.shop.status()).toMatchObject({
      pending: 0,
      othersWaiting: [{ role: roleOf(ana), name: 'Ana Lopez', count: expect.any(Number), until: 'signIn' }],
    });
    await sendCommand(h, h.simulator.vins[2]!, 'set_charge_limit', { percent: 64 });
    await waitFor(
      passes(async () =>
        expect(
          (await db.query('SELECT 1 FROM audit_entries WHERE db_role = $1', [roleOf(ben)])).rowCount,
        ).toBeGreaterThan(0),
      ),
      "Ben's own entry in the shop",
      SHOP_WAIT,
    );
    expect(await rowsOf(lost.id)).toEqual([]);

    expect(await h.garage.desk.signOut()).toMatchObject({ ok: true });
    await h.core.shop.idle();
    await signIn(h, ana);
    await waitFor(
      passes(async () =>
        expect(await rowsOf(lost.id)).toEqual([{ technician: 'Ana Lopez', db_role: roleOf(ana) }]),
      ),
      "the crash's entry in the shop as Ana's",
      SHOP_WAIT,
    );
    const hers = await db.query<{ db_role: string }>('SELECT db_role FROM audit_entries WHERE vin = $1', [
      h.simulator.vins[1]!,
    ]);
    expect(hers.rows.length).toBeGreaterThan(1);
    expect(hers.rows.every((row) => row.db_role === roleOf(ana))).toBe(true);
  });
});
