// The approved requests of the two-person rule that are one write to one car: a driver removed, an
// invitation made, a telemetry configuration written or deleted. Taken from the shop once (the
// database moves the request from approved to sending in one statement and compares the plan),
// carried out as the plan says through the one audited path of every write, without asking the
// policy again, and what came of it recorded with the request: request, approval and outcome.
import type { ApprovalPlan, ApprovedWrite, PlanOnCar } from '../../shared/approval-plan';
import { AppError } from '../../shared/result';
import type { ApprovalRequest } from '../../shared/approval-request';
import { tm } from '../i18n/main-words';
import type { VehicleAccess } from './vehicle-access';
import type { WriteContext, WriteOutcome } from './vehicle-writes';

const WRITE_KINDS = new Set<ApprovalPlan['kind']>([
  'remove_driver',
  'invitation',
  'telemetry_write',
  'telemetry_delete',
]);

/** The writes a colleague's claim holds back, as when they are not asked for (vehicle-access handlers). */
const CLAIMED_OPERATION: Partial<Record<ApprovalPlan['kind'], string>> = {
  invitation: 'createInvitation',
  telemetry_delete: 'deleteTelemetryConfig',
};

export interface ApprovedWritesDeps {
  access: VehicleAccess;
  approvals: {
    take(id: string, accept: (found: PlanOnCar) => boolean | Promise<boolean>): Promise<ApprovalRequest>;
    finish(id: string, sent: boolean, outcome: string): Promise<void>;
  };
  /** Shop mode: a car another technician holds is written only when the technician confirmed. */
  checkClaim?: (profileId: string, vin: string, override: boolean, operation: string) => Promise<void>;
  onProblem?: (message: string, error: unknown) => void;
}

export interface ApprovedWrites {
  perform(
    ctx: WriteContext & { profileId: string },
    requestId: string,
    confirmations?: { overrideClaim?: boolean },
  ): Promise<WriteOutcome<ApprovedWrite>>;
}

export function createApprovedWrites(deps: ApprovedWritesDeps): ApprovedWrites {
  const { access, approvals } = deps;

  async function carryOut(
    ctx: WriteContext & { profileId: string },
    vin: string,
    plan: ApprovalPlan,
  ): Promise<WriteOutcome<ApprovedWrite>> {
    switch (plan.kind) {
      case 'remove_driver': {
        const { warning } = await access.removeDriver(ctx, vin, plan.userId);
        return { value: { kind: plan.kind }, warning };
      }
      case 'invitation': {
        const { value, warning } = await access.createInvitation(ctx, vin);
        return { value: { kind: plan.kind, invitation: value }, warning };
      }
      case 'telemetry_write': {
        const { warning } = await access.writeTelemetryConfig(ctx, vin, plan.fields);
        return { value: { kind: plan.kind }, warning };
      }
      case 'telemetry_delete': {
        const { warning } = await access.deleteTelemetryConfig(ctx, vin);
        return { value: { kind: plan.kind }, warning };
      }
      default:
        throw new AppError('invalid_input', tm('approvalPlan.otherKind'));
    }
  }

  return {
    async perform(ctx, requestId, confirmations = {}) {
      const override = confirmations.overrideClaim === true;
      // The claim is asked before the request is taken: a car another technician holds leaves the
      // request approved, to send once the technician confirms.
      const request = await approvals.take(requestId, async ({ plan, vin }) => {
        if (!WRITE_KINDS.has(plan.kind)) return false;
        const operation = CLAIMED_OPERATION[plan.kind];
        if (operation) await deps.checkClaim?.(ctx.profileId, vin, override, operation);
        return true;
      });
      const finish = (sent: boolean, outcome: string) =>
        approvals
          .finish(requestId, sent, outcome)
          .catch((error: unknown) =>
            deps.onProblem?.('Shop: the outcome of an approved request was not recorded', error),
          );
      try {
        const done = await carryOut(ctx, request.vin, request.plan);
        await finish(true, tm('approvalPlan.written'));
        return done;
      } catch (error) {
        await finish(false, error instanceof Error ? error.message : String(error));
        throw error;
      }
    },
  };
}
