// The picture of the garage that README.md shows, taken from the shipped app in the demo garage: the
// list refreshed (each row's state, battery and version) and one vehicle open. Every run writes it to
// test/artifacts/garage.png; only VG_UPDATE_SCREENSHOTS=1 also rewrites the committed copy in
// resources/screenshots/, so an ordinary test run never changes the working tree.
import { copyFile, mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ARTIFACTS, main, screenshot, useGarageApp, vehicleList } from './garage-support';
import { passes, waitFor } from '../support/wait-for';

const COMMITTED = 'resources/screenshots/garage.png';

function sidebar(page: Page) {
  return page.getByRole('navigation', { name: 'Garage' });
}

describe('the README screenshot of the garage', () => {
  const app = useGarageApp({}, { width: 1440, height: 1000 });

  it('shows the demo fleet refreshed, with one vehicle open', async () => {
    const { page, simulator } = app;
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
    // The app read the garage at start-up: its outcome is dismissed, so the one waited for is this one's.
    const dismiss = sidebar(page).getByRole('button', { name: 'Dismiss' });
    if (await dismiss.count()) await dismiss.click();
    await sidebar(page).getByRole('button', { name: 'Refresh garage' }).click();
    await sidebar(page)
      .getByText(/^Refreshed \d+ of \d+ vehicles at /)
      .waitFor({ timeout: 30_000 });

    await sidebar(page).getByRole('button', { name: 'Dismiss' }).click();

    // The first awake car in the list, so the list stays scrolled to its top.
    const row = vehicleList(page).getByRole('option').filter({ hasText: 'Awake' }).first();
    const vin = /[A-HJ-NPR-Z0-9]{17}/.exec((await row.textContent()) ?? '')?.[0];
    expect(vin).toBeDefined();
    await row.click();
    await waitFor(
      passes(async () => expect(await row.getAttribute('aria-selected')).toBe('true')),
      'the row selected',
    );
    await main(page).getByText('Deployed version').waitFor();
    // The refresh just read this car, so opening it is answered from that read: the picture waits
    // until the open vehicle shows its state, not a read under way.
    await waitFor(
      passes(async () =>
        expect(
          await main(page)
            .getByText(/Refreshing…/)
            .count(),
        ).toBe(0),
      ),
      'the read to end',
      { timeoutMs: 30_000 },
    );
    await waitFor(
      passes(async () => expect(await main(page).getByText(vin!).count()).toBeGreaterThan(0)),
      'the open vehicle to show its VIN',
    );
    // The list is virtualised: the rows in view are rendered, each knowing the garage's size.
    const first = vehicleList(page).getByRole('option').first();
    expect(await first.getAttribute('aria-setsize')).toBe(String(simulator.vehicles().length));
    expect(await vehicleList(page).getByRole('option').count()).toBeGreaterThanOrEqual(5);

    await screenshot(page, 'garage');
    const taken = path.join(ARTIFACTS, 'garage.png');
    // A real picture, not an empty page: a 1440 × 1000 PNG of the garage is tens of kilobytes.
    expect((await stat(taken)).size).toBeGreaterThan(20_000);
    if (process.env['VG_UPDATE_SCREENSHOTS'] === '1') {
      await mkdir(path.dirname(COMMITTED), { recursive: true });
      await copyFile(taken, COMMITTED);
    }
  });
});
