// policy.* and approvals.*: the shop's policy for dangerous actions (read by all, saved by an admin's
// role only, which the database holds to) and the requests of the two-person rule: a command to
// one car or any other action asked for as its exact plan; an approved run (a command, a bulk
// command, a roll-out) started and an approved write carried out, each once and as approved.
import type { ApprovalAsk, ApprovalPlan } from '../../../shared/approval-plan';
import { approvalPlanSchema } from '../../../shared/ipc/schemas';
import { AppError, ok } from '../../../shared/result';
import { policyActionOfCommand } from '../../../shared/shop-policy';
import { tm } from '../../i18n/main-words';
import type { RunStarts } from '../../runs/run-starts';
import type { ApprovedWrites } from '../../services/approved-writes';
import type { ActiveContext } from '../../services/profiles-service';
import type { TemplateStore } from '../../storage/template-store';
import type { Policy } from '../../workspace';
import { withWarning, type HandlerGroup } from './types';

export function policyHandlers(deps: {
  policy: Policy;
  starts: RunStarts;
  active: () => Promise<ActiveContext>;
  /** The saved templates: a roll-out is asked for with the fields its template has now. */
  templates: Pick<TemplateStore, 'list'>;
  writes: ApprovedWrites;
}): HandlerGroup<
  | 'policy.get'
  | 'policy.save'
  | 'approvals.list'
  | 'approvals.ask'
  | 'approvals.askFor'
  | 'approvals.decide'
  | 'approvals.perform'
  | 'runs.startApprovedCommand'
> {
  const { policy, starts, active } = deps;

  /** The exact plan of what the window asks for, and its car ('' for several). */
  async function planOf(ask: ApprovalAsk): Promise<{ vin: string; plan: ApprovalPlan }> {
    switch (ask.kind) {
      case 'bulk':
        return { vin: '', plan: { kind: 'bulk', command: ask.command, vins: ask.vins } };
      case 'template_rollout': {
        const wanted = ask.template.toLocaleLowerCase('en');
        const template = (await deps.templates.list()).find(
          (candidate) => candidate.name.toLocaleLowerCase('en') === wanted,
        );
        if (!template) throw new AppError('not_found', tm('errors.templateRemoved', { name: ask.template }));
        return {
          vin: '',
          plan: {
            kind: 'template_rollout',
            template: { name: template.name, fields: template.fields },
            vins: ask.vins,
          },
        };
      }
      case 'remove_driver':
        return { vin: ask.vin, plan: { kind: 'remove_driver', userId: ask.userId } };
      case 'telemetry_write':
        return { vin: ask.vin, plan: { kind: 'telemetry_write', fields: ask.fields } };
      case 'invitation':
      case 'telemetry_delete':
        return { vin: ask.vin, plan: { kind: ask.kind } };
    }
  }

  return {
    'policy.get': async () => ok(await policy.view()),
    'policy.save': async (rules) => ok(await policy.save(rules)),
    'approvals.list': async () => ok(await policy.requests()),
    'approvals.ask': async (reason, [vin, name, options]) => {
      const action = policyActionOfCommand(name);
      if (!action) throw new AppError('invalid_input', tm('policy.nothingToAsk'));
      const { overrideClaim: _claim, offlineConfirmed: _offline, ...commandOptions } = options ?? {};
      return ok(
        await policy.ask(vin, { kind: 'command', command: { name, options: commandOptions } }, reason),
      );
    },
    'approvals.askFor': async (reason, ask) => {
      const { vin, plan } = await planOf(ask);
      // The plan as the shop keeps it, made by the one schema that checks it when it is carried out.
      const checked = approvalPlanSchema.safeParse(plan);
      if (!checked.success) throw new AppError('invalid_input', tm('requestRefusal.bad_plan'));
      return ok(await policy.ask(vin, checked.data, reason));
    },
    'approvals.decide': async (id, approve, note) => ok(await policy.decide(id, approve, note)),
    'approvals.perform': async (id, confirmations) => {
      const { value, warning } = await deps.writes.perform(await active(), id, confirmations ?? {});
      return ok(value, withWarning(warning));
    },
    'runs.startApprovedCommand': async (id, confirmations) =>
      ok(await starts.approvedCommand(await active(), id, confirmations ?? {})),
  };
}
