// The window's calls at a shared desk: refused while nobody is signed in or the desk is locked, and
// each call let through carrying the desk's ticket, so that one still waiting to send when the desk
// locks (or its person leaves) sends nothing afterwards (events/call-scope.ts).
import type { ResultOf } from '../../shared/ipc/api';
import { OPERATION_NAMES, type OperationName } from '../../shared/ipc/operations';
import type { ParsedArgs } from '../../shared/ipc/schemas';
import { err } from '../../shared/result';
import { runWithTicket } from '../events/call-scope';
import { tm } from '../i18n/main-words';
import type { Workspace } from '../workspace';
import type { Handlers } from './register-handlers';

/**
 * What the window may still ask while nobody is signed in at a shared desk, or it is locked: the
 * desk itself and what the sign-in screen shows around it (the app, its language, the shop's state).
 * Everything else would act, or show someone's work, with nobody there to record it under.
 */
export const OPEN_AT_A_CLOSED_DESK: ReadonlySet<OperationName> = new Set<OperationName>([
  'desk.get',
  'desk.signIn',
  'desk.unlock',
  'desk.signOut',
  'desk.lock',
  'desk.activity',
  'app.info',
  'updates.status',
  'settings.language',
  'settings.setLanguage',
  'settings.setTheme',
  'shop.status',
]);

type Admission = ReturnType<Workspace['desk']['admit']>;
type Settled = Awaited<Admission>;

/** The handlers, refusing all but OPEN_AT_A_CLOSED_DESK while the desk's gate says why. */
export function refusingAtClosedDesk(handlers: Handlers, gate: Pick<Workspace['desk'], 'admit'>): Handlers {
  const run = <Op extends OperationName>(operation: Op, args: ParsedArgs<Op>, admission: Settled) => {
    if ('refused' in admission)
      return Promise.resolve(err('forbidden', tm(admission.refused)) as ResultOf<Op>);
    const { ticket } = admission;
    if (!ticket) return handlers[operation](...args);
    return runWithTicket(ticket, () => handlers[operation](...args)).finally(ticket.done);
  };
  const guard =
    <Op extends OperationName>(operation: Op) =>
    (...args: ParsedArgs<Op>): Promise<ResultOf<Op>> => {
      if (OPEN_AT_A_CLOSED_DESK.has(operation)) return handlers[operation](...args);
      // One look at what main holds in memory; a promise only right after a switch or a save.
      const admission: Admission = gate.admit();
      return admission instanceof Promise
        ? admission.then((settled) => run(operation, args, settled))
        : run(operation, args, admission);
    };
  return Object.fromEntries(OPERATION_NAMES.map((operation) => [operation, guard(operation)])) as Handlers;
}
