// The fleet view in the shipped app, by accessible names: opened beside the garage list, its table of
// every car's battery health (worst packs first) sorts by a column header, and a demo car whose key
// is not paired is flagged with why and what to do, all read without waking a car; with the service
// stopped, the view reopens with the same rows from the copies main saved, each read said as a saved
// copy with its age (and as offline once read again), and nothing on it claims to be live.
import { describe, expect, it } from 'vitest';
import { keyPaired } from '../../electron/main/simulator/fleet-status';
import { waitFor } from '../support/wait-for';
import { main, seriousAxeViolations, useGarageApp, views, WIDE } from './garage-support';

const CAPTION = 'Battery health and readiness of each vehicle';

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
    const table = main(app.page).getByRole('table', { name: CAPTION });
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

  it('with the service stopped, reopens with the same rows from the saved copies and their age, claiming nothing live', async () => {
    const { page } = app;
    const table = main(page).getByRole('table', { name: CAPTION });
    await table.waitFor();
    // Both reads answered online: the rows as the service's answers made them.
    await waitFor(
      async () =>
        (await main(page)
          .getByText(/^As of /)
          .count()) === 2,
      'both reads answered',
    );
    const online = await table.getByRole('row').allInnerTexts();
    expect(online.length).toBeGreaterThan(1);
    await app.simulator.stop();

    // Reopened: main answers from the copies it saved, said as saved copies with their age.
    await views(page).getByRole('button', { name: 'Vehicles' }).click();
    await table.waitFor({ state: 'detached' });
    await views(page).getByRole('button', { name: 'Fleet' }).click();
    const saved = main(page).getByText(/^As of .+\s·\s(Saved copy, .+ old|Offline: saved copy from )/);
    await waitFor(async () => (await saved.count()) === 2, 'both reads said as saved copies');
    expect(await table.getByRole('row').allInnerTexts()).toEqual(online);

    // Read again: the service cannot be reached, so the copies stand in, said offline with their time.
    await main(page).getByRole('button', { name: 'Read again', exact: true }).click();
    const offline = main(page).getByText(/^As of .+\s·\sOffline: saved copy from /);
    await waitFor(async () => (await offline.count()) === 2, 'both reads said as offline copies');
    await page.getByRole('banner').getByText('Offline: service unreachable').waitFor();
    expect(await table.getByRole('row').allInnerTexts()).toEqual(online);
    // Nothing on the view says the figures are current.
    expect(
      await main(page)
        .getByText(/\bLive\b|Latest from the service/)
        .count(),
    ).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
