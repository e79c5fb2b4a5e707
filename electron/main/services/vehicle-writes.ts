// Commands, wake, plate and drive-tag changes: sent once through the client, every outcome appended to
// the audit log (success, `result: false` with its reason, or the error kind).
import type { CommandName } from '../../shared/commands';
import { COMMANDS, DEFAULT_MAX_ATTEMPTS, DEFAULT_WAIT_FOR_COMPLETION } from '../../shared/commands';
import { parseDrives } from '../../shared/input-rules';
import type { CommandOptions } from '../../shared/ipc/api';
import { AppError } from '../../shared/result';
import type { CommandResult } from '../../shared/types';
import type { VehicleApiClient } from '../api';
import type { AuditLog } from '../audit/audit-log';
import type { VehicleStatusBook } from './vehicle-status';

export interface WriteContext {
  profileId: string;
  profileName: string;
  client: VehicleApiClient;
  /** Set when the write is part of a run: its entry carries the run's id. */
  run?: WriteRunTag;
}

export interface WriteRunTag {
  runId: string;
  /** A bulk command's entries are marked as such. */
  bulk: boolean;
  /**
   * Whether a 429 is audited. A run sends again after a 429 (the service did not act) and audits
   * only its last attempt, so every vehicle sent has exactly one entry.
   */
  auditRateLimited: boolean;
  /** Told the id of the entry written. */
  onAudited?: (auditId: string) => void;
}

export interface VehicleWritesOptions {
  audit: AuditLog;
  status: VehicleStatusBook;
  now?: () => Date;
  onPlateSet?: (profileId: string, vin: string, plate: string | null) => Promise<void>;
  onProblem?: (message: string, error: unknown) => void;
  /** Told when the service confirmed the vehicle awake. */
  onAwake?: (profileId: string, vin: string, at: Date) => void;
}

export interface WriteOutcome {
  value: CommandResult;
  /** Set when the service answered but the audit log could not be written. */
  warning?: string;
}

export interface VehicleWrites {
  /** Settles when every write under way has been answered and audited (or `timeoutMs` passed). */
  drain(timeoutMs: number): Promise<void>;
  setPlate(ctx: WriteContext, vin: string, input: { plate: string | null }): Promise<WriteOutcome>;
  setDriveTag(ctx: WriteContext, vin: string, input: { drives: string; tag: string }): Promise<WriteOutcome>;
  command(ctx: WriteContext, vin: string, name: CommandName, options?: CommandOptions): Promise<WriteOutcome>;
  /** `result: true` once awake; false when the service could not wake it in time. */
  wake(ctx: WriteContext, vin: string): Promise<WriteOutcome>;
}

/** The parameters as they go on the wire, defaults included, so the audit shows what was sent. */
export function commandParams(name: CommandName, options: CommandOptions = {}): Record<string, unknown> {
  const params: Record<string, unknown> = {
    waitForCompletion: options.waitForCompletion ?? DEFAULT_WAIT_FOR_COMPLETION,
    maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
  };
  const own = COMMANDS[name].param?.name;
  if (own) params[own] = options[own];
  return params;
}

export function createVehicleWrites(options: VehicleWritesOptions): VehicleWrites {
  const { audit, status } = options;
  const now = options.now ?? (() => new Date());
  const onProblem = options.onProblem ?? (() => {});
  // Writes under way, so quitting can wait for their audit entries.
  const underWay = new Set<Promise<unknown>>();

  function audited(
    ctx: WriteContext,
    vin: string,
    operation: string,
    params: Record<string, unknown>,
    send: () => Promise<CommandResult>,
  ): Promise<WriteOutcome> {
    const write = sendAndAudit(ctx, vin, operation, params, send);
    const settled = write.catch(() => {}).finally(() => underWay.delete(settled));
    underWay.add(settled);
    return write;
  }

  async function sendAndAudit(
    ctx: WriteContext,
    vin: string,
    operation: string,
    params: Record<string, unknown>,
    send: () => Promise<CommandResult>,
  ): Promise<WriteOutcome> {
    const started = now();
    let value: CommandResult;
    try {
      value = await send();
    } catch (error) {
      // A refused double click sent nothing and is not a second attempt: it is not audited; nor
      // is a 429 the run it belongs to will send again.
      const resent =
        error instanceof AppError && error.kind === 'rate_limited' && ctx.run?.auditRateLimited === false;
      if (error instanceof AppError && error.kind !== 'busy' && !resent) {
        await record('error', { reason: error.message, errorKind: error.kind }).catch((auditError) =>
          onProblem('Could not write the audit log', auditError),
        );
      }
      throw error;
    }
    try {
      await record(value.result ? 'success' : 'failed', value.reason ? { reason: value.reason } : {});
      return { value };
    } catch (auditError) {
      onProblem('Could not write the audit log', auditError);
      return {
        value,
        warning: 'The service answered, but the audit log could not be written. Check free disk space.',
      };
    }

    async function record(
      outcome: 'success' | 'failed' | 'error',
      extra: { reason?: string; errorKind?: string },
    ): Promise<void> {
      const durationMs = Math.max(0, now().getTime() - started.getTime());
      status.noteWrite(ctx.profileId, vin, {
        operation,
        outcome,
        at: started.toISOString(),
        reason: extra.reason,
      });
      const entry = await audit.append({
        time: started,
        profileId: ctx.profileId,
        profileName: ctx.profileName,
        vin,
        operation,
        params,
        outcome,
        durationMs,
        ...extra,
        ...(ctx.run ? { runId: ctx.run.runId, ...(ctx.run.bulk ? { bulk: true } : {}) } : {}),
      });
      ctx.run?.onAudited?.(entry.id);
    }
  }

  return {
    async drain(timeoutMs) {
      let timer: NodeJS.Timeout | undefined;
      const patience = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
      await Promise.race([Promise.all([...underWay]), patience]);
      clearTimeout(timer);
    },

    async setPlate(ctx, vin, input) {
      const outcome = await audited(ctx, vin, 'setPlate', { plate: input.plate }, () =>
        ctx.client.setPlate(vin, input),
      );
      if (outcome.value.result) {
        await options
          .onPlateSet?.(ctx.profileId, vin, input.plate)
          .catch((error) => onProblem('Could not remember the plate', error));
      }
      return outcome;
    },
    setDriveTag(ctx, vin, input) {
      const parsed = parseDrives(input.drives);
      const drives = parsed.ok ? parsed.wire : input.drives;
      return audited(ctx, vin, 'setDriveTag', { drives, tag: input.tag }, () =>
        ctx.client.setDriveTag(vin, input),
      );
    },
    async command(ctx, vin, name, commandOptions = {}) {
      const outcome = await audited(ctx, vin, `command:${name}`, commandParams(name, commandOptions), () =>
        ctx.client.command(vin, name, commandOptions),
      );
      // A car that carried out a command (or was woken for it) is awake now: the list must not keep
      // calling it asleep from an older reading.
      if (outcome.value.result || outcome.value.woke) options.onAwake?.(ctx.profileId, vin, now());
      return outcome;
    },
    async wake(ctx, vin) {
      const outcome = await audited(ctx, vin, 'wake', {}, () => ctx.client.wake(vin));
      if (outcome.value.result) options.onAwake?.(ctx.profileId, vin, now());
      return outcome;
    },
  };
}
