// End to end in the shipped bundle, by accessible names: a template saved from one car is applied to
// five others from the bulk view (dry run first, then one write at a time), one of which the service
// refuses (its firmware is too old for the configuration): four are written, one fails with the
// service's reason. And "Lock" in bulk locks every picked car.
import { describe, expect, it } from 'vitest';
import { main, openVehicle, useGarageApp, views } from './garage-support';
import { waitFor } from '../support/wait-for';

/** How long each wait may take (each probe asks the simulator or the page itself). */
const PATIENCE = { timeoutMs: 30_000, intervalMs: 50 };

describe('template roll-out and workshop commands in bulk (demo)', () => {
  const app = useGarageApp({ demo: { flakiness: false } });

  function onlineCars(count: number, except: string[] = []) {
    const cars = app.simulator
      .vehicles()
      .filter((v) => v.sleepState !== 'offline' && !except.includes(v.vin))
      .slice(0, count);
    if (cars.length < count) throw new Error('the demo fleet lacks the vehicles this test needs');
    for (const car of cars) app.simulator.setVehicleState(car.vin, { sleepState: 'awake' });
    return cars.map((car) => car.vin);
  }

  it('applies a template to five vehicles: four written, one refused with the reason', async () => {
    const { page } = app;
    const [source] = onlineCars(1);
    const five = onlineCars(5, [source!]);
    const refusing = five[2]!;
    for (const vin of five) {
      const telemetry = app.simulator.vehicleState(vin).telemetry;
      app.simulator.setVehicleState(vin, {
        telemetry: {
          ...telemetry,
          synced: true,
          config: { ...telemetry.config, fields: { Gear: { interval_seconds: 7 } } },
        },
      });
    }
    app.simulator.setVehicleState(refusing, { deployedVersion: '2022.44.1' });
    const wanted = app.simulator.vehicleState(source!).telemetry.config.fields;

    // The template: the source car's fields, saved from its Telemetry tab.
    await openVehicle(page, source!);
    await main(page).getByRole('tab', { name: 'Telemetry' }).click();
    const tab = main(page).getByRole('tabpanel');
    await tab.getByRole('textbox', { name: 'Template name' }).fill('Lot standard');
    await tab.getByRole('button', { name: 'Save these fields as a template' }).click();
    await page.getByText('Template Lot standard saved').waitFor();

    await views(page).getByRole('button', { name: 'Bulk actions' }).click();
    const view = main(page);
    for (const vin of five) await view.getByRole('checkbox', { name: new RegExp(vin) }).check();
    const panel = view.getByRole('region', { name: 'Apply a telemetry template' });
    await panel.getByRole('combobox', { name: 'Template' }).selectOption('Lot standard');
    await panel.getByRole('button', { name: 'Check configurations' }).click();
    await panel.getByText(/Lot standard on 5 vehicles: 5 will be written\./).waitFor();
    const dry = panel.getByRole('table', { name: 'Template dry run' });
    expect(await dry.getByRole('row').filter({ hasText: five[0]! }).textContent()).toContain(
      'Gear is every 7 seconds on the car',
    );

    await panel.getByRole('button', { name: 'Apply template to 5 vehicles' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Apply template' }).click();
    const results = panel.getByRole('table', { name: 'Bulk results' });
    await results
      .getByRole('row')
      .filter({ hasText: refusing })
      .getByText(/unsupported firmware/)
      .waitFor({ timeout: 30_000 });
    await waitFor(
      async () => (await results.getByText(/^Done: Written/).count()) === 4,
      'four written',
      PATIENCE,
    );
    expect(await results.getByRole('row').filter({ hasText: refusing }).textContent()).toContain(
      'The service did not write it: unsupported firmware.',
    );
    for (const vin of five.filter((v) => v !== refusing)) {
      expect(app.simulator.vehicleState(vin).telemetry.config.fields).toEqual(wanted);
    }
    expect(app.simulator.vehicleState(refusing).telemetry.config.fields).toEqual({
      Gear: { interval_seconds: 7 },
    });
    expect(app.simulator.configWriteStats().refusedConcurrent).toBe(0);
    await panel.getByRole('button', { name: 'Retry the 1 not written' }).waitFor();
  });

  it('locks every picked car in bulk', async () => {
    const { page } = app;
    const three = onlineCars(3);
    for (const vin of three) app.simulator.setVehicleState(vin, { locked: false });
    await views(page).getByRole('button', { name: 'Bulk actions' }).click();
    const view = main(page);
    await view.getByRole('button', { name: 'Select none' }).click();
    for (const vin of three) await view.getByRole('checkbox', { name: new RegExp(vin) }).check();
    await view.getByRole('combobox', { name: 'Command to send' }).selectOption({ label: 'Lock' });
    await view.getByText(/Lock will be sent to 3 of 3 vehicles\./).waitFor();
    await view
      .getByRole('region', { name: 'Bulk run' })
      .getByRole('button', { name: 'Run on 3 vehicles' })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Run bulk action' }).click();
    await waitFor(
      () => three.every((vin) => app.simulator.vehicleState(vin).locked),
      'three cars locked',
      PATIENCE,
    );
    // The bulk command's own results pane, not the roll-out panel's (it keeps the last roll-out's).
    const results = view
      .getByRole('region', { name: /^Results: Lock on 3 vehicles/ })
      .getByRole('table', { name: 'Bulk results' });
    await waitFor(
      async () => (await results.getByText('Done: now locked').count()) === 3,
      'three confirmed locks',
      PATIENCE,
    );
  });
});
