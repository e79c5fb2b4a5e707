// The shop's policy and its two-person rule end to end, as two machines on one database: the shipped
// bundle booted twice (a technician's app and a foreman's), each in its own process, data folder and
// keychain service, driven by accessible names. The policy keeps valet mode to foremen; Ana's
// valet command is refused before anything is sent, saying who may; she asks with a reason; Fred's
// app shows the request live and he approves it with a note; Ana's "Send now", pressed twice, sends
// the command once, and the request keeps the approval and the outcome. The same for a driver's
// removal, which the policy keeps to foremen too: refused in the Access tab, asked for as that
// driver on that car, approved, and carried out once. Needs the local PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShop } from '../../electron/main/shop/shop-db';
import { startSimulator } from '../../electron/main/simulator';
import {
  createRunAdmin,
  createTestDatabaseWith,
  dropRun,
  type Login,
  type PgAdmin,
  type TestDatabase,
} from '../shop/support/pg-admin';
import { launchAppProcess, type AppProcess } from '../support/launch-process';
import { waitFor } from '../support/wait-for';
import { main, openVehicle, vehicleList, views } from './garage-support';
import { joinShop } from './shop-support';

describe('approvals across two machines', () => {
  let admin: PgAdmin;
  let db: TestDatabase;
  let anaLogin: Login;
  let fredLogin: Login;
  let ana: AppProcess;
  let fred: AppProcess;

  beforeAll(async () => {
    admin = createRunAdmin();
    db = await createTestDatabaseWith(admin, 'e2e_approvals');
    const owner = await openShop({ settings: db.owner.settings, getPassword: db.owner.getPassword });
    await owner.close();
    await db.query(
      `INSERT INTO shop_policy (garage_id, action, roles)
       VALUES ('shop', 'valet', '{foreman}'), ('shop', 'remove_driver', '{foreman}')`,
    );
    anaLogin = await db.addTechnician('ana');
    fredLogin = await db.addMember('fred', 'foremen');
    const demo = { flakiness: false } as const;
    [ana, fred] = await Promise.all([launchAppProcess({ demo }), launchAppProcess({ demo })]);
    for (const app of [ana, fred]) {
      await app.page.setViewportSize({ width: 1440, height: 900 });
      await vehicleList(app.page).getByRole('option').first().waitFor();
    }
    await joinShop(ana.page, anaLogin, 'Ana', 'bay-1');
    await joinShop(fred.page, fredLogin, 'Fred', 'office');
    for (const app of [ana, fred]) await views(app.page).getByRole('button', { name: 'Vehicles' }).click();
  });

  afterAll(async () => {
    await Promise.all([ana?.close(), fred?.close()]);
    if (admin) await dropRun(admin);
  });

  it('refuses, asks, approves on the other machine and sends once', async () => {
    const page = ana.page;
    const awake = vehicleList(page).getByRole('option').filter({ hasText: /Awake/ }).first();
    await awake.waitFor({ timeout: 20_000 });
    const shown = (await awake.textContent()) ?? '';
    const vin = ana.vins.find((v) => shown.includes(v))!;
    await openVehicle(page, vin.slice(-6));
    await main(page).getByRole('tab', { name: 'Commands' }).click();
    const panel = main(page).getByRole('tabpanel');
    await panel.getByRole('button', { name: 'Enable valet mode', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Enable valet mode?' })
      .getByRole('button', { name: 'Enable valet mode' })
      .click();

    const requests = page.getByRole('region', { name: 'Approval requests' });
    await requests
      .getByText('Only a foreman or an admin may set valet mode in this shop.')
      .waitFor({ timeout: 20_000 });
    const sentBefore = await db.query(
      `SELECT count(*)::int AS n FROM audit_entries WHERE operation = 'command:enable_valet'`,
    );
    expect(sentBefore.rows[0]).toEqual({ n: 0 });
    await requests.getByRole('textbox', { name: 'Reason' }).fill('Customer drops the car at the hotel');
    await requests.getByRole('button', { name: 'Ask for approval' }).click();
    await requests.getByText('Waiting for a foreman').waitFor();

    const onFred = fred.page.getByRole('region', { name: 'Approval requests' });
    const line = onFred.getByRole('listitem', { name: `Ana asks: Enable valet mode on ${vin}` });
    await line.waitFor({ timeout: 20_000 });
    await line.getByRole('textbox', { name: 'Note' }).fill('ok, ticket 88');
    await line.getByRole('button', { name: 'Approve' }).click();

    const send = requests.getByRole('button', { name: 'Send now' });
    await send.waitFor({ timeout: 20_000 });
    // Pressed twice in a row: main takes the request once (the database's one UPDATE decides).
    await send.dblclick();
    const record = await waitFor(
      async () => {
        const found = await db.query<{ status: string; decision_note: string; outcome: string | null }>(
          `SELECT status, decision_note, outcome FROM shop_requests WHERE vin = $1`,
          [vin],
        );
        const row = found.rows[0];
        return row && (row.status === 'sent' || row.status === 'failed') && row;
      },
      'the request sent and its outcome recorded',
      { timeoutMs: 30_000 },
    );
    expect(record).toMatchObject({ status: 'sent', decision_note: 'ok, ticket 88' });
    // Sent once: one command in the shop's log (the outbox delivers it), whatever was pressed.
    const sent = await waitFor(
      async () => {
        const found = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM audit_entries WHERE operation = 'command:enable_valet' AND vin = $1`,
          [vin],
        );
        return found.rows[0]!.n > 0 && found.rows[0]!.n;
      },
      'the command in the shop log',
      { timeoutMs: 30_000 },
    );
    expect(sent).toBe(1);
  });

  it('asks for a driver’s removal, approved on the other machine and carried out once', async () => {
    // The demo garage's seed gives every app the same cars: a copy of it names a car with a driver.
    const fleet = await startSimulator({ flakiness: false });
    const vin = fleet.vins.find(
      (one) =>
        ana.vins.includes(one) &&
        fleet.vehicleState(one).sleepState === 'awake' &&
        fleet.vehicleState(one).drivers.length > 0,
    )!;
    const driver = fleet.vehicleState(vin).drivers[0]!;
    await fleet.stop();
    const name = `${driver.firstName} ${driver.lastName}`;
    const page = ana.page;
    await openVehicle(page, vin.slice(-6));
    await main(page).getByRole('tab', { name: 'Access' }).click();
    await main(page)
      .getByRole('tabpanel')
      .getByRole('button', { name: `Remove driver ${name}` })
      .click();
    await page
      .getByRole('dialog', { name: 'Remove driver?' })
      .getByRole('button', { name: `Remove ${name}` })
      .click();

    const requests = page.getByRole('region', { name: 'Approval requests' });
    await requests
      .getByText('Only a foreman or an admin may remove drivers in this shop.')
      .waitFor({ timeout: 20_000 });
    await requests.getByRole('textbox', { name: 'Reason' }).fill('The car was sold');
    await requests.getByRole('button', { name: 'Ask for approval' }).click();
    const asked = `Ana asks: Remove driver ${driver.userId} on ${vin}`;
    await requests.getByRole('listitem', { name: asked }).getByText('Waiting for a foreman').waitFor();

    const line = fred.page
      .getByRole('region', { name: 'Approval requests' })
      .getByRole('listitem', { name: asked });
    await line.waitFor({ timeout: 20_000 });
    await line.getByRole('textbox', { name: 'Note' }).fill('sale papers seen');
    await line.getByRole('button', { name: 'Approve' }).click();

    const send = requests.getByRole('listitem', { name: asked }).getByRole('button', { name: 'Send now' });
    await send.waitFor({ timeout: 20_000 });
    await send.dblclick();
    const record = await waitFor(
      async () => {
        const found = await db.query<{ status: string; decision_note: string; plan: unknown }>(
          `SELECT status, decision_note, plan FROM shop_requests WHERE vin = $1 AND action = 'remove_driver'`,
          [vin],
        );
        const row = found.rows[0];
        return row && (row.status === 'sent' || row.status === 'failed') && row;
      },
      'the removal carried out and its outcome recorded',
      { timeoutMs: 30_000 },
    );
    expect(record).toEqual({
      status: 'sent',
      decision_note: 'sale papers seen',
      plan: { kind: 'remove_driver', userId: driver.userId },
    });
    const removed = await waitFor(
      async () => {
        const found = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM audit_entries WHERE operation = 'removeDriver' AND vin = $1`,
          [vin],
        );
        return found.rows[0]!.n > 0 && found.rows[0]!.n;
      },
      'the removal in the shop log',
      { timeoutMs: 30_000 },
    );
    expect(removed).toBe(1);
  });
});
