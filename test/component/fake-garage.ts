// A scripted window.garage for component tests (jsdom has no main process). Integration and
// end-to-end tests use the real handlers instead; this only drives UI states.
import type { GarageEvent } from '../../electron/shared/events';
import type { GarageApi } from '../../electron/shared/ipc/api';
import { buildGarageApi } from '../../electron/shared/ipc/garage-api';
import { operationOf } from '../../electron/shared/ipc/operations';

export type Responder = (args: unknown[]) => unknown;

export function installFakeGarage(responders: Record<string, Responder>): {
  api: GarageApi;
  calls: { operation: string; args: unknown[] }[];
  /** Pushes an event as main would (to every subscriber of window.garage.events). */
  emit(event: GarageEvent): void;
} {
  const calls: { operation: string; args: unknown[] }[] = [];
  let deliver: (event: GarageEvent) => void = () => {};
  const listen = (to: (event: GarageEvent) => void) => {
    deliver = to;
  };
  const api = buildGarageApi(async (channel, args) => {
    const operation = operationOf(channel) ?? channel;
    calls.push({ operation, args });
    const responder = responders[operation];
    if (!responder) return { ok: false, error: { kind: 'internal', message: `no fake for ${operation}` } };
    return responder(args);
  }, listen);
  Object.defineProperty(window, 'garage', { value: api, configurable: true });
  // A copy, as IPC hands the renderer one.
  return { api, calls, emit: (event) => deliver(structuredClone(event)) };
}
