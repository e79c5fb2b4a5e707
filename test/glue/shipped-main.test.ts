// The shipped main bundle, booted unchanged: its window, its IPC surface, its app:// handler, its
// session and navigation fences, and its sender checks, against real Chromium frames.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBSCRIBE_CHANNEL } from '../../electron/shared/ipc/garage-api';
import { channelOf, OPERATION_NAMES } from '../../electron/shared/ipc/operations';
import { recorded } from '../electron-standin/boot';
import { bootGlueApp, extraWindow, type GlueApp } from './glue-app';
import { APP_WAIT } from '../support/launch';
import { onEmitted, waitFor } from '../support/wait-for';

type Garage = { app: { info(): Promise<{ ok: boolean; error?: { kind: string } }> } };
declare const garage: Garage;

describe('out/main/index.js under the Electron stand-in', () => {
  let app: GlueApp;
  beforeAll(async () => {
    app = await bootGlueApp();
  });
  afterAll(async () => {
    await app?.quit();
  });

  it('opens one sandboxed window at app://garage and lists the demo garage through the real preload', async () => {
    const { window: appWindow, page } = app;
    expect(appWindow.webContents.getURL()).toBe('app://garage/index.html');
    expect(appWindow.isVisible()).toBe(true);
    expect(appWindow.options.webPreferences).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
    });
    expect(app.electron.app.calls).toContainEqual({ method: 'enableSandbox', args: [] });
    await page.getByRole('navigation', { name: 'Garage' }).waitFor();
    const listed = await page.evaluate(() =>
      (
        window as unknown as { garage: { vehicles: { list(): Promise<{ ok: boolean; value: unknown[] }> } } }
      ).garage.vehicles.list(),
    );
    expect(listed.ok).toBe(true);
    expect(listed.value.length).toBeGreaterThan(0);
    // The page's own calls reached main from the top frame at app://garage.
    expect(appWindow.webContents.invokes.length).toBeGreaterThan(0);
    for (const call of appWindow.webContents.invokes) {
      expect(call.senderFrame).toEqual({ url: 'app://garage/index.html', parentUrl: null });
    }
    // contextBridge hands the page a frozen copy, not Electron's objects.
    expect(await page.evaluate(() => Object.isFrozen((window as unknown as { garage: object }).garage))).toBe(
      true,
    );
    expect(await page.evaluate(() => typeof (window as unknown as { require?: unknown }).require)).toBe(
      'undefined',
    );
  });

  it("answers on exactly the contract's channels and the event subscription: no logger channel, nothing else", () => {
    expect(app.electron.ipcMain.openChannels()).toEqual(
      [...OPERATION_NAMES.map(channelOf), SUBSCRIBE_CHANNEL].sort(),
    );
  });

  it('answers 404 for a missing renderer file or folder instead of failing the request', async () => {
    const statuses = await app.page.evaluate(async () =>
      Promise.all(['/missing.js', '/assets/', '/index.html'].map(async (url) => (await fetch(url)).status)),
    );
    expect(statuses).toEqual([404, 404, 200]);
  });

  it('denies every permission but a clipboard write from its own top frame, and every device', () => {
    const { permissionRequest, permissionCheck, devicePermission } =
      app.electron.session.defaultSession.handlers;
    const contents = app.window.webContents;
    const request = (permission: string, requestingUrl: string, isMainFrame: boolean) => {
      let granted: boolean | undefined;
      (permissionRequest as unknown as (...args: unknown[]) => void)(
        contents,
        permission,
        (answer: boolean) => (granted = answer),
        { requestingUrl, isMainFrame },
      );
      return granted;
    };
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'clipboard-read',
      'hid',
      'openExternal',
    ]) {
      expect(request(permission, 'app://garage/index.html', true)).toBe(false);
    }
    expect(request('clipboard-sanitized-write', 'app://garage/index.html', true)).toBe(true);
    expect(request('clipboard-sanitized-write', 'app://garage/index.html', false)).toBe(false);
    expect(request('clipboard-sanitized-write', 'app://garage.evil/index.html', true)).toBe(false);
    const check = permissionCheck as unknown as (...args: unknown[]) => boolean;
    expect(
      check(contents, 'media', 'app://garage', {
        requestingUrl: 'app://garage/index.html',
        isMainFrame: true,
      }),
    ).toBe(false);
    expect(check(contents, 'clipboard-sanitized-write', 'app://garage', { isMainFrame: undefined })).toBe(
      false,
    );
    expect(
      (devicePermission as unknown as (...args: unknown[]) => boolean)({
        deviceType: 'usb',
        origin: 'app://garage',
      }),
    ).toBe(false);
  });

  it('refuses navigation away from app://garage', async () => {
    const { window: appWindow, page } = app;
    const seen: { url: string; prevented: boolean }[] = [];
    const listener = (event: { defaultPrevented: boolean }, url: string) =>
      seen.push({ url, prevented: event.defaultPrevented });
    appWindow.webContents.on('will-navigate', listener);
    // The refused navigation ends as a failed request; after that nothing can replace the page.
    const refused = page.waitForEvent(
      'requestfailed',
      (request) => request.url() === 'https://example.com/phish',
    );
    await page.evaluate(() => {
      location.href = 'https://example.com/phish';
    });
    await waitFor(() => seen.length > 0, 'will-navigate', {
      ...APP_WAIT,
      wakeOn: onEmitted(appWindow.webContents, 'will-navigate'),
    });
    appWindow.webContents.off('will-navigate', listener);
    expect(seen).toEqual([{ url: 'https://example.com/phish', prevented: true }]);
    await refused;
    expect(appWindow.webContents.getURL()).toBe('app://garage/index.html');
    expect(await page.evaluate(() => typeof (window as unknown as { garage?: object }).garage)).toBe(
      'object',
    );
  });

  it('opens no window for window.open: an https link goes to the OS browser, plain http nowhere', async () => {
    const { window: appWindow, page, electron } = app;
    const before = appWindow.webContents.windowOpens.length;
    await page.evaluate(() => {
      window.open('https://example.com/release-notes');
      window.open('http://example.com/plain-http');
    });
    await waitFor(
      () => appWindow.webContents.windowOpens.length >= before + 2,
      'two window open decisions',
      APP_WAIT,
    );
    expect(appWindow.webContents.windowOpens.slice(before).map((entry) => entry.action)).toEqual([
      'deny',
      'deny',
    ]);
    await waitFor(() => page.context().pages().length === 1, 'the refused popups to close', APP_WAIT);
    const { shellCalls } = recorded();
    expect(shellCalls).toContainEqual({
      method: 'openExternal',
      args: ['https://example.com/release-notes'],
    });
    expect(shellCalls.some((call) => String(call.args[0]).startsWith('http:'))).toBe(false);
    expect(electron.BrowserWindow.getAllWindows()).toHaveLength(1);
  });

  it('refuses IPC from a look-alike host, a framed app page and a destroyed frame', async () => {
    const { electron } = app;
    const untrusted = { ok: false, error: expect.objectContaining({ kind: 'untrusted_sender' }) };

    const lookAlike = await extraWindow(electron, 'app://garage.evil/index.html');
    expect(await lookAlike.page.evaluate(() => garage.app.info())).toEqual(untrusted);

    // The app's page framed by a page of the same origin: a subframe is never a trusted sender.
    const framing = await extraWindow(electron, 'app://garage/not-a-page.html');
    await framing.page.evaluate(async () => {
      const frame = document.createElement('iframe');
      frame.src = '/index.html';
      document.body.append(frame);
      await new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
    });
    const child = framing.page.frames().find((frame) => frame !== framing.page.mainFrame())!;
    await child.waitForFunction(() => typeof (window as unknown as { garage?: object }).garage === 'object');
    expect(await child.evaluate(() => garage.app.info())).toEqual(untrusted);
    expect(framing.window.webContents.invokes.at(-1)?.senderFrame).toEqual({
      url: 'app://garage/index.html',
      parentUrl: 'app://garage/not-a-page.html',
    });

    // A frame gone by the time main looks at the call: no sender frame, refused.
    const calls = framing.window.webContents.invokes.length;
    await child
      .evaluate(() => {
        void garage.app.info();
        window.frameElement?.remove();
      })
      .catch(() => {
        // The frame is gone before evaluate() can answer: that is the point.
      });
    // The framed app keeps making its own start-up calls, so the destroyed frame's call is found by
    // its missing frame, not by being the last; every call of the framing window is refused.
    const gone = () =>
      framing.window.webContents.invokes.slice(calls).find((call) => call.senderFrame === null);
    await waitFor(() => gone() !== undefined, 'the destroyed frame call', APP_WAIT);
    expect(gone()).toMatchObject({ senderFrame: null, value: untrusted });
    for (const call of framing.window.webContents.invokes.slice(calls)) expect(call.value).toEqual(untrusted);

    lookAlike.window.destroy();
    framing.window.destroy();
    expect(electron.BrowserWindow.getAllWindows()).toHaveLength(1);
  });
});
