// One real Chromium per process (as Electron has one browser process) and one browser context for
// session.defaultSession. Every request of every page goes through route(): reserved origins are
// answered by the protocol.handle handlers, renderer-initiated navigations raise will-navigate and
// will-frame-navigate, and a page opened by window.open goes to the opener's window open handler.
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Frame,
  type Page,
  type Request,
  type Route,
} from 'playwright-core';
import type { BrowserWindow } from './browser-window';
import { fromChromiumUrl, handlerFor } from './protocol';
import { windowOfPage } from './windows';
import { CHROMIUM_ARGS } from '../support/chromium-args';

let browser: Promise<Browser> | null = null;
let context: Promise<BrowserContext> | null = null;

export function defaultContext(): Promise<BrowserContext> {
  context ??= (async () => {
    // Electron's --remote-debugging-port, for a test driving an app that runs in another process.
    const debuggingPort = process.env['ELECTRON_STANDIN_REMOTE_DEBUGGING_PORT'];
    browser ??= chromium.launch({
      executablePath: process.env['CHROMIUM_PATH'] || '/usr/bin/chromium',
      args: debuggingPort
        ? [
            ...CHROMIUM_ARGS,
            `--remote-debugging-port=${debuggingPort}`,
            '--remote-debugging-address=127.0.0.1',
          ]
        : CHROMIUM_ARGS,
    });
    const created = await (await browser).newContext({ colorScheme: 'light' });
    await created.route('**/*', (route, request) => routeRequest(route, request));
    created.on('page', (page) => void onPage(page));
    return created;
  })();
  return context;
}

export async function closeChromium(): Promise<void> {
  const running = browser;
  browser = null;
  context = null;
  if (running) await (await running).close().catch(() => {});
}

async function routeRequest(route: Route, request: Request): Promise<void> {
  const url = request.url();
  if (request.isNavigationRequest()) {
    const frame = frameOf(request);
    if (!frame) {
      // The first navigation of a window.open page: its opener's handler decides; never loaded.
      popupUrls.push(url);
      pairPopups();
      return route.abort('blockedbyclient');
    }
    const window = windowOfPage(frame.page());
    if (!window) return route.abort('blockedbyclient');
    if (!window.webContents.allowNavigation(url, frame === frame.page().mainFrame(), frame)) {
      return route.abort('aborted');
    }
  }
  const appUrl = fromChromiumUrl(url);
  if (appUrl === url) return route.continue();
  const handler = handlerFor(appUrl.slice(0, appUrl.indexOf(':')));
  if (!handler) return route.abort('failed');
  let response: Response;
  try {
    const body = request.postDataBuffer();
    response = await handler(
      new Request(appUrl, {
        method: request.method(),
        headers: await request.allHeaders(),
        body:
          body && request.method() !== 'GET' && request.method() !== 'HEAD'
            ? new Uint8Array(body)
            : undefined,
      }),
    );
  } catch (error) {
    // Electron logs the rejection and fails the request with net::ERR_UNEXPECTED.
    console.log(`Error handling ${appUrl}:`, error);
    return route.abort('failed');
  }
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => (headers[name] = value));
  await route.fulfill({ status: response.status, headers, body: Buffer.from(await response.arrayBuffer()) });
}

function frameOf(request: Request): Frame | null {
  try {
    return request.frame();
  } catch {
    // A popup's first request comes before Playwright knows its frame.
    return null;
  }
}

// window.open: Chromium creates the page before anything can ask the app, so the stand-in pairs
// each new page nobody owns (its opener known) with the first navigation it made, in order, asks
// the opener's window open handler, and closes the page whatever the answer (README.md).
const popupUrls: string[] = [];
const popupPages: { page: Page; opener: BrowserWindow | undefined }[] = [];

function pairPopups(): void {
  while (popupUrls.length > 0 && popupPages.length > 0) {
    const url = popupUrls.shift()!;
    const { page, opener } = popupPages.shift()!;
    opener?.webContents.decideWindowOpen(fromChromiumUrl(url));
    void page.close().catch(() => {});
  }
}

async function onPage(page: Page): Promise<void> {
  // A window's own page has no opener; a window.open page has one (noopener pages: README.md).
  const openerPage = await page.opener().catch(() => null);
  if (!openerPage || windowOfPage(page)) return;
  popupPages.push({ page, opener: windowOfPage(openerPage) });
  pairPopups();
}
