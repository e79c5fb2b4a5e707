// BrowserWindow and its webContents, backed by a real Chromium page of the default session. The
// page is created at once (Electron creates the renderer with the window); the app's events are
// emitted with Electron's names and arguments, with app:// URLs.
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import type { Frame, Page } from 'playwright-core';
import { app, preventableEvent, type PreventableEvent } from './app';
import { defaultContext } from './chromium';
import { ipcMain } from './ipc-main';
import { fromChromiumUrl, toChromiumUrl } from './protocol';
import { installBridge, type Bridge, type FrameStandin, type InvokeRecord } from './renderer-bridge';
import { session } from './recorders';
import { addWindow, allWindows, bindPage, removeWindow } from './windows';

interface WebPreferences {
  preload?: string;
  nodeIntegrationInSubFrames?: boolean;
  contextIsolation?: boolean;
  sandbox?: boolean;
  nodeIntegration?: boolean;
  spellcheck?: boolean;
}

export interface BrowserWindowOptions {
  show?: boolean;
  title?: string;
  webPreferences?: WebPreferences;
  [option: string]: unknown;
}

/** Electron's printToPDF options (inches, as Electron takes them). */
interface PrintToPdfOptions {
  landscape?: boolean;
  printBackground?: boolean;
  preferCSSPageSize?: boolean;
  scale?: number;
  displayHeaderFooter?: boolean;
  generateTaggedPDF?: boolean;
  pageSize?: string | { width: number; height: number };
  margins?: { top?: number; bottom?: number; left?: number; right?: number };
}

type WindowOpenHandler = (details: {
  url: string;
  frameName: string;
  features: string;
  disposition: string;
}) => {
  action: 'allow' | 'deny';
};

let nextId = 1;

export class WebContentsStandin extends EventEmitter {
  readonly id = nextId++;
  readonly session = session.defaultSession;
  /** Every ipcRenderer.invoke this window's frames made, with the sender frame main saw. */
  readonly invokes: InvokeRecord[] = [];
  /** Every ipcRenderer.invoke as it was handed to ipcMain's handler, answered or not yet. */
  readonly received: { channel: string; at: number }[] = [];
  /** Every webContents.send main made to this window, in order, with when it was sent. */
  readonly sent: { channel: string; args: unknown[]; at: number }[] = [];
  /** Set once the page's bridge is installed. */
  bridge: Promise<Bridge> | null = null;
  /** What the window open handler decided, in order. */
  readonly windowOpens: { url: string; action: string }[] = [];
  windowOpenHandler: WindowOpenHandler | null = null;
  private destroyed = false;
  private loading: string | null = null;

  constructor(
    readonly window: BrowserWindow,
    readonly page: Promise<Page>,
  ) {
    super();
  }

  setWindowOpenHandler(handler: WindowOpenHandler | null): void {
    this.windowOpenHandler = handler;
  }

  /** The words the spell checker's suggestions replaced a misspelling with (nothing is typed). */
  readonly replacedMisspellings: string[] = [];
  replaceMisspelling(text: string): void {
    this.replacedMisspellings.push(text);
  }

  /** Called for a page that window.open created from this window; true if allowed. */
  decideWindowOpen(url: string): boolean {
    const decision = this.windowOpenHandler?.({
      url,
      frameName: '',
      features: '',
      disposition: 'new-window',
    }) ?? {
      action: 'allow',
    };
    this.windowOpens.push({ url, action: decision.action });
    return decision.action === 'allow';
  }

  /**
   * Called for every navigation request of this window's frames. A navigation main started with
   * loadURL raises nothing; a renderer-initiated one raises will-navigate (main frame) and then
   * will-frame-navigate (every frame), either of which may prevent it.
   */
  allowNavigation(chromiumUrl: string, isMainFrame: boolean, frame: Frame): boolean {
    if (isMainFrame && this.loading === chromiumUrl) {
      this.loading = null;
      return true;
    }
    const url = fromChromiumUrl(chromiumUrl);
    if (isMainFrame) {
      const event = preventableEvent({ url, isMainFrame });
      this.emit('will-navigate', event, url, false, true);
      if (event.defaultPrevented) return false;
    }
    const details = preventableEvent({ url, isMainFrame, frame: { url: fromChromiumUrl(frame.url()) } });
    this.emit('will-frame-navigate', details);
    return !details.defaultPrevented;
  }

  async loadURL(url: string): Promise<void> {
    const page = await this.page;
    const target = toChromiumUrl(url);
    const current = page.url();
    if (target.includes('#') && target.split('#')[0] === current.split('#')[0]) {
      // Only the fragment differs: Chromium navigates within the document (no reload, no load
      // event); Electron reports did-navigate-in-page.
      await page.goto(target);
      this.emit('did-navigate-in-page', preventableEvent(), url, true);
      return;
    }
    this.loading = target;
    const response = await page.goto(target, { waitUntil: 'load' });
    if (response && response.status() >= 400) {
      // Electron loads the error body and still resolves: only a failed request rejects.
    }
    this.emit('did-finish-load');
  }

  getURL(): string {
    return this.currentUrl;
  }

  /** Kept current from the page so getURL() stays synchronous, as in Electron. */
  currentUrl = '';

  isDestroyed(): boolean {
    return this.destroyed;
  }

  markDestroyed(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.emit('destroyed');
  }

  openDevTools(): void {}

  /** Reloads the page (a new document; after a crash, a new renderer). */
  async reload(): Promise<void> {
    const page = await this.page;
    await page.reload({ waitUntil: 'load' });
    this.emit('did-finish-load');
  }

  /**
   * Stand-in only: kills this page's renderer process for real (CDP Page.crash, as Chromium's
   * chrome://crash does); Chromium reports the crash and the stand-in emits render-process-gone.
   */
  async crashRenderer(): Promise<void> {
    const page = await this.page;
    const cdp = await page.context().newCDPSession(page);
    // The call never answers: its renderer is gone.
    void cdp.send('Page.crash').catch(() => {});
  }

  /**
   * Chromium's own print to PDF (CDP Page.printToPDF through playwright's page.pdf, headless), with
   * Electron's defaults: Letter, no backgrounds, default margins, unless the options say otherwise.
   */
  async printToPDF(options: PrintToPdfOptions = {}): Promise<Buffer> {
    const page = await this.page;
    const size = options.pageSize ?? 'Letter';
    const margins = options.margins;
    const inch = (value: number | undefined) => (value === undefined ? undefined : `${value}in`);
    return page.pdf({
      landscape: options.landscape ?? false,
      printBackground: options.printBackground ?? false,
      preferCSSPageSize: options.preferCSSPageSize ?? false,
      scale: options.scale ?? 1,
      displayHeaderFooter: options.displayHeaderFooter ?? false,
      tagged: options.generateTaggedPDF ?? false,
      ...(typeof size === 'string'
        ? { format: size }
        : { width: `${size.width}in`, height: `${size.height}in` }),
      ...(margins
        ? {
            margin: {
              top: inch(margins.top),
              bottom: inch(margins.bottom),
              left: inch(margins.left),
              right: inch(margins.right),
            },
          }
        : {}),
    });
  }

  /** As Electron: to the top frame's ipcRenderer listeners, asynchronously; throws once destroyed. */
  send(channel: string, ...args: unknown[]): void {
    if (this.destroyed) throw new Error('Object has been destroyed');
    // Electron serializes with the structured clone algorithm: a function or symbol throws.
    const copy = structuredClone(args);
    this.sent.push({ channel, args: copy, at: Date.now() });
    void this.bridge?.then((bridge) => bridge.send(channel, copy)).catch(() => {});
  }
}

export class BrowserWindow extends EventEmitter {
  static getAllWindows(): BrowserWindow[] {
    return allWindows();
  }

  static getFocusedWindow(): BrowserWindow | null {
    return allWindows().find((window) => window.focused) ?? null;
  }

  static fromWebContents(contents: WebContentsStandin): BrowserWindow | null {
    return allWindows().find((window) => window.webContents === contents) ?? null;
  }

  readonly id: number;
  readonly webContents: WebContentsStandin;
  /** The Chromium page behind the window, for tests. */
  readonly page: Promise<Page>;
  /** How often the app brought the window to the front. */
  focusCount = 0;
  private visible: boolean;
  private focused = false;
  private minimized = false;
  private destroyed = false;
  private readyToShowSent = false;
  private maximized = false;
  private bounds: { x: number; y: number; width: number; height: number };
  /** Every setProgressBar call: the value and its options. */
  readonly progressBar: { progress: number; options: unknown }[] = [];

  constructor(readonly options: BrowserWindowOptions = {}) {
    super();
    this.visible = options.show !== false;
    const number = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);
    const width = number(options['width'], 800);
    const height = number(options['height'], 600);
    // Without x and y Electron centres the window on the primary display.
    this.bounds = {
      x: number(options['x'], Math.floor((1920 - width) / 2)),
      y: number(options['y'], Math.floor((1040 - height) / 2)),
      width,
      height,
    };
    this.page = this.createPage();
    this.page.catch(() => {});
    this.webContents = new WebContentsStandin(this, this.page);
    this.id = this.webContents.id;
    addWindow(this);
    app.emit('web-contents-created', preventableEvent(), this.webContents);
    app.emit('browser-window-created', preventableEvent(), this);
    this.webContents.on('did-finish-load', () => {
      if (this.readyToShowSent) return;
      this.readyToShowSent = true;
      this.emit('ready-to-show');
    });
  }

  private async createPage(): Promise<Page> {
    const context = await defaultContext();
    const page = await context.newPage();
    bindPage(page, this);
    const preferences = this.options.webPreferences ?? {};
    const cdp = await context.newCDPSession(page);
    let bridgeReady!: (bridge: Bridge) => void;
    this.webContents.bridge = new Promise((resolve) => (bridgeReady = resolve));
    const bridge = await installBridge(cdp, {
      records: this.webContents.invokes,
      received: this.webContents.received,
      preloadSource: preferences.preload ? readFileSync(preferences.preload, 'utf8') : null,
      subframes: preferences.nodeIntegrationInSubFrames === true,
      mapUrl: fromChromiumUrl,
      invoke: (senderFrame: FrameStandin | null, channel, args) =>
        ipcMain.invoke(
          { sender: this.webContents, senderFrame, frameId: senderFrame?.frameTreeNodeId, processId: 0 },
          channel,
          args,
        ),
    });
    page.on('crash', () => {
      this.webContents.emit('render-process-gone', preventableEvent(), { reason: 'crashed', exitCode: 11 });
    });
    bridgeReady(bridge);
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) this.webContents.currentUrl = fromChromiumUrl(frame.url());
    });
    return page;
  }

  loadURL(url: string): Promise<void> {
    return this.webContents.loadURL(url);
  }

  show(): void {
    this.visible = true;
    this.emit('show');
  }

  hide(): void {
    this.visible = false;
    this.emit('hide');
  }

  isVisible(): boolean {
    return this.visible;
  }

  focus(): void {
    this.focusCount += 1;
    this.focused = true;
    this.visible = true;
    this.emit('focus');
  }

  isFocused(): boolean {
    return this.focused;
  }

  /** The technician switched to another app: the window stays open, in the background. */
  blur(): void {
    this.focused = false;
    this.emit('blur');
  }

  minimize(): void {
    this.minimized = true;
    this.emit('minimize');
  }

  restore(): void {
    this.minimized = false;
    this.emit('restore');
  }

  isMinimized(): boolean {
    return this.minimized;
  }

  isDestroyed(): boolean {
    return this.destroyed;
  }

  getBounds(): { x: number; y: number; width: number; height: number } {
    return { ...this.bounds };
  }

  /** The bounds the window has when not maximised. */
  getNormalBounds(): { x: number; y: number; width: number; height: number } {
    return { ...this.bounds };
  }

  setBounds(bounds: Partial<{ x: number; y: number; width: number; height: number }>): void {
    const before = this.bounds;
    this.bounds = { ...before, ...bounds };
    if (this.bounds.width !== before.width || this.bounds.height !== before.height) this.emit('resize');
    if (this.bounds.x !== before.x || this.bounds.y !== before.y) this.emit('move');
  }

  maximize(): void {
    if (this.maximized) return;
    this.maximized = true;
    this.visible = true;
    this.emit('maximize');
  }

  unmaximize(): void {
    if (!this.maximized) return;
    this.maximized = false;
    this.emit('unmaximize');
  }

  isMaximized(): boolean {
    return this.maximized;
  }

  isFullScreen(): boolean {
    return false;
  }

  setProgressBar(progress: number, options: unknown = {}): void {
    this.progressBar.push({ progress, options });
  }

  getTitle(): string {
    return this.options.title ?? '';
  }

  /** close: preventable; then the window goes and, outside a quit, may end the app. */
  close(): void {
    if (this.destroyed) return;
    const event: PreventableEvent = preventableEvent();
    this.emit('close', event);
    if (event.defaultPrevented) return;
    this.destroy();
  }

  /** The quit chain's close: false if the app prevented it. */
  closeForQuit(): boolean {
    const event = preventableEvent();
    this.emit('close', event);
    if (event.defaultPrevented) return false;
    this.destroy();
    return true;
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    removeWindow(this);
    void this.page.then((page) => page.close()).catch(() => {});
    this.webContents.markDestroyed();
    this.emit('closed');
    if (allWindows().length === 0 && !app.isQuitting()) {
      if (app.listenerCount('window-all-closed') > 0) app.emit('window-all-closed');
      else app.quit();
    }
  }
}
