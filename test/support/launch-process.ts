// launchAppProcess(): the shipped app booted by launchApp() in a child process of its own, so a test
// can run two apps at once, as two machines: each with its own data folder, keychain service, demo
// simulator and Chromium. The child's Chromium opens its debugging port (Electron's
// --remote-debugging-port) on a free local port, and this process drives the app's window over it
// with playwright-core's connectOverCDP: the same page, by accessible names, from outside.
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { FromAppProcess } from './app-process';
import type { DemoOptions } from './launch';
import { RESERVED_SUFFIX } from '../electron-standin/protocol';
import { freePort } from './free-port';
import { TSX_NODE_ARGS } from './tsx-node';

const here = path.dirname(fileURLToPath(import.meta.url));
const STANDIN = [...TSX_NODE_ARGS, '--import', path.join(here, '../electron-standin/register.ts')];
const START_DEADLINE_MS = 90_000;

export interface AppProcess {
  page: Page;
  dataDir: string;
  keychainService: string;
  /** The demo garage's VINs (the same seed gives every app the same ones). */
  vins: string[];
  pid: number;
  /** Quits the app through its own quit chain and waits for the process to end. */
  close(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** The debugging port went to another listener between freePort() and Chromium binding it. */
class DebuggingPortTaken extends Error {}

const LAUNCH_ATTEMPTS = 3;

/**
 * Launches the app in its own process. A free port can be taken by another test's server before
 * Chromium binds it (the OS hands the same ephemeral port out again); then the launch is made again
 * on a new port, since nothing of the first app was used.
 */
export async function launchAppProcess(options: { demo?: DemoOptions } = {}): Promise<AppProcess> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await launchOnce(options);
    } catch (error) {
      if (!(error instanceof DebuggingPortTaken) || attempt >= LAUNCH_ATTEMPTS) throw error;
    }
  }
}

async function launchOnce(options: { demo?: DemoOptions }): Promise<AppProcess> {
  const debuggingPort = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ELECTRON_STANDIN_REMOTE_DEBUGGING_PORT: String(debuggingPort),
  };
  if (options.demo) env['VG_APP_PROCESS_DEMO'] = JSON.stringify(options.demo);
  else delete env['VG_APP_PROCESS_DEMO'];
  const child = fork(path.join(here, 'app-process.ts'), [], {
    execArgv: STANDIN,
    env,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let browser: Browser | null = null;
  const close = async () => {
    await browser?.close().catch(() => undefined);
    if (child.connected) child.send({ type: 'close' });
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    await exited(child);
    clearTimeout(timer);
  };
  try {
    const ready = await new Promise<Extract<FromAppProcess, { type: 'ready' }>>((resolve, reject) => {
      const fail = (error: Error) => {
        clearTimeout(timer);
        reject(error);
      };
      const timer = setTimeout(
        () => fail(new Error(`The app process did not start within ${START_DEADLINE_MS} ms`)),
        START_DEADLINE_MS,
      );
      child.on('message', (message: FromAppProcess) => {
        if (message.type === 'ready') {
          clearTimeout(timer);
          resolve(message);
        }
        if (message.type === 'failed') fail(new Error(`The app process failed to start: ${message.error}`));
      });
      child.once('exit', (code) => fail(new Error(`The app process exited with ${code} while starting`)));
    });
    browser = await chromium.connectOverCDP(`http://127.0.0.1:${debuggingPort}`).catch((error: unknown) => {
      throw new DebuggingPortTaken(`No debugging server on port ${debuggingPort}: ${String(error)}`);
    });
    const page = browser
      .contexts()
      .flatMap((context) => context.pages())
      .find((candidate) => new URL(candidate.url()).hostname.endsWith(RESERVED_SUFFIX));
    if (!page) throw new Error('The app process has no window page on its debugging port');
    return {
      page,
      dataDir: ready.dataDir,
      keychainService: ready.keychainService,
      vins: ready.vins,
      pid: child.pid!,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
