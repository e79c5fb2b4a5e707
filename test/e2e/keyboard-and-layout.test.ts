// End to end in the shipped bundle, by accessible names: skip links to the list and the vehicle; a
// command keeps the keyboard where it acted and Enter in its field sends it; at 1280×800 and 1024×640
// the list gets the height (filters collapsed, dense rows); a VIN is never broken; the toasts and the
// run bar never cover the list or the results.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { main, openVehicle, screenshot, useGarageApp, vehicleList, views } from './garage-support';
import { passes, waitFor } from '../support/wait-for';

const box = async (locator: Locator) => (await locator.boundingBox())!;

/** Rows of the list wholly visible inside the list and the window. */
async function visibleRows(page: Page): Promise<number> {
  const list = await box(vehicleList(page));
  const height = page.viewportSize()!.height;
  let count = 0;
  for (const row of await vehicleList(page).getByRole('option').all()) {
    const r = await row.boundingBox();
    if (r && r.y >= list.y - 1 && r.y + r.height <= Math.min(list.y + list.height, height) + 1) count++;
  }
  return count;
}

const overlaps = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The focused element's accessible name and role, as a technician's screen reader says it. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'body';
    const label = el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null;
    return `${el.getAttribute('role') ?? el.tagName.toLowerCase()}:${el.getAttribute('aria-label') ?? label ?? el.textContent?.trim()}`;
  });

describe('keyboard and layout (12 demo vehicles)', () => {
  const app = useGarageApp();

  it('the demo says on screen that it is simulated, and the alerts choice is kept', async () => {
    const { page } = app;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('banner').getByText('Simulated vehicles: no real car is contacted').waitFor();

    // The choice of alerts and certificates is kept (by main) across a restart of the window.
    const also = page.getByRole('checkbox', { name: /Also alerts, tyres and certificates/ });
    expect(await also.isChecked()).toBe(false);
    await also.check();
    await page.reload();
    await vehicleList(page).getByRole('option').first().waitFor();
    await waitFor(
      passes(async () =>
        expect(
          await page.getByRole('checkbox', { name: /Also alerts, tyres and certificates/ }).isChecked(),
        ).toBe(true),
      ),
      'the setting to be checked',
    );
    await page.getByRole('checkbox', { name: /Also alerts, tyres and certificates/ }).uncheck();
  });

  it('at 1280×800 shows more than three rows with "Filter and sort" collapsed', async () => {
    const { page } = app;
    await page.setViewportSize({ width: 1280, height: 800 });
    const filters = page.getByRole('button', { name: /^Filter and sort/ });
    expect(await filters.getAttribute('aria-expanded')).toBe('false');
    expect(await visibleRows(page)).toBeGreaterThanOrEqual(5);
  });

  it('at 1024×640 the list starts high and the title never breaks the VIN', async () => {
    const { page } = app;
    await page.setViewportSize({ width: 1024, height: 640 });
    await screenshot(page, 'garage-1024x640');
    expect((await box(vehicleList(page))).y).toBeLessThan(380);
    expect(await visibleRows(page)).toBeGreaterThanOrEqual(3);

    const [car] = app.simulator.vehicles();
    await openVehicle(page, car!.vin);
    const vin = main(page).locator('header').getByText(car!.vin, { exact: true }).first();
    await vin.waitFor();
    const lineHeight = await vin.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || 20);
    expect((await box(vin)).height).toBeLessThan(lineHeight * 1.5);
    await page.getByLabel('Search vehicles').fill('');
  });

  it('skip links lead to the list and to the vehicle; a command keeps focus where it acted', async () => {
    const { page } = app;
    await page.setViewportSize({ width: 1280, height: 800 });
    // A car that takes commands (the demo has one offline), with no flaky answers.
    const car = app.simulator.vehicles().find((v) => v.sleepState !== 'offline' && v.flakiness === 0);
    // A fresh window: the first Tab starts from the top of the page.
    const fresh = async () => {
      await page.reload();
      await vehicleList(page).getByRole('option').first().waitFor();
    };
    await fresh();
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('a:Skip to vehicle list');
    await page.keyboard.press('Enter');
    expect(await focused(page)).toBe('listbox:Vehicles');

    await fresh();
    await openVehicle(page, car!.vin);
    await fresh();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('a:Skip to vehicle');
    await page.keyboard.press('Enter');
    expect(await focused(page)).toBe('main:Vehicle details');
    await openVehicle(page, car!.vin);

    await main(page).getByRole('tab', { name: 'Commands' }).click();
    const field = main(page).getByRole('spinbutton', { name: 'Charge limit (%)' });
    const button = main(page).getByRole('button', { name: 'Set charge limit', exact: true });
    await waitFor(
      passes(async () => expect(await field.inputValue()).not.toBe('')),
      'the charge limit field filled',
      { timeoutMs: 20_000 },
    );
    const row = button.locator('xpath=ancestor::div[contains(@class,"command")][1]');

    // Enter in the field sends its command; focus stays in the field.
    await field.fill('81');
    await field.press('Enter');
    await row
      .getByText(/^Charge limit set to 81 %/)
      .waitFor({ timeout: 30_000 })
      .catch(async (e) => {
        await screenshot(page, 'enter-in-field');
        throw e;
      });
    expect(await focused(page)).toBe('input:Charge limit (%)');

    // Enter on the button: focus is on the button again once it ends, not on the page.
    await field.fill('82');
    await button.focus();
    await page.keyboard.press('Enter');
    await row.getByText(/^Charge limit set to 82 %/).waitFor({ timeout: 30_000 });
    await waitFor(
      passes(async () => expect(await focused(page)).toBe('button:Set charge limit')),
      'focus on the button',
    );
  });

  it('a toast never covers the list', async () => {
    const { page } = app;
    await page.setViewportSize({ width: 1024, height: 640 });
    await views(page).getByRole('button', { name: 'Bulk actions' }).click();
    const view = main(page);
    // The view loads on first use: a locator waits for it, a one-off list of checkboxes would not.
    await view.getByRole('button', { name: 'Select all shown' }).click();
    // A toast (the limits checked) sits in its own place, off the list.
    await view.getByRole('button', { name: "Check each vehicle's limits" }).click();
    const toast = page.getByText(/^Checked .*own limits/);
    await toast.waitFor({ timeout: 30_000 });
    expect(overlaps(await box(toast), await box(vehicleList(page)))).toBe(false);
    await views(page).getByRole('button', { name: 'Vehicles' }).click();
  });
});
