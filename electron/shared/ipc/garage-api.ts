// Builds `window.garage` from the operation table: one method per operation, each bound to its own
// channel, and the one event subscription. The preload calls this with ipcRenderer; the test
// harnesses call the very same function with their own transports.
import type { GarageEvent } from '../events';
import { err, type Result } from '../result';
import type { GarageApi, GarageEventListener } from './api';
import { channelOf, OPERATION_NAMES } from './operations';

export type Invoke = (channel: string, args: unknown[]) => Promise<unknown>;

/**
 * Asks main for this window's events and hands each one to `deliver`; called once, on the first
 * subscription. Without it (a harness that pushes nothing), subscribing works and nothing arrives.
 */
export type Listen = (deliver: (event: GarageEvent) => void) => void;

/** Where main sends events, and where the window asks for them (both checked like every invoke). */
export const EVENT_CHANNEL = 'garage-event';
export const SUBSCRIBE_CHANNEL = 'garage-events:subscribe';

function eventStream(listen: Listen | undefined): GarageApi['events'] {
  const listeners = new Set<GarageEventListener>();
  let listening = false;
  const deliver = (event: GarageEvent) => {
    for (const listener of [...listeners]) {
      try {
        listener(event);
      } catch {
        // One failing listener must not keep the event from the others.
      }
    }
  };
  return Object.freeze({
    subscribe(listener: GarageEventListener) {
      // A wrapper per call: subscribing the same function twice gets two deliveries, as asked.
      const own: GarageEventListener = (event) => listener(event);
      listeners.add(own);
      if (!listening && listen) {
        listening = true;
        listen(deliver);
      }
      return () => void listeners.delete(own);
    },
  });
}

export function buildGarageApi(invoke: Invoke, listen?: Listen): GarageApi {
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
  // The one cast: main's answers cross the transport untyped; the handlers are typed by the table.
  return Object.freeze({ ...api, events: eventStream(listen) }) as unknown as GarageApi;
}
