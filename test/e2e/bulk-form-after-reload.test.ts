// End to end, in the shipped bundle: the Bulk actions view after a reload shows the run it was
// watching with the form it was started from (cars, command, value), once a run ended the primary
// action sends only to the cars not done, and with results shown the setup keeps a usable height at
// 1280×800 and 1024×640.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { passes, waitFor } from '../support/wait-for';
import { main, screenshot, useGarageApp, vehicleList, views } from './garage-support';

const VEHICLES = 12;

/**
 * The setup pane and the results pane beside it, as laid out now: their heights, and with the setup
 * pane scrolled to the picker, how many of its vehicle rows it shows whole and whether the command's
 * select and value show whole too.
 */
async function panes(
  page: Page,
): Promise<{ setup: number; results: number; pickerRows: number; commandShown: boolean }> {
  const view = main(page);
  const pane = view.getByRole('region', { name: 'Bulk setup and dry run' });
  const picker = pane.getByRole('group', { name: /^Vehicles \(/ });
  // Only the pane scrolls: the window itself stays as it is.
  await pane.evaluate((el) => {
    const top = el.querySelector('fieldset')!.getBoundingClientRect().top;
    el.scrollTop += top - el.getBoundingClientRect().top;
  });
  const setup = (await pane.boundingBox())!;
  const results = (await view.getByRole('region', { name: /^Results: / }).boundingBox())!;
  const whole = (box: { y: number; height: number } | null) =>
    box !== null && box.y >= setup.y - 1 && box.y + box.height <= setup.y + setup.height + 1;
  let pickerRows = 0;
  for (const row of await picker.getByRole('listitem').all())
    if (whole(await row.boundingBox())) pickerRows++;
  const commandShown =
    whole(await pane.getByRole('combobox', { name: 'Command to send' }).boundingBox()) &&
    whole(await pane.getByRole('spinbutton', { name: 'Charge limit (%)' }).boundingBox());
  return { setup: Math.round(setup.height), results: Math.round(results.height), pickerRows, commandShown };
}

describe(
  'the Bulk actions form after a reload, after a run and beside its results',
  { timeout: 180_000 },
  () => {
    const app = useGarageApp({
      demo: {
        vehicles: VEHICLES,
        wakeDelayMs: 3_000,
        wakeTimeoutMs: 6_000,
        completionDelayMs: 20,
        flakiness: false,
      },
    });

    it('shows again the run and its form after a reload; then offers only the cars not done', async () => {
      const { page } = app;
      for (const v of app.simulator.vehicles()) {
        if (v.sleepState !== 'offline') app.simulator.setVehicleState(v.vin, { sleepState: 'asleep' });
      }
      await views(page).getByRole('button', { name: 'Bulk actions' }).click();
      const view = main(page);
      const boxes = view.getByRole('group', { name: /^Vehicles \(/ }).getByRole('checkbox');
      await boxes.first().waitFor();
      // Five cars the app read as online, picked one by one.
      const online = app.simulator.vehicles().filter((v) => v.sleepState !== 'offline');
      const picked = online.slice(0, 5).map((v) => v.vin);
      for (const vin of picked) await view.getByRole('checkbox', { name: new RegExp(vin) }).check();
      await view
        .getByRole('combobox', { name: 'Command to send' })
        .selectOption({ label: 'Set charge limit' });
      await view.getByRole('spinbutton', { name: 'Charge limit (%)' }).fill('65');
      await view.getByRole('combobox', { name: 'Vehicles at a time' }).selectOption('1');
      await view.getByRole('button', { name: 'Run on 5 vehicles' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Run bulk action' }).click();
      await view.getByText(/^[1-3] of 5 finished/).waitFor({ timeout: 60_000 });

      await page.reload();
      await vehicleList(page).getByRole('option').first().waitFor();
      await views(page)
        .getByRole('button', { name: /^Bulk actions: running, \d+ of 5$/ })
        .click();
      const again = main(page);
      const bar = again.getByRole('region', { name: 'Bulk run' });
      await bar.getByRole('progressbar', { name: 'Progress' }).waitFor();
      // The form is the run's: its command, its value and its cars, nothing else.
      await waitFor(
        passes(async () => {
          expect(await again.getByRole('spinbutton', { name: 'Charge limit (%)' }).inputValue()).toBe('65');
        }),
        'the run’s value in the form',
        { timeoutMs: 20_000 },
      );
      const command = again.getByRole('combobox', { name: 'Command to send' });
      expect(
        await command.evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.textContent?.trim()),
      ).toBe('Set charge limit');
      const checked: string[] = [];
      const all = again.getByRole('group', { name: /^Vehicles \(/ }).getByRole('checkbox');
      for (let i = 0; i < (await all.count()); i++) {
        const box = all.nth(i);
        if (await box.isChecked())
          checked.push(await box.evaluate((el) => el.closest('label')!.querySelector('.vin')!.textContent!));
      }
      expect(checked.sort()).toEqual([...picked].sort());
      expect(await again.getByRole('combobox', { name: 'Vehicles at a time' }).inputValue()).toBe('1');

      await bar.getByRole('button', { name: 'Cancel run' }).click();
      const summary = bar.getByText(/^Cancelled: (\d+) sent, (\d+) not sent$/);
      await summary.waitFor({ timeout: 60_000 });
      const [, sent, notSent] = /^Cancelled: (\d+) sent, (\d+) not sent$/.exec(
        (await summary.textContent())!,
      )!;
      expect(Number(sent)).toBeGreaterThan(0);
      // The primary action now sends only to the cars not sent; sending to all five again is asked about.
      const safe = bar.getByRole('button', { name: `Send to the ${notSent} not sent` });
      expect(await safe.getAttribute('class')).toMatch(/\bprimary\b/);
      const all5 = bar.getByRole('button', { name: 'Run on 5 vehicles' });
      expect(await all5.getAttribute('class')).not.toMatch(/\bprimary\b/);
      await all5.click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(new RegExp(`${sent} of them already succeeded`)).waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      // With the results shown, the setup keeps a usable height: the picker's rows, not one line.
      for (const size of [
        { width: 1280, height: 800 },
        { width: 1024, height: 640 },
      ]) {
        await page.setViewportSize(size);
        await waitFor(
          passes(async () => {
            const at = await panes(page);
            expect(at.pickerRows).toBeGreaterThanOrEqual(size.height >= 800 ? 3 : 2);
            expect(at.commandShown).toBe(true);
            expect(at.setup).toBeGreaterThanOrEqual(at.results);
          }),
          'a usable setup pane',
          { timeoutMs: 10_000 },
        );
        await screenshot(page, `bulk-setup-with-results-${size.width}x${size.height}`);
      }
      await page.setViewportSize({ width: 1280, height: 800 });
    });
  },
);
