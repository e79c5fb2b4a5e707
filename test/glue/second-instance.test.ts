// One app per data folder: a second process started on the same userData hands its launch to the
// first one, which brings its window back; and quitting lets commands under way finish and audits them.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootGlueApp, type GlueApp } from './glue-app';
import { recorded } from '../electron-standin/boot';
import { APP_WAIT } from '../support/launch';
import { launchAgain } from '../support/second-launch';
import { waitFor } from '../support/wait-for';

type Envelope = { ok: boolean; value?: unknown };
type GarageWindow = {
  garage: {
    vehicles: { list(): Promise<{ ok: boolean; value: { vin: string }[] }> };
    runs: {
      startVehicleCommand(
        vin: string,
        name: string,
        options?: { offlineConfirmed?: boolean },
      ): Promise<Envelope>;
    };
  };
};

describe('single instance and quitting, in the shipped main bundle', () => {
  let app: GlueApp;
  beforeAll(async () => {
    app = await bootGlueApp();
  });
  afterAll(async () => {
    await app?.quit();
  });

  it('a second launch exits at once and brings the minimized window back', async () => {
    const { window, electron } = app;
    window.minimize();
    const focusesBefore = window.focusCount;
    expect(await launchAgain(app.userData)).toBe(0);
    await waitFor(() => window.focusCount > focusesBefore, 'the window to be focused', APP_WAIT);
    expect(window.isMinimized()).toBe(false);
    expect(electron.BrowserWindow.getAllWindows()).toEqual([window]);
  });

  it('quitting with commands under way lets them answer, audits them, then quits', async () => {
    const { page, electron, userData } = app;
    const contents = app.window.webContents;
    // One command per demo vehicle: the asleep ones take seconds to wake, so they are under way.
    // Flashing the lights changes no state a saved reading could already show, so main wakes every
    // asleep car for it (closing closed windows on an asleep car would be skipped without a send).
    const vins = await page.evaluate(async () => {
      const { garage } = window as unknown as GarageWindow;
      const listed = (await garage.vehicles.list()).value.map((vehicle) => vehicle.vin);
      // Each a run in main (its car checked, woken, sent to); the offline one was asked for anyway.
      for (const vin of listed)
        void garage.runs.startVehicleCommand(vin, 'flash', { offlineConfirmed: true });
      return listed;
    });
    const sent = () => contents.received.filter((call) => call.channel === 'garage:runs.startVehicleCommand');
    await waitFor(() => sent().length === vins.length, 'every command to reach main', APP_WAIT);
    // Under way at the service: the cars are being woken or sent to.
    await waitFor(
      () => app.simulator.requests.some((r) => r.route === 'wake' || r.route === 'command'),
      'a command to reach the service',
      APP_WAIT,
    );
    // Quitting asks first, naming the runs still going; the technician stops them.
    recorded().answerMessageBox = (options) => options.buttons?.indexOf('Quit and stop the runs') ?? 0;
    const quitAt = Date.now();
    electron.app.quit();
    expect(await electron.app.exited).toBe(0);
    expect(electron.BrowserWindow.getAllWindows()).toEqual([]);
    const prompt = recorded().dialogCalls.find((call) => call.method === 'showMessageBox');
    expect((prompt?.args.at(-1) as { message?: string } | undefined)?.message).toMatch(
      /runs? (is|are) still going/,
    );

    const answered = contents.invokes.filter((call) => call.channel === 'garage:runs.startVehicleCommand');
    expect(answered).toHaveLength(vins.length);
    // Every command was taken (a run started for it), none refused as "shutting down".
    for (const call of answered) expect(JSON.stringify(call.value)).not.toContain('shutting down');

    // The log is kept in month files (audit/segments/YYYY-MM.jsonl): read every one of them.
    const segments = path.join(userData, 'audit', 'segments');
    const months = (await readdir(segments)).filter((name) => /^\d{4}-\d{2}\.jsonl$/.test(name));
    const audit = (await Promise.all(months.map((name) => readFile(path.join(segments, name), 'utf8')))).join(
      '',
    );
    const entries = audit
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { vin: string; operation: string; time: string; outcome: string })
      .filter((entry) => entry.operation === 'command:flash');
    // Each command is on the record: answered, or not sent with why (a car still waking at quit).
    expect(entries.map((entry) => entry.vin).sort()).toEqual([...vins].sort());
    // Quitting waited for the runs under way and recorded what they ended with before it exited.
    const late = entries.filter((entry) => Date.parse(entry.time) >= quitAt);
    expect(late.length).toBeGreaterThan(0);
  });
});
