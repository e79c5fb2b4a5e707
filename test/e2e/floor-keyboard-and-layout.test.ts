// End to end in the shipped bundle: where the keyboard lands after "Go to vehicle" and in "Import
// from account", the skip link's target whatever the list shows, the tabs in one row at 1280 px and
// the panel's height at 1024×640, the template picker's contrast in the dark theme, and the first
// screen's words.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { main, openVehicle, useGarageApp, vehicleList, views } from './garage-support';
import { passes, waitFor } from '../support/wait-for';

/** The focused element as a screen reader names it: role and name, or "body" when nothing is. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'body';
    return `${el.getAttribute('role') ?? el.tagName.toLowerCase()}:${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40)}`;
  });

/** WCAG contrast of an element's text against the first opaque background behind it. */
const contrastOf = (page: Page, selector: string) =>
  page.evaluate((selector) => {
    const el = document.querySelector(selector)!;
    const rgb = (text: string) => text.match(/[\d.]+/g)!.map(Number);
    let back: Element | null = el;
    let bg = [0, 0, 0, 0];
    while (back && (bg = rgb(getComputedStyle(back).backgroundColor))[3] === 0) back = back.parentElement;
    const luminance = ([r, g, b]: number[]) =>
      [r!, g!, b!]
        .map((c) => c / 255)
        .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
        .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i]!, 0);
    const [hi, lo] = [luminance(rgb(getComputedStyle(el).color)), luminance(bg)].sort((a, b) => b - a);
    return (hi! + 0.05) / (lo! + 0.05);
  }, selector);

describe('focus, layout and first words (demo)', { timeout: 180_000 }, () => {
  const app = useGarageApp({ demo: { flakiness: false } });

  it('the first screen says what to do, and rows do not read as unread alerts', async () => {
    const { page } = app;
    const start = await main(page).innerText();
    expect(start).toContain('Choose a vehicle in the garage on the left');
    expect(start).not.toContain('No vehicle selected');
    const rows = await vehicleList(page).getByRole('option').allInnerTexts();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.join('\n')).not.toContain('Alerts not read');
  });

  it('the skip link to the list names a target that exists, even when the search matches nothing', async () => {
    const { page } = app;
    const search = page.getByLabel('Search vehicles');
    await search.fill('no car is called this');
    await page
      .getByText(/No vehicle matches/)
      .first()
      .waitFor();
    const link = page.getByRole('link', { name: 'Skip to vehicle list' });
    const target = await link.evaluate((a) => document.querySelector((a as HTMLAnchorElement).hash) !== null);
    expect(target).toBe(true);
    await link.focus();
    await page.keyboard.press('Enter');
    expect(await focused(page)).toBe('input:');
    await search.fill('');
  });

  it('Ctrl+K, a VIN and Enter put the keyboard on the vehicle opened, not on the page', async () => {
    const { page } = app;
    const car = app.simulator.vehicles()[1]!;
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    expect(await focused(page)).toBe('body');
    await page.keyboard.press('Control+K');
    const dialog = page.getByRole('dialog', { name: /Go to vehicle/ });
    await dialog.waitFor();
    await page.keyboard.type(car.vin.slice(-6));
    await dialog.getByRole('option').first().waitFor();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await main(page).getByRole('heading', { level: 2 }).first().waitFor();
    await waitFor(
      passes(async () => expect(await focused(page)).toBe('main:Vehicle details')),
      'focus on the vehicle opened',
    );
  });

  it('"Import from account" keeps the keyboard in the dialog once the list arrives, and Escape closes it', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Import from account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import from account' });
    await dialog.getByRole('list', { name: /./ }).waitFor({ timeout: 30_000 });
    await waitFor(
      passes(async () =>
        expect(await dialog.evaluate((box) => box.contains(document.activeElement))).toBe(true),
      ),
      'focus inside the dialog',
    );
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('the tabs take one row at 1280×800, and at 1024×640 the panel keeps most of the height', async () => {
    const { page } = app;
    const car = app.simulator.vehicles().find((v) => v.sleepState !== 'offline')!;
    await page.setViewportSize({ width: 1280, height: 800 });
    await openVehicle(page, car.vin.slice(-6));
    const tabs = main(page).getByRole('tab');
    await tabs.first().waitFor();
    const tops = new Set(
      (await tabs.evaluateAll((all) =>
        all.map((tab) => Math.round(tab.getBoundingClientRect().top)),
      )) as number[],
    );
    expect(tops.size).toBe(1);

    await page.setViewportSize({ width: 1024, height: 640 });
    const panel = (await main(page).getByRole('tabpanel').boundingBox())!;
    const shown = 640 - panel.y;
    // It was 224 px with two 40 px rows of tabs and the status strip's facts in two lines each.
    expect(shown).toBeGreaterThanOrEqual(280);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByLabel('Search vehicles').fill('');
  });

  it('the template picker reads at 4.5:1 or more in the dark theme', async () => {
    const { page } = app;
    await page.emulateMedia({ colorScheme: 'dark' });
    const car = app.simulator.vehicles().find((v) => v.sleepState !== 'offline')!;
    await openVehicle(page, car.vin.slice(-6));
    await main(page).getByRole('tab', { name: 'Telemetry' }).click();
    const tab = main(page).getByRole('tabpanel');
    await tab.getByRole('textbox', { name: 'Template name' }).fill('Night shift');
    await tab.getByRole('button', { name: 'Save these fields as a template' }).click();
    const picker = tab.getByRole('combobox', { name: 'Template', exact: true });
    await picker.waitFor();
    await picker.evaluate((el) => el.setAttribute('data-probe', 'picker'));
    expect(await contrastOf(page, '[data-probe="picker"]')).toBeGreaterThanOrEqual(4.5);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByLabel('Search vehicles').fill('');
    await views(page).getByRole('button', { name: 'Vehicles' }).click();
  });
});
