// End to end in demo mode, by accessible names: a command to a car last seen offline is warned of
// before anything is sent; confirmed, it waits for the wake-up and can be cancelled, and either way
// the command attempted is on the record with why it was not sent, in History and in the job. And
// valet sent without waiting is said to be "accepted", not done, while the car still says off.
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { main, openVehicle, screenshot, useGarageApp, vehicleList } from './garage-support';
import { passes, waitFor } from '../support/wait-for';

/** The History table's row of the newest entry with this action. */
function historyRow(panel: Locator, action: string): Locator {
  return panel
    .getByRole('row')
    .filter({ has: panel.page().getByRole('cell', { name: action, exact: true }) })
    .first();
}

describe('commands to one car (demo)', { timeout: 120_000 }, () => {
  const app = useGarageApp(
    { demo: { wakeDelayMs: 2_000, wakeTimeoutMs: 6_000, completionDelayMs: 4_000, flakiness: false } },
    { width: 1440, height: 900 },
  );

  it('warns before sending to an offline car, and records the attempt not sent, in History and the job', async () => {
    const { page } = app;
    const car = app.simulator.vehicles().find((v) => v.sleepState === 'offline');
    if (!car) throw new Error('the demo fleet lacks an offline vehicle');
    await openVehicle(page, car.vin);
    const row = vehicleList(page).getByRole('option', { name: new RegExp(car.vin) });
    // Reading the car when it opened told main it is offline.
    await row.getByText('Offline', { exact: false }).first().waitFor();

    const panel = main(page).getByRole('tabpanel');
    await main(page).getByRole('tab', { name: 'Job' }).click();
    await panel.getByRole('textbox', { name: 'Repair order' }).fill('RO-OFF-7');
    await panel.getByRole('button', { name: 'Open job' }).click();
    await panel.getByRole('button', { name: 'Close job' }).waitFor();

    await main(page).getByRole('tab', { name: 'Commands' }).click();
    const limit = panel.getByRole('spinbutton', { name: 'Charge limit (%)' });
    await waitFor(
      passes(async () => expect(await limit.inputValue()).not.toBe('')),
      'the field filled',
    );
    await limit.fill('70');
    await panel.getByRole('button', { name: 'Set charge limit', exact: true }).click();
    // Warned first: nothing is sent until the technician says so.
    let dialog = page.getByRole('dialog', { name: /was offline$/ });
    await dialog.getByText(/^This vehicle was offline when last seen \(reported .+ ago\)/).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(app.simulator.requests.filter((r) => r.vin === car.vin && r.method === 'POST')).toEqual([]);

    // Sent anyway: the service tries to wake it, in vain; the command is not sent, and says why.
    await panel.getByRole('button', { name: 'Set charge limit', exact: true }).click();
    dialog = page.getByRole('dialog', { name: /was offline$/ });
    await dialog.getByRole('button', { name: 'Send anyway' }).click();
    await panel.getByText('Waking the vehicle…').waitFor();
    const status = panel.getByRole('status').filter({ hasText: 'Set charge limit to 70 %' });
    await status
      .getByText(/^Not sent: the vehicle did not wake \(the service waited \d+ s\)/)
      .waitFor({ timeout: 30_000 });
    await status.getByText('Not sent', { exact: true }).waitFor();

    // Flash lights, confirmed too, then cancelled while the car wakes: nothing more is sent.
    await main(page).getByRole('tab', { name: 'Workshop' }).click();
    await panel.getByRole('button', { name: 'Flash lights' }).click();
    await page
      .getByRole('dialog', { name: /was offline$/ })
      .getByRole('button', { name: 'Send anyway' })
      .click();
    await panel.getByText('Waking the vehicle…').waitFor();
    await panel.getByRole('button', { name: 'Cancel command' }).click();
    await panel
      .getByText('Not sent: cancelled while the vehicle was waking (the wake-up had been sent).')
      .waitFor();
    expect(app.simulator.requests.filter((r) => r.vin === car.vin && r.route === 'command')).toEqual([]);
    // Still offline in the list: the status read that said "asleep" did not change that.
    await row.getByText('Offline', { exact: false }).first().waitFor();
    expect(await row.getByText(/Asleep/).count()).toBe(0);

    // History names each command attempted, with why it was not sent, and the wake-up's own end.
    await main(page).getByRole('tab', { name: 'History', exact: true }).click();
    const limitRow = historyRow(panel, 'Set charge limit');
    await limitRow.waitFor();
    await limitRow.getByText('Not sent', { exact: true }).waitFor();
    await limitRow.getByText(/the vehicle did not wake \(the service waited \d+ s\)/).waitFor();
    const flashRow = historyRow(panel, 'Flash lights');
    await flashRow.getByText('cancelled while the vehicle was waking (the wake-up had been sent)').waitFor();
    const wakeRow = historyRow(panel, 'Wake up');
    await wakeRow
      .getByText('the vehicle did not wake in time; it may be offline or out of coverage')
      .waitFor();
    expect(await panel.getByText(/refused/).count()).toBe(0);
    await screenshot(page, 'history-attempts-not-sent');

    // The job has the attempts, with why, and nothing says "refused".
    await main(page).getByRole('tab', { name: 'Job' }).click();
    const actions = panel.getByRole('list', { name: 'Actions in this job' });
    await actions.getByText(/Set charge limit: not sent: the vehicle did not wake/).waitFor();
    await actions.getByText(/Flash lights: not sent: cancelled while the vehicle was waking/).waitFor();
    await actions
      .getByText(/Wake up: failed, not done: the vehicle did not wake in time; it may be offline/)
      .first()
      .waitFor();
    expect(await actions.getByText(/refused/).count()).toBe(0);
  });

  it('says "accepted" for valet sent without waiting, while the car still says off', async () => {
    const { page } = app;
    const car = app.simulator.vehicles().find((v) => v.sleepState !== 'offline');
    if (!car) throw new Error('the demo fleet lacks an online vehicle');
    app.simulator.setVehicleState(car.vin, { sleepState: 'awake', valet: false });
    await openVehicle(page, car.vin);
    await main(page).getByRole('tab', { name: 'Commands' }).click();
    const panel = main(page).getByRole('tabpanel');
    const switches = panel.getByRole('region', { name: 'From the car' });
    await switches.getByText('off', { exact: true }).first().waitFor();
    await panel.getByRole('checkbox', { name: 'Wait for completion' }).uncheck();
    await panel.getByRole('button', { name: 'Enable valet mode', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Enable valet mode?' })
      .getByRole('button', { name: 'Enable valet mode' })
      .click();
    // The service took it; the car has not done it yet (4 s): main reads it back meanwhile.
    await panel.getByText('Accepted by the service; reading the state until the car shows it…').waitFor();
    expect(await panel.getByText('Success', { exact: true }).count()).toBe(0);
    expect(await panel.getByText(/Valet mode enabled/).count()).toBe(0);
    // The technician stops the reading: it stays "accepted", never done.
    await panel.getByRole('button', { name: 'Cancel command' }).click();
    const line = panel
      .getByRole('status')
      .filter({ hasText: 'Accepted by the service; the car has not shown it yet' });
    await line.getByText('Accepted', { exact: true }).waitFor();
    expect(await line.getByText('Success', { exact: true }).count()).toBe(0);
    expect(await panel.getByText(/Valet mode enabled/).count()).toBe(0);
    await screenshot(page, 'valet-accepted-not-done');

    // Once the car shows it, sending again without waiting ends "done", with what the car shows.
    await waitFor(
      passes(() => expect(app.simulator.vehicleState(car.vin).valet).toBe(true)),
      'valet on at the car',
      {
        timeoutMs: 30_000,
      },
    );
    await panel.getByRole('button', { name: 'Enable valet mode', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Enable valet mode?' })
      .getByRole('button', { name: 'Enable valet mode' })
      .click();
    await panel.getByText('Valet mode enabled').waitFor({ timeout: 30_000 });
    await panel.getByText(/^now valet mode on/).waitFor();
    await switches.getByText('on', { exact: true }).first().waitFor();
  });
});
