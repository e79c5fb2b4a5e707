// app: ready once the entry module has been evaluated (the runner calls markReady), the quit chain
// as Electron documents it, paths under a temporary userData, and a real single-instance lock.
import { EventEmitter } from 'node:events';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { allWindows } from './windows';
import { sealSchemes } from './protocol';
import { acquireLock, type SingleInstanceLock } from './single-instance';
import { closeChromium } from './chromium';

export interface PreventableEvent {
  defaultPrevented: boolean;
  preventDefault(): void;
}

export function preventableEvent(fields: object = {}): PreventableEvent {
  const event = {
    ...fields,
    defaultPrevented: false,
    preventDefault() {
      event.defaultPrevented = true;
    },
  };
  return event;
}

interface PackageInfo {
  name?: string;
  productName?: string;
  version?: string;
}

export class AppStandin extends EventEmitter {
  /** The shipped app runs packaged; set false to boot the way `electron .` does in development. */
  isPackaged = true;
  /** Electron ends the process after `quit`; under a test runner the runner's process must live on. */
  exitProcessOnQuit = false;
  /** Settles with the exit code once the app has quit or exited. */
  readonly exited: Promise<number>;
  /** What the app asked for that has no effect here (relaunch, focus of the app as a whole). */
  readonly calls: { method: string; args: unknown[] }[] = [];

  private ready = false;
  private quitting = false;
  private ended = false;
  private readonly readyPromise: Promise<void>;
  private resolveReady!: () => void;
  private resolveExited!: (code: number) => void;
  private readonly paths = new Map<string, string>();
  private appRoot = process.cwd();
  private lock: SingleInstanceLock | null = null;
  private readonly pendingNotifications: Promise<void>[] = [];
  private readonly queuedSecondInstances: unknown[][] = [];

  readonly commandLine = {
    switches: new Map<string, string>(),
    appendSwitch: (name: string, value = '') => void this.commandLine.switches.set(name, value),
    hasSwitch: (name: string) => this.commandLine.switches.has(name),
    getSwitchValue: (name: string) => this.commandLine.switches.get(name) ?? '',
    appendArgument: () => {},
    removeSwitch: (name: string) => void this.commandLine.switches.delete(name),
  };

  constructor() {
    super();
    this.readyPromise = new Promise((resolve) => (this.resolveReady = resolve));
    this.exited = new Promise((resolve) => (this.resolveExited = resolve));
  }

  /** Where package.json is read from (name, version), as Electron reads the app's own. */
  setAppRoot(root: string): void {
    this.appRoot = root;
  }

  /** The runner calls this once the entry module has been evaluated. */
  markReady(): void {
    if (this.ready) return;
    sealSchemes();
    this.emit('will-finish-launching');
    this.ready = true;
    this.emit('ready', preventableEvent(), {});
    this.resolveReady();
    for (const args of this.queuedSecondInstances.splice(0)) this.emit('second-instance', ...args);
  }

  isReady(): boolean {
    return this.ready;
  }

  whenReady(): Promise<void> {
    return this.readyPromise;
  }

  private packageInfo(): PackageInfo {
    try {
      return JSON.parse(readFileSync(path.join(this.appRoot, 'package.json'), 'utf8')) as PackageInfo;
    } catch {
      return {};
    }
  }

  getName(): string {
    const info = this.packageInfo();
    return this.paths.get('__name') ?? info.productName ?? info.name ?? 'Electron';
  }

  setName(name: string): void {
    this.paths.set('__name', name);
  }

  getVersion(): string {
    return this.packageInfo().version ?? '0.0.0';
  }

  getAppPath(): string {
    return this.appRoot;
  }

  getLocale(): string {
    return 'en-US';
  }

  /**
   * The OS's locale as Electron reads it on Linux (LC_ALL, then LC_MESSAGES, then LANG, as
   * "en-GB"; "C" and "POSIX" name none); a test sets ELECTRON_STANDIN_SYSTEM_LOCALE instead.
   */
  getSystemLocale(): string {
    const raw =
      process.env['ELECTRON_STANDIN_SYSTEM_LOCALE'] ??
      process.env['LC_ALL'] ??
      process.env['LC_MESSAGES'] ??
      process.env['LANG'] ??
      '';
    const tag = raw.split(/[.@]/)[0]!.replace(/_/g, '-');
    return tag === 'C' || tag === 'POSIX' ? '' : tag;
  }

  getPreferredSystemLanguages(): string[] {
    const locale = this.getSystemLocale();
    return locale ? [locale] : [];
  }

  getPath(name: string): string {
    const known = this.paths.get(name);
    if (known) return known;
    switch (name) {
      case 'userData': {
        const dir =
          process.env['ELECTRON_STANDIN_USER_DATA'] ||
          mkdtempSync(path.join(os.tmpdir(), 'standin-userdata-'));
        this.paths.set('userData', dir);
        return dir;
      }
      case 'logs':
        return path.join(this.getPath('userData'), 'logs');
      case 'crashDumps':
        // Electron's default on Linux: beside the user data.
        return path.join(this.getPath('userData'), 'Crashpad');
      case 'sessionData':
        return this.getPath('userData');
      case 'appData':
        return path.dirname(this.getPath('userData'));
      case 'temp':
        return os.tmpdir();
      case 'home':
        return os.homedir();
      case 'exe':
        return process.execPath;
      // The user's folders, as Electron finds them on Linux without XDG settings.
      case 'desktop':
      case 'documents':
      case 'downloads':
      case 'music':
      case 'pictures':
      case 'videos':
        return path.join(os.homedir(), name[0]!.toUpperCase() + name.slice(1));
      default:
        throw new Error(`Failed to get '${name}' path`);
    }
  }

  setPath(name: string, value: string): void {
    this.paths.set(name, value);
  }

  setAppLogsPath(value?: string): void {
    this.paths.set('logs', value ?? path.join(this.getPath('userData'), 'logs'));
  }

  enableSandbox(): void {
    if (this.ready) throw new Error('app.enableSandbox() can only be called before app is ready');
    this.calls.push({ method: 'enableSandbox', args: [] });
  }

  requestSingleInstanceLock(additionalData: unknown = null): boolean {
    if (this.lock) return true;
    const outcome = acquireLock(this.getPath('userData'), additionalData, (message) => {
      const args = [preventableEvent(), message.argv, message.cwd, message.additionalData];
      if (this.ready) this.emit('second-instance', ...args);
      else this.queuedSecondInstances.push(args);
    });
    if ('lock' in outcome) {
      this.lock = outcome.lock;
      return true;
    }
    this.pendingNotifications.push(outcome.notified);
    return false;
  }

  hasSingleInstanceLock(): boolean {
    return this.lock !== null;
  }

  releaseSingleInstanceLock(): void {
    this.lock?.release();
    this.lock = null;
  }

  isQuitting(): boolean {
    return this.quitting;
  }

  /** Schemes this copy registered as the OS's handler for (nothing is registered with the OS here). */
  readonly protocolClients = new Map<string, { path?: string; args?: string[] }>();

  setAsDefaultProtocolClient(protocol: string, path?: string, args?: string[]): boolean {
    this.calls.push({ method: 'setAsDefaultProtocolClient', args: [protocol, path, args] });
    this.protocolClients.set(protocol, { ...(path ? { path } : {}), ...(args ? { args } : {}) });
    return true;
  }

  isDefaultProtocolClient(protocol: string): boolean {
    return this.protocolClients.has(protocol);
  }

  removeAsDefaultProtocolClient(protocol: string): boolean {
    return this.protocolClients.delete(protocol);
  }

  relaunch(options?: unknown): void {
    this.calls.push({ method: 'relaunch', args: [options] });
  }

  focus(options?: unknown): void {
    this.calls.push({ method: 'focus', args: [options] });
  }

  /**
   * before-quit (preventable) → every window gets `close` (preventable) → will-quit (preventable)
   * → quit. A prevented step ends the attempt; the app may call quit() again.
   */
  quit(): void {
    if (this.ended) return;
    const beforeQuit = preventableEvent();
    this.emit('before-quit', beforeQuit);
    if (beforeQuit.defaultPrevented) return;
    this.quitting = true;
    for (const window of allWindows()) {
      if (!window.closeForQuit()) {
        this.quitting = false;
        return;
      }
    }
    const willQuit = preventableEvent();
    this.emit('will-quit', willQuit);
    if (willQuit.defaultPrevented) {
      this.quitting = false;
      return;
    }
    this.emit('quit', preventableEvent(), 0);
    void this.end(0);
  }

  /** Ends at once: no before-quit, no close events, windows destroyed. */
  exit(exitCode = 0): void {
    if (this.ended) return;
    this.quitting = true;
    for (const window of allWindows()) window.destroy();
    void this.end(exitCode);
  }

  private async end(code: number): Promise<void> {
    this.ended = true;
    await Promise.race([
      Promise.all(this.pendingNotifications),
      new Promise((resolve) => setTimeout(resolve, 5_000).unref()),
    ]);
    this.releaseSingleInstanceLock();
    await closeChromium();
    this.resolveExited(code);
    if (this.exitProcessOnQuit) process.exit(code);
  }
}

export const app = new AppStandin();
