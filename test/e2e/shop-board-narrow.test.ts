// The Shop view in the shipped bundle on a shop's database, by accessible names: its column headers
// are buttons the keyboard reaches and presses (Enter, Space), sorting both ways in step with
// "Sort by" and aria-sort; and at the window's minimum width, 900×700, in German, nothing scrolls
// sideways: not the page, the board, the wall display, nor a car's alerts table with a long alert
// name. Needs the local PostgreSQL (docs/shop.md).
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { APP_WAIT } from '../support/launch';
import { views } from './garage-support';
import { useShopTechnician } from './shop-support';

/** How far past its box an element's content reaches sideways (0: it fits). */
const sideways = (locator: Locator) => locator.evaluate((el) => el.scrollWidth - el.clientWidth);
const pageSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
/** The accessible name of what has the keyboard's focus. */
const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));

describe('the Shop view: column headers and the minimum width', () => {
  const shop = useShopTechnician('e2e_board_narrow');

  it('sorts from the column headers with the keyboard, both ways, in step with "Sort by"', async () => {
    const { page } = shop.app;
    await views(page).getByRole('button', { name: 'Shop' }).click();
    const board = page.getByRole('region', { name: 'Shop board' });
    const grid = board.getByRole('grid', { name: 'Shop floor' });
    await grid.getByRole('row').nth(1).waitFor({ timeout: APP_WAIT.timeoutMs });
    const sortBy = board.getByRole('combobox', { name: 'Sort by' });
    const state = grid.getByRole('columnheader', { name: 'State' });

    // The grid is one tab stop; the header's buttons come next.
    await grid.focus();
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Sort by vehicle');
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Sort by battery');

    await page.keyboard.press('Enter');
    await expect.poll(() => state.getAttribute('aria-sort')).toBe('ascending');
    expect(await sortBy.locator('option:checked').textContent()).toBe('Battery lowest');
    expect(await grid.getByRole('columnheader', { name: 'Vehicle' }).getAttribute('aria-sort')).toBeNull();
    await page.keyboard.press('Space');
    await expect.poll(() => state.getAttribute('aria-sort')).toBe('descending');
    expect(await sortBy.locator('option:checked').textContent()).toBe('Battery highest');

    await sortBy.selectOption({ label: 'Name' });
    await expect.poll(() => state.getAttribute('aria-sort')).toBeNull();
    expect(await grid.getByRole('columnheader', { name: 'Vehicle' }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
  });

  it('fits 900×700 in German: the page, the board, the wall display and a car’s alerts table', async () => {
    const { app } = shop;
    const { page } = app;
    await page.setViewportSize({ width: 900, height: 700 });
    await views(page).getByRole('button', { name: 'Settings' }).click();
    await page
      .getByRole('group', { name: 'Display language' })
      .getByRole('radio', { name: 'Deutsch' })
      .check();
    const german = page.getByRole('navigation', { name: 'Ansichten' });

    await german.getByRole('button', { name: 'Werkstatt' }).click();
    const board = page.getByRole('region', { name: 'Werkstatttafel' });
    const grid = board.getByRole('grid', { name: 'Werkstatthalle' });
    await grid.getByRole('row').nth(1).waitFor({ timeout: APP_WAIT.timeoutMs });
    expect(await pageSideways(page)).toBeLessThanOrEqual(0);
    expect(await sideways(board)).toBeLessThanOrEqual(0);
    expect(await sideways(grid)).toBeLessThanOrEqual(0);
    // A name cut short stays whole for a screen reader (the header's name) and in its tooltip.
    const job = grid.getByRole('columnheader', { name: 'Offener Auftrag' });
    expect(
      await job.getByRole('button', { name: 'Nach offenem Auftrag sortieren' }).getAttribute('title'),
    ).toBe('Offener Auftrag');

    await board.getByRole('button', { name: 'Wandanzeige' }).click();
    const wall = page.getByRole('region', { name: 'Werkstatthalle (Wandanzeige)' });
    const table = wall.getByRole('table', { name: 'Werkstatthalle' });
    await table.getByRole('row').nth(1).waitFor();
    expect(await pageSideways(page)).toBeLessThanOrEqual(0);
    expect(await sideways(wall)).toBeLessThanOrEqual(0);
    expect(await sideways(table)).toBeLessThanOrEqual(0);
    await page.keyboard.press('Escape');
    await board.waitFor();

    // A car with an alert whose name is one long word.
    const vin = app.simulator.vins[2]!;
    app.simulator.setVehicleState(vin, {
      firmwareAlerts: [
        {
          at: Math.floor(Date.now() / 1000) - 3600,
          name: 'VCSEC_a229_keyFobBatteryLowWithAVeryLongName',
          description: 'Key fob battery low',
          recentFleetCount: 3,
        },
      ],
    });
    await german.getByRole('button', { name: 'Fahrzeuge' }).click();
    await page
      .getByRole('listbox', { name: 'Fahrzeuge' })
      .getByRole('option', { name: new RegExp(vin) })
      .click();
    const details = page.getByRole('main', { name: 'Fahrzeugdetails' });
    await details.getByRole('tab', { name: 'Zustand und Verlauf', exact: true }).click();
    const alerts = details
      .getByRole('region', { name: 'Warnmeldungen' })
      .getByRole('region', { name: /^In diesem Zeitraum gemeldete Warnmeldungen/ });
    await alerts.getByRole('row', { name: /VCSEC_a229/ }).waitFor({ timeout: APP_WAIT.timeoutMs });
    expect(await pageSideways(page)).toBeLessThanOrEqual(0);
    expect(await sideways(alerts)).toBeLessThanOrEqual(0);
  });
});
