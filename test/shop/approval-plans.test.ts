// Requests for every action the policy may keep from a role, tried with plain SQL as each role would
// (a technician's role is what a stolen laptop's keychain gives): a plan is kept only when it fits
// its action, nobody changes it once asked (not even the functions that decide and take it), and a
// request is taken only with the very plan approved, so approval for X never carries out Y.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShop, type ShopDb } from '../../electron/main/shop/shop-db';
import { createTestDatabase, type TestDatabase } from './support/pg';

let db: TestDatabase;
let ana: pg.Client;
let fred: pg.Client;
let anaShop: ShopDb;
const clients: pg.Client[] = [];

const VIN = '5YJ3E1EA7KF000777';
const VINS = ['5YJ3E1EA7KF000001', '5YJ3E1EA7KF000002', '5YJ3E1EA7KF000003'];
const honk = { name: 'honk', options: {} };

async function asks(vin: string, action: string, plan: unknown) {
  const made = await ana.query<{ id: string; plan: unknown; command: unknown }>(
    `SELECT id, plan, command FROM shop_ask_plan($1, $2, $3, 'customer asked', 'Ana', 'bay-1')`,
    [vin, action, JSON.stringify(plan)],
  );
  return made.rows[0]!;
}

async function approved(vin: string, action: string, plan: unknown) {
  const made = await asks(vin, action, plan);
  await fred.query(`SELECT shop_decide($1, true, 'fine', 'Fred')`, [made.id]);
  return made;
}

const status = async (id: string) =>
  (await db.query<{ status: string }>(`SELECT status FROM shop_requests WHERE id = $1`, [id])).rows[0]!
    .status;

beforeAll(async () => {
  db = await createTestDatabase('approval_plans');
  const owner = await openShop({ settings: db.owner.settings, getPassword: db.owner.getPassword });
  await owner.close();
  const anaLogin = await db.addTechnician('ana');
  const fredLogin = await db.addMember('fred', 'foremen');
  for (const login of [anaLogin, fredLogin]) {
    const client = new pg.Client({ ...login.settings, password: login.password });
    await client.connect();
    clients.push(client);
  }
  [ana, fred] = clients as [pg.Client, pg.Client];
  anaShop = await openShop({ settings: anaLogin.settings, getPassword: anaLogin.getPassword });
}, 60_000);

afterAll(async () => {
  await anaShop?.close();
  await Promise.all(clients.map((client) => client.end().catch(() => undefined)));
});

describe('a request’s plan', () => {
  it('is kept for every action, with the cars of a bulk command or a roll-out in the plan', async () => {
    const plans: [string, string, unknown][] = [
      [VIN, 'remove_driver', { kind: 'remove_driver', userId: '1234' }],
      [VIN, 'invitation', { kind: 'invitation' }],
      [VIN, 'telemetry_write', { kind: 'telemetry_write', fields: { Gear: { interval_seconds: 5 } } }],
      [VIN, 'telemetry_write', { kind: 'telemetry_write', fields: 'recommended' }],
      [VIN, 'telemetry_delete', { kind: 'telemetry_delete' }],
      ['', 'bulk', { kind: 'bulk', command: honk, vins: VINS }],
      [
        '',
        'template_rollout',
        {
          kind: 'template_rollout',
          template: { name: 'Fleet', fields: { Gear: { interval_seconds: 5 } } },
          vins: VINS,
        },
      ],
    ];
    for (const [vin, action, plan] of plans) {
      const made = await asks(vin, action, plan);
      expect(made.plan).toEqual(plan);
    }
    // A bulk command's command is kept where a command's always was.
    expect((await asks('', 'bulk', { kind: 'bulk', command: honk, vins: VINS })).command).toEqual(honk);
  });

  it('is refused when it does not fit its action, with a code the app words', async () => {
    const misfits: [string, string, unknown][] = [
      [VIN, 'remove_driver', { kind: 'invitation' }],
      [VIN, 'remove_driver', { kind: 'remove_driver', userId: '12; DROP TABLE jobs' }],
      [VIN, 'invitation', { kind: 'invitation', extra: true }],
      [VIN, 'unlock', { kind: 'command', command: honk }],
      [VIN, 'bulk', { kind: 'bulk', command: honk, vins: VINS }],
      ['', 'bulk', { kind: 'bulk', command: honk, vins: [VINS[0], VINS[0]] }],
      ['', 'bulk', { kind: 'bulk', command: honk, vins: [] }],
      ['', 'bulk', { kind: 'bulk', command: honk, vins: ['not a vin'] }],
      ['', 'template_rollout', { kind: 'template_rollout', template: { name: 'Fleet' }, vins: VINS }],
      ['', 'invitation', { kind: 'invitation' }],
    ];
    for (const [vin, action, plan] of misfits) {
      await expect(asks(vin, action, plan), JSON.stringify(plan)).rejects.toMatchObject({
        code: expect.stringMatching(/^(23514|23P01)$/),
      });
    }
    await expect(asks(VIN, 'remove_driver', { kind: 'invitation' })).rejects.toMatchObject({
      code: '23514',
      hint: 'vg:bad_plan',
    });
  });

  it('cannot be changed once asked, not even by the owner', async () => {
    const made = await asks(VIN, 'remove_driver', { kind: 'remove_driver', userId: '1234' });
    await expect(
      db.query(`UPDATE shop_requests SET plan = '{"kind":"remove_driver","userId":"999"}' WHERE id = $1`, [
        made.id,
      ]),
    ).rejects.toMatchObject({ code: '42501', hint: 'vg:unchangeable' });
    await expect(
      db.query(`UPDATE shop_requests SET vin = $2 WHERE id = $1`, [made.id, VINS[0]]),
    ).rejects.toMatchObject({ hint: 'vg:unchangeable' });
  });
});

describe('taking an approved request', () => {
  it('with another plan than the one approved takes nothing; with the approved one, once', async () => {
    const made = await approved('', 'bulk', { kind: 'bulk', command: honk, vins: VINS.slice(0, 2) });
    // Approval for two cars is not approval for three, nor for another command.
    const wider = { kind: 'bulk', command: honk, vins: VINS };
    await expect(
      ana.query(`SELECT shop_take($1, $2)`, [made.id, JSON.stringify(wider)]),
    ).rejects.toMatchObject({
      code: 'VGR02',
      hint: 'vg:plan_mismatch',
    });
    const other = { kind: 'bulk', command: { name: 'unlock', options: {} }, vins: VINS.slice(0, 2) };
    await expect(
      ana.query(`SELECT shop_take($1, $2)`, [made.id, JSON.stringify(other)]),
    ).rejects.toMatchObject({
      hint: 'vg:plan_mismatch',
    });
    expect(await status(made.id)).toBe('approved');
    // The same plan, its keys in another order: the one approved.
    const same = { vins: VINS.slice(0, 2), command: { options: {}, name: 'honk' }, kind: 'bulk' };
    const takes = await Promise.allSettled([
      ana.query(`SELECT status FROM shop_take($1, $2)`, [made.id, JSON.stringify(same)]),
      anaShop.policy.take(made.id),
    ]);
    expect(takes.filter((take) => take.status === 'fulfilled')).toHaveLength(1);
    // The loser is told the request is being sent: by its code, in SQL or as the app words it.
    const lost = takes.find((take) => take.status === 'rejected') as PromiseRejectedResult;
    const reason = lost.reason as { hint?: string; refusal?: string };
    expect(reason.hint === 'vg:status' || reason.refusal === 'status', String(lost.reason)).toBe(true);
    expect(await status(made.id)).toBe('sending');
  });

  it('through the app, reads the plan back as approved and refuses one it would not carry out', async () => {
    const made = await approved(VIN, 'telemetry_delete', { kind: 'telemetry_delete' });
    await expect(anaShop.policy.take(made.id, () => false)).rejects.toMatchObject({ kind: 'invalid_input' });
    expect(await status(made.id)).toBe('approved');
    const taken = await anaShop.policy.take(
      made.id,
      ({ plan, vin }) => plan.kind === 'telemetry_delete' && vin === VIN,
    );
    expect(taken).toMatchObject({ status: 'sending', plan: { kind: 'telemetry_delete' }, vin: VIN });
  });

  it('declined or expired, is not taken whatever the plan', async () => {
    const declined = await asks(VIN, 'invitation', { kind: 'invitation' });
    await fred.query(`SELECT shop_decide($1, false, 'no', 'Fred')`, [declined.id]);
    await expect(anaShop.policy.take(declined.id)).rejects.toMatchObject({ refusal: 'status' });
    const expired = await approved(VIN, 'invitation', { kind: 'invitation' });
    await db.query(`UPDATE shop_requests SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      expired.id,
    ]);
    await expect(anaShop.policy.take(expired.id)).rejects.toMatchObject({ refusal: 'expired' });
    expect(await status(declined.id)).toBe('declined');
    expect(await status(expired.id)).toBe('approved');
  });
});
