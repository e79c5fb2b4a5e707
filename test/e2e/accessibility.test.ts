// Accessibility of every screen in the shipped app, by axe-core with no violation of any impact:
// the garage list, each tab of a vehicle, the bulk view, Settings, the dialogs and a row's menu,
// in the light and the dark theme. Then the same app in a forced-colours (High Contrast) theme:
// what colour said (selected, focused, disabled) is still said.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, main, openVehicle, useGarageApp, vehicleList, views } from './garage-support';

const TABS = [
  'Overview',
  'Telemetry',
  'Release notes',
  'Commands',
  'Workshop',
  'Access',
  'Plate and drive tags',
  'History',
  'Health and history',
  'Job',
];

async function noViolations(page: Page, where: string): Promise<void> {
  const found = await axeViolations(page);
  expect(found, where).toEqual([]);
}

async function everyScreen(page: Page, vin: string, theme: string): Promise<void> {
  await noViolations(page, `${theme}: garage`);
  await openVehicle(page, vin.slice(-6));
  for (const tab of TABS) {
    await main(page).getByRole('tab', { name: tab, exact: true }).click();
    await main(page).getByRole('tabpanel').waitFor();
    await noViolations(page, `${theme}: ${tab} tab`);
  }
  // A row's menu, opened from the keyboard.
  await vehicleList(page).focus();
  await page.keyboard.press('Shift+F10');
  await page.getByRole('menu').waitFor();
  await noViolations(page, `${theme}: a row's menu`);
  await page.keyboard.press('Escape');

  await views(page).getByRole('button', { name: 'Bulk actions' }).click();
  await main(page).getByRole('button', { name: 'Select all shown' }).click();
  await main(page)
    .getByRole('combobox', { name: 'Command to send' })
    .selectOption({ label: 'Set charge limit' });
  await noViolations(page, `${theme}: bulk actions`);

  await views(page).getByRole('button', { name: 'Settings' }).click();
  await main(page).getByRole('heading', { name: 'Settings' }).waitFor();
  await noViolations(page, `${theme}: settings`);

  for (const [open, name] of [
    [() => page.getByRole('button', { name: 'Add vehicle' }).first().click(), /Add vehicle/],
    [() => page.getByRole('button', { name: 'Paste VINs' }).click(), /Paste VINs/],
    [() => page.keyboard.press('Control+K'), /Go to vehicle/],
    [() => page.keyboard.press('Control+/'), /Keyboard shortcuts/],
  ] as const) {
    await open();
    const dialog = page.getByRole('dialog', { name });
    await dialog.waitFor();
    await noViolations(page, `${theme}: the ${String(name)} dialog`);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  }
  await views(page).getByRole('button', { name: 'Vehicles' }).click();
}

describe('accessibility of every screen', { timeout: 240_000 }, () => {
  const app = useGarageApp({ demo: { vehicles: 6, flakiness: false } });

  it('has no axe violation on any screen, tab, dialog or menu, light and dark', async () => {
    const { page } = app;
    const car = app.simulator.vehicles().find((v) => v.sleepState !== 'offline')!;
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await everyScreen(page, car.vin, theme);
    }
  });

  it('says selected, focused and disabled without colour in a forced-colours theme', async () => {
    const { page } = app;
    await page.emulateMedia({ forcedColors: 'active', colorScheme: 'light' });
    const car = app.simulator.vehicles()[0]!;
    await openVehicle(page, car.vin.slice(-6));
    const frame = (locator: ReturnType<Page['locator']>) =>
      locator.evaluate((el) => {
        const style = getComputedStyle(el);
        return { outline: style.outlineStyle, width: parseFloat(style.outlineWidth) };
      });
    // The selected row and the selected tab are framed.
    const selectedRow = vehicleList(page).locator('[role="option"][aria-selected="true"]');
    expect(await frame(selectedRow)).toMatchObject({ outline: 'solid' });
    expect((await frame(selectedRow)).width).toBeGreaterThanOrEqual(2);
    const selectedTab = main(page).getByRole('tab', { name: 'Overview' });
    expect(await frame(selectedTab)).toMatchObject({ outline: 'solid' });
    // A disabled button is drawn in the system's disabled colour, not only faded.
    const disabled = await page.evaluate(() => {
      const button = document.querySelector<HTMLButtonElement>('button:disabled');
      if (!button) return null;
      const style = getComputedStyle(button);
      return { opacity: style.opacity, color: style.color };
    });
    if (disabled) expect(disabled.opacity).toBe('1');
    await page.emulateMedia({ forcedColors: 'none' });
  });
});
