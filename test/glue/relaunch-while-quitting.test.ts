// A launch that arrives while the app is quitting (last window closed, commands still draining)
// must not open a window whose every call would answer "The app is shutting down": the app
// restarts once it has finished quitting instead.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { notifyOwner } from '../electron-standin/single-instance';
import { bootGlueApp, type GlueApp } from './glue-app';
import { APP_WAIT } from '../support/launch';
import { waitFor } from '../support/wait-for';

type GarageWindow = {
  garage: {
    vehicles: {
      list(): Promise<{ value: { vin: string }[] }>;
      command(vin: string, name: string): Promise<unknown>;
    };
  };
};

let app: GlueApp;
beforeAll(async () => {
  app = await bootGlueApp();
});
afterAll(async () => {
  await app?.quit();
});

it('defers a relaunch that arrives while quitting, opening no window', async () => {
  const { electron, window: appWindow, page } = app;
  let windowsCreated = 0;
  electron.app.on('browser-window-created', () => (windowsCreated += 1));
  await page.evaluate(async () => {
    const { garage } = window as unknown as GarageWindow;
    // The asleep vehicles take seconds to wake: quitting stays busy that long.
    for (const { vin } of (await garage.vehicles.list()).value)
      void garage.vehicles.command(vin, 'close_windows');
  });
  // Under way at the service: quitting now has commands to drain.
  await waitFor(
    () => app.simulator.requests.some((r) => r.route === 'wake' || r.route === 'command'),
    'a command to reach the service',
    APP_WAIT,
  );
  appWindow.close();
  expect(electron.app.isQuitting()).toBe(false);
  expect(electron.BrowserWindow.getAllWindows()).toEqual([]);

  await notifyOwner(app.userData);
  expect(await electron.app.exited).toBe(0);
  expect(windowsCreated).toBe(0);
  expect(electron.app.calls.filter((call) => call.method === 'relaunch')).toHaveLength(1);
});
