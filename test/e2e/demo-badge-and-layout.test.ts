// End to end, by accessible names: the demo badge follows the active profile across switches; at
// 1024×640 every vehicle tab is reachable and visible.
import { describe, expect, it } from 'vitest';
import {
  inViewport,
  main,
  screenshot,
  seriousAxeViolations,
  useGarageApp,
  vehicleList,
  views,
} from './garage-support';

describe('demo badge and 1024×640 layout (12 demo vehicles)', () => {
  const app = useGarageApp();

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
    // One row of tabs: the panel keeps the height a second row would take.
    const tops = new Set<number>();
    for (let i = 0; i < names.length; i++) tops.add(Math.round((await tabs.nth(i).boundingBox())!.y));
    expect([...tops]).toHaveLength(1);
    // Each tab keeps its whole name (and its title), what it shows being where the name starts.
    const plate = main(page).getByRole('tab', { name: 'Plate and drive tags' });
    expect(await plate.getAttribute('title')).toBe('Plate and drive tags');
    expect(
      await plate.locator('.rest').evaluate((el) => el.getBoundingClientRect().width),
    ).toBeLessThanOrEqual(1);
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
