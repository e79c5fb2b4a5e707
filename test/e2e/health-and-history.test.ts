// A demo car's Health and history in the shipped app: the tab opens by its name, its charts are drawn
// on canvases with their numbers in tables, choosing another range asks the simulator for that window
// and the tables' numbers follow, nothing wakes the car, and with the service stopped the tab still
// shows the saved copies with their age.
import { beforeAll, describe, expect, it } from 'vitest';
import { main, openVehicleTab, seriousAxeViolations, useGarageApp, WIDE } from './garage-support';

describe('Health and history (demo)', () => {
  const app = useGarageApp({}, WIDE);
  let vin: string;

  beforeAll(() => {
    vin = app.simulator.vehicles().find((v) => v.sleepState === 'asleep')!.vin;
  });

  const rowsIn = async (caption: RegExp) => {
    const table = main(app.page).getByRole('table', { name: caption });
    await table.waitFor();
    return (await table.getByRole('row').count()) - 1;
  };

  it('opens by its name, draws its charts, and the tables follow a change of range', async () => {
    const { page } = app;
    app.simulator.clearRequests();
    await openVehicleTab(app, vin, 'Health and history');
    const ranges = main(page).getByRole('group', { name: 'Time range' });
    expect(await ranges.getByRole('radio', { name: '30 days' }).isChecked()).toBe(true);

    const month = await rowsIn(/^Battery measurements \(\d+ rows?\)$/);
    const monthCharges = await rowsIn(/^Charging sessions \(\d+ rows?\)$/);
    expect(month).toBeGreaterThan(0);
    expect(monthCharges).toBeGreaterThan(0);
    await main(page)
      .getByRole('table', { name: /^Software versions/ })
      .waitFor();

    // The chart is drawn: its canvas has pixels that are not blank.
    const chart = main(page).getByRole('img', { name: 'Usable capacity over time' });
    const painted = await chart.locator('canvas').evaluate((canvas: HTMLCanvasElement) => {
      const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      let count = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) count++;
      return count;
    });
    expect(painted).toBeGreaterThan(100);

    await ranges.getByRole('radio', { name: '1 year' }).check();
    await main(page)
      .getByRole('table', {
        name: new RegExp(`^Battery measurements \\((?!${month} rows?\\))\\d+ rows?\\)$`),
      })
      .waitFor();
    const year = await rowsIn(/^Battery measurements \(\d+ rows?\)$/);
    expect(year).toBeGreaterThan(month);
    expect(await rowsIn(/^Charging sessions \(\d+ rows?\)$/)).toBeGreaterThanOrEqual(monthCharges);

    // Each window asked for once per read, and none of them woke the car.
    const battery = app.simulator.requests.filter((r) => r.vin === vin && r.route === 'battery_health');
    expect(battery).toHaveLength(2);
    expect(app.simulator.vehicleState(vin).sleepState).toBe('asleep');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('with the service stopped, shows the saved copies with their age', async () => {
    const { page } = app;
    await app.simulator.stop();
    const ranges = main(page).getByRole('group', { name: 'Time range' });
    await ranges.getByRole('radio', { name: '30 days' }).check();
    await main(page).getByRole('button', { name: 'Read again from the service' }).click();
    const battery = main(page).getByRole('region', { name: 'Battery capacity' });
    await battery.getByText(/^As of .+\s·\sOffline: saved copy from /).waitFor();
    await main(page)
      .getByRole('table', { name: /^Battery measurements \(\d+ rows?\)$/ })
      .waitFor();
  });
});
