// End to end, by accessible names: the demo badge follows the active profile across switches; a
// bulk run against a service rate-limited to 2 requests/s waits instead of failing; the run bar
// stays in view with 250 vehicles; at 1024×640 every vehicle tab is reachable and visible.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchApp, type LaunchedApp } from '../support/launch';
import { main, screenshot, seriousAxeViolations, vehicleList } from './garage-support';

function views(page: Page) {
  return page.getByRole('navigation', { name: 'Views' });
}

async function inViewport(page: Page, box: { x: number; y: number; width: number; height: number } | null) {
  const size = page.viewportSize()!;
  expect(box).not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(size.height);
  expect(box!.x + box!.width).toBeLessThanOrEqual(size.width);
}

describe('demo badge and 1024×640 layout (12 demo vehicles)', () => {
  let app: LaunchedApp;

  beforeAll(async () => {
    app = await launchApp();
    await app.page.setViewportSize({ width: 1280, height: 800 });
    await vehicleList(app.page).getByRole('option').first().waitFor();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('shows "Demo" only while the demo profile is active, across switches both ways', async () => {
    const { page } = app;
    const header = page.getByRole('banner');
    await header.getByText('Demo', { exact: true }).waitFor();

    await views(page).getByRole('button', { name: 'Settings' }).click();
    const form = main(page).getByRole('form', { name: 'New profile' });
    await form.getByRole('textbox', { name: 'Profile name' }).fill('Workshop fleet');
    await form.getByRole('textbox', { name: 'Service address (base URL)' }).fill('https://fleet.example');
    await form.getByRole('button', { name: 'Add profile' }).click();
    const profile = page.getByRole('combobox', { name: 'Profile' });
    await profile.locator('option', { hasText: 'Workshop fleet' }).waitFor({ state: 'attached' });

    await profile.selectOption({ label: 'Workshop fleet' });
    await header.getByText('Demo', { exact: true }).waitFor({ state: 'detached' });
    expect(await header.textContent()).not.toContain('Demo');

    await profile.selectOption({ label: 'Demo garage (demo)' });
    await header.getByText('Demo', { exact: true }).waitFor();
    await views(page).getByRole('button', { name: 'Vehicles' }).click();
  });

  it('at 1024×640 every tab is reachable and visible, and a scrolled panel gets most of the height', async () => {
    const { page } = app;
    await views(page).getByRole('button', { name: 'Vehicles' }).click();
    await page.setViewportSize({ width: 1024, height: 640 });
    const longName = 'Workshop-loaner-with-a-long-name-0123456';
    const vin = app.simulator.vehicles()[2]!.vin;
    await vehicleList(page)
      .getByRole('option', { name: new RegExp(vin) })
      .click();
    await main(page).getByRole('button', { name: 'Rename' }).click();
    await page.getByRole('dialog').getByRole('textbox').fill(longName);
    await page.getByRole('dialog').getByRole('button', { name: 'Save nickname' }).click();
    await main(page).getByRole('heading', { level: 2 }).filter({ hasText: longName }).waitFor();

    const tabs = main(page).getByRole('tab');
    const names = await tabs.allTextContents();
    expect(names.length).toBeGreaterThanOrEqual(6);
    for (let i = 0; i < names.length; i++) {
      await inViewport(page, await tabs.nth(i).boundingBox());
    }
    // Nothing runs off sideways: the main area does not scroll horizontally.
    const overflow = await main(page).evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(1);

    const lastTab = tabs.nth(names.length - 1);
    await tabs.first().click();
    await page.keyboard.press('End');
    expect(await lastTab.evaluate((el) => el === document.activeElement)).toBe(true);
    // The focused tab's ring is not clipped: its box (with the ring inside) lies within the tab row.
    const row = await main(page).getByRole('tablist').boundingBox();
    const focused = await lastTab.boundingBox();
    expect(focused!.x + focused!.width).toBeLessThanOrEqual(row!.x + row!.width + 0.5);
    expect(focused!.y + focused!.height).toBeLessThanOrEqual(row!.y + row!.height + 0.5);

    // Reading a long panel, the tab row stays at the top of the work area and the panel gets the
    // rest of the window: the title and status scroll away, the tabs do not.
    await main(page).getByRole('tab', { name: 'Telemetry' }).click();
    await main(page).getByRole('tabpanel').getByRole('table').first().waitFor();
    await main(page).evaluate((el) => el.scrollTo(0, el.scrollHeight));
    const [rowBox, mainArea] = [
      await main(page).getByRole('tablist').boundingBox(),
      await main(page).boundingBox(),
    ];
    expect(rowBox!.y).toBeLessThanOrEqual(mainArea!.y + 1);
    for (let i = 0; i < names.length; i++) await inViewport(page, await tabs.nth(i).boundingBox());
    const contentHeight = 640 - (rowBox!.y + rowBox!.height);
    expect(contentHeight).toBeGreaterThan(640 * 0.6);
    await screenshot(page, 'layout-1024x640-scrolled-light');
    await main(page).evaluate((el) => el.scrollTo(0, 0));

    // The long name wraps inside the title and inside the confirm dialog, never past their edges.
    const title = main(page).getByRole('heading', { level: 2 }).filter({ hasText: longName });
    const [titleBox, mainBox] = [await title.boundingBox(), await main(page).boundingBox()];
    expect(titleBox!.x + titleBox!.width).toBeLessThanOrEqual(mainBox!.x + mainBox!.width);
    await main(page).getByRole('button', { name: 'Remove vehicle' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'layout-1024x640-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'layout-1024x640-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    // Bulk tables keep their headers on one line and clip nothing, with the long name picked.
    await views(page).getByRole('button', { name: 'Bulk actions' }).click();
    await main(page)
      .getByRole('checkbox', { name: new RegExp(vin) })
      .check();
    const dry = main(page).getByRole('table', { name: 'Dry run' });
    for (const header of ['Vehicle', 'VIN', 'Will send', 'Check']) {
      const cell = dry.getByRole('columnheader', { name: header });
      const fits = await cell.evaluate((el) => ({
        clipped: el.scrollWidth > el.clientWidth,
        lines: Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)),
      }));
      expect(fits.clipped, header).toBe(false);
      expect(fits.lines, header).toBeLessThanOrEqual(2);
    }
    const nameCell = dry.getByRole('cell').first();
    expect(await nameCell.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await nameCell.locator('[title]').getAttribute('title')).toBe(longName);
    await screenshot(page, 'bulk-long-name-1024x640-light');
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});

describe('dry run checks each vehicle (12 demo vehicles)', () => {
  let app: LaunchedApp;

  beforeAll(async () => {
    app = await launchApp();
    await app.page.setViewportSize({ width: 1280, height: 800 });
    await vehicleList(app.page).getByRole('option').first().waitFor();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('refuses 40 A for the cars whose own maximum is 32 A, once their limits are read, and says why', async () => {
    const { page } = app;
    for (const v of app.simulator.vehicles()) app.simulator.setVehicleState(v.vin, { sleepState: 'awake' });
    const small = app.simulator.vehicles().filter((v) => app.simulator.vehicleState(v.vin).maxAmps < 40);
    expect(small.length).toBeGreaterThan(0);
    await views(page).getByRole('button', { name: 'Bulk actions' }).click();
    const view = main(page);
    await view.getByRole('button', { name: 'Select all shown' }).click();
    await view
      .getByRole('combobox', { name: 'Command to send' })
      .selectOption({ label: 'Set charging amps' });
    await view.getByRole('spinbutton', { name: /Charging current/ }).fill('40');
    await view.getByText(/each vehicle's own limit is not known yet/).waitFor();
    await view.getByRole('button', { name: "Check each vehicle's limits" }).click();
    await view.getByText(/^Own limits known for \d+ of 12 vehicles\.$/).waitFor({ timeout: 30_000 });
    const dry = view.getByRole('table', { name: 'Dry run' });
    for (const v of small) {
      const row = dry.getByRole('row').filter({ hasText: v.vin });
      await row.getByText('Will be skipped').waitFor();
      expect(await row.textContent()).toContain(
        `This vehicle accepts 1 to ${app.simulator.vehicleState(v.vin).maxAmps} A.`,
      );
    }
    await view
      .getByRole('region', { name: 'Bulk run' })
      .getByRole('button', { name: `Run on ${12 - small.length} vehicles` })
      .waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'bulk-dry-run-own-limits-light');
  });
});

describe('bulk run against a service rate-limited to 2 requests/s', () => {
  let app: LaunchedApp;

  beforeAll(async () => {
    app = await launchApp({ demo: { rateLimitPerSecond: 2 } });
    await app.page.setViewportSize({ width: 1280, height: 800 });
    await vehicleList(app.page).getByRole('option').first().waitFor();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('sets the charge limit on all 12 vehicles, waiting out the limit, with no 429 shown as an error', async () => {
    const { page } = app;
    // Every car reachable, so each one's result says only how the rate limit was handled.
    for (const v of app.simulator.vehicles()) app.simulator.setVehicleState(v.vin, { sleepState: 'awake' });
    await views(page).getByRole('button', { name: 'Bulk actions' }).click();
    const view = main(page);
    await view.getByRole('button', { name: 'Select all shown' }).click();
    await view.getByRole('combobox', { name: 'Command to send' }).selectOption({ label: 'Set charge limit' });
    await view.getByRole('spinbutton', { name: 'Charge limit (%)' }).fill('85');
    await view.getByRole('button', { name: 'Run on 12 vehicles' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Run bulk action' }).click();

    await view.getByText(/^Waiting for the service's rate limit \(\d+ s\)$/).waitFor({ timeout: 20_000 });
    // The header shows the run from another view.
    await views(page).getByRole('button', { name: 'Vehicles' }).click();
    await views(page)
      .getByRole('button', { name: /^Bulk actions: running, \d+ of 12$/ })
      .waitFor();
    await views(page)
      .getByRole('button', { name: /^Bulk actions/ })
      .click();

    await view.getByText(/12 of 12 finished\. Run complete\./).waitFor({ timeout: 45_000 });
    const results = view.getByRole('table', { name: 'Bulk results' });
    expect(await results.getByText('Success', { exact: true }).count()).toBe(12);
    expect(await results.getByText(/^(Error|Failed)$/).count()).toBe(0);
    expect(await view.getByText(/429|limiting requests|Too many requests/).count()).toBe(0);
    await view.getByText('12 succeeded · 0 failed').waitFor();
    // More requests than vehicles: some were refused by the limit and sent again after the wait.
    const sends = app.simulator.requests.filter((r) => r.path.endsWith('/command/set_charge_limit'));
    expect(sends.length).toBeGreaterThan(12);
    for (const v of app.simulator.vehicles())
      expect(app.simulator.vehicleState(v.vin).chargeLimitPercent).toBe(85);

    const download = page.waitForEvent('download');
    await view.getByRole('button', { name: 'Export results (CSV)' }).click();
    expect((await download).suggestedFilename()).toMatch(/^bulk-results-.*\.csv$/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'bulk-rate-limited-light');
  });
});

describe('bulk page with 250 vehicles', () => {
  let app: LaunchedApp;

  beforeAll(async () => {
    app = await launchApp({ demo: { vehicles: 250 } });
    await app.page.setViewportSize({ width: 1280, height: 800 });
    await vehicleList(app.page).getByRole('option').first().waitFor();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('keeps Run, progress, counts and Cancel in view however long the tables are', async () => {
    const { page } = app;
    await views(page).getByRole('button', { name: 'Bulk actions' }).click();
    const view = main(page);
    await view.getByRole('button', { name: 'Select all shown' }).click();
    await view.getByRole('combobox', { name: 'Command to send' }).selectOption({ label: 'Open charge port' });
    const bar = view.getByRole('region', { name: 'Bulk run' });
    const run = bar.getByRole('button', { name: /^Run on \d+ vehicles$/ });
    await run.waitFor();
    await inViewport(page, await run.boundingBox());

    await run.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Run bulk action' }).click();
    const progress = bar.getByRole('progressbar', { name: 'Progress' });
    await progress.waitFor();
    await inViewport(page, await progress.boundingBox());
    const cancel = bar.getByRole('button', { name: 'Cancel run' });
    await inViewport(page, await cancel.boundingBox());
    await inViewport(page, await bar.getByText(/of 250 finished/).boundingBox());

    // Scrolled to the end of the results, the bar is still in the same place.
    await view.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await inViewport(page, await cancel.boundingBox());
    await cancel.click();
    await bar.getByText(/250 of 250 finished\. Run complete\./).waitFor({ timeout: 30_000 });
    await inViewport(page, await bar.getByRole('button', { name: 'Export results (CSV)' }).boundingBox());
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'bulk-250-run-bar-light');
  });
});
