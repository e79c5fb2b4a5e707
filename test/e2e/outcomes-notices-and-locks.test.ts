// End to end in demo mode, what the technician is told and when sends are held: toasts never cover
// the main area, a refusal is told in words and listed under its command's name, the expiring
// certificate is announced, a command and a bulk run survive a change of view, and plate and tags
// are locked while the service is unreachable.
import { describe, expect, it } from 'vitest';
import type { LaunchedApp } from '../support/launch';
import { main, openVehicle, screenshot, seriousAxeViolations, useGarageApp } from './garage-support';

describe('outcomes, notices and locks (demo)', () => {
  const app = useGarageApp({}, { width: 1440, height: 900 });

  function vehicleWhere(test: (state: ReturnType<LaunchedApp['simulator']['vehicleState']>) => boolean) {
    const found = app.simulator.vehicles().find((v) => test(app.simulator.vehicleState(v.vin)));
    if (!found) throw new Error('the demo fleet lacks the vehicle this test needs');
    return found;
  }

  it('announces the certificate that expires soon, and keeps toasts off the main area', async () => {
    const { page } = app;
    const soon = vehicleWhere((s) => s.telemetry.config.exp * 1000 - Date.now() < 30 * 86_400_000);
    await openVehicle(page, soon.vin);
    await main(page).getByRole('tab', { name: 'Telemetry' }).click();
    await main(page)
      .getByText(/^The telemetry certificate expires in \d+ days?/)
      .waitFor();
    await main(page).getByRole('button', { name: 'Copy JSON' }).click();
    const toast = page.getByRole('status').filter({ hasText: 'copied to the clipboard' });
    await toast.waitFor();
    const [toastBox, mainBox] = [await toast.boundingBox(), await main(page).boundingBox()];
    expect(toastBox!.x + toastBox!.width).toBeLessThanOrEqual(mainBox!.x);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'telemetry-expiring-light');
  });

  it('tells a refusal in words, keeps it across a tab switch, and names it in the history', async () => {
    const { page } = app;
    const old = vehicleWhere((s) => !s.supportsCloseWindows && s.sleepState !== 'offline');
    await openVehicle(page, old.vin);
    await main(page).getByRole('tab', { name: 'Commands' }).click();
    const panel = main(page).getByRole('tabpanel');
    await panel.getByRole('button', { name: 'Close windows', exact: true }).click();
    const refusal = 'The vehicle did not do it: this vehicle does not support it (not_supported)';
    await panel.getByText(refusal).waitFor();

    await main(page).getByRole('tab', { name: 'History', exact: true }).click();
    const row = main(page).getByRole('table').getByRole('row').nth(1);
    await row.waitFor();
    expect(await row.getByRole('cell').nth(1).textContent()).toBe('Close windows');
    expect(await row.textContent()).toContain('this vehicle does not support it');

    await main(page).getByRole('tab', { name: 'Commands' }).click();
    await panel.getByText(refusal).waitFor();
  });

  it('keeps a bulk run going, and its results, while another view is open', async () => {
    const { page } = app;
    const views = page.getByRole('navigation', { name: 'Views' });
    // Two cars that can take it: the app read the garage at start-up, so a car known offline is skipped.
    const picks = app.simulator
      .vehicles()
      .filter((v) => v.sleepState !== 'offline')
      .slice(0, 2);
    for (const v of picks) app.simulator.setVehicleState(v.vin, { sleepState: 'asleep' });
    await views.getByRole('button', { name: 'Bulk actions' }).click();
    for (const v of picks)
      await main(page)
        .getByRole('checkbox', { name: new RegExp(v.vin) })
        .check();
    await main(page)
      .getByRole('combobox', { name: 'Command to send' })
      .selectOption({ label: 'Open charge port' });
    await main(page).getByRole('button', { name: 'Run on 2 vehicles' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Run bulk action' }).click();
    await views.getByRole('button', { name: 'Vehicles' }).click();
    await views.getByRole('button', { name: 'Bulk actions' }).click();
    await main(page)
      .getByText(/^Completed: \d+ succeeded, \d+ failed$/)
      .waitFor({ timeout: 20_000 });
    expect(
      await main(page)
        .getByRole('checkbox', { name: new RegExp(picks[0]!.vin) })
        .isChecked(),
    ).toBe(true);
    await views.getByRole('button', { name: 'Vehicles' }).click();
  });

  it('locks plate and drive tags while the service is unreachable', async () => {
    const { page } = app;
    // Read while the service is up (each vehicle opens on its Overview), so a refresh then fails.
    await main(page).getByRole('tab', { name: 'Telemetry' }).click();
    await main(page).getByRole('button', { name: 'Refresh telemetry' }).waitFor();
    await app.simulator.stop();
    await main(page).getByRole('button', { name: 'Refresh telemetry' }).click();
    await page.getByRole('banner').getByText('Offline: service unreachable').waitFor({ timeout: 30_000 });
    await main(page).getByRole('tab', { name: 'Plate and drive tags' }).click();
    await main(page).getByText('Plate and drive tags are disabled: the service cannot be reached.').waitFor();
    for (const name of ['Set plate', 'Clear plate', 'Tag drives']) {
      expect(await main(page).getByRole('button', { name }).isDisabled()).toBe(true);
    }
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'offline-plate-tags-light');
  });
});
