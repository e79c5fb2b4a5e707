// Long work in the shipped bundle: while a run goes on the system is kept from suspending (a
// power save blocker), and closing the window during it leaves a visible way back (a tray icon on
// Windows and Linux) and says so once; the tray opens the window again; when the run ends the
// blocker is released.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunSnapshot } from '../../electron/shared/runs';
import { APP_WAIT, launchApp, type LaunchedApp } from '../support/launch';
import { waitFor } from '../support/wait-for';

type RunsApi = {
  garage: {
    runs: {
      startGarageRefresh(): Promise<{ ok: boolean; value: RunSnapshot }>;
      get(id: string): Promise<{ ok: boolean; value: RunSnapshot }>;
    };
  };
};

describe('runs that outlive the window keep the machine awake and a way back', () => {
  let app: LaunchedApp;
  beforeAll(async () => {
    // Slow answers: reading 40 cars takes long enough to close the window in the middle.
    app = await launchApp({ demo: { vehicles: 40, latencyMs: 250, flakiness: false } });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('holds a blocker during the run, shows a tray icon and a notice with the window closed, and lets go after', async () => {
    const { electron } = app;
    // The stand-in's own classes, as the bundle got them (not this file's copy of the module).
    const trays = () => electron.Tray.live;
    const blockers = () => [...electron.powerSaveBlocker.active.values()];
    expect(blockers()).toEqual([]);
    // The start-up read of the garage was a run too, and held one while it ran.
    const blockersBefore = electron.powerSaveBlocker.history.length;
    const started = await app.page.evaluate(async () =>
      (globalThis as unknown as RunsApi).garage.runs.startGarageRefresh(),
    );
    expect(started.ok).toBe(true);
    const runId = started.value.id;
    await waitFor(() => blockers().includes('prevent-app-suspension'), 'a power save blocker', APP_WAIT);
    expect(trays()).toEqual([]);

    // The technician closes the window; the run goes on.
    app.window.close();
    const tray = await waitFor(() => trays()[0], 'the tray icon', APP_WAIT);
    expect(tray.toolTip).toBe('Vehicle Garage: 1 run under way');
    expect(tray.image.getSize()).toEqual({ width: 16, height: 16 });
    const notice = await waitFor(
      () => electron.Notification.shown.find((shown) => shown.title === 'Vehicle Garage is still running'),
      'the notice',
      APP_WAIT,
    );
    expect(notice.body).toBe(
      '1 run under way will finish with the window closed. Open it again from the Vehicle Garage icon in the system tray.',
    );
    expect(electron.BrowserWindow.getAllWindows()).toEqual([]);
    expect(blockers()).toEqual(['prevent-app-suspension']);

    // The tray's menu brings the window back, on the run.
    const show = tray.contextMenu!.items.find((item) => item.label === 'Show Vehicle Garage')!;
    show.click();
    const window = await waitFor(() => electron.BrowserWindow.getAllWindows()[0], 'a window again', APP_WAIT);
    await waitFor(() => trays().length === 0, 'the tray icon gone with the window back', APP_WAIT);
    const page = await window.page;

    // Once the run has ended nothing holds the machine awake.
    await waitFor(
      async () => {
        const run = await page.evaluate(
          async (id) => (await (globalThis as unknown as RunsApi).garage.runs.get(id)).value,
          runId,
        );
        return run.endedAt !== null;
      },
      'the run to end',
      { timeoutMs: 90_000 },
    );
    await waitFor(() => blockers().length === 0, 'the blocker released', APP_WAIT);
    // Exactly one notice, and one blocker for the whole run.
    expect(
      electron.Notification.shown.filter((shown) => shown.title === 'Vehicle Garage is still running'),
    ).toHaveLength(1);
    expect(electron.powerSaveBlocker.history.slice(blockersBefore).map((entry) => entry.type)).toEqual([
      'prevent-app-suspension',
    ]);
  });
});
