// End to end, by accessible names: a bulk dry run reads each vehicle's own limits and says which
// vehicles it will skip and why.
import { describe, expect, it } from 'vitest';
import {
  main,
  readGarageAgain,
  screenshot,
  seriousAxeViolations,
  useGarageApp,
  views,
} from './garage-support';

describe('dry run checks each vehicle (12 demo vehicles)', () => {
  const app = useGarageApp();

  it('refuses 40 A for the cars whose own maximum is 32 A, once their limits are read, and says why', async () => {
    const { page } = app;
    for (const v of app.simulator.vehicles()) app.simulator.setVehicleState(v.vin, { sleepState: 'awake' });
    // The app read the garage at start-up: it is read again to see every car awake.
    await readGarageAgain(page);
    const small = app.simulator.vehicles().filter((v) => app.simulator.vehicleState(v.vin).maxAmps < 40);
    expect(small.length).toBeGreaterThan(0);
    await views(page).getByRole('button', { name: 'Bulk actions' }).click();
    const view = main(page);
    await view.getByRole('button', { name: 'Select all shown' }).click();
    await view
      .getByRole('combobox', { name: 'Command to send' })
      .selectOption({ label: 'Set charging amps' });
    await view.getByRole('spinbutton', { name: /Charging current/ }).fill('40');
    await view.getByText(/each vehicle's own limit is not known yet/).waitFor();
    await view.getByRole('button', { name: "Check each vehicle's limits" }).click();
    await view.getByText(/^Own limits known for \d+ of 12 vehicles\.$/).waitFor({ timeout: 30_000 });
    const dry = view.getByRole('table', { name: 'Dry run' });
    for (const v of small) {
      const row = dry.getByRole('row').filter({ hasText: v.vin });
      await row.getByText('Will be skipped').waitFor();
      expect(await row.textContent()).toContain(
        `This vehicle accepts 1 to ${app.simulator.vehicleState(v.vin).maxAmps} A.`,
      );
    }
    await view
      .getByRole('region', { name: 'Bulk run' })
      .getByRole('button', { name: `Run on ${12 - small.length} vehicles` })
      .waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'bulk-dry-run-own-limits-light');
  });
});
