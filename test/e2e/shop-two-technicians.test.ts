// Two technicians on one shop database, end to end: Ana uses the shipped app (its window driven by
// accessible names), Ben a second main process's core in this process (the stand-in runs one app per
// process). Ana sets the shop up in Settings; a vehicle Ben adds shows in her list, and a command Ben
// sends shows in her History with his name. Needs the local PostgreSQL (docs/shop.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShop } from '../../electron/main/shop/shop-db';
import type { GarageEvent } from '../../electron/shared/events';
import {
  createRunAdmin,
  createTestDatabaseWith,
  dropRun,
  type Login,
  type PgAdmin,
} from '../shop/support/pg-admin';
import { nextMatching } from '../shop/support/wait';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';
import { launchApp, type LaunchedApp } from '../support/launch';
import { main, openVehicle, vehicleList, views } from './garage-support';

const NEW_VIN = '1M8GDM9AXKP042788';

describe('shop mode with two technicians (shipped bundle + a second core)', () => {
  let admin: PgAdmin;
  let ana: Login;
  let ben: Login;
  let app: LaunchedApp;
  let benCore: CoreHarness;

  beforeAll(async () => {
    admin = createRunAdmin();
    const db = await createTestDatabaseWith(admin, 'e2e_shop');
    const owner = await openShop({ settings: db.owner.settings, getPassword: db.owner.getPassword });
    await owner.close();
    ana = await db.addTechnician('ana');
    ben = await db.addTechnician('ben');

    benCore = await startCoreHarness({ shopBackoff: { initialMs: 100, maxMs: 500 } });
    const online = nextMatching(
      (listener: (event: GarageEvent) => void) => benCore.core.events.subscribe(listener),
      (e) => e.type === 'shop.changed' && e.status.state === 'online',
      'Ben online',
    );
    await benCore.garage.shop.setPassword('demo', ben.password);
    const { host, port, database, user } = ben.settings;
    await benCore.garage.shop.configure('demo', {
      mode: 'shop',
      connection: { host: host!, port: port!, database: database!, user: user! },
      technician: 'Ben',
      machine: 'bay-2',
    });
    await online;

    app = await launchApp();
    await app.page.setViewportSize({ width: 1440, height: 900 });
    await vehicleList(app.page).getByRole('option').first().waitFor();
  });

  afterAll(async () => {
    await app?.close();
    await benCore?.close();
    if (admin) await dropRun(admin);
  });

  it('sets the shop up in Settings by accessible names and says when it is connected', async () => {
    const { page } = app;
    await views(page).getByRole('button', { name: 'Settings' }).click();
    const form = page.getByRole('region', { name: 'Shop for Demo garage' });
    await form.getByRole('radio', { name: /Shop \(a shared PostgreSQL database\)/ }).check();
    const { host, port, database, user } = ana.settings;
    await form.getByLabel('Host').fill(host!);
    await form.getByLabel('Port').fill(String(port));
    await form.getByLabel('Database', { exact: true }).fill(database!);
    await form.getByLabel('Database user').fill(user!);
    await form.getByLabel("Technician's name").fill('Ana');
    await form.getByLabel("This machine's name").fill('bay-1');
    await form.getByLabel('Database password').fill(ana.password);
    await form.getByRole('button', { name: 'Save password' }).click();
    await form.getByText(/A password is stored in the system keychain/).waitFor();
    await form.getByRole('button', { name: 'Save shop settings' }).click();
    const offer = page.getByRole('dialog', { name: 'Upload this garage to the shop?' });
    await offer.getByRole('button', { name: 'Upload garage and history' }).click();
    await page.getByText('Shop database connected').first().waitFor({ timeout: 20_000 });

    await form.getByRole('button', { name: 'Test shop connection' }).click();
    await form.getByText(new RegExp(`Connected at .* as ${user}`)).waitFor();
  });

  it("shows a vehicle Ben adds in Ana's list, live", async () => {
    const { page } = app;
    await views(page).getByRole('button', { name: 'Vehicles' }).click();
    expect(await benCore.garage.vehicles.add({ vin: NEW_VIN, nickname: 'Ben coach' })).toMatchObject({
      ok: true,
    });
    await page.getByLabel('Search vehicles').fill('Ben coach');
    await vehicleList(page)
      .getByRole('option', { name: /Ben coach/ })
      .waitFor({ timeout: 10_000 });
  });

  it("shows a command Ben sends in Ana's History with his name", async () => {
    const { page } = app;
    const vin = benCore.simulator.vins[0]!;
    await benCore.garage.vehicles.command(vin, 'set_charge_limit', { percent: 82 });
    await openVehicle(page, vin.slice(-6));
    await main(page).getByRole('tab', { name: 'History' }).click();
    const panel = main(page).getByRole('tabpanel');
    const row = panel.getByRole('row', { name: /Ben/ }).first();
    await row.waitFor({ timeout: 15_000 });
    expect(await row.textContent()).toMatch(/Set charge limit/);
    expect(await row.textContent()).toMatch(/on bay-2/);
  });
});
