// The event channel of the shipped bundle: main's events reach the app's own top frame through the
// real preload, and nothing else. A page of another origin, or a framed copy of the app, that asks
// for events is refused as its invokes are, and main never sends it one.
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBSCRIBE_CHANNEL } from '../../electron/shared/ipc/garage-api';
import type { GarageEvent } from '../../electron/shared/events';
import { bootGlueApp, extraWindow, type GlueApp } from './glue-app';
import { APP_WAIT } from '../support/launch';
import { waitFor } from '../support/wait-for';

type Seen = { type: string; vin?: string; entry?: { nickname: string | null } | null };

/** Subscribes in the page (or frame) and keeps what arrives in `window.__seen`. */
async function listen(target: Page | Frame): Promise<void> {
  await target.evaluate(() => {
    const w = window as unknown as {
      __seen: GarageEvent[];
      garage: { events: { subscribe(listener: (event: GarageEvent) => void): () => void } };
    };
    w.__seen = [];
    w.garage.events.subscribe((event) => w.__seen.push(event));
  });
}

const seen = (target: Page | Frame) =>
  target.evaluate(() => (window as unknown as { __seen: Seen[] }).__seen);

describe('event channel of the shipped bundle', () => {
  let app: GlueApp;
  beforeAll(async () => {
    app = await bootGlueApp();
    await app.page.getByRole('navigation', { name: 'Garage' }).waitFor();
  });
  afterAll(async () => {
    await app?.quit();
  });

  it("delivers main's events to the app's top frame, and none to a foreign page or a framed copy", async () => {
    const { electron, page, window: appWindow } = app;
    const untrusted = { ok: false, error: expect.objectContaining({ kind: 'untrusted_sender' }) };

    // A look-alike host with the app's preload asks for events: refused, like its invokes.
    const lookAlike = await extraWindow(electron, 'app://garage.evil/index.html');
    await listen(lookAlike.page);
    // The app's page framed by another page: the subframe's subscription is refused too.
    const framing = await extraWindow(electron, 'app://garage/not-a-page.html');
    await framing.page.evaluate(async () => {
      const frame = document.createElement('iframe');
      frame.src = '/index.html';
      document.body.append(frame);
      await new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
    });
    const child = framing.page.frames().find((frame) => frame !== framing.page.mainFrame())!;
    await child.waitForFunction(() => typeof (window as unknown as { garage?: object }).garage === 'object');
    await listen(child);
    for (const window of [lookAlike.window, framing.window]) {
      await waitFor(
        () => window.webContents.invokes.some((call) => call.channel === SUBSCRIBE_CHANNEL),
        'the forged subscription to be answered',
        APP_WAIT,
      );
      expect(window.webContents.invokes.find((call) => call.channel === SUBSCRIBE_CHANNEL)?.value).toEqual(
        untrusted,
      );
    }

    // The app's own page subscribes and a change happens in main.
    await listen(page);
    const vin = await page.evaluate(async () => {
      const garage = (
        window as unknown as { garage: { vehicles: { list(): Promise<{ value: { vin: string }[] }> } } }
      ).garage;
      return (await garage.vehicles.list()).value[0]!.vin;
    });
    await page.evaluate(
      (vin) =>
        (
          window as unknown as {
            garage: { vehicles: { rename(vin: string, name: string): Promise<unknown> } };
          }
        ).garage.vehicles.rename(vin, 'Event test'),
      vin,
    );
    await page.waitForFunction(
      (vin) =>
        (window as unknown as { __seen: Seen[] }).__seen.some(
          (event) =>
            event.type === 'vehicle.changed' && event.vin === vin && event.entry?.nickname === 'Event test',
        ),
      vin,
    );
    expect(appWindow.webContents.sent.some((message) => message.channel === 'garage-event')).toBe(true);

    // Nothing was sent to the other windows, and nothing reached their listeners.
    expect(lookAlike.window.webContents.sent).toEqual([]);
    expect(framing.window.webContents.sent).toEqual([]);
    expect(await seen(lookAlike.page)).toEqual([]);
    expect(await seen(child)).toEqual([]);

    lookAlike.window.destroy();
    framing.window.destroy();
  });

  it('forwards whatever is on the bus in order, with the listener unsubscribed on request', async () => {
    const { page } = app;
    await page.evaluate(() => {
      const w = window as unknown as {
        __order: string[];
        __all: string[];
        __stop: () => void;
        garage: { events: { subscribe(listener: (event: { type: string }) => void): () => void } };
      };
      w.__order = [];
      w.__all = [];
      w.__stop = w.garage.events.subscribe((event) => w.__order.push(event.type));
      w.garage.events.subscribe((event) => w.__all.push(event.type));
    });
    const vin = await page.evaluate(async () => {
      const garage = (
        window as unknown as { garage: { vehicles: { list(): Promise<{ value: { vin: string }[] }> } } }
      ).garage;
      return (await garage.vehicles.list()).value[1]!.vin;
    });
    // Removing a vehicle: the vehicle's entry goes (null), then the garage changed.
    await page.evaluate(
      (vin) =>
        (
          window as unknown as { garage: { vehicles: { remove(vin: string): Promise<unknown> } } }
        ).garage.vehicles.remove(vin),
      vin,
    );
    await page.waitForFunction(() =>
      (window as unknown as { __order: string[] }).__order.includes('garage.changed'),
    );
    // Removing a vehicle is audited too, so its entry is told first.
    const order = () => page.evaluate(() => (window as unknown as { __order: string[] }).__order);
    expect(await order()).toEqual(['audit.added', 'vehicle.changed', 'garage.changed']);
    await page.evaluate(() => (window as unknown as { __stop: () => void }).__stop());
    await page.evaluate(
      (vin) =>
        (
          window as unknown as { garage: { vehicles: { add(input: { vin: string }): Promise<unknown> } } }
        ).garage.vehicles.add({ vin }),
      vin,
    );
    // The listener still subscribed gets the add; the unsubscribed one gets nothing more.
    await page.waitForFunction(
      () =>
        (window as unknown as { __all: string[] }).__all.filter((type) => type === 'garage.changed')
          .length === 2,
    );
    expect(await order()).toEqual(['audit.added', 'vehicle.changed', 'garage.changed']);
  });
});
