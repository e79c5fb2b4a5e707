// policy.* and approvals.*: the shop's policy for dangerous actions (read by all, saved by an admin's
// role only, which the database holds to) and the requests of the two-person rule; and the sending
// of an approved request, a run like every command to one car.
import { AppError, ok } from '../../../shared/result';
import { policyActionOfCommand } from '../../../shared/shop-policy';
import { tm } from '../../i18n/main-words';
import type { RunStarts } from '../../runs/run-starts';
import type { ActiveContext } from '../../services/profiles-service';
import type { Policy } from '../../workspace';
import type { HandlerGroup } from './types';

export function policyHandlers(deps: {
  policy: Policy;
  starts: RunStarts;
  active: () => Promise<ActiveContext>;
}): HandlerGroup<
  | 'policy.get'
  | 'policy.save'
  | 'approvals.list'
  | 'approvals.ask'
  | 'approvals.decide'
  | 'runs.startApprovedCommand'
> {
  const { policy, starts, active } = deps;
  return {
    'policy.get': async () => ok(await policy.view()),
    'policy.save': async (rules) => ok(await policy.save(rules)),
    'approvals.list': async () => ok(await policy.requests()),
    'approvals.ask': async (reason, [vin, name, options]) => {
      const action = policyActionOfCommand(name);
      if (!action) throw new AppError('invalid_input', tm('policy.nothingToAsk'));
      const { overrideClaim: _claim, offlineConfirmed: _offline, ...commandOptions } = options ?? {};
      return ok(await policy.ask(vin, action, { name, options: commandOptions }, reason));
    },
    'approvals.decide': async (id, approve, note) => ok(await policy.decide(id, approve, note)),
    'runs.startApprovedCommand': async (id, confirmations) =>
      ok(await starts.approvedCommand(await active(), id, confirmations ?? {})),
  };
}
