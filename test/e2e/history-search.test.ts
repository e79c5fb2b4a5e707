// The search of every vehicle's history in the shipped app, by accessible names: with two cars that
// each have history, a term found in one car's history lists that car's entries only, each naming
// the car; a term found nowhere says so.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { main, openVehicle, seriousAxeViolations, useGarageApp } from './garage-support';

/** Sends the command of `button` to `vin` from its Workshop tab, and waits for its History entry. */
async function commandAndRecord(page: Page, vin: string, button: string): Promise<void> {
  await openVehicle(page, vin);
  await main(page).getByRole('tab', { name: 'Workshop' }).click();
  await main(page).getByRole('tabpanel').getByRole('button', { name: button, exact: true }).click();
  await main(page).getByRole('tab', { name: 'History', exact: true }).click();
  await main(page)
    .getByRole('tabpanel')
    .getByRole('table')
    .first()
    .getByRole('cell', { name: button, exact: true })
    .first()
    .waitFor({ timeout: 30_000 });
}

/** Searches every vehicle's history for `text` from the History tab. */
async function searchAll(page: Page, text: string): Promise<void> {
  const panel = main(page).getByRole('tabpanel');
  await panel.getByRole('searchbox', { name: 'Search all vehicles’ history' }).fill(text);
  await panel.getByRole('search').getByRole('button', { name: 'Search', exact: true }).click();
}

describe("search of all vehicles' history (demo)", () => {
  const app = useGarageApp({ demo: { vehicles: 3, flakiness: false } }, { width: 1440, height: 900 });

  it("finds a term in one car's history only, and says when no car's history has it", async () => {
    const { page, simulator } = app;
    const [flashed, honked] = simulator.vehicles().filter((car) => car.sleepState !== 'offline');
    if (!flashed || !honked) throw new Error('the demo fleet lacks two reachable vehicles');
    await commandAndRecord(page, flashed.vin, 'Flash lights');
    await commandAndRecord(page, honked.vin, 'Honk horn');

    // Seen from the other car's History tab: the search is of every car's history.
    await searchAll(page, 'flash');
    const panel = main(page).getByRole('tabpanel');
    const found = panel.getByRole('table', {
      name: 'Entries of all vehicles matching “flash”, newest first',
    });
    await found.waitFor();
    const rows = found.getByRole('row');
    expect(await rows.count()).toBe(2);
    const row = (await rows.nth(1).textContent()) ?? '';
    expect(row).toContain(flashed.vin);
    expect(row).toContain('Flash lights');
    expect(row).not.toContain(honked.vin);
    await panel.getByRole('status').getByText('1 entry matches “flash”.').waitFor();

    await searchAll(page, 'no such work qzx');
    await panel
      .getByRole('status')
      .getByText('No entries of any vehicle match “no such work qzx”.')
      .waitFor();
    expect(await panel.getByRole('table', { name: /^Entries of all vehicles matching/ }).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
