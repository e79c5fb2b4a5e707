// End to end in demo mode, by accessible names: a hand-over (remove a driver, revoke the pending
// invitation, guest mode off), lock and unlock with the status strip following what the car
// reports and the outcome beside the button (also after a reload), and a software update installed
// now whose version then shows in the strip.
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import type { LaunchedApp } from '../support/launch';
import { main, openVehicle, screenshot, useGarageApp } from './garage-support';
import { waitFor } from '../support/wait-for';

/** How long each wait may take (each probe asks the page or the simulator itself). */
const PATIENCE = { timeoutMs: 20_000, intervalMs: 50 };

/** The value the status strip shows for a term ("Locked", "Version", "Update"). */
const fact = async (strip: Locator, term: string): Promise<string> =>
  (await strip
    .locator('div.fact')
    .filter({ has: strip.page().locator('dt', { hasText: new RegExp(`^${term}$`) }) })
    .locator('dd')
    .textContent()) ?? '';

describe('access and workshop commands (demo)', () => {
  const app = useGarageApp({ demo: { flakiness: false, updateInstallMs: 1500 } });

  type SimState = ReturnType<LaunchedApp['simulator']['vehicleState']>;
  function vehicleWhere(test: (state: SimState) => boolean) {
    const found = app.simulator.vehicles().find((v) => test(app.simulator.vehicleState(v.vin)));
    if (!found) throw new Error('the demo fleet lacks the vehicle this test needs');
    app.simulator.setVehicleState(found.vin, { sleepState: 'awake' });
    return found;
  }

  it('hands a car over: removes a driver, revokes the pending invitation, turns guest mode off', async () => {
    const { page } = app;
    const car = vehicleWhere(
      (s) => s.drivers.length >= 1 && s.invitations.some((i) => i.state === 'pending'),
    );
    app.simulator.setVehicleState(car.vin, { guestMode: true });
    const driver = app.simulator.vehicleState(car.vin).drivers[0]!;
    const name = `${driver.firstName} ${driver.lastName}`;
    const pending = app.simulator.vehicleState(car.vin).invitations.find((i) => i.state === 'pending')!;

    await openVehicle(page, car.vin);
    await main(page).getByRole('tab', { name: 'Access' }).click();
    const panel = main(page).getByRole('tabpanel');
    await panel.getByRole('button', { name: `Remove driver ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove driver?' });
    expect(await dialog.textContent()).toContain('phone keys are removed from the car too');
    await dialog.getByRole('button', { name: `Remove ${name}` }).click();
    await panel.getByRole('list', { name: 'Drivers' }).getByText(name).waitFor({ state: 'detached' });
    expect(app.simulator.vehicleState(car.vin).drivers.map((d) => d.userId)).not.toContain(driver.userId);

    await panel.getByRole('button', { name: `Revoke invitation ${pending.id}` }).click();
    await panel
      .getByRole('button', { name: `Revoke invitation ${pending.id}` })
      .waitFor({ state: 'detached' });
    expect(app.simulator.vehicleState(car.vin).invitations.find((i) => i.id === pending.id)?.state).toBe(
      'revoked',
    );

    await panel.getByRole('button', { name: 'Guest mode off' }).click();
    await waitFor(() => app.simulator.vehicleState(car.vin).guestMode === false, 'guest mode off', PATIENCE);
    await panel.getByText(/^Now: Off/).waitFor();
  });

  it('locks (the outcome beside the button, still there after a reload) and unlocks (confirmed); the strip shows what the car reports', async () => {
    const { page } = app;
    const car = vehicleWhere((s) => s.sleepState !== 'offline');
    app.simulator.setVehicleState(car.vin, { locked: false });
    await openVehicle(page, car.vin);
    await main(page).getByRole('tab', { name: 'Workshop' }).click();
    let panel = main(page).getByRole('tabpanel');
    const strip = main(page).getByRole('region', { name: 'Status' });
    const lockRow = () =>
      main(page)
        .getByRole('tabpanel')
        .locator('.command', { has: page.getByRole('button', { name: 'Lock', exact: true }) });
    await panel.getByRole('button', { name: 'Lock', exact: true }).click();
    // The strip may already say Locked from the start-up read (the car was locked then): the car
    // taking the command comes first, then the strip showing what it reports after it.
    await waitFor(() => app.simulator.vehicleState(car.vin).locked === true, 'the car to lock', PATIENCE);
    await waitFor(
      async () => (await fact(strip, 'Locked')) === 'Locked',
      'the strip to say Locked',
      PATIENCE,
    );
    // What the car reported after it, beside the button, in the row's live region.
    await lockRow()
      .getByRole('status')
      .getByText(/^now locked/)
      .waitFor();
    expect(await lockRow().getByRole('status').textContent()).toContain('Lock: the vehicle said it did it');

    // A reload: main kept the run, so the outcome shows again beside the button.
    await page.reload();
    await openVehicle(page, car.vin);
    await main(page).getByRole('tab', { name: 'Workshop' }).click();
    panel = main(page).getByRole('tabpanel');
    await lockRow()
      .getByRole('status')
      .getByText(/^now locked/)
      .waitFor();
    expect(
      app.simulator.requests.filter((r) => r.path.endsWith('/command/lock') && r.vin === car.vin),
    ).toHaveLength(1);
    await screenshot(page, 'workshop-lock-after-reload-light');

    await panel.getByRole('button', { name: 'Unlock', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Unlock?' });
    await dialog.getByRole('button', { name: 'Unlock' }).click();
    await waitFor(
      async () => (await fact(strip, 'Locked')) === 'Unlocked',
      'the strip to say Unlocked',
      PATIENCE,
    );
    expect(app.simulator.vehicleState(car.vin).locked).toBe(false);
  });

  it('installs the waiting update now and the strip then shows the new version', async () => {
    const { page } = app;
    const car = vehicleWhere((s) => s.sleepState !== 'offline');
    const staged = '2099.1.1';
    app.simulator.setVehicleState(car.vin, {
      stagedVersion: staged,
      softwareUpdate: {
        status: 'available',
        downloadPercent: 100,
        installPercent: 1,
        expectedDurationSec: 900,
      },
    });
    await openVehicle(page, car.vin);
    const strip = main(page).getByRole('region', { name: 'Status' });
    await strip.getByRole('button', { name: 'Refresh status' }).click();
    await waitFor(
      async () => (await fact(strip, 'Update')).startsWith('Available'),
      'the waiting update',
      PATIENCE,
    );
    await main(page).getByRole('tab', { name: 'Workshop' }).click();
    const panel = main(page).getByRole('tabpanel');
    await panel.getByRole('button', { name: 'Install update now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Install software update?' });
    await dialog.getByRole('button', { name: 'Install software update' }).click();
    // Read again on request until the car reports the new version deployed.
    await waitFor(
      async () => {
        const update = await fact(strip, 'Update');
        if ((await fact(strip, 'Version')).includes(staged) && update === 'None waiting') return true;
        const refresh = strip.getByRole('button', { name: 'Refresh status' });
        if (await refresh.isEnabled()) await refresh.click();
        return false;
      },
      'the new version in the status strip',
      PATIENCE,
    );
    expect(app.simulator.vehicleState(car.vin).deployedVersion).toBe(staged);
  });
});
