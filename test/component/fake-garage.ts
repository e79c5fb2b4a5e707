// A scripted window.garage for component tests (jsdom has no main process). Integration and
// end-to-end tests use the real handlers instead; this only drives UI states.
import type { GarageApi } from '../../electron/shared/ipc/api';
import { buildGarageApi } from '../../electron/shared/ipc/garage-api';
import { operationOf } from '../../electron/shared/ipc/operations';

export type Responder = (args: unknown[]) => unknown;

export function installFakeGarage(responders: Record<string, Responder>): {
  api: GarageApi;
  calls: { operation: string; args: unknown[] }[];
} {
  const calls: { operation: string; args: unknown[] }[] = [];
  const api = buildGarageApi(async (channel, args) => {
    const operation = operationOf(channel) ?? channel;
    calls.push({ operation, args });
    const responder = responders[operation];
    if (!responder) return { ok: false, error: { kind: 'internal', message: `no fake for ${operation}` } };
    return responder(args);
  });
  Object.defineProperty(window, 'garage', { value: api, configurable: true });
  return { api, calls };
}
