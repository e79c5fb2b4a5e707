// What a request must be to be asked is checked once, by shop_check_ask, whichever function asks
// (shop_ask for a command, shop_ask_plan for any plan), tried with plain SQL as each role would: a
// role in none of the shop's groups, an action the policy does not know and a lifetime outside
// 1 minute to 24 hours are refused with the same code and SQLSTATE through both, and the check
// itself is not a function a role may call on its own.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShop } from '../../electron/main/shop/shop-db';
import { connectAs, createTestDatabase, type TestDatabase } from './support/pg';

let db: TestDatabase;
let ana: pg.Client;
let stranger: pg.Client;
let anaRole: string;
const clients: pg.Client[] = [];

const VIN = '5YJ3E1EA7KF000778';
const unlock = JSON.stringify({ name: 'unlock', options: {} });
const plan = JSON.stringify({ kind: 'command', command: { name: 'unlock', options: {} } });

/** Asks through `shop_ask` or `shop_ask_plan` as `who`, for `action` lasting `minutes`. */
const ask = (who: pg.Client, through: 'shop_ask' | 'shop_ask_plan', action: string | null, minutes: number) =>
  who.query(
    `SELECT id, action, db_role FROM ${through}($1, $2, $3, 'customer waiting', 'Ana', 'bay-1', $4)`,
    [VIN, action, through === 'shop_ask' ? unlock : plan, minutes],
  );

beforeAll(async () => {
  db = await createTestDatabase('ask_check');
  const owner = await openShop({ settings: db.owner.settings, getPassword: db.owner.getPassword });
  await owner.close();
  const anaLogin = await db.addTechnician('ana');
  anaRole = anaLogin.settings.user!;
  ana = await connectAs(anaLogin, clients);
  stranger = await connectAs(await db.addStranger('nobody'), clients);
}, 60_000);

afterAll(async () => {
  await Promise.all(clients.map((client) => client.end().catch(() => undefined)));
});

describe("a request's checks", () => {
  it.each(['shop_ask', 'shop_ask_plan'] as const)('are the same through %s', async (through) => {
    await expect(ask(ana, through, 'open_sunroof', 60)).rejects.toMatchObject({
      code: '23514',
      hint: 'vg:bad_action',
      detail: '{"action": "open_sunroof"}',
    });
    await expect(ask(ana, through, null, 60)).rejects.toMatchObject({ code: '23514', hint: 'vg:bad_action' });
    for (const minutes of [0, 24 * 60 + 1])
      await expect(ask(ana, through, 'unlock', minutes)).rejects.toMatchObject({
        code: '23514',
        hint: 'vg:bad_minutes',
        detail: `{"minutes": ${minutes}}`,
      });
    // A role in none of the groups: shop_ask_plan is granted to the groups only (the call itself is
    // refused), and shop_ask, which anyone may call, refuses it in the check.
    await expect(ask(stranger, through, 'unlock', 60)).rejects.toMatchObject(
      through === 'shop_ask' ? { code: '42501', hint: 'vg:no_group' } : { code: '42501' },
    );
    // What passes the checks is asked, as the role that asked.
    const made = await ask(ana, through, 'unlock', 24 * 60);
    expect(made.rows[0]).toMatchObject({ action: 'unlock', db_role: anaRole });
  });

  it('live in one function, which both ask through and no role calls by itself', async () => {
    const calls = await db.query<{ name: string; calls: boolean }>(
      `SELECT p.proname AS name, pg_get_functiondef(p.oid) LIKE '%shop_check_ask(%' AS calls
         FROM pg_proc p WHERE p.proname IN ('shop_ask', 'shop_ask_plan') ORDER BY 1`,
    );
    // shop_ask asks through shop_ask_plan (version 11), which runs the check.
    expect(calls.rows).toEqual([
      { name: 'shop_ask', calls: false },
      { name: 'shop_ask_plan', calls: true },
    ]);
    const body = await db.query<{ def: string }>(
      `SELECT pg_get_functiondef('shop_ask(text, text, jsonb, text, text, text, integer)'::regprocedure) AS def`,
    );
    expect(body.rows[0]!.def).toContain('shop_ask_plan(');
    const plain = await db.query<{ checks: boolean }>(
      `SELECT pg_get_functiondef('shop_ask_plan(text, text, jsonb, text, text, text, integer)'::regprocedure)
              ~ 'NOT IN \\(''unlock''' AS checks`,
    );
    expect(plain.rows[0]).toEqual({ checks: false });
    await expect(ana.query(`SELECT shop_check_ask('unlock', 60)`)).rejects.toMatchObject({ code: '42501' });
  });
});
