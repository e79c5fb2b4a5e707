// Builds `window.garage` from the operation list: one method per operation, each bound to its own
// channel. The preload calls this with ipcRenderer.invoke; the test harness calls the very same
// function in the page with a Playwright binding as the transport.
import { err, type Result } from '../result';
import type { GarageApi } from './api';
import { channelOf, OPERATION_NAMES } from './operations';

export type Invoke = (channel: string, args: unknown[]) => Promise<unknown>;

export function buildGarageApi(invoke: Invoke): GarageApi {
  const api: Record<string, Record<string, (...args: unknown[]) => Promise<Result<unknown>>>> = {};
  for (const operation of OPERATION_NAMES) {
    const [namespace, method] = operation.split('.') as [string, string];
    const channel = channelOf(operation);
    (api[namespace] ??= {})[method] = async (...args: unknown[]) => {
      try {
        return (await invoke(channel, args)) as Result<unknown>;
      } catch {
        // Handlers never throw; a rejection means the transport itself failed.
        return err('internal', 'The app could not reach its main process. Restart the app.');
      }
    };
  }
  for (const namespace of Object.values(api)) Object.freeze(namespace);
  return Object.freeze(api) as unknown as GarageApi;
}
