// Where every run the window asks for starts, with main's rules applied whatever the window planned:
// a command to one car (any tab's, the job's undo, the wake-up) goes through one pipeline with one
// lock per car, after the claim check and, for a car last seen offline, the technician's
// confirmation; a bulk command skips the cars known offline, those the fleet status last said cannot
// take a command (key not paired on a car that requires signed commands) and those another
// technician holds; a roll-out writes the template as saved, never what the window sends. In a
// shop, the policy is asked first (refused before anything is sent), and a request a foreman
// approved is taken for sending once and its outcome recorded with it.
import { mainWords, tm } from '../i18n/main-words';
import { offlineCommandWarning, offlineSkip } from '../../shared/offline-skip';
import { readinessSkip } from '../../shared/fleet-readiness';
import type { FleetStatus } from '../../shared/fleet-wire';
import { AppError } from '../../shared/result';
import { countItems, type RunCommand, type RunSnapshot } from '../../shared/runs';
import type { ApprovalRequest } from '../../shared/approval-request';
import { policyActionOfCommand, type PolicyAction } from '../../shared/shop-policy';
import { isRunPlan, type PlanOnCar } from '../../shared/approval-plan';
import type { VehicleGlance } from '../../shared/types';
import type { TelemetryFields } from '../../shared/telemetry-rules';
import type { BulkItemInput, RunManager } from './run-manager';
import type { RunContext } from './run-work';

export interface RunStartsDeps {
  runs: RunManager;
  /** What main last confirmed of a vehicle: a car it knows is offline is skipped, or warned of. */
  glanceOf?: (profileId: string, vin: string) => VehicleGlance;
  /**
   * The fleet status main last kept for the profile (asking nobody), or null: a car it says cannot
   * take a command is skipped with why and what to do, as the window's plan showed.
   */
  fleetStatus?: (profileId: string) => Promise<FleetStatus | null>;
  /** The saved templates (solo or the shop's): a roll-out writes one of these, by name. */
  templates?: () => Promise<readonly { name: string; fields: TelemetryFields }[]>;
  /**
   * Shop mode: refuses a command to a car another technician has claimed unless the technician
   * confirmed (`override`, recorded).
   */
  checkClaim?: (profileId: string, vin: string, override: boolean, operation: string) => Promise<void>;
  /**
   * Shop mode: the vehicles another technician holds, skipped with why unless the technician chose
   * to include them (then each override is recorded).
   */
  claimSkips?: (
    profileId: string,
    vins: readonly string[],
    include: boolean,
    operation: string,
  ) => Promise<ReadonlyMap<string, { reason: string; message: string }>>;
  /**
   * Shop mode: refuses (recorded, saying who may) a dangerous action the policy keeps from this
   * role; solo: nothing.
   */
  checkPolicy?: (
    profileId: string,
    action: PolicyAction,
    subject: { vin: string; operation: string; count?: number },
  ) => Promise<void>;
  /** Shop mode: the approved requests of the two-person rule, taken once and their outcome kept. */
  approvals?: {
    /** Takes the request when `accept` says its plan is one to carry out here; else takes nothing. */
    take(id: string, accept: (found: PlanOnCar) => boolean | Promise<boolean>): Promise<ApprovalRequest>;
    finish(id: string, sent: boolean, outcome: string): Promise<void>;
  };
  now?: () => Date;
  onProblem?: (message: string, error: unknown) => void;
}

/** The technician's confirmations that come with a command to one car, apart from the command. */
export interface CommandConfirmations {
  /** Another technician holds the car: send anyway (recorded). */
  overrideClaim?: boolean;
  /** The car was last seen offline: send anyway (the service tries to wake it first). */
  offlineConfirmed?: boolean;
}

export interface RunStarts {
  /**
   * A command to one car. Refused ('vehicle_offline', with what the technician is to be told) for a
   * car last seen offline unless `offlineConfirmed`; 'busy' while another command runs on the car.
   */
  vehicleCommand(
    ctx: RunContext,
    vin: string,
    command: RunCommand,
    confirmations?: CommandConfirmations,
  ): Promise<RunSnapshot>;
  bulkCommand(
    ctx: RunContext,
    input: { command: RunCommand; items: BulkItemInput[]; concurrency?: number; includeClaimed?: boolean },
  ): Promise<RunSnapshot>;
  templateRollout(
    ctx: RunContext,
    input: { template: string; items: BulkItemInput[]; includeClaimed?: boolean },
  ): Promise<RunSnapshot>;
  /**
   * A request a foreman approved that is a run (a command to its car, a bulk command, a roll-out):
   * taken for sending once (a second press, here or on another machine, is refused), carried out
   * as approved (the cars, the command, the template's fields of the plan, never the form's)
   * without asking the policy again, and what came of it recorded with the request.
   */
  approvedCommand(
    ctx: RunContext,
    requestId: string,
    confirmations?: CommandConfirmations,
  ): Promise<RunSnapshot>;
}

export function createRunStarts(deps: RunStartsDeps): RunStarts {
  const { runs } = deps;
  const now = deps.now ?? (() => new Date());
  const operationOf = (command: RunCommand) => (command.name === 'wake' ? 'wake' : `command:${command.name}`);
  /** The items with those another technician holds skipped (or, included, each override recorded). */
  async function withClaimSkips(
    profileId: string,
    items: BulkItemInput[],
    include: boolean,
    operation: string,
  ): Promise<BulkItemInput[]> {
    if (!deps.claimSkips) return items;
    const toSend = items.filter((item) => !item.skip).map((item) => item.vin);
    const claimed = await deps.claimSkips(profileId, toSend, include, operation);
    return items.map((item) =>
      item.skip || !claimed.has(item.vin) ? item : { ...item, skip: claimed.get(item.vin)! },
    );
  }

  /**
   * A bulk run's items with main's skips: cars known offline, those the fleet status says cannot
   * take a command, and those another technician holds (unless included).
   */
  async function bulkItems(ctx: RunContext, input: BulkItemInput[], include: boolean, operation: string) {
    const glanceOf = deps.glanceOf;
    const at = now().getTime();
    let items = glanceOf
      ? input.map((item) =>
          item.skip
            ? item
            : {
                ...item,
                skip: offlineSkip(glanceOf(ctx.profileId, item.vin), at, tm, mainWords().formatLocale),
              },
        )
      : input;
    const status = (await deps.fleetStatus?.(ctx.profileId)) ?? null;
    if (status) {
      items = items.map((item) =>
        item.skip ? item : { ...item, skip: readinessSkip(status, item.vin, tm) },
      );
    }
    return withClaimSkips(ctx.profileId, items, include, operation);
  }

  /** An approved request's run, as its plan says; the policy is not asked again. */
  async function startApproved(
    ctx: RunContext,
    request: ApprovalRequest,
    confirmations: CommandConfirmations,
  ) {
    const plan = request.plan;
    const include = confirmations.overrideClaim === true;
    switch (plan.kind) {
      case 'command':
        return toOneCar(ctx, request.vin, plan.command, confirmations);
      case 'bulk': {
        const items = plan.vins.map((vin) => ({ vin }));
        const command = plan.command;
        return runs.startBulkCommand(ctx, {
          command,
          items: await bulkItems(ctx, items, include, operationOf(command)),
        });
      }
      case 'template_rollout': {
        const items = plan.vins.map((vin) => ({ vin }));
        const operation = `rollout:${plan.template.name}`;
        return runs.startTemplateRollout(ctx, {
          template: plan.template,
          items: await withClaimSkips(ctx.profileId, items, include, operation),
        });
      }
      default:
        throw new AppError('invalid_input', tm('approvalPlan.otherKind'));
    }
  }

  /** What came of an approved run, for the request's record. */
  function runOutcome(done: RunSnapshot): { sent: boolean; words: string } {
    if (done.items.length === 1) {
      const item = done.items[0]!;
      const outcome = item.outcome;
      const words = outcome
        ? [outcome.subject, outcome.text, outcome.detail].filter(Boolean).join(' · ')
        : '';
      return { sent: item.status === 'succeeded', words: words || item.message || item.status || done.state };
    }
    const counts = countItems(done.items);
    return {
      sent: counts.succeeded > 0,
      words: tm('approvalPlan.runDone', { done: counts.succeeded, count: done.items.length }),
    };
  }

  /** The policy's refusal of `command` to `count` cars, before anything is sent. */
  async function checkCommand(profileId: string, vin: string, command: RunCommand, count: number) {
    const action = policyActionOfCommand(command.name);
    if (action) await deps.checkPolicy?.(profileId, action, { vin, operation: operationOf(command), count });
  }

  /** A command to one car once the policy has had its say: the claim, the offline question, the run. */
  async function toOneCar(
    ctx: RunContext,
    vin: string,
    command: RunCommand,
    confirmations: CommandConfirmations,
  ) {
    await deps.checkClaim?.(ctx.profileId, vin, confirmations.overrideClaim === true, operationOf(command));
    const glance = deps.glanceOf?.(ctx.profileId, vin);
    const warning = offlineCommandWarning(glance, now().getTime(), tm, mainWords().formatLocale);
    if (warning && confirmations.offlineConfirmed !== true) throw new AppError('vehicle_offline', warning);
    return runs.startVehicleCommand(ctx, { vin, command });
  }

  return {
    async vehicleCommand(ctx, vin, command, confirmations = {}) {
      await checkCommand(ctx.profileId, vin, command, 1);
      return toOneCar(ctx, vin, command, confirmations);
    },

    async approvedCommand(ctx, requestId, confirmations = {}) {
      const approvals = deps.approvals;
      if (!approvals) throw new AppError('invalid_input', tm('errors.worksSolo'));
      const request = await approvals.take(requestId, ({ plan }) => isRunPlan(plan));
      const finish = (sent: boolean, outcome: string) =>
        approvals
          .finish(requestId, sent, outcome)
          .catch((error: unknown) =>
            deps.onProblem?.('Shop: the outcome of an approved request was not recorded', error),
          );
      let started: RunSnapshot;
      try {
        started = await startApproved(ctx, request, confirmations);
      } catch (error) {
        await finish(false, error instanceof Error ? error.message : String(error));
        throw error;
      }
      void runs.whenDone(started.id).then(
        (done) => {
          const { sent, words } = runOutcome(done);
          return finish(sent, words);
        },
        (error: unknown) => finish(false, error instanceof Error ? error.message : String(error)),
      );
      return started;
    },

    async bulkCommand(ctx, { includeClaimed, ...input }) {
      const items = await bulkItems(ctx, input.items, includeClaimed === true, operationOf(input.command));
      const count = items.filter((item) => !item.skip).length;
      await deps.checkPolicy?.(ctx.profileId, 'bulk', {
        vin: '',
        operation: operationOf(input.command),
        count,
      });
      await checkCommand(ctx.profileId, '', input.command, count);
      return runs.startBulkCommand(ctx, { ...input, items });
    },

    async templateRollout(ctx, { includeClaimed, ...input }) {
      const wanted = input.template.toLocaleLowerCase('en');
      const template = (await (deps.templates?.() ?? Promise.resolve([]))).find(
        (candidate) => candidate.name.toLocaleLowerCase('en') === wanted,
      );
      if (!template) {
        throw new AppError('not_found', tm('errors.templateRemoved', { name: input.template }));
      }
      const items = await withClaimSkips(
        ctx.profileId,
        input.items,
        includeClaimed === true,
        `rollout:${template.name}`,
      );
      await deps.checkPolicy?.(ctx.profileId, 'template_rollout', {
        vin: '',
        operation: `rollout:${template.name}`,
        count: items.filter((item) => !item.skip).length,
      });
      return runs.startTemplateRollout(ctx, {
        template: { name: template.name, fields: template.fields },
        items,
      });
    },
  };
}
