// A shared desk end to end: the shipped bundle in one process (one OS account, one data folder, one
// keychain), set up as a shared desk in Settings → Shop by accessible names; Ana signs in, the
// header names her, she signs out and the window shows only the sign-in; Ben signs in, locks the
// desk and opens it again with his password. Needs the local PostgreSQL (docs/shop.md).
import { afterAll, beforeAll, describe, it } from 'vitest';
import { openShop } from '../../electron/main/shop/shop-db';
import {
  createRunAdmin,
  createTestDatabaseWith,
  dropRun,
  type Login,
  type PgAdmin,
} from '../shop/support/pg-admin';
import { launchAppProcess, type AppProcess } from '../support/launch-process';
import { vehicleList, views } from './garage-support';
import { joinShop } from './shop-support';

describe('a shared desk (the shipped app, one database)', () => {
  let admin: PgAdmin;
  let anaLogin: Login;
  let benLogin: Login;
  let app: AppProcess;

  beforeAll(async () => {
    admin = createRunAdmin();
    const db = await createTestDatabaseWith(admin, 'e2e_desk');
    const owner = await openShop({ settings: db.owner.settings, getPassword: db.owner.getPassword });
    await owner.close();
    anaLogin = await db.addTechnician('ana');
    benLogin = await db.addTechnician('ben');
    await db.query(`COMMENT ON ROLE "${anaLogin.settings.user!}" IS 'Ana Lopez'`);
    app = await launchAppProcess({ demo: { flakiness: false } });
    await app.page.setViewportSize({ width: 1440, height: 900 });
    await vehicleList(app.page).getByRole('option').first().waitFor();
  });

  afterAll(async () => {
    await app?.close();
    if (admin) await dropRun(admin);
  });

  const signIn = async (login: Login) => {
    const form = app.page.getByRole('main', { name: 'Sign in at this desk' });
    await form.getByRole('textbox', { name: 'Database user' }).fill(login.settings.user!);
    await form.getByLabel('Password', { exact: true }).fill(login.password);
    await form.getByRole('button', { name: 'Sign in' }).click();
  };

  it('turns the desk on in Settings → Shop, then shows only the sign-in', async () => {
    const { page } = app;
    await joinShop(page, anaLogin, 'Front PC', 'desk-1');
    const form = page.getByRole('region', { name: 'Shop for Demo garage' });
    await form.getByRole('checkbox', { name: /Shared desk/ }).check();
    await form.getByRole('spinbutton', { name: 'Lock after minutes without use' }).fill('15');
    await form.getByRole('button', { name: 'Save shop settings' }).click();
    await page.getByRole('heading', { name: 'Sign in at this desk' }).waitFor();
    await views(page).waitFor({ state: 'detached' });
  });

  it('names Ana in the header once she signs in, and shows nothing of hers after she signs out', async () => {
    const { page } = app;
    await signIn(anaLogin);
    const who = page.getByRole('group', {
      name: `Signed in: Ana Lopez, database user ${anaLogin.settings.user!}`,
    });
    await who.waitFor({ timeout: 20_000 });
    await vehicleList(page).getByRole('option').first().waitFor();
    await who.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in at this desk' }).waitFor();
    await vehicleList(page).waitFor({ state: 'detached' });
  });

  it('signs Ben in, locks the desk, and opens it again to his password only', async () => {
    const { page } = app;
    await signIn(benLogin);
    const ben = page.getByRole('group', { name: /^Signed in: .*, database user / });
    await ben.waitFor({ timeout: 20_000 });
    await ben.getByRole('button', { name: 'Lock' }).click();
    const lock = page.getByRole('main', { name: `Locked: ${benLogin.settings.user!}` });
    await lock.waitFor();
    await lock.getByLabel('Password', { exact: true }).fill(anaLogin.password);
    await lock.getByRole('button', { name: 'Unlock' }).click();
    await lock
      .getByRole('alert')
      .getByText(/not the password/)
      .waitFor();
    await lock.getByLabel('Password', { exact: true }).fill(benLogin.password);
    await lock.getByRole('button', { name: 'Unlock' }).click();
    await page
      .getByRole('group', {
        name: `Signed in: ${benLogin.settings.user!}, database user ${benLogin.settings.user!}`,
      })
      .waitFor();
  });
});
