// Builds `window.garage` from the operation table: one method per operation, each bound to its own
// channel, and the one event subscription. The preload calls this with ipcRenderer; the test
// harnesses call the very same function with their own transports.
import type { GarageEvent } from '../events';
import { grouped } from '../keyed-tables';
import { err } from '../result';
import type { GarageApi, GarageEventListener, GarageMethod, GarageMethods, ResultOf } from './api';
import { channelOf, OPERATION_NAMES, type OperationName } from './operations';

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

/** One operation's method: its arguments over its channel, main's answer back. */
function methodOf<Op extends OperationName>(operation: Op, invoke: Invoke): GarageMethod<Op> {
  const channel = channelOf(operation);
  return async (...args) => {
    try {
      // Main's handler for the operation answers ResultOf<Op> (typed by the same table); the
      // transport carries it untyped.
      return (await invoke(channel, args)) as ResultOf<Op>;
    } catch {
      // Handlers never throw; a rejection means the transport itself failed. The preload carries no
      // catalog: the window words it (no main process answered to word it either).
      return err('internal', channel, { transport: true });
    }
  };
}

export function buildGarageApi(invoke: Invoke, listen?: Listen): GarageApi {
  // Each method is typed by its own operation (methodOf). TypeScript cannot follow a loop over the
  // table's names into the table's mapped type, so the collected methods are said to be that table
  // once; the operation-table test checks it holds every operation and nothing else.
  const methods = Object.fromEntries(
    OPERATION_NAMES.map((operation) => [operation, methodOf(operation, invoke)]),
  ) as GarageMethods;
  return Object.freeze({ ...grouped(methods), events: eventStream(listen) });
}
