// End to end, in the shipped bundle: a single long command (wake, send, read back) is main's run.
// Reloading the window while the car wakes loses nothing: the command's step shows again and its
// outcome, with the effect the car confirmed, follows. Ending while the app is in the background, it
// shows a system notification; clicking it brings the app to that vehicle.
import { describe, expect, it } from 'vitest';
import { APP_WAIT } from '../support/launch';
import { passes, waitFor } from '../support/wait-for';
import { main, openVehicle, useGarageApp } from './garage-support';

// Long enough for the notification (a command of 10 s or more), short enough for a test.
const WAKE_MS = 11_000;

describe('a long command outlives its window', { timeout: 120_000 }, () => {
  const app = useGarageApp({
    demo: { vehicles: 3, wakeDelayMs: WAKE_MS, completionDelayMs: 20, flakiness: false },
  });

  it('goes on through a reload, shows its outcome again, and a notification brings the app back to it', async () => {
    const cars = app.simulator.vehicles().filter((v) => v.sleepState !== 'offline');
    const car = cars[0]!;
    const other = cars[1]!;
    const before = car.chargeLimitPercent;
    const target = before >= 95 ? before - 5 : before + 5;
    app.simulator.setVehicleState(car.vin, { sleepState: 'awake', asleepSince: null });

    // The window reads the car (main keeps that copy), then the car falls asleep.
    await openVehicle(app.page, car.vin.slice(-6));
    await main(app.page).getByRole('tab', { name: 'Commands' }).click();
    let panel = main(app.page).getByRole('tabpanel');
    const field = panel.getByRole('spinbutton', { name: 'Charge limit (%)' });
    await waitFor(
      passes(async () => expect(await field.inputValue()).toBe(String(before))),
      'the field to show the charge limit',
    );
    app.simulator.setVehicleState(car.vin, { sleepState: 'asleep' });
    await field.fill(String(target));
    await panel.getByRole('button', { name: 'Set charge limit' }).click();
    await panel.getByText('Waking the vehicle…').waitFor({ timeout: 30_000 });

    // Ctrl+R in a development build, a crash, or a reload: the page starts over; main goes on.
    await app.page.reload();
    await openVehicle(app.page, car.vin.slice(-6));
    await main(app.page).getByRole('tab', { name: 'Commands' }).click();
    panel = main(app.page).getByRole('tabpanel');
    const button = panel.getByRole('button', { name: 'Set charge limit' });
    // Still under way: the step shows again and the button stays locked (no second send).
    await panel.getByText('Waking the vehicle…').waitFor();
    expect(await button.isDisabled()).toBe(true);

    // The technician moves on: another vehicle, then another app.
    await openVehicle(app.page, other.vin.slice(-6));
    await main(app.page).getByText(other.vin).first().waitFor();
    app.window.blur();
    const { Notification } = app.electron;
    const notice = await waitFor(
      () => Notification.shown.find((shown) => shown.title === `Set charge limit to ${target} %: done`),
      'the notification of the command',
      { timeoutMs: 60_000 },
    );
    expect(notice.body).toBe(`${car.vin}. Done: now ${target} %, was ${before} %.`);
    expect(app.simulator.vehicleState(car.vin).chargeLimitPercent).toBe(target);
    // Once only, and only this command's.
    expect(Notification.shown.filter((shown) => shown.body.startsWith(car.vin))).toHaveLength(1);

    notice.click();
    await waitFor(() => app.window.isFocused(), 'the window in front', APP_WAIT);
    await main(app.page).getByText(car.vin).first().waitFor();
    await main(app.page).getByRole('tab', { name: 'Commands' }).click();
    panel = main(app.page).getByRole('tabpanel');
    await panel.getByText(`now ${target} %, was ${before} %`).waitFor();
    await panel.getByText(`Charge limit set to ${target} % (the vehicle was woken for it)`).waitFor();
    expect(await panel.getByRole('button', { name: 'Set charge limit' }).isDisabled()).toBe(false);
    // One wake and one command reached the service for it.
    const sent = app.simulator.requests.filter(
      (r) => r.vin === car.vin && (r.route === 'wake' || r.route === 'command'),
    );
    expect(sent.map((r) => r.route).sort()).toEqual(['command', 'wake']);
  });
});
