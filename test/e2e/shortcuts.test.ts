// The keyboard shortcuts end to end, by accessible names, in the shipped bundle: Ctrl+K goes to a
// vehicle by part of its VIN, nickname or plate; Ctrl+R and F5 read the open vehicle's data again
// without reloading the window; Ctrl+F, Ctrl+, and Ctrl+/ reach search, Settings and the list of
// shortcuts. The OS locale is US English: units default to miles and °F until chosen.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shellRequestFragment } from '../../electron/shared/shell-requests';
import { launchApp, APP_WAIT, type LaunchedApp } from '../support/launch';
import { waitFor } from '../support/wait-for';
import { main, seriousAxeViolations } from './garage-support';

let app: LaunchedApp;
beforeAll(async () => {
  app = await launchApp({ systemLocale: 'en-US' });
});
afterAll(async () => {
  await app?.close();
});

const quickOpen = (page: Page) => page.getByRole('dialog', { name: 'Go to vehicle' });

describe('keyboard shortcuts', () => {
  it('Ctrl+K finds a vehicle by part of its VIN, nickname or plate and opens it', async () => {
    const { page, simulator } = app;
    const [car] = simulator.vehicles();
    const plate = 'KB 4711';
    const nickname = 'Shortcut test car';
    await page.evaluate(
      async ({ vin, plate, nickname }) => {
        const set = await window.garage.vehicles.setPlate(vin, { plate });
        if (!set.ok) throw new Error(set.error.message);
        const renamed = await window.garage.vehicles.rename(vin, nickname);
        if (!renamed.ok) throw new Error(renamed.error.message);
      },
      { vin: car!.vin, plate, nickname },
    );
    // The page reads the garage afresh (set through the API above, not through its own views).
    await page.reload();
    await page.getByRole('navigation', { name: 'Garage' }).getByText(nickname).first().waitFor();

    for (const query of [car!.vin.slice(-6), 'shortcut test', 'kb47']) {
      await page.keyboard.press('Control+k');
      await quickOpen(page).waitFor();
      await quickOpen(page).getByRole('combobox', { name: 'VIN, nickname or plate' }).fill(query);
      const option = quickOpen(page).getByRole('option', { name: new RegExp(car!.vin) });
      await option.waitFor();
      expect(await option.getAttribute('aria-selected')).toBe('true');
      if (query === 'kb47') expect(await seriousAxeViolations(page)).toEqual([]);
      await page.keyboard.press('Enter');
      await quickOpen(page).waitFor({ state: 'detached' });
      await main(page).getByRole('heading', { name: nickname, level: 2 }).waitFor();
      // Back to no vehicle open, so the next query proves the dialog opened it.
      await page.evaluate(() => location.reload());
      await page.getByRole('navigation', { name: 'Garage' }).getByText(nickname).first().waitFor();
      await main(page).getByRole('heading', { name: nickname, level: 2 }).waitFor({ state: 'detached' });
    }
    // Nothing matching says so.
    await page.keyboard.press('Control+k');
    await quickOpen(page).getByRole('combobox').fill('no such car');
    await quickOpen(page)
      .getByRole('status')
      .getByText('No vehicle in this garage matches “no such car”.')
      .waitFor();
    await page.keyboard.press('Escape');
    await quickOpen(page).waitFor({ state: 'detached' });
  });

  it("Ctrl+R and F5 read the open vehicle's data again, never reloading the window", async () => {
    const { page, simulator } = app;
    const [car] = simulator.vehicles();
    await page.keyboard.press('Control+k');
    await quickOpen(page).getByRole('combobox').fill(car!.vin);
    await page.keyboard.press('Enter');
    await main(page).getByRole('heading', { name: 'Shortcut test car', level: 2 }).waitFor();
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    for (const key of ['Control+r', 'F5']) {
      const before = simulator.requests.filter((r) => r.vin === car!.vin && /\/state\b/.test(r.path)).length;
      await page.keyboard.press(key);
      await waitFor(
        () =>
          simulator.requests.filter((r) => r.vin === car!.vin && /\/state\b/.test(r.path)).length > before,
        `a fresh state read after ${key}`,
        APP_WAIT,
      );
    }
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
      true,
    );
    await main(page).getByRole('heading', { name: 'Shortcut test car', level: 2 }).waitFor();
  });

  it('Ctrl+F focuses the garage search; Ctrl+, opens Settings; Ctrl+/ lists the shortcuts', async () => {
    const { page } = app;
    await page.keyboard.press('Control+f');
    await page.getByRole('searchbox', { name: 'Search vehicles' }).and(page.locator(':focus')).waitFor();

    await page.keyboard.press('Control+,');
    await main(page).getByRole('heading', { name: 'Settings' }).first().waitFor();
    // The region's units, as nobody chose any: miles and Fahrenheit in the US.
    expect(await page.getByRole('radio', { name: 'Miles (mi)' }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: 'Fahrenheit (°F)' }).isChecked()).toBe(true);

    await page.keyboard.press('Control+/');
    const list = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await list.waitFor();
    await list.getByRole('row', { name: 'Ctrl+K Go to a vehicle by VIN, nickname or plate' }).waitFor();
    await list.getByRole('row', { name: "Ctrl+R or F5 Refresh the open vehicle's data" }).waitFor();
    await list.getByRole('button', { name: 'Close' }).click();
    await list.waitFor({ state: 'detached' });
  });

  it('opens the vehicle main asks for (a notification clicked), only for the active profile', async () => {
    const { page, simulator, window: appWindow } = app;
    const other = simulator.vehicles()[1]!;
    const profiles = await page.evaluate(() => window.garage.profiles.list());
    if (!profiles.ok) throw new Error(profiles.error.message);
    const active = profiles.value.find((profile) => profile.active)!;
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    const ask = (profileId: string, seq: number) =>
      appWindow.webContents.loadURL(
        `app://garage/index.html#${shellRequestFragment({ kind: 'open-vehicle', profileId, vin: other.vin }, seq)}`,
      );

    await ask('another-profile', 1);
    // Taken off the URL and handled (the page's next task runs after the handler).
    await page.waitForFunction(() => location.hash === '');
    expect(await main(page).getByText(other.vin).count()).toBe(0);

    await ask(active.id, 2);
    await main(page).getByText(other.vin).first().waitFor();
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
      true,
    );
  });
});
