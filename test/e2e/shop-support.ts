// Shop mode end to end: a window set up for the shop's database in Settings, by accessible names, as
// a technician would (the password saved to the keychain, the garage uploaded, the connection tested).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { openShop } from '../../electron/main/shop/shop-db';
import {
  createRunAdmin,
  createTestDatabaseWith,
  dropRun,
  type Login,
  type PgAdmin,
} from '../shop/support/pg-admin';
import { launchApp, type LaunchedApp } from '../support/launch';
import { vehicleList, views, WIDE } from './garage-support';

/**
 * A test file's one app joined as the technician Ana ("bay-1") to a new shop database of its own
 * (named `database`), in English at WIDE, the database dropped after the file's tests. Read `app`
 * inside the tests: it is set in beforeAll.
 */
export function useShopTechnician(database: string): { app: LaunchedApp } {
  const held = {} as { app: LaunchedApp };
  let admin: PgAdmin | undefined;
  beforeAll(async () => {
    admin = createRunAdmin();
    const db = await createTestDatabaseWith(admin, database);
    const owner = await openShop({ settings: db.owner.settings, getPassword: db.owner.getPassword });
    await owner.close();
    const login = await db.addTechnician('ana');
    held.app = await launchApp({ demo: { flakiness: false } });
    await held.app.page.setViewportSize(WIDE);
    await vehicleList(held.app.page).getByRole('option').first().waitFor();
    await joinShop(held.app.page, login, 'Ana', 'bay-1');
  });
  afterAll(async () => {
    await held.app?.close();
    if (admin) await dropRun(admin);
  });
  return held;
}

export async function joinShop(page: Page, login: Login, technician: string, machine: string): Promise<void> {
  await views(page).getByRole('button', { name: 'Settings' }).click();
  const form = page.getByRole('region', { name: 'Shop for Demo garage' });
  await form.getByRole('radio', { name: /Shop \(a shared PostgreSQL database\)/ }).check();
  const { host, port, database, user } = login.settings;
  await form.getByLabel('Host').fill(host!);
  await form.getByLabel('Port').fill(String(port));
  await form.getByLabel('Database', { exact: true }).fill(database!);
  await form.getByLabel('Database user').fill(user!);
  // The test cluster runs without TLS; the form offers verify-full first.
  await form.getByLabel('TLS (sslmode)').selectOption('disable');
  await form.getByLabel("Technician's name").fill(technician);
  await form.getByLabel("This machine's name").fill(machine);
  await form.getByLabel('Database password').fill(login.password);
  await form.getByRole('button', { name: 'Save password' }).click();
  await form.getByText(/A password is stored in the system keychain/).waitFor();
  await form.getByRole('button', { name: 'Save shop settings' }).click();
  const offer = page.getByRole('dialog', { name: 'Upload this garage to the shop?' });
  await offer.getByRole('button', { name: 'Upload garage and history' }).click();
  await page.getByText('Shop database connected').first().waitFor({ timeout: 20_000 });

  await form.getByRole('button', { name: 'Test shop connection' }).click();
  await form.getByText(new RegExp(`Connected at .* as ${user}`)).waitFor();
}
