// The garage list at a glance, end to end by accessible names against the demo simulator: Refresh
// garage (progress, a rate-limited service, Cancel), each row's state, battery, version, waiting
// update, firmware alerts and expiring certificate, the filters on them; Paste VINs with bad entries
// reported; Import from account; a grouped VIN added and scrolled into view. Light and dark, axe-clean.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { vinWithCheckDigit } from '../../electron/shared/vin';
import { main, screenshot, seriousAxeViolations, useGarageApp, vehicleList } from './garage-support';
import { passes, waitFor } from '../support/wait-for';

const DAY_S = 86_400;

function sidebar(page: Page) {
  return page.getByRole('navigation', { name: 'Garage' });
}

async function themes(page: Page, name: string): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, `${name}-${theme}`);
  }
  await page.evaluate(() => document.documentElement.removeAttribute('data-theme'));
}

async function shownOptions(page: Page): Promise<string[]> {
  return vehicleList(page).getByRole('option').allTextContents();
}

describe('garage list at a glance (demo)', () => {
  const app = useGarageApp();

  it('Refresh garage reads every vehicle once (cached state, never waking), then each row shows state, battery, version and a waiting update', async () => {
    const { page, simulator } = app;
    const fleet = simulator.vehicles().filter((v) => v.sleepState !== 'offline');
    const [asleep, updating] = [fleet[0]!, fleet[1]!];
    simulator.setVehicleState(asleep.vin, { sleepState: 'asleep', asleepSince: Date.now() });
    simulator.setVehicleState(updating.vin, {
      sleepState: 'awake',
      asleepSince: null,
      stagedVersion: '2099.1.1',
      softwareUpdate: { ...updating.softwareUpdate, status: 'available' },
    });
    simulator.clearRequests();
    // The app read the garage at start-up: its outcome is dismissed, so the one waited for is this one's.
    const dismiss = sidebar(page).getByRole('button', { name: 'Dismiss' });
    if (await dismiss.count()) await dismiss.click();
    await sidebar(page).getByRole('button', { name: 'Refresh garage' }).click();
    await sidebar(page)
      .getByText(/^Refreshed 12 of 12 vehicles at /)
      .waitFor({ timeout: 30_000 });

    const stateReads = simulator.requests.filter((r) => /\/state\b/.test(r.path));
    expect(stateReads).toHaveLength(12);
    expect(stateReads.every((r) => !/use_cache=false/.test(r.path))).toBe(true);
    expect(simulator.requests.some((r) => /\/wake\b/.test(r.path))).toBe(false);
    expect(simulator.vehicleState(asleep.vin).sleepState).toBe('asleep');

    const sleepy = vehicleList(page).getByRole('option', { name: new RegExp(asleep.vin) });
    // The row showed the start-up read's reading (hours old) before: wait for this read's, in the
    // short form of the status strip's words ("Live" while under a minute old and answered).
    await waitFor(
      passes(async () => expect(await sleepy.textContent()).toMatch(/Asleep/)),
      'the row to say Asleep',
    );
    await waitFor(
      passes(async () => expect(await sleepy.textContent()).toMatch(/Live|(under 1 min|\d+ min) old/)),
      "the row to show this read's age",
      { timeoutMs: 10_000 },
    );
    const text = (await sleepy.textContent())!;
    expect(text).toContain(`${simulator.vehicleState(asleep.vin).batteryLevel} %`);
    expect(text).toContain(asleep.deployedVersion);
    expect(text).toMatch(/Live|(under 1 min|\d+ min) old/);
    const update = vehicleList(page).getByRole('option', { name: new RegExp(updating.vin) });
    expect(await update.textContent()).toMatch(/Update 2099\.1\.1 available/);
    await themes(page, 'garage-glance');
  });

  it('shows firmware alerts and an expiring certificate once read, and filters by state, update, alerts, version and certificate; search finds versions', async () => {
    const { page, simulator } = app;
    const car = simulator.vehicles().find((v) => v.sleepState !== 'offline' && v.firmwareAlerts.length > 0)!;
    simulator.setVehicleState(car.vin, {
      telemetry: {
        ...car.telemetry,
        config: { ...car.telemetry.config, exp: Math.floor(Date.now() / 1000) + 10 * DAY_S },
      },
    });
    const row = vehicleList(page).getByRole('option', { name: new RegExp(car.vin) });
    await row.click();
    await main(page).getByRole('tab', { name: 'Overview' }).click();
    await main(page).getByRole('region', { name: 'Firmware alerts' }).waitFor();
    await main(page).getByRole('tab', { name: 'Telemetry' }).click();
    await main(page)
      .getByText(/expires in/)
      .first()
      .waitFor();
    const alerts = car.firmwareAlerts.length;
    await waitFor(
      passes(async () =>
        expect(await row.textContent()).toContain(`${alerts} alert${alerts === 1 ? '' : 's'}`),
      ),
      'the row to count the alerts',
      { timeoutMs: 10_000 },
    );

    await sidebar(page).getByRole('button', { name: 'Filter and sort' }).click();

    await sidebar(page).getByRole('checkbox', { name: 'Has firmware alerts' }).check();
    expect((await shownOptions(page)).every((t) => /\d+ alerts?/.test(t) && !t.includes('No alerts'))).toBe(
      true,
    );
    expect((await shownOptions(page)).some((t) => t.includes(car.vin))).toBe(true);
    await sidebar(page).getByRole('checkbox', { name: 'Has firmware alerts' }).uncheck();

    await sidebar(page).getByRole('checkbox', { name: 'Update waiting' }).check();
    const waiting = await shownOptions(page);
    expect(waiting.length).toBeGreaterThan(0);
    expect(waiting.every((t) => t.includes('Update'))).toBe(true);
    await sidebar(page).getByRole('checkbox', { name: 'Update waiting' }).uncheck();

    await sidebar(page).getByRole('combobox', { name: 'State' }).selectOption({ label: 'Asleep' });
    const sleeping = await shownOptions(page);
    expect(sleeping.length).toBeGreaterThan(0);
    expect(sleeping.every((t) => t.includes('Asleep'))).toBe(true);
    await sidebar(page).getByRole('combobox', { name: 'State' }).selectOption({ label: 'Any state' });

    const version = car.deployedVersion;
    await sidebar(page).getByRole('combobox', { name: 'Version' }).selectOption(version);
    expect((await shownOptions(page)).every((t) => t.includes(version))).toBe(true);
    await themes(page, 'garage-filters');
    await sidebar(page).getByRole('button', { name: 'Clear filters' }).click();

    await sidebar(page).getByRole('searchbox', { name: 'Search vehicles' }).fill(version);
    expect((await shownOptions(page)).every((t) => t.includes(version))).toBe(true);
    await sidebar(page).getByRole('searchbox', { name: 'Search vehicles' }).fill('');

    await waitFor(
      passes(async () => expect(await row.textContent()).toMatch(/Certificate expires in (9|10) days/)),
      'the row to say when the certificate expires',
      { timeoutMs: 10_000 },
    );
    await sidebar(page).getByRole('checkbox', { name: 'Certificate expiring' }).check();
    await waitFor(
      passes(async () => expect(await shownOptions(page)).toEqual([expect.stringContaining(car.vin)])),
      'only the expiring car shown',
    );
    await sidebar(page).getByText('1 of 12 vehicles shown').waitFor();
    await sidebar(page).getByRole('button', { name: 'Clear filters' }).click();
    await sidebar(page).getByRole('button', { name: 'Filter and sort' }).click();
  });

  it('with "Also alerts, tyres and certificates", Refresh garage shows alerts and an expiring certificate without opening any vehicle', async () => {
    const { page, simulator } = app;
    const withAlerts = simulator
      .vehicles()
      .filter((v) => v.sleepState !== 'offline' && v.firmwareAlerts.length > 0);
    const car = withAlerts[withAlerts.length - 1]!;
    simulator.setVehicleState(car.vin, {
      telemetry: {
        ...car.telemetry,
        config: { ...car.telemetry.config, exp: Math.floor(Date.now() / 1000) + 20 * DAY_S },
      },
    });
    simulator.clearRequests();
    // The last refresh's outcome is dismissed first, so the one waited for below is this refresh's.
    const dismiss = sidebar(page).getByRole('button', { name: 'Dismiss' });
    if (await dismiss.count()) await dismiss.click();
    await sidebar(page)
      .getByRole('checkbox', { name: /Also alerts, tyres and certificates/ })
      .check();
    await sidebar(page).getByRole('button', { name: 'Refresh garage' }).click();
    await sidebar(page)
      .getByText(/Refreshed \d+ of 12 vehicles/)
      .waitFor({ timeout: 30_000 });
    const asked = (route: string) => simulator.requests.filter((r) => r.vin === car.vin && r.route === route);
    expect(asked('state')).toHaveLength(1);
    expect(asked('firmware_alerts')).toHaveLength(1);
    expect(asked('fleet_telemetry_config')).toHaveLength(1);
    await sidebar(page).getByRole('searchbox', { name: 'Search vehicles' }).fill(car.vin);
    const row = vehicleList(page).getByRole('option', { name: new RegExp(car.vin) });
    const alerts = car.firmwareAlerts.length;
    await waitFor(
      passes(async () =>
        expect(await row.textContent()).toContain(`${alerts} alert${alerts === 1 ? '' : 's'}`),
      ),
      'the row to count the alerts',
      { timeoutMs: 10_000 },
    );
    await waitFor(
      passes(async () => expect(await row.textContent()).toMatch(/Certificate expires in (19|20) days/)),
      'the row to say when the certificate expires',
      { timeoutMs: 10_000 },
    );
    await sidebar(page).getByRole('searchbox', { name: 'Search vehicles' }).fill('');
    await sidebar(page)
      .getByRole('checkbox', { name: /Also alerts, tyres and certificates/ })
      .uncheck();
  });

  it('keeps a refresh within a rate-limited service (no 429 shown), and Cancel stops it', async () => {
    const { page, simulator } = app;
    simulator.setRateLimit(4);
    try {
      await sidebar(page).getByRole('button', { name: 'Refresh garage' }).click();
      await sidebar(page).getByRole('progressbar', { name: 'Refreshing the garage' }).waitFor();
      await sidebar(page)
        .getByText(/^Refreshed 12 of 12 vehicles at [^;]*$/)
        .waitFor({ timeout: 30_000 });
    } finally {
      simulator.setRateLimit(null);
    }
    // Slow enough that the first reads are still under way after the screenshots.
    simulator.setLatency(8000);
    try {
      await sidebar(page).getByRole('button', { name: 'Refresh garage' }).click();
      await sidebar(page).getByRole('progressbar', { name: 'Refreshing the garage' }).waitFor();
      await themes(page, 'garage-refresh-progress');
      await sidebar(page).getByRole('button', { name: 'Cancel refresh' }).click();
      await sidebar(page)
        .getByText(/^Cancelled: \d+ of 12 refreshed, \d+ vehicles? not read$/)
        .waitFor({ timeout: 30_000 });
    } finally {
      simulator.setLatency(0);
    }
  });

  it('Paste VINs: joins a grouped VIN, reports the bad entries, adds the rest and shows them in the list', async () => {
    const { page, simulator } = app;
    const fresh = [vinWithCheckDigit('5YJ3E1EB0RF900001'), vinWithCheckDigit('5YJYGDEE0RF900002')];
    const grouped =
      `${fresh[0]!.slice(0, 4)} ${fresh[0]!.slice(4, 8)} ${fresh[0]!.slice(8, 12)} ${fresh[0]!.slice(12)}`.toLowerCase();
    const existing = simulator.vins[0]!;
    await sidebar(page).getByRole('button', { name: 'Paste VINs' }).click();
    const dialog = page.getByRole('dialog', { name: 'Paste VINs' });
    await dialog
      .getByRole('textbox', { name: 'VINs' })
      .fill(`${grouped}\n${fresh[1]}, ${existing}\n5YJ3E1EB0RF90000O`);
    await dialog.getByText('2 vehicles ready to add; 2 will be skipped.').waitFor();
    await themes(page, 'paste-vins');
    await dialog.getByRole('button', { name: 'Add 2 vehicles' }).click();
    // Neither VIN is on the demo account: both are refused with why, and added only when asked.
    await dialog.getByText('Added 0 vehicles.').waitFor();
    const refused = dialog.getByRole('list', { name: 'Skipped entries' });
    const notOnAccount = `Not among this account's ${simulator.vins.length} vehicles: the service would answer “not found” for it`;
    expect(await refused.getByRole('listitem').allTextContents()).toEqual([
      `${existing}: Already in the garage`,
      "5YJ3E1EB0RF90000O: VIN may not contain I, O or Q (found 'O' at position 17)",
      `${fresh[0]}: ${notOnAccount}`,
      `${fresh[1]}: ${notOnAccount}`,
    ]);
    await dialog.getByRole('button', { name: 'Add 2 VINs anyway' }).click();
    await dialog.getByText('Added 2 vehicles.').waitFor();
    const skipped = dialog.getByRole('list', { name: 'Skipped entries' });
    expect(await skipped.getByRole('listitem').allTextContents()).toEqual([
      `${existing}: Already in the garage`,
      "5YJ3E1EB0RF90000O: VIN may not contain I, O or Q (found 'O' at position 17)",
    ]);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await sidebar(page).getByText('14 vehicles').waitFor();
    const added = vehicleList(page).getByRole('option', { name: new RegExp(fresh[0]!) });
    await added.waitFor();
    await expectInsideList(page, added);
  });

  it('Import from account: marks those already added and imports the picked ones', async () => {
    const { page, simulator } = app;
    const gone = simulator.vins.slice(-2);
    for (const vin of gone) {
      await vehicleList(page)
        .getByRole('option', { name: new RegExp(vin) })
        .click();
      await main(page).getByRole('button', { name: 'Remove vehicle' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Remove vehicle' }).click();
      await vehicleList(page)
        .getByRole('option', { name: new RegExp(vin) })
        .waitFor({ state: 'detached' });
    }
    await sidebar(page).getByRole('button', { name: 'Import from account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import from account' });
    const list = dialog.getByRole('list', { name: 'Account vehicles' });
    await list.waitFor();
    expect(await list.getByText('Already in the garage').count()).toBe(simulator.vins.length - 2);
    await themes(page, 'import-from-account');
    await dialog.getByRole('checkbox', { name: 'Select all not yet in the garage' }).check();
    await dialog.getByRole('button', { name: 'Import 2 vehicles' }).click();
    await dialog.getByText('Added 2 vehicles.').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    for (const vin of gone)
      await vehicleList(page)
        .getByRole('option', { name: new RegExp(vin) })
        .waitFor();
  });

  it('Add vehicle takes a VIN typed in groups and scrolls the new entry into view', async () => {
    const { page } = app;
    const vin = vinWithCheckDigit('5YJSA1E20RF900777');
    await vehicleList(page).evaluate((el) => (el.scrollTop = 0));
    await sidebar(page).getByRole('button', { name: 'Add vehicle' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add vehicle' });
    await dialog
      .getByRole('textbox', { name: 'VIN' })
      .fill(`${vin.slice(0, 4)} ${vin.slice(4, 8)} ${vin.slice(8, 12)} ${vin.slice(12)}`.toLowerCase());
    await dialog.getByRole('button', { name: 'Add vehicle' }).click();
    // Not on the demo account: refused with why, added on the explicit choice.
    await dialog.getByText(/Not among this account's \d+ vehicles/).waitFor();
    await dialog.getByRole('button', { name: 'Add anyway' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = vehicleList(page).getByRole('option', { name: new RegExp(vin) });
    await row.waitFor();
    expect(await row.getAttribute('aria-selected')).toBe('true');
    await expectInsideList(page, row);
  });
});

async function expectInsideList(page: Page, row: ReturnType<Page['getByRole']>): Promise<void> {
  await waitFor(async () => {
    const list = await vehicleList(page).boundingBox();
    const box = await row.boundingBox();
    return !!list && !!box && box.y >= list.y - 1 && box.y + box.height <= list.y + list.height + 1;
  }, 'the row inside the list');
}
