// The vehicle at a glance, end to end by accessible names: the status strip and Wake, command fields
// that start at the car's value and end by showing the effect, undo, a long command's phases with
// its toast on another view, and drives tagged from the list. Light and dark, axe-clean.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchApp, type LaunchedApp } from '../support/launch';
import { main, screenshot, seriousAxeViolations, vehicleList } from './garage-support';
import { passes, waitFor } from '../support/wait-for';

describe('the vehicle at a glance (demo)', () => {
  let app: LaunchedApp;
  let vin: string;
  let other: string;

  beforeAll(async () => {
    // A wake-up long enough to watch its phase, short enough for the suite.
    app = await launchApp({ demo: { wakeDelayMs: 2500, completionDelayMs: 50 } });
    await app.page.setViewportSize({ width: 1440, height: 900 });
    await vehicleList(app.page).getByRole('option').first().waitFor();
    const fleet = app.simulator.vehicles().filter((v) => v.sleepState !== 'offline');
    vin = fleet[0]!.vin;
    other = fleet[1]!.vin;
    app.simulator.setVehicleState(vin, { sleepState: 'awake', asleepSince: null });
  });
  afterAll(async () => {
    await app?.close();
  });

  async function open(target: string, tab: string) {
    await vehicleList(app.page)
      .getByRole('option', { name: new RegExp(target) })
      .click();
    await main(app.page).getByRole('tab', { name: tab }).click();
    return main(app.page).getByRole('tabpanel');
  }

  it('shows the status strip with its time, and refreshes it', async () => {
    const { page } = app;
    await open(vin, 'Overview');
    const strip = main(page).getByRole('region', { name: 'Status' });
    // The app read the garage at start-up, before this car was woken above: the service is asked again.
    await strip.getByRole('button', { name: 'Refresh status' }).click();
    await strip.getByText('Awake').waitFor();
    const car = app.simulator.vehicleState(vin);
    await strip.getByText(`${car.batteryLevel} %`, { exact: false }).waitFor();
    await strip.getByText(car.deployedVersion, { exact: true }).waitFor();
    await strip.getByText(/^As of /).waitFor();
    await strip.getByRole('button', { name: 'Refresh status' }).click();
    await waitFor(
      passes(async () =>
        expect(await strip.getByRole('button', { name: 'Refresh status' }).isEnabled()).toBe(true),
      ),
      'the refresh to end',
    );
    await main(page).getByRole('region', { name: 'Firmware alerts' }).waitFor();
    await main(page).getByRole('region', { name: 'Tyre pressures' }).getByText(/bar$/).first().waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'vehicle-overview-glance-light');
  });

  it("starts a command field at the car's value and shows the effect after sending", async () => {
    const { page } = app;
    const panel = await open(vin, 'Commands');
    const before = app.simulator.vehicleState(vin).chargeLimitPercent;
    const field = panel.getByRole('spinbutton', { name: 'Charge limit (%)' });
    await waitFor(
      passes(async () => expect(await field.inputValue()).toBe(String(before))),
      'the field to show the charge limit',
    );
    await panel.getByText(`Current ${before} %`).waitFor();
    const target = before >= 95 ? before - 5 : before + 5;
    await field.fill(String(target));
    await panel.getByRole('button', { name: 'Set charge limit' }).click();
    await panel.getByText(`Charge limit set to ${target} %`).waitFor();
    await panel.getByText(`now ${target} %, was ${before} %`).waitFor();
    expect(app.simulator.vehicleState(vin).chargeLimitPercent).toBe(target);
    // Another view and back: the field starts at what the car now reports, the value sent.
    await open(vin, 'Overview');
    const again = await open(vin, 'Commands');
    const back = again.getByRole('spinbutton', { name: 'Charge limit (%)' });
    await waitFor(
      passes(async () => expect(await back.inputValue()).toBe(String(target))),
      'the field to show the new limit',
    );
    await again.getByText(`Current ${target} %`).waitFor();
    await again.getByText(`Charge limit set to ${target} %`).waitFor();
    // Typing another value marks the outcome as about an earlier value.
    await back.fill(String(target - 1));
    await again.getByText('Earlier value').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'vehicle-commands-effect-light');
  });

  it('undoes valet mode with the button next to it; the confirmation says how', async () => {
    const { page } = app;
    const panel = await open(vin, 'Commands');
    await panel.getByRole('button', { name: 'Enable valet mode' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enable valet mode?' });
    await dialog.getByText('To undo: Disable valet mode.').waitFor();
    await dialog.getByRole('button', { name: 'Enable valet mode' }).click();
    await panel.getByText('now valet mode on, was valet mode off').waitFor();
    expect(app.simulator.vehicleState(vin).valet).toBe(true);
    await panel.getByRole('button', { name: 'Disable valet mode' }).click();
    await panel.getByText('now valet mode off, was valet mode on').waitFor();
    expect(app.simulator.vehicleState(vin).valet).toBe(false);
  });

  it("shows a long command's phases, and a toast and a list mark when it ends on another view", async () => {
    const { page } = app;
    app.simulator.setVehicleState(other, { sleepState: 'asleep', asleepSince: Date.now() });
    // The app's start-up read may still be its freshest copy: ask the service, so the app knows it asleep.
    await open(other, 'Overview');
    const strip = main(page).getByRole('region', { name: 'Status' });
    await strip.getByRole('button', { name: 'Refresh status' }).click();
    await strip.getByText('Asleep', { exact: true }).waitFor();
    const panel = await open(other, 'Commands');
    await panel.getByRole('button', { name: 'Open charge port' }).click();
    await panel.getByText('Waking the vehicle…').waitFor();
    await panel
      .getByText(/^\d+ s$/)
      .first()
      .waitFor();
    // Look at another vehicle while it runs.
    await open(vin, 'Overview');
    const toast = page.getByRole('status').filter({ hasText: /Charge port opened/ });
    await toast.first().waitFor({ timeout: 20_000 });
    expect(await toast.first().textContent()).toMatch(/the vehicle was woken for it|now charge port open/);
    expect(app.simulator.vehicleState(other).chargePort).not.toBe('closed');
    // The list marks how it ended on that vehicle until its commands are opened again.
    const option = vehicleList(page).getByRole('option', { name: new RegExp(other) });
    await option.getByText('Command done').waitFor();
    await open(other, 'Commands');
    await option.getByText('Command done').waitFor({ state: 'detached' });
  });

  it('wakes a sleeping vehicle from the status strip, with its progress', async () => {
    const { page } = app;
    app.simulator.setVehicleState(other, { sleepState: 'asleep', asleepSince: Date.now() });
    await open(other, 'Overview');
    const strip = main(page).getByRole('region', { name: 'Status' });
    await strip.getByRole('button', { name: 'Refresh status' }).click();
    await strip.getByText('Asleep', { exact: true }).waitFor();
    await strip.getByRole('button', { name: 'Wake' }).click();
    await strip.getByRole('progressbar', { name: 'Waking the vehicle' }).waitFor();
    await strip.getByText(/s of up to 90 s$/).waitFor();
    await screenshot(page, 'vehicle-waking-light');
    await strip.getByText(/The vehicle is awake/).waitFor({ timeout: 20_000 });
    await strip.getByText('Awake', { exact: true }).waitFor();
    expect(app.simulator.vehicleState(other).sleepState).toBe('awake');
  });

  it('tags drives picked from the list', async () => {
    const { page } = app;
    const panel = await open(vin, 'Plate and drive tags');
    const table = panel.getByRole('table');
    await table.getByRole('row').nth(1).waitFor();
    const drives = app.simulator.vehicleState(vin).drives;
    expect(await table.getByRole('row').count()).toBe(drives.length + 1);
    const boxes = table.getByRole('checkbox', { name: /^Drive / });
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await panel.getByRole('combobox', { name: 'Tag for the selected drives' }).fill('Warranty run');
    await panel.getByRole('button', { name: 'Tag 2 selected drives' }).click();
    await panel.getByText('Tagged 2 drives “Warranty run”').waitFor();
    await waitFor(
      passes(async () =>
        expect(
          await app.simulator.vehicleState(vin).drives.filter((d) => d.tag === 'Warranty run').length,
        ).toBe(2),
      ),
      'two drives tagged on the car',
    );
    await waitFor(
      passes(async () => expect(await table.getByRole('cell', { name: 'Warranty run' }).count()).toBe(2)),
      'two tagged drives in the table',
    );
    // Filtered to the new tag, "select all shown" picks exactly those two.
    await panel.getByRole('combobox', { name: 'Tag filter' }).selectOption('Warranty run');
    await panel.getByRole('checkbox', { name: 'Select all shown drives' }).check();
    await panel.getByText(/2 drives shown of \d+; 2 selected/).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'vehicle-drives-light');
  });

  it('stays axe-clean in the dark theme', async () => {
    const { page } = app;
    await page.emulateMedia({ colorScheme: 'dark' });
    for (const [tab, name] of [
      ['Overview', 'vehicle-overview-glance-dark'],
      ['Commands', 'vehicle-commands-effect-dark'],
      ['Plate and drive tags', 'vehicle-drives-dark'],
    ] as const) {
      const panel = await open(vin, tab);
      await panel.waitFor();
      if (tab === 'Plate and drive tags') await panel.getByRole('table').waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshot(page, name);
    }
    await page.emulateMedia({ colorScheme: 'light' });
  });
});
