// End to end, in the shipped bundle: a bulk run of 50 cars that take seconds to wake is main's.
// Reloading the window mid-run, or closing it and launching the app again, loses nothing: the run
// goes on, its progress shows again, Cancel still works, and every vehicle sent has exactly one
// audit entry.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { RunSnapshot } from '../../electron/shared/runs';
import type { AuditEntry } from '../../electron/shared/types';
import { passes, waitFor } from '../support/wait-for';
import { main, useGarageApp, vehicleList, views } from './garage-support';

const VEHICLES = 50;

describe('a 50-vehicle bulk run outlives its window', { timeout: 180_000 }, () => {
  const app = useGarageApp({
    demo: {
      vehicles: VEHICLES,
      wakeDelayMs: 2_000,
      wakeTimeoutMs: 4_000,
      completionDelayMs: 20,
      flakiness: false,
    },
  });

  function putToSleep() {
    for (const v of app.simulator.vehicles()) {
      if (v.sleepState !== 'offline') app.simulator.setVehicleState(v.vin, { sleepState: 'asleep' });
    }
  }

  async function startRun(page: Page) {
    await views(page).getByRole('button', { name: 'Bulk actions' }).click();
    const view = main(page);
    await view.getByRole('button', { name: 'Select all shown' }).click();
    await view.getByRole('combobox', { name: 'Command to send' }).selectOption({ label: 'Set charge limit' });
    // The cars the app read as offline at start-up are skipped by the dry run: the rest are sent.
    const reachable = app.simulator.vehicles().filter((v) => v.sleepState !== 'offline').length;
    await view.getByRole('button', { name: `Run on ${reachable} vehicles` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Run bulk action' }).click();
    // A few cars done (each takes a wake-up), most still to go.
    await view
      .getByText(new RegExp(`^([4-9]|[1-3]\\d) of ${VEHICLES} finished`))
      .waitFor({ timeout: 60_000 });
  }

  /** Back on the bulk page of a fresh window: the header shows the run first, then its progress. */
  async function seeRunAgain(page: Page) {
    await vehicleList(page).getByRole('option').first().waitFor();
    await views(page)
      .getByRole('button', { name: new RegExp(`^Bulk actions: running, \\d+ of ${VEHICLES}$`) })
      .click();
    const bar = main(page).getByRole('region', { name: 'Bulk run' });
    await bar.getByRole('progressbar', { name: 'Progress' }).waitFor();
    const progress = bar.getByText(new RegExp(`of ${VEHICLES} finished`));
    // The new window follows main's events: the count moves on without any action here.
    const first = await progress.textContent();
    await waitFor(
      passes(async () => expect(await progress.textContent()).not.toBe(first)),
      'the progress to move',
      { timeoutMs: 60_000 },
    );
    return bar;
  }

  /** Cancel from this window; the run ends in main's words, and the audit log matches what was sent. */
  async function cancelAndCheck(page: Page, sentBefore: number) {
    const bar = main(page).getByRole('region', { name: 'Bulk run' });
    await bar.getByRole('button', { name: 'Cancel run' }).click();
    await bar
      .getByText(/^Cancelled: \d+ sent( \(\d+ failed\))?, \d+ not sent(, \d+ skipped \(offline\))?$/)
      .waitFor({ timeout: 60_000 });
    const { run, audit } = await page.evaluate(async () => {
      const listed = await window.garage.runs.list();
      if (!listed.ok) throw new Error(listed.error.message);
      const got = await window.garage.runs.get(listed.value[0]!.id);
      const entries = await window.garage.audit.list({ limit: 10_000 });
      if (!got.ok || !entries.ok) throw new Error('could not read the run or the audit log');
      return { run: got.value, audit: entries.value };
    });
    const r = run as RunSnapshot;
    expect(r.state).toBe('cancelled');
    const sent = r.items.filter((i) => i.status === 'succeeded' || i.status === 'failed');
    // It went on while the window was away: more sent than when the window left.
    expect(sent.length).toBeGreaterThan(sentBefore);
    expect(r.counts.notSent).toBeGreaterThan(0);
    const ofRun = (audit as AuditEntry[]).filter((e) => e.runId === r.id);
    expect(ofRun.map((e) => e.vin).sort()).toEqual(sent.map((i) => i.vin).sort());
    expect(ofRun.every((e) => e.bulk === true)).toBe(true);
    const commands = app.simulator.requests.filter(
      (q) => q.route === 'command' && r.items.some((i) => i.vin === q.vin),
    );
    expect(commands.map((q) => q.vin).sort()).toEqual(sent.map((i) => i.vin).sort());
  }

  const sentNow = () => app.simulator.requests.filter((q) => q.route === 'command').length;

  it('goes on through a reload of the window; progress shows again and Cancel works', async () => {
    putToSleep();
    app.simulator.clearRequests();
    await startRun(app.page);
    const before = sentNow();
    await app.page.reload();
    await seeRunAgain(app.page);
    await cancelAndCheck(app.page, before);
  });

  it('goes on with the window closed; launching the app again shows it, and Cancel works', async () => {
    putToSleep();
    app.simulator.clearRequests();
    await startRun(app.page);
    const before = sentNow();
    app.window.close();
    await waitFor(() => app.electron.BrowserWindow.getAllWindows().length === 0, 'the window closed', {
      timeoutMs: 10_000,
    });
    // No window, and the run still sends.
    await waitFor(() => sentNow() > before + 2, 'more sends with the window closed', { timeoutMs: 60_000 });
    expect(app.electron.app.isQuitting()).toBe(false);
    // Launching the app again brings a window back.
    app.electron.app.emit('second-instance', {}, [], process.cwd());
    const window = await waitFor(() => app.electron.BrowserWindow.getAllWindows()[0], 'a new window', {
      timeoutMs: 30_000,
    });
    const page = await window.page;
    await page.setViewportSize({ width: 1280, height: 800 });
    await seeRunAgain(page);
    await cancelAndCheck(page, before);
    Object.assign(app, { page, window });
  });
});
