// What a request of the two-person rule asks to do, exactly: the plan a foreman approves and the
// technician's app then carries out as it was approved, never what a form holds later. A command to
// one car, a driver's removal, an invitation, a telemetry configuration written or deleted, a bulk
// command (its command and the VINs it goes to) or a template roll-out (the template's fields as
// approved and the VINs). The database holds the plan unchangeable once asked and compares it
// when the request is taken (main/shop/sql/); the IPC edge checks its shape (ipc/schemas.ts).
// Zod-free so the preload bundles it.
import type { BulkRunCommandName } from './bulk-commands';
import { attemptText, sentValue } from './command-outcome';
import { english, type Say } from './i18n/english';
import type { RunCommand } from './runs';
import { policyActionOfCommand, type PolicyAction } from './shop-policy';
import type { TelemetryFields } from './telemetry-rules';
import type { Invitation } from './wire-access';

export type ApprovalPlan =
  | { kind: 'command'; command: RunCommand }
  | { kind: 'remove_driver'; userId: string }
  | { kind: 'invitation' }
  | { kind: 'telemetry_write'; fields: TelemetryFields | 'recommended' }
  | { kind: 'telemetry_delete' }
  | { kind: 'bulk'; command: RunCommand; vins: string[] }
  | { kind: 'template_rollout'; template: { name: string; fields: TelemetryFields }; vins: string[] };

export type ApprovalPlanKind = ApprovalPlan['kind'];

/** The plans carried out as a run (the Runs panel follows them); the others are one write. */
export const RUN_PLAN_KINDS = ['command', 'bulk', 'template_rollout'] as const;
export const isRunPlan = (plan: ApprovalPlan): boolean =>
  (RUN_PLAN_KINDS as readonly string[]).includes(plan.kind);

/**
 * What the window asks for after a refusal, before main makes it the plan: a bulk command's or a
 * roll-out's cars as its form planned them (those it skips are left out), a roll-out's template by
 * name (main puts in the fields as saved now, which are then what is approved).
 */
export type ApprovalAsk =
  | { kind: 'remove_driver'; vin: string; userId: string }
  | { kind: 'invitation'; vin: string }
  | { kind: 'telemetry_write'; vin: string; fields: TelemetryFields | 'recommended' }
  | { kind: 'telemetry_delete'; vin: string }
  | { kind: 'bulk'; command: { name: BulkRunCommandName; options: RunCommand['options'] }; vins: string[] }
  | { kind: 'template_rollout'; template: string; vins: string[] };

/** What carrying out an approved write gave: the invitation made, or that it was done. */
export type ApprovedWrite =
  | { kind: 'invitation'; invitation: Invitation }
  | { kind: 'remove_driver' | 'telemetry_write' | 'telemetry_delete' };

/** A request's plan and its car ('' for a plan over several), as main reads it before taking it. */
export interface PlanOnCar {
  plan: ApprovalPlan;
  vin: string;
}

/** The policy action a plan is asked under (the request's `action`). */
export function planAction(plan: ApprovalPlan): PolicyAction {
  if (plan.kind === 'command') return policyActionOfCommand(plan.command.name) ?? 'unlock';
  return plan.kind;
}

/** The cars a plan goes to: its own list, or the request's one car. */
export const planVins = (plan: ApprovalPlan, vin: string): readonly string[] =>
  'vins' in plan ? plan.vins : [vin];

const commandText = (command: RunCommand, say: Say) =>
  attemptText(command.name, sentValue(command.name, command.options), command.options, say);

/** "Unlock", "Remove driver 12345", "Roll out template “Fleet”" (planTarget says on which cars). */
export function planText(plan: ApprovalPlan, say: Say = english): string {
  switch (plan.kind) {
    case 'command':
      return commandText(plan.command, say);
    case 'remove_driver':
      return say('approvalPlan.removeDriver', { user: plan.userId });
    case 'invitation':
      return say('approvalPlan.invitation');
    case 'telemetry_write':
      return plan.fields === 'recommended'
        ? say('approvalPlan.telemetryRecommended')
        : say('approvalPlan.telemetryWrite', { count: Object.keys(plan.fields).length });
    case 'telemetry_delete':
      return say('approvalPlan.telemetryDelete');
    case 'bulk':
      return commandText(plan.command, say);
    case 'template_rollout':
      return say('approvalPlan.rollout', { name: plan.template.name });
  }
}

/** Where a request goes, as a line names it: the car's VIN, or how many cars ("12 cars"). */
export function planTarget(plan: ApprovalPlan, vin: string, say: Say = english): string {
  return 'vins' in plan ? say('approvalPlan.cars', { count: plan.vins.length }) : vin;
}
