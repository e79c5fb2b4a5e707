// The window's call that a piece of main's work runs for, as far as it matters to a request about to
// leave for the vehicle service: whether that call may still send. A shared desk that locks (or
// whose person signs out) while a call waits for its token, a connection slot or the rate limit
// must not let it send afterwards under the person who walked away; the call carries a ticket from
// the desk's gate, and the API client asks it just before each request goes out. Work that goes on
// after the call has answered (a run it started) is no longer the call's and is not held back.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { AppError } from '../../shared/result';

export interface CallTicket {
  /** Why the call may no longer send anything, or null while it may. */
  refusal(): AppError | null;
}

const scope = new AsyncLocalStorage<CallTicket>();

/** Runs `work` as a call holding `ticket`; everything it awaits or starts carries it. */
export function runWithTicket<T>(ticket: CallTicket, work: () => T): T {
  return scope.run(ticket, work);
}

/** Throws why the call this runs for may no longer send; nothing when it may, or runs for none. */
export function refuseIfTicketRevoked(): void {
  const refused = scope.getStore()?.refusal();
  if (refused) throw refused;
}
