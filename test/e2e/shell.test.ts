import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchApp, type LaunchedApp } from '../support/launch';

describe('app shell end to end', () => {
  let app: LaunchedApp;
  beforeAll(async () => {
    app = await launchApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('renders the shell with its CSP and answers app.info from the real handler', async () => {
    const { page } = app;
    await page.getByRole('heading', { name: 'Vehicle Garage' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Garage' }).isVisible()).toBe(true);

    const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toContain('unsafe-eval');

    const info = await page.evaluate(() => window.garage.app.info());
    expect(info).toMatchObject({ ok: true, value: { name: 'Vehicle Garage', platform: process.platform } });
    const namespaces = await page.evaluate(() => Object.keys(window.garage));
    expect(namespaces).toContain('vehicles');
    expect(namespaces).not.toContain('invoke');

    await mkdir('test/artifacts', { recursive: true });
    await page.screenshot({ path: 'test/artifacts/shell.png' });
  });

  it('cannot be framed: the CSP refuses even a same-origin iframe', async () => {
    const { page } = app;
    const violation = await page.evaluate(async () => {
      const seen = new Promise<string>((resolve) =>
        document.addEventListener('securitypolicyviolation', (event) => resolve(event.violatedDirective), {
          once: true,
        }),
      );
      const frame = document.createElement('iframe');
      frame.src = '/index.html';
      document.body.append(frame);
      const directive = await seen;
      frame.remove();
      return directive;
    });
    expect(violation).toBe('frame-src');
  });
});
