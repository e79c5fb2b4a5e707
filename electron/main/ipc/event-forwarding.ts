// The event channel of the IPC edge: main's event bus, forwarded to the app's own window only.
// A window asks for events with one invoke on SUBSCRIBE_CHANNEL; the same sender check as every
// operation applies (the app's top frame at a trusted origin), so a foreign page, a framed copy of
// the app or a navigated-away frame gets nothing. Events go to the subscribing webContents' top
// frame, and only while it still shows a trusted origin.
import type { GarageEvent } from '../../shared/events';
import { EVENT_CHANNEL, SUBSCRIBE_CHANNEL } from '../../shared/ipc/garage-api';
import { err, ok, type Result } from '../../shared/result';
import { isTrustedUrl } from '../app/trusted-origins';
import type { EventBus } from '../events/event-bus';
import { isTrustedSender, type IpcEventLike, type IpcMainLike } from './register-handlers';
import { tm } from '../i18n/main-words';

/** The part of Electron's WebContents the forwarding relies on. */
export interface EventTarget {
  send(channel: string, ...args: unknown[]): void;
  isDestroyed(): boolean;
  /** The top frame's URL. */
  getURL(): string;
  once(event: 'destroyed', listener: () => void): unknown;
}

export interface SubscribeEventLike extends IpcEventLike {
  sender?: EventTarget;
}

export function forwardEvents(
  ipc: IpcMainLike,
  bus: EventBus,
  options: { trustedOrigins: readonly string[]; onSendError?: (error: unknown) => void },
): () => void {
  const targets = new Set<EventTarget>();
  ipc.handle(SUBSCRIBE_CHANNEL, async (event: SubscribeEventLike): Promise<Result<null>> => {
    const target = event.sender;
    if (!isTrustedSender(event, options.trustedOrigins) || !target) {
      return err('untrusted_sender', tm('errors.untrustedSender'));
    }
    // A reload subscribes again: one subscription per window, however often it asks.
    if (!targets.has(target)) {
      targets.add(target);
      target.once('destroyed', () => targets.delete(target));
    }
    return ok(null);
  });
  const unsubscribe = bus.subscribe((event: GarageEvent) => {
    for (const target of targets) {
      if (target.isDestroyed()) {
        targets.delete(target);
        continue;
      }
      if (!isTrustedUrl(target.getURL(), options.trustedOrigins)) continue;
      try {
        target.send(EVENT_CHANNEL, event);
      } catch (error) {
        options.onSendError?.(error);
      }
    }
  });
  return () => {
    unsubscribe();
    targets.clear();
    ipc.removeHandler(SUBSCRIBE_CHANNEL);
  };
}
