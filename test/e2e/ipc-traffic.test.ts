// The IPC traffic of the shipped bundle, counted where main receives it (the stand-in notes every
// invoke as it reaches ipcMain): an open vehicle left alone asks main nothing more once its first
// reads are answered, and its status regions stay as they are; a "Set charge limit" press is the
// start of the command's run in main (which sends it and reads the effect back) and the read of the
// state main saved, nothing else. The same quiet holds on the Overview with its Location card, on
// Health and history and on the Fleet view, each left alone for 10 s once its reads are answered.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchApp, APP_WAIT, type LaunchedApp } from '../support/launch';
import { passes, waitFor } from '../support/wait-for';
import { main, openVehicle, openVehicleTab, vehicleList, views } from './garage-support';

/** The spec's idle window: this long with nobody touching anything. */
const IDLE_MS = 10_000;

/** Counts every change inside the page's role=status regions (added, removed or rewritten). */
async function watchStatusRegions(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __statusChanges: string[] };
    w.__statusChanges = [];
    const inStatus = (node: Node | null) =>
      (node instanceof Element ? node : node?.parentElement)?.closest('[role="status"]') ?? null;
    new MutationObserver((records) => {
      for (const record of records) {
        const touched = [record.target, ...record.addedNodes, ...record.removedNodes];
        const region = touched.find(
          (node) => inStatus(node) || (node instanceof Element && node.querySelector('[role="status"]')),
        );
        if (region) w.__statusChanges.push(`${record.type}: ${(region.textContent ?? '').trim()}`);
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}

const statusChanges = (page: Page) =>
  page.evaluate(() => (window as unknown as { __statusChanges: string[] }).__statusChanges);

const statusTexts = (page: Page) =>
  main(page)
    .getByRole('status')
    .evaluateAll((nodes) => nodes.map((node) => (node.textContent ?? '').trim()));

describe('IPC traffic of an open vehicle (shipped bundle)', () => {
  let app: LaunchedApp;
  let vin: string;

  beforeAll(async () => {
    app = await launchApp();
    await app.page.setViewportSize({ width: 1440, height: 900 });
    await vehicleList(app.page).getByRole('option').first().waitFor();
    // Awake since launch: the garage read at start-up already knows it awake, so no wake-up is sent first.
    const car =
      app.simulator.vehicles().find((v) => v.sleepState === 'awake') ??
      app.simulator.vehicles().find((v) => v.sleepState !== 'offline')!;
    vin = car.vin;
    app.simulator.setVehicleState(vin, { sleepState: 'awake', asleepSince: null });
  });
  afterAll(async () => {
    await app?.close();
  });

  /** Every invoke main received has been answered. */
  const settled = () => app.window.webContents.invokes.length === app.window.webContents.received.length;

  it('asks main nothing while an open vehicle is left alone for 10 s, and its status regions do not change', async () => {
    const { page } = app;
    await openVehicle(page, vin.slice(-6));
    // The first reads: the state in the strip, the alerts and the tyres, each answered.
    const strip = main(page).getByRole('region', { name: 'Status' });
    await strip.getByText(/^As of /).waitFor();
    await main(page).getByRole('region', { name: 'Firmware alerts' }).waitFor();
    await main(page).getByRole('region', { name: 'Tyre pressures' }).getByText(/bar$/).first().waitFor();
    await waitFor(settled, 'the first reads to be answered', APP_WAIT);
    const received = app.window.webContents.received.length;
    const texts = await statusTexts(page);
    await watchStatusRegions(page);

    // The idle window is the spec itself: a wait is the test.
    await page.waitForTimeout(IDLE_MS);

    const after = app.window.webContents.received.slice(received).map((call) => call.channel);
    expect(after).toEqual([]);
    expect(await statusChanges(page)).toEqual([]);
    expect(await statusTexts(page)).toEqual(texts);
  });

  it('makes one invoke from pressing "Set charge limit" to its effect shown: the run brings the rest', async () => {
    const { page } = app;
    await main(page).getByRole('tab', { name: 'Commands' }).click();
    const panel = main(page).getByRole('tabpanel');
    const before = app.simulator.vehicleState(vin).chargeLimitPercent;
    const field = panel.getByRole('spinbutton', { name: 'Charge limit (%)' });
    await waitFor(
      passes(async () => expect(await field.inputValue()).toBe(String(before))),
      'the field to show the charge limit',
    );
    const target = before >= 95 ? before - 5 : before + 5;
    await field.fill(String(target));
    await waitFor(settled, 'earlier calls to be answered', APP_WAIT);
    const start = app.window.webContents.received.length;
    const sentBefore = app.window.webContents.sent.length;

    await panel.getByRole('button', { name: 'Set charge limit' }).click();
    await panel.getByText(`now ${target} %, was ${before} %`).waitFor();
    await waitFor(settled, 'the press to be answered', APP_WAIT);

    const calls = app.window.webContents.received.slice(start).map((call) => call.channel);
    // Main's run ends with the state it read back and its outcome: the window asks nothing after.
    expect(calls).toEqual(['garage:runs.startVehicleCommand']);
    expect(app.simulator.vehicleState(vin).chargeLimitPercent).toBe(target);
    // The garage list's row learnt of it from main's event for this vehicle, without a read.
    const events = app.window.webContents.sent.slice(sentBefore).map((message) => message.args[0]);
    expect(events).toContainEqual(expect.objectContaining({ type: 'vehicle.changed', vin }));
    expect(events).toContainEqual(expect.objectContaining({ type: 'audit.added', vin }));
  });

  /** The invokes main received while nobody touched anything for IDLE_MS, once the reads shown were answered. */
  async function callsWhileIdle(): Promise<string[]> {
    await waitFor(settled, 'the reads shown to be answered', APP_WAIT);
    const received = app.window.webContents.received.length;
    // The idle window is the spec itself: a wait is the test.
    await app.page.waitForTimeout(IDLE_MS);
    return app.window.webContents.received.slice(received).map((call) => call.channel);
  }

  it('asks main nothing while the Overview with its Location card is left alone for 10 s', async () => {
    const card = (await openVehicleTab(app, vin, 'Overview')).getByRole('region', { name: 'Location' });
    await card.getByRole('img', { name: /^Map of where the vehicle was last reported/ }).waitFor();
    await main(app.page)
      .getByRole('region', { name: 'Battery health' })
      .getByText(/^As of /)
      .waitFor();
    expect(await callsWhileIdle()).toEqual([]);
  });

  it('asks main nothing while Health and history is left alone for 10 s', async () => {
    const view = await openVehicleTab(app, vin, 'Health and history');
    for (const caption of [/^Battery measurements \(/, /^Charging sessions \(/, /^Software versions/])
      await view.getByRole('table', { name: caption }).waitFor();
    expect(await callsWhileIdle()).toEqual([]);
  });

  it('asks main nothing while the Fleet view is left alone for 10 s', async () => {
    await views(app.page).getByRole('button', { name: 'Fleet' }).click();
    await main(app.page)
      .getByRole('table', { name: 'Battery health and readiness of each vehicle' })
      .waitFor();
    await waitFor(
      async () =>
        (await main(app.page)
          .getByText(/^As of /)
          .count()) === 2,
      'both fleet reads answered',
    );
    expect(await callsWhileIdle()).toEqual([]);
    await views(app.page).getByRole('button', { name: 'Vehicles' }).click();
  });
});
