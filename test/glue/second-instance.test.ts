// One app per data folder: a second process started on the same userData hands its launch to the
// first one, which brings its window back; and quitting lets commands under way finish and audits them.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootGlueApp, type GlueApp } from './glue-app';
import { APP_WAIT } from '../support/launch';
import { launchAgain } from '../support/second-launch';
import { waitFor } from '../support/wait-for';

type Envelope = { ok: boolean; value?: unknown };
type GarageWindow = {
  garage: {
    vehicles: {
      list(): Promise<{ ok: boolean; value: { vin: string }[] }>;
      command(vin: string, name: string): Promise<Envelope>;
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
    const vins = await page.evaluate(async () => {
      const { garage } = window as unknown as GarageWindow;
      const listed = (await garage.vehicles.list()).value.map((vehicle) => vehicle.vin);
      for (const vin of listed) void garage.vehicles.command(vin, 'close_windows');
      return listed;
    });
    const sent = () => contents.received.filter((call) => call.channel === 'garage:vehicles.command');
    await waitFor(() => sent().length === vins.length, 'every command to reach main', APP_WAIT);
    // Under way at the service: the cars are being woken or sent to.
    await waitFor(
      () => app.simulator.requests.some((r) => r.route === 'wake' || r.route === 'command'),
      'a command to reach the service',
      APP_WAIT,
    );
    const quitAt = Date.now();
    electron.app.quit();
    expect(await electron.app.exited).toBe(0);
    expect(electron.BrowserWindow.getAllWindows()).toEqual([]);

    const answered = contents.invokes.filter((call) => call.channel === 'garage:vehicles.command');
    expect(answered).toHaveLength(vins.length);
    const lateAnswers = answered.filter((call) => call.at > quitAt);
    // Quitting waited for the commands under way, and none of them was cut off as "shutting down".
    expect(lateAnswers.length).toBeGreaterThan(0);
    for (const call of answered) expect(JSON.stringify(call.value)).not.toContain('shutting down');

    // The log is kept in month files (audit/segments/YYYY-MM.jsonl): read every one of them.
    const segments = path.join(userData, 'audit', 'segments');
    const months = (await readdir(segments)).filter((name) => /^\d{4}-\d{2}\.jsonl$/.test(name));
    const audit = (await Promise.all(months.map((name) => readFile(path.join(segments, name), 'utf8')))).join(
      '',
    );
    const audited = audit
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { vin: string; operation: string })
      .filter((entry) => entry.operation === 'command:close_windows')
      .map((entry) => entry.vin);
    expect(audited.sort()).toEqual([...vins].sort());
  });
});
