// The one in-process stream of what changed in main. Services emit; the IPC edge forwards to the
// app's own window; shop and run code may listen too. A listener that throws never stops the others.
import type { GarageEvent } from '../../shared/events';

export type EventListener = (event: GarageEvent) => void;

export interface EventBus {
  emit(event: GarageEvent): void;
  /** Returns the unsubscribe. */
  subscribe(listener: EventListener): () => void;
}

export function createEventBus(onListenerError?: (error: unknown) => void): EventBus {
  const listeners = new Set<EventListener>();
  return {
    emit(event) {
      for (const listener of [...listeners]) {
        try {
          listener(event);
        } catch (error) {
          onListenerError?.(error);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
