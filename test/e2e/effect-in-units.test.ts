// With kilometres and °F chosen, the built app says what a car confirmed in them: a cabin temperature
// set from the Commands tab ("now 72 °F"), and a bulk speed limit in the results column and its
// heading ("now 100 km/h"), while the simulator is sent the service's own °C and mph.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchApp, type LaunchedApp } from '../support/launch';
import { main, openVehicleTab, views, WIDE } from './garage-support';

describe("the confirmed effect in the technician's units (°F, km/h)", () => {
  let app: LaunchedApp;
  let vin: string;

  beforeAll(async () => {
    app = await launchApp();
    await app.page.setViewportSize(WIDE);
    // The second demo vehicle is awake and online.
    vin = app.simulator.vehicles()[1]!.vin;
    await views(app.page).getByRole('button', { name: 'Settings' }).click();
    await app.page.getByRole('radio', { name: 'Kilometres (km)' }).check();
    await app.page.getByRole('radio', { name: 'Fahrenheit (°F)' }).check();
    await views(app.page).getByRole('button', { name: 'Vehicles' }).click();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("says a single command's outcome and effect in °F", async () => {
    const panel = (await openVehicleTab(app, vin, 'Commands')).getByRole('tabpanel');
    await panel.getByRole('spinbutton', { name: 'Temperature (°F)' }).fill('72');
    await panel.getByRole('button', { name: 'Set cabin temperature', exact: true }).click();
    const done = panel.getByText('Cabin temperature set to 72 °F');
    await done.waitFor();
    const line = panel.locator('.outcome').filter({ hasText: 'Cabin temperature set to 72 °F' });
    await line.getByText(/^now 72 °F/).waitFor();
    expect(await line.textContent()).not.toMatch(/°C/);
    const sent = app.simulator.requests.filter((r) => r.route === 'command').at(-1)!;
    expect(sent.path).toContain('set_temperatures');
  });

  it("says a bulk run's effect and title in km/h", async () => {
    const { page } = app;
    await views(page).getByRole('button', { name: 'Bulk actions' }).click();
    const view = main(page);
    await view.getByRole('checkbox', { name: new RegExp(vin) }).check();
    await view.getByRole('combobox', { name: 'Command to send' }).selectOption({ label: 'Set speed limit' });
    await view.getByRole('spinbutton', { name: 'Speed limit (km/h)' }).fill('100');
    await view.getByRole('button', { name: 'Run on 1 vehicle' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Run bulk action' }).click();
    const results = view.getByRole('region', { name: 'Results: Set speed limit to 100 km/h on 1 vehicle' });
    await results.getByText(/now 100 km\/h/).waitFor({ timeout: 20_000 });
    expect(await results.textContent()).not.toMatch(/mph/);
  });
});
