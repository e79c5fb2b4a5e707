// End to end in the shipped bundle, what the garage and the Overview show at a glance: a VIN is
// read whole on one line at any window width, a row's badges never push the car's name out of it,
// and a low tyre on a sleeping car is marked in the list after "Refresh garage" with alerts.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { main, openVehicle, readGarageAgain, screenshot, useGarageApp, vehicleList } from './garage-support';
import { passes, waitFor } from '../support/wait-for';

const LOW_TYRE_BAR = 2.5;

function sidebar(page: Page) {
  return page.getByRole('navigation', { name: 'Garage' });
}

/** How many lines the element's text takes. */
function lines(element: Locator): Promise<number> {
  return element.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });
}

describe('at a glance (demo)', { timeout: 120_000 }, () => {
  const app = useGarageApp({}, { width: 1024, height: 700 });

  it('marks a low tyre on a sleeping car in the list after Refresh garage with alerts', async () => {
    const { page, simulator } = app;
    const car = simulator
      .vehicles()
      .find(
        (v) =>
          v.sleepState !== 'offline' &&
          [v.tyres.frontLeft, v.tyres.frontRight, v.tyres.rearLeft, v.tyres.rearRight].some(
            (bar) => bar !== null && bar < LOW_TYRE_BAR,
          ),
      );
    if (!car) throw new Error('the demo fleet lacks a car with a low tyre');
    simulator.setVehicleState(car.vin, { sleepState: 'asleep', asleepSince: Date.now() });
    const also = sidebar(page).getByRole('checkbox', { name: /Also alerts, tyres and certificates/ });
    await also.check();
    try {
      await readGarageAgain(page);
      await page.getByLabel('Search vehicles').fill(car.vin);
      const row = vehicleList(page).getByRole('option', { name: new RegExp(car.vin) });
      await waitFor(
        passes(async () => expect(await row.textContent()).toContain('Tyre low')),
        'the row to mark the low tyre',
        { timeoutMs: 10_000 },
      );
      expect(await row.textContent()).toContain('Asleep');
      // Read without waking it.
      expect(simulator.vehicleState(car.vin).sleepState).toBe('asleep');
    } finally {
      await also.uncheck();
      await page.getByLabel('Search vehicles').fill('');
    }
  });

  it('shows the VIN whole on one line at any window width', async () => {
    const { page, simulator } = app;
    const car = simulator.vehicles().find((v) => v.sleepState !== 'offline')!;
    await openVehicle(page, car.vin);
    const card = main(page).getByRole('region', { name: 'Vehicle', exact: true });
    const vin = card.getByText(car.vin, { exact: true });
    for (const width of [1024, 1100, 1280, 1440, 1920]) {
      await page.setViewportSize({ width, height: 700 });
      expect(await lines(vin), `the VIN's lines at ${width} px`).toBe(1);
      const [box, inside] = [await vin.boundingBox(), await card.boundingBox()];
      expect(box!.x + box!.width, `the VIN inside its card at ${width} px`).toBeLessThanOrEqual(
        inside!.x + inside!.width,
      );
    }
    await page.setViewportSize({ width: 1024, height: 700 });
  });

  it('leaves the name whole when a badge stands beside it', async () => {
    const { page, simulator } = app;
    const car = simulator.vehicles().find((v) => v.sleepState !== 'offline')!;
    await openVehicle(page, car.vin);
    const panel = main(page).getByRole('tabpanel');
    await main(page).getByRole('tab', { name: 'Job' }).click();
    await panel.getByRole('textbox', { name: 'Repair order' }).fill('RO-2026-000481516');
    await panel.getByRole('button', { name: 'Open job' }).click();
    await panel.getByRole('button', { name: 'Close job' }).waitFor();
    const row = vehicleList(page).getByRole('option', { name: new RegExp(car.vin) });
    const badge = row.getByText('Job open: RO-2026-000481516');
    await badge.waitFor();
    const name = row.locator('.name');
    const fits = await name.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(fits.client, 'the name keeps its room').toBeGreaterThan(0);
    expect(fits.scroll, 'the name is not cut').toBeLessThanOrEqual(fits.client + 1);
    const [badgeBox, rowBox] = [await badge.boundingBox(), await row.boundingBox()];
    expect(badgeBox!.x + badgeBox!.width).toBeLessThanOrEqual(rowBox!.x + rowBox!.width + 1);
    await screenshot(page, 'row-badge-and-vin');
  });
});
