// End to end, by accessible names: a bulk run against a service rate-limited to 2 requests/s waits
// instead of failing. The app learned the limit reading the garage at start-up, so the run is held
// by its own pacing and says so; 429s the app could not foresee are waited out and sent again,
// never shown as errors.
import { describe, expect, it } from 'vitest';
import {
  main,
  readGarageAgain,
  screenshot,
  seriousAxeViolations,
  useGarageApp,
  views,
} from './garage-support';

describe('bulk run against a service rate-limited to 2 requests/s', () => {
  const app = useGarageApp({ demo: { rateLimitPerSecond: 2 } });

  it('sets the charge limit on all 12 vehicles, waiting out the limit, with no 429 shown as an error', async () => {
    const { page } = app;
    // Every car reachable, so each one's result says only how the rate limit was handled.
    for (const v of app.simulator.vehicles()) app.simulator.setVehicleState(v.vin, { sleepState: 'awake' });
    // The app read the garage at start-up (and so learned the limit): it is read again to see them awake.
    await readGarageAgain(page);
    await views(page).getByRole('button', { name: 'Bulk actions' }).click();
    const view = main(page);
    await view.getByRole('button', { name: 'Select all shown' }).click();
    await view.getByRole('combobox', { name: 'Command to send' }).selectOption({ label: 'Set charge limit' });
    await view.getByRole('spinbutton', { name: 'Charge limit (%)' }).fill('85');
    await view.getByRole('button', { name: 'Run on 12 vehicles' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Run bulk action' }).click();

    const sends = () => app.simulator.requests.filter((r) => r.path.endsWith('/command/set_charge_limit'));
    await view.getByText(/^Waiting for the service's rate limit \(\d+ s\)$/).waitFor({ timeout: 20_000 });
    // That wait was the pacer's alone: no vehicle was sent twice, so no 429 came back. Now the
    // service refuses two sends with 429, as when another client on the account spent the allowance:
    // the run waits them out and resends.
    expect(new Set(sends().map((r) => r.vin)).size).toBe(sends().length);
    app.simulator.injectFault({
      fault: 'status429',
      route: 'command',
      command: 'set_charge_limit',
      times: 2,
    });
    // The header shows the run from another view.
    await views(page).getByRole('button', { name: 'Vehicles' }).click();
    await views(page)
      .getByRole('button', { name: /^Bulk actions: running, \d+ of 12$/ })
      .waitFor();
    await views(page)
      .getByRole('button', { name: /^Bulk actions/ })
      .click();

    await view.getByText('Completed: 12 succeeded, 0 failed').waitFor({ timeout: 45_000 });
    const results = view.getByRole('table', { name: 'Bulk results' });
    expect(await results.getByText('Success', { exact: true }).count()).toBe(12);
    expect(await results.getByText(/^(Error|Failed)$/).count()).toBe(0);
    expect(await view.getByText(/429|limiting requests|Too many requests/).count()).toBe(0);
    // More requests than vehicles: the refused ones were sent again after the wait.
    expect(sends().length).toBeGreaterThanOrEqual(14);
    for (const v of app.simulator.vehicles())
      expect(app.simulator.vehicleState(v.vin).chargeLimitPercent).toBe(85);

    // Main asks where to save (the save dialog, as the audit export does) and writes the file.
    await view.getByRole('button', { name: 'Export results (CSV)' }).click();
    await page.getByText(/^Results saved to .*vehicle-garage-run-.*\.csv$/).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'bulk-rate-limited-light');
  });
});
