// launchCoreProcess(): a core in a child process (core-process.ts), driven through `window.garage`
// method names, whose events reach the test, and which the test may kill as a crash would.
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GarageEvent } from '../../electron/shared/events';
import type { FromCoreProcess, ToCoreProcess } from './core-process';
import { TSX_NODE_ARGS } from './tsx-node';

const here = path.dirname(fileURLToPath(import.meta.url));
const START_DEADLINE_MS = 60_000;

export interface CoreProcess {
  dataDir: string;
  keychainService: string;
  /** Calls `window.garage.<method>(...args)` in the child; its envelope. */
  call<T = unknown>(method: string, ...args: unknown[]): Promise<{ ok: boolean; value: T; error?: unknown }>;
  /** Every event the child's main emitted so far, in order. */
  events: GarageEvent[];
  /** Ends the child with `signal` (SIGKILL: no quit chain, no last save) and waits for it to exit. */
  kill(signal: NodeJS.Signals): Promise<void>;
  /** Quits through the core's own dispose. */
  close(): Promise<void>;
}

export async function launchCoreProcess(options: { dataDir: string }): Promise<CoreProcess> {
  const child = fork(path.join(here, 'core-process.ts'), [], {
    execArgv: [...TSX_NODE_ARGS],
    env: { ...process.env, VG_CORE_PROCESS_DATA_DIR: options.dataDir },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const events: GarageEvent[] = [];
  const answers = new Map<number, (value: unknown) => void>();
  let nextId = 1;
  const ready = new Promise<Extract<FromCoreProcess, { type: 'ready' }>>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`The core process did not start within ${START_DEADLINE_MS} ms`)),
      START_DEADLINE_MS,
    );
    child.on('message', (message: FromCoreProcess) => {
      if (message.type === 'ready') {
        clearTimeout(timer);
        resolve(message);
      } else if (message.type === 'failed') {
        clearTimeout(timer);
        reject(new Error(`The core process failed to start: ${message.error}`));
      } else if (message.type === 'event') events.push(message.event);
      else if (message.type === 'answer') answers.get(message.id)?.(message.value);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`The core process exited (${code ?? signal}) while starting`));
    });
  });
  const send = (message: ToCoreProcess) => child.send(message);
  try {
    const started = await ready;
    return {
      dataDir: started.dataDir,
      keychainService: started.keychainService,
      events,
      call: (method, ...args) =>
        new Promise((resolve) => {
          const id = nextId++;
          answers.set(id, resolve as (value: unknown) => void);
          send({ type: 'call', id, method, args });
        }),
      async kill(signal) {
        if (child.exitCode === null && child.signalCode === null) child.kill(signal);
        await exited;
      },
      async close() {
        if (child.connected) send({ type: 'close' });
        const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
        await exited;
        clearTimeout(timer);
      },
    };
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    throw error;
  }
}
