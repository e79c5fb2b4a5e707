// The fleet view in the shipped app, by accessible names: opened beside the garage list, its table of
// every car's battery health (worst packs first) sorts by a column header, and a demo car whose key
// is not paired is flagged with why and what to do, all read without waking a car.
import { describe, expect, it } from 'vitest';
import { keyPaired } from '../../electron/main/simulator/fleet-status';
import { main, seriousAxeViolations, useGarageApp, views, WIDE } from './garage-support';

describe('the fleet view (demo)', () => {
  const app = useGarageApp({}, WIDE);

  it('opens, sorts by a column header, and flags a car whose key is not paired', async () => {
    const unpaired = app.simulator.vehicles().find((v) => !keyPaired(v.vin));
    if (!unpaired) throw new Error('the demo garage has no car without the key paired');
    const asleep = app.simulator
      .vehicles()
      .filter((v) => v.sleepState === 'asleep')
      .map((v) => v.vin);
    await views(app.page).getByRole('button', { name: 'Fleet' }).click();
    const table = main(app.page).getByRole('table', { name: 'Battery health and readiness of each vehicle' });
    await table.waitFor();
    const health = table.getByRole('columnheader', { name: /^Battery health/ });
    expect(await health.getAttribute('aria-sort')).toBe('ascending');

    const odometer = table.getByRole('columnheader', { name: /^Odometer/ });
    await odometer.getByRole('button').click();
    expect(await odometer.getAttribute('aria-sort')).toBe('ascending');
    expect(await health.getAttribute('aria-sort')).toBe('none');
    await odometer.getByRole('button').click();
    expect(await odometer.getAttribute('aria-sort')).toBe('descending');

    const row = table
      .getByRole('row')
      .filter({ has: app.page.getByRole('rowheader', { name: new RegExp(unpaired.vin) }) });
    await row.getByText(/^Key not paired: .+Pair the partner key in the car\.$/).waitFor();
    await row.getByText(/^(Not ready|Check)$/).waitFor();
    await main(app.page)
      .getByText(/not ready: its row says why and what to do\./)
      .waitFor();
    // Neither read reached a car.
    for (const vin of asleep) expect(app.simulator.vehicleState(vin).sleepState).toBe('asleep');
    expect(await seriousAxeViolations(app.page)).toEqual([]);
  });
});
