// Composition root of the main process: builds every service from plain dependencies and returns
// the IPC handlers. Electron's index.ts and the test harness both call this.
import { OPERATION_NAMES } from '../shared/ipc/operations';
import { err, ok } from '../shared/result';
import type { AppInfo } from '../shared/types';
import type { Handlers } from './ipc/register-handlers';

export interface CoreOptions {
  dataDir: string;
  appInfo: Omit<AppInfo, 'demo'>;
}

export interface Core {
  handlers: Handlers;
  dispose(): Promise<void>;
}

export async function createCore(options: CoreOptions): Promise<Core> {
  const pending = Object.fromEntries(
    OPERATION_NAMES.map((operation) => [
      operation,
      async () => err('internal', `${operation} is not available yet`),
    ]),
  ) as unknown as Handlers;
  const handlers: Handlers = {
    ...pending,
    'app.info': async () => ok({ ...options.appInfo, demo: true }),
  };
  return { handlers, dispose: async () => {} };
}
