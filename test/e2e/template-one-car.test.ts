// End to end in the shipped bundle, by accessible names: a saved template applied to one car from its
// Telemetry tab goes through main's template run (its differences first, then a confirmation; one
// audited write), and a roll-out's results say the changes the written cars shared once, per car
// only the rest, intervals in words.
import { describe, expect, it } from 'vitest';
import type { RunSnapshot } from '../../electron/shared/runs';
import { main, openVehicle, useGarageApp, views } from './garage-support';

describe('a saved template applied to one car, and a roll-out’s changes said once (demo)', () => {
  const app = useGarageApp({ demo: { flakiness: false } });

  function onlineCars(count: number) {
    const cars = app.simulator
      .vehicles()
      .filter((v) => v.sleepState !== 'offline')
      .slice(0, count);
    if (cars.length < count) throw new Error('the demo fleet lacks the vehicles this test needs');
    for (const car of cars) app.simulator.setVehicleState(car.vin, { sleepState: 'awake' });
    return cars.map((car) => car.vin);
  }

  function setFields(vin: string, fields: Record<string, { interval_seconds: number }>) {
    const telemetry = app.simulator.vehicleState(vin).telemetry;
    app.simulator.setVehicleState(vin, {
      telemetry: { ...telemetry, synced: true, config: { ...telemetry.config, fields } },
    });
  }

  it('applies a template from a car’s Telemetry tab through main, then shows a roll-out’s shared changes once', async () => {
    const { page } = app;
    const [source, target, a, b] = onlineCars(4);
    setFields(source!, { Gear: { interval_seconds: 3600 }, Location: { interval_seconds: 10 } });
    setFields(target!, { Gear: { interval_seconds: 5 } });
    setFields(a!, { Gear: { interval_seconds: 5 } });
    setFields(b!, { Gear: { interval_seconds: 5 }, Odometer: { interval_seconds: 600 } });

    await openVehicle(page, source!);
    await main(page).getByRole('tab', { name: 'Telemetry' }).click();
    let tab = main(page).getByRole('tabpanel');
    await tab.getByRole('textbox', { name: 'Template name' }).fill('Hourly');
    await tab.getByRole('button', { name: 'Save these fields as a template' }).click();
    await page.getByText('Template Hourly saved').waitFor();

    await openVehicle(page, target!);
    await main(page).getByRole('tab', { name: 'Telemetry' }).click();
    tab = main(page).getByRole('tabpanel');
    await tab.getByRole('combobox', { name: 'Template' }).selectOption('Hourly');
    await tab.getByRole('button', { name: 'Apply to this car' }).click();
    const dialog = page.getByRole('dialog');
    const changes = dialog.getByRole('list', { name: /^What changes on / });
    expect(await changes.getByRole('listitem').allTextContents()).toEqual([
      'Gear is every 5 seconds on the car, every 1 hour in the template',
      'Location is missing (template: every 10 seconds)',
    ]);
    await dialog.getByRole('button', { name: 'Apply template' }).click();
    await tab
      .getByText(
        /^Hourly: Written \(Gear is every 5 seconds on the car, every 1 hour in the template; Location/,
      )
      .waitFor({ timeout: 30_000 });
    expect(app.simulator.vehicleState(target!).telemetry.config.fields).toEqual({
      Gear: { interval_seconds: 3600 },
      Location: { interval_seconds: 10 },
    });
    // Main's template run for that one car, audited as one write.
    const { run, audited } = await page.evaluate(async (vin) => {
      const listed = await window.garage.runs.list();
      if (!listed.ok) throw new Error(listed.error.message);
      const summary = listed.value.find((r) => r.kind === 'template-rollout')!;
      const got = await window.garage.runs.get(summary.id);
      const entries = await window.garage.audit.list({ limit: 1000 });
      if (!got.ok || !entries.ok) throw new Error('could not read the run or the audit log');
      return {
        run: got.value,
        audited: entries.value.filter((e) => e.runId === summary.id && e.vin === vin),
      };
    }, target!);
    expect((run as RunSnapshot).items.map((i) => [i.vin, i.status])).toEqual([[target!, 'succeeded']]);
    expect(audited).toHaveLength(1);

    // A roll-out to two more cars: the change both shared said once, the other car's own in its row.
    await views(page).getByRole('button', { name: 'Bulk actions' }).click();
    const view = main(page);
    for (const vin of [a!, b!]) await view.getByRole('checkbox', { name: new RegExp(vin) }).check();
    const panel = view.getByRole('region', { name: 'Apply a telemetry template' });
    await panel.getByRole('combobox', { name: 'Template' }).selectOption('Hourly');
    await panel.getByRole('button', { name: 'Check configurations' }).click();
    await panel.getByText(/Hourly on 2 vehicles: 2 will be written\./).waitFor();
    await panel.getByRole('button', { name: 'Apply template to 2 vehicles' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Apply template' }).click();
    const once = panel.getByRole('list', { name: 'Changed on each of the 2 cars written' });
    await once.waitFor({ timeout: 30_000 });
    expect(await once.getByRole('listitem').allTextContents()).toEqual([
      'Gear is every 5 seconds on the car, every 1 hour in the template',
      'Location is missing (template: every 10 seconds)',
    ]);
    const results = panel.getByRole('table', { name: 'Bulk results' });
    expect(
      await results.getByRole('row').filter({ hasText: a! }).getByRole('cell').nth(3).textContent(),
    ).toBe('Done: Written; pending until the car adopts it.');
    expect(
      await results.getByRole('row').filter({ hasText: b! }).getByRole('cell').nth(3).textContent(),
    ).toBe(
      'Done: Written, and on this car also: Odometer is not in the template (car: every 10 minutes); pending until the car adopts it.',
    );
  });
});
