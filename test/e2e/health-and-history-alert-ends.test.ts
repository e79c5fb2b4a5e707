// In the shipped app against the simulator: an alert the car clears between two reads of the Health
// and history tab shows as ended between them, as the app saw it (the service never says when an
// alert cleared), and its row stays though the service no longer lists it; the end column is in view
// beside the others at 1280 px.
import { describe, expect, it } from 'vitest';
import { main, openVehicleTab, useGarageApp, WIDE } from './garage-support';

describe('Health and history: an alert that ends (demo)', () => {
  const app = useGarageApp({}, WIDE);

  it('says an alert cleared between two reads ended between them', async () => {
    const { page } = app;
    const vin = app.simulator.vins[2]!;
    const washer = {
      at: Math.floor(Date.now() / 1000) - 3600,
      name: 'VCFRONT_a361_washerFluidLow',
      description: 'Washer fluid low',
      recentFleetCount: 3,
    };
    app.simulator.setVehicleState(vin, { firmwareAlerts: [washer] });
    await openVehicleTab(app, vin, 'Health and history');
    const alerts = main(page).getByRole('region', { name: 'Alerts' });
    const table = alerts.getByRole('table', { name: /^Alerts reported in this range/ });
    const row = table.getByRole('row', { name: new RegExp(washer.name) });
    await row.getByRole('cell', { name: /^Still active \(seen in this app’s read of .+\)$/ }).waitFor();

    app.simulator.setVehicleState(vin, { firmwareAlerts: [] });
    await main(page).getByRole('button', { name: 'Read again from the service' }).click();
    await row
      .getByRole('cell', { name: /^Ended between .+ and .+ \(this app’s reads: last listed, then gone\)$/ })
      .waitFor();
    expect(await row.getByRole('cell', { name: 'Washer fluid low' }).count()).toBe(1);
    expect(await alerts.getByText(/^Audience/).count()).toBe(1);
  });

  it('shows the end column whole at 1280 px, beside the other columns, without scrolling sideways', async () => {
    const { page } = app;
    await page.setViewportSize({ width: 1280, height: 800 });
    const alerts = main(page).getByRole('region', { name: 'Alerts' });
    const box = alerts.getByRole('region', { name: /^Alerts reported in this range/ });
    const end = box.getByRole('cell', { name: /^Ended between / });
    await end.scrollIntoViewIfNeeded();
    // The box scrolls on its own: a sentence kept on one line made it wider than the tab.
    const sizes = await box.evaluate((element) => ({
      needed: element.scrollWidth,
      shown: element.clientWidth,
    }));
    expect(sizes.needed).toBeLessThanOrEqual(sizes.shown);
    const [cell, shown] = await Promise.all([end.boundingBox(), box.boundingBox()]);
    expect(cell!.x + cell!.width).toBeLessThanOrEqual(shown!.x + shown!.width);
    await page.setViewportSize(WIDE);
  });
});
