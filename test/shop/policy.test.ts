// The policy for dangerous actions and the two-person rule, tried with plain SQL as each role would
// (a technician's role is what a stolen laptop's keychain gives): the policy is the admin's alone,
// the database's answer names who may, a request is decided only by a foreman or an admin and never
// by who asked, an approved request is taken for sending once and only by who asked, and an expired
// one is neither decided nor taken.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopChange } from '../../electron/main/shop/live';
import { openShop, type ShopDb } from '../../electron/main/shop/shop-db';
import { speak } from '../../electron/main/i18n/main-words';
import { loadCatalog } from '../../electron/shared/i18n/catalogs';
import { matching, waitFor } from '../support/wait-for';
import { createTestDatabase, type Login, type TestDatabase } from './support/pg';
import { SHOP_WAIT } from './support/wait';

let db: TestDatabase;
let ana: pg.Client;
let ben: pg.Client;
let fred: pg.Client;
let alice: pg.Client;
let role: { ana: string; fred: string; alice: string };
let fredLogin: Login;
let anaShop: ShopDb;
const clients: pg.Client[] = [];

async function connect(login: Login): Promise<pg.Client> {
  const client = new pg.Client({ ...login.settings, password: login.password });
  await client.connect();
  clients.push(client);
  return client;
}

const refused = { code: '42501' };
const VIN = '5YJ3E1EA7KF000777';
const unlock = JSON.stringify({ name: 'unlock', options: {} });

/** Ana asks (through the database's function, as the app does); the row as it was made. */
async function anaAsks(minutes = 60) {
  const made = await ana.query<{ id: string; status: string; db_role: string }>(
    `SELECT id, status, db_role FROM shop_ask($1, 'unlock', $2, 'customer waiting, key lost', 'Ana', 'bay-1', $3)`,
    [VIN, unlock, minutes],
  );
  return made.rows[0]!;
}

beforeAll(async () => {
  db = await createTestDatabase('policy');
  const owner = await openShop({ settings: db.owner.settings, getPassword: db.owner.getPassword });
  await owner.close();
  const logins = {
    ana: await db.addTechnician('ana'),
    ben: await db.addTechnician('ben'),
    fred: await db.addMember('fred', 'foremen'),
    alice: await db.addMember('alice', 'admins'),
  };
  fredLogin = logins.fred;
  role = {
    ana: logins.ana.settings.user!,
    fred: logins.fred.settings.user!,
    alice: logins.alice.settings.user!,
  };
  [ana, ben, fred, alice] = await Promise.all([
    connect(logins.ana),
    connect(logins.ben),
    connect(logins.fred),
    connect(logins.alice),
  ]);
  anaShop = await openShop({ settings: logins.ana.settings, getPassword: logins.ana.getPassword });
}, 60_000);

afterAll(async () => {
  await anaShop?.close();
  await Promise.all(clients.map((client) => client.end().catch(() => undefined)));
});

describe('the policy', () => {
  it('is anyone’s until an admin sets it; then the database names who may', async () => {
    expect((await ana.query(`SELECT allowed FROM shop_may('unlock')`)).rows[0]).toEqual({ allowed: true });
    await alice.query(
      `INSERT INTO shop_policy (garage_id, action, roles) VALUES ('shop', 'unlock', '{foreman}')`,
    );
    const answer = await ana.query(`SELECT allowed, roles, my_group FROM shop_may('unlock')`);
    expect(answer.rows[0]).toEqual({ allowed: false, roles: ['foreman', 'admin'], my_group: 'technician' });
    expect((await fred.query(`SELECT allowed FROM shop_may('unlock')`)).rows[0]).toEqual({ allowed: true });
    // Through the app's layer, the same answer.
    expect(await anaShop.policy.may('unlock')).toEqual({ allowed: false, roles: ['foreman', 'admin'] });
    const stamped = await db.query(`SELECT changed_role FROM shop_policy WHERE action = 'unlock'`);
    expect(stamped.rows[0]).toEqual({ changed_role: role.alice });
  });

  it('binds a bulk command only over its limit', async () => {
    await alice.query(
      `INSERT INTO shop_policy (garage_id, action, roles, bulk_max) VALUES ('shop', 'bulk', '{foreman}', 5)`,
    );
    expect((await ana.query(`SELECT allowed FROM shop_may('bulk', 5)`)).rows[0]).toEqual({ allowed: true });
    expect((await ana.query(`SELECT allowed FROM shop_may('bulk', 6)`)).rows[0]).toEqual({ allowed: false });
    expect((await fred.query(`SELECT allowed FROM shop_may('bulk', 60)`)).rows[0]).toEqual({ allowed: true });
  });

  it("cannot be changed by a technician's or a foreman's role, nor by an admin for another garage", async () => {
    await expect(
      ana.query(`UPDATE shop_policy SET roles = '{technician}' WHERE action = 'unlock'`),
    ).rejects.toMatchObject(refused);
    await expect(
      ana.query(
        `INSERT INTO shop_policy (garage_id, action, roles) VALUES ('shop', 'valet', '{technician}')`,
      ),
    ).rejects.toMatchObject(refused);
    await expect(ana.query(`DELETE FROM shop_policy`)).rejects.toMatchObject(refused);
    await expect(
      fred.query(`UPDATE shop_policy SET roles = '{technician}' WHERE action = 'unlock'`),
    ).rejects.toMatchObject(refused);
    await expect(
      alice.query(
        `INSERT INTO shop_policy (garage_id, action, roles) VALUES ('north', 'valet', '{foreman}')`,
      ),
    ).rejects.toMatchObject(refused);
    const rows = await db.query(`SELECT garage_id, action, roles FROM shop_policy ORDER BY action`);
    expect(rows.rows).toEqual([
      { garage_id: 'shop', action: 'bulk', roles: ['foreman'] },
      { garage_id: 'shop', action: 'unlock', roles: ['foreman'] },
    ]);
  });
});

describe('requests', () => {
  it('cannot be written directly, nor decided by a technician or by who asked', async () => {
    await expect(
      ana.query(
        `INSERT INTO shop_requests (garage_id, vin, action, command, reason, technician, expires_at, status)
         VALUES ('shop', $1, 'unlock', $2, 'x', 'Ana', now() + interval '1 hour', 'approved')`,
        [VIN, unlock],
      ),
    ).rejects.toMatchObject(refused);
    const asked = await anaAsks();
    expect(asked).toMatchObject({ status: 'pending', db_role: role.ana });
    await expect(
      ana.query(`UPDATE shop_requests SET status = 'approved' WHERE id = $1`, [asked.id]),
    ).rejects.toMatchObject(refused);
    await expect(ben.query(`SELECT shop_decide($1, true, 'fine', 'Ben')`, [asked.id])).rejects.toMatchObject({
      ...refused,
      message: expect.stringContaining('Only a foreman or an admin'),
    });
    await expect(ana.query(`SELECT shop_decide($1, true, 'fine', 'Ana')`, [asked.id])).rejects.toMatchObject(
      refused,
    );
    // A foreman's own request is not theirs to approve either.
    const fredsOwn = await fred.query<{ id: string }>(
      `SELECT id FROM shop_ask($1, 'unlock', $2, 'test drive', 'Fred', 'office')`,
      [VIN, unlock],
    );
    await expect(
      fred.query(`SELECT shop_decide($1, true, 'me', 'Fred')`, [fredsOwn.rows[0]!.id]),
    ).rejects.toMatchObject({ ...refused, message: expect.stringContaining('someone other than who asked') });
    const row = await db.query(`SELECT status FROM shop_requests WHERE id = $1`, [asked.id]);
    expect(row.rows[0]).toEqual({ status: 'pending' });
  });

  it('approved, is taken for sending once, only by who asked, and holds request, approval and outcome', async () => {
    const asked = await anaAsks();
    const decided = await fred.query(
      `SELECT status, decided_role, decision_note FROM shop_decide($1, true, 'go ahead', 'Fred')`,
      [asked.id],
    );
    expect(decided.rows[0]).toEqual({
      status: 'approved',
      decided_role: role.fred,
      decision_note: 'go ahead',
    });
    // Deciding twice changes nothing.
    await expect(fred.query(`SELECT shop_decide($1, false, 'no', 'Fred')`, [asked.id])).rejects.toMatchObject(
      {
        code: 'VGR01',
      },
    );
    // Ben cannot take Ana's approved request.
    await expect(ben.query(`SELECT shop_take($1)`, [asked.id])).rejects.toMatchObject(refused);
    // Ana presses twice at once, on two connections: one take wins.
    const takes = await Promise.allSettled([
      ana.query(`SELECT status FROM shop_take($1)`, [asked.id]),
      anaShop.policy.take(asked.id),
    ]);
    expect(takes.filter((take) => take.status === 'fulfilled')).toHaveLength(1);
    expect(takes.filter((take) => take.status === 'rejected')).toHaveLength(1);
    await ana.query(`SELECT shop_finish($1, true, 'Unlocked: now unlocked, was locked')`, [asked.id]);
    await expect(ana.query(`SELECT shop_finish($1, true, 'again')`, [asked.id])).rejects.toMatchObject(
      refused,
    );
    const record = await db.query(
      `SELECT reason, technician, db_role, decided_role, decision_note, status, outcome,
              taken_at IS NOT NULL AS taken, finished_at IS NOT NULL AS finished
         FROM shop_requests WHERE id = $1`,
      [asked.id],
    );
    expect(record.rows[0]).toEqual({
      reason: 'customer waiting, key lost',
      technician: 'Ana',
      db_role: role.ana,
      decided_role: role.fred,
      decision_note: 'go ahead',
      status: 'sent',
      outcome: 'Unlocked: now unlocked, was locked',
      taken: true,
      finished: true,
    });
  });

  it('declined, cannot be taken', async () => {
    const asked = await anaAsks();
    await fred.query(`SELECT shop_decide($1, false, 'use the spare key', 'Fred')`, [asked.id]);
    await expect(ana.query(`SELECT shop_take($1)`, [asked.id])).rejects.toMatchObject({
      code: 'VGR01',
      message: expect.stringContaining('declined'),
      hint: 'vg:status',
      detail: '{"status": "declined"}',
    });
  });

  it('is refused by a code the app words from its catalogs, in English and in German', async () => {
    const asked = await anaAsks();
    await fred.query(`SELECT shop_decide($1, false, 'no', 'Fred')`, [asked.id]);
    await expect(anaShop.policy.take(asked.id)).rejects.toMatchObject({
      kind: 'rejected',
      shopKind: 'conflict',
      refusal: 'status',
      message: 'This request was declined; ask again.',
    });
    const approved = await anaAsks();
    await fred.query(`SELECT shop_decide($1, true, '', 'Fred')`, [approved.id]);
    await db.query(`UPDATE shop_requests SET expires_at = now() - interval '3 minutes' WHERE id = $1`, [
      approved.id,
    ]);
    const fredShop = await openShop({ settings: fredLogin.settings, getPassword: fredLogin.getPassword });
    await loadCatalog('de');
    speak({ language: 'de', formatLocale: 'de-DE' });
    try {
      await expect(anaShop.policy.take(asked.id)).rejects.toMatchObject({
        refusal: 'status',
        message: 'Diese Anfrage wurde abgelehnt; bitte erneut anfragen.',
      });
      await expect(anaShop.policy.take(approved.id)).rejects.toMatchObject({
        refusal: 'expired',
        message: 'Diese Anfrage ist vor 3 Minuten abgelaufen; bitte erneut anfragen.',
      });
      await expect(anaShop.policy.decide(asked.id, true, '', 'Ana')).rejects.toMatchObject({
        kind: 'forbidden',
        refusal: 'not_decider',
        message: 'Nur ein Meister oder ein Admin darf eine Anfrage freigeben oder ablehnen.',
      });
      await expect(fredShop.policy.take(approved.id)).rejects.toMatchObject({
        kind: 'forbidden',
        refusal: 'not_asker',
        message: `Nur wer gefragt hat (${role.ana}), darf diese Anfrage senden.`,
      });
    } finally {
      speak({ language: 'en', formatLocale: undefined });
      await fredShop.close();
    }
  });

  it('expired, is neither decided nor taken', async () => {
    const pending = await anaAsks();
    const approved = await anaAsks();
    await fred.query(`SELECT shop_decide($1, true, '', 'Fred')`, [approved.id]);
    // The clock the rule reads is the server's: move both requests' expiry into the past.
    await db.query(`UPDATE shop_requests SET expires_at = now() - interval '1 second' WHERE id = ANY($1)`, [
      [pending.id, approved.id],
    ]);
    await expect(fred.query(`SELECT shop_decide($1, true, '', 'Fred')`, [pending.id])).rejects.toMatchObject({
      code: 'VGR01',
      message: expect.stringContaining('expired'),
    });
    await expect(ana.query(`SELECT shop_take($1)`, [approved.id])).rejects.toMatchObject({
      code: 'VGR01',
      message: expect.stringContaining('expired'),
    });
    await expect(
      ana.query(`SELECT shop_ask($1, 'unlock', $2, 'x', 'Ana', 'bay-1', 100000)`, [VIN, unlock]),
    ).rejects.toMatchObject({ code: '23514' });
  });

  it('reach every app of the garage as a live change', async () => {
    const listener = anaShop.listener();
    await listener.start();
    try {
      const heard = waitFor(
        matching((change: ShopChange) => change.kind === 'request'),
        'the request heard as a live change',
        { ...SHOP_WAIT, wakeOn: (wake) => listener.onChange(wake) },
      );
      const asked = await anaAsks();
      expect(await heard).toMatchObject({ kind: 'request', vin: VIN, id: asked.id });
    } finally {
      await listener.stop();
    }
  });
});
