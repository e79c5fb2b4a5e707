// Commands, wake, plate and drive-tag changes: sent once through the client, every outcome appended to
// the audit log (success, `result: false` with its reason, or the error kind). `audited()` is the one
// path of every write and command; the access writes (vehicle-access.ts) take it too, with what the
// service said before and after the change kept in the entry's params (`before`, `after`).
import { randomUUID } from 'node:crypto';
import type { CommandName } from '../../shared/commands';
import type { RunCommandName } from '../../shared/bulk-commands';
import {
  COMMANDS,
  DEFAULT_MAX_ATTEMPTS,
  DEFAULT_WAIT_FOR_COMPLETION,
  isCommandName,
} from '../../shared/commands';
import type { CommandOptions } from '../../shared/ipc/api';
import { AppError } from '../../shared/result';
import type { AuditOutcome, CommandResult, PlateSetResult } from '../../shared/types';
import type { VehicleApiClient } from '../api';
import type { AuditLog } from '../audit/audit-log';
import { NO_FACTS, type FailureFact, type FactPort } from '../events/domain-events';
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
  /**
   * Awaited just before the request leaves, with the id its audit entry will have: the run writes
   * down that it is sending, so a crash in between is never taken for "not sent". When it throws,
   * nothing is sent.
   */
  beforeSend?: (send: { operation: string; auditId: string }) => Promise<void>;
  /** The id this send's audit entry must have, when the run already named it in a mark. */
  auditIdFor?: (operation: string) => string | undefined;
  /**
   * Told the service's answer as soon as it is judged and its audit entry is under way (the
   * change is already told to the status book), so what follows a send, such as reading the car
   * back, need not wait for the entry's sync. The send still settles only once the entry is written.
   */
  onAnswered?: (value: unknown) => void;
}

export interface VehicleWritesOptions {
  audit: AuditLog;
  status: VehicleStatusBook;
  now?: () => Date;
  /** The ids of audit entries, named before each send; random UUIDs by default. */
  newAuditId?: () => string;
  onPlateSet?: (profileId: string, vin: string, plate: string | null) => Promise<void>;
  onProblem?: (message: string, error: unknown) => void;
  /** Told when the service confirmed the vehicle awake. */
  onAwake?: (profileId: string, vin: string, at: Date) => void;
  /** Told when the service tried to reach the vehicle and it did not answer. */
  onUnreachable?: (profileId: string, vin: string, at: Date) => void;
  /** Told `vehicle.written` with each audited outcome. */
  facts?: FactPort;
}

export interface WriteOutcome<T = CommandResult> {
  value: T;
  /** Set when the service answered but the audit log could not be written. */
  warning?: string;
}

/** How an audited write is judged and what is kept around it. */
export interface AuditedOptions<T> {
  /** Whether the answer means done, and the service's reason when not; `value.result` by default. */
  judge?: (value: T) => { done: boolean; reason?: string };
  /**
   * What the service says of the thing changed, read before the write and again after it
   * (whatever it answered); a failed read is kept as its error message, and never stops the write.
   */
  snapshot?: () => Promise<unknown>;
}

export type Audited = <T>(
  ctx: WriteContext,
  vin: string,
  operation: string,
  params: Record<string, unknown>,
  send: () => Promise<T>,
  options?: AuditedOptions<T>,
) => Promise<WriteOutcome<T>>;

export interface VehicleWrites {
  /** Settles when every write under way has been answered and audited (or `timeoutMs` passed). */
  drain(timeoutMs: number): Promise<void>;
  /** The one audited path: sent once, the outcome appended to the audit log. */
  audited: Audited;
  /** Reads the plate the service holds first, so the answer and the audit say which plate was replaced. */
  setPlate(
    ctx: WriteContext,
    vin: string,
    input: { plate: string | null },
  ): Promise<WriteOutcome & { value: PlateSetResult }>;
  setDriveTag(ctx: WriteContext, vin: string, input: { drives: string; tag: string }): Promise<WriteOutcome>;
  command(ctx: WriteContext, vin: string, name: CommandName, options?: CommandOptions): Promise<WriteOutcome>;
  /** `result: true` once awake; false when the service could not wake it in time. */
  wake(ctx: WriteContext, vin: string): Promise<WriteOutcome>;
  /**
   * Records an operation the technician asked for that was not sent, with why (the car did not
   * wake, the technician cancelled, it already was so): the attempt stays in the log, the job and
   * History. Resolves with the entry's id; a log that cannot be written is said, not thrown.
   */
  notSent(
    ctx: WriteContext,
    vin: string,
    operation: string,
    params: Record<string, unknown>,
    reason: string,
  ): Promise<{ warning?: string }>;
}

/** Why the service's `result: false` to a wake-up: it tried for as long as it waits, in vain. */
export const WAKE_REFUSED_REASON = 'the vehicle did not wake in time; it may be offline or out of coverage';

/** The parameters as they go on the wire, defaults included, so the audit shows what was sent. */
export function commandParams(name: RunCommandName, options: CommandOptions = {}): Record<string, unknown> {
  const params: Record<string, unknown> = {
    waitForCompletion: options.waitForCompletion ?? DEFAULT_WAIT_FOR_COMPLETION,
    maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
  };
  const own = isCommandName(name) ? COMMANDS[name].param?.name : undefined;
  if (own) params[own] = options[own];
  if (options.inSeconds !== undefined) params['inSeconds'] = options.inSeconds;
  return params;
}

export function createVehicleWrites(options: VehicleWritesOptions): VehicleWrites {
  const { audit, status } = options;
  const now = options.now ?? (() => new Date());
  const onProblem = options.onProblem ?? (() => {});
  const newAuditId = options.newAuditId ?? randomUUID;
  const facts = options.facts ?? NO_FACTS;
  // Writes under way, so quitting can wait for their audit entries.
  const underWay = new Set<Promise<unknown>>();

  const audited: Audited = (ctx, vin, operation, params, send, auditedOptions = {}) => {
    const write = sendAndAudit(ctx, vin, operation, params, send, auditedOptions);
    const settled = write.catch(() => {}).finally(() => underWay.delete(settled));
    underWay.add(settled);
    return write;
  };

  /** A send the service could not deliver because the car did not answer says so, then fails as it did. */
  async function unlessUnreachable<T>(ctx: WriteContext, vin: string, send: () => Promise<T>): Promise<T> {
    try {
      return await send();
    } catch (error) {
      if (error instanceof AppError && error.kind === 'vehicle_offline') {
        options.onUnreachable?.(ctx.profileId, vin, now());
      }
      throw error;
    }
  }

  const defaultJudge = (value: unknown) => {
    const r = value as CommandResult;
    return { done: r.result, ...(r.reason ? { reason: r.reason } : {}) };
  };

  /** A snapshot for the audit entry: the value, or the read's failure in words. */
  async function snap(read: (() => Promise<unknown>) | undefined): Promise<unknown> {
    if (read === undefined) return undefined;
    try {
      return await read();
    } catch (error) {
      return { unknown: error instanceof Error ? error.message : String(error) };
    }
  }

  async function sendAndAudit<T>(
    ctx: WriteContext,
    vin: string,
    operation: string,
    baseParams: Record<string, unknown>,
    send: () => Promise<T>,
    { judge = defaultJudge, snapshot }: AuditedOptions<T>,
  ): Promise<WriteOutcome<T>> {
    const before = await snap(snapshot);
    const withStates = async (): Promise<Record<string, unknown>> => {
      if (snapshot === undefined) return baseParams;
      return { ...baseParams, before, after: await snap(snapshot) };
    };
    const auditId = ctx.run?.auditIdFor?.(operation) ?? newAuditId();
    await ctx.run?.beforeSend?.({ operation, auditId });
    const started = now();
    let value: T;
    try {
      value = await send();
    } catch (error) {
      // A refused double click sent nothing and is not a second attempt: it is not audited; nor
      // is a 429 the run it belongs to will send again.
      const resent =
        error instanceof AppError && error.kind === 'rate_limited' && ctx.run?.auditRateLimited === false;
      if (error instanceof AppError && error.kind !== 'busy' && !resent) {
        const params = await withStates();
        await record('error', params, { reason: error.message, errorKind: error.kind }, error.info).catch(
          (auditError) => onProblem('Could not write the audit log', auditError),
        );
      }
      throw error;
    }
    try {
      const verdict = judge(value);
      const params = await withStates();
      const recording = record(
        verdict.done ? 'success' : 'failed',
        params,
        verdict.reason ? { reason: verdict.reason } : {},
      );
      try {
        ctx.run?.onAnswered?.(value);
      } catch (error) {
        onProblem("A send's follow-up failed", error);
      }
      await recording;
      return { value };
    } catch (auditError) {
      onProblem('Could not write the audit log', auditError);
      return {
        value,
        warning: 'The service answered, but the audit log could not be written. Check free disk space.',
      };
    }

    async function record(
      outcome: AuditOutcome,
      params: Record<string, unknown>,
      extra: { reason?: string; errorKind?: string },
      failure?: FailureFact,
    ): Promise<void> {
      const durationMs = Math.max(0, now().getTime() - started.getTime());
      const written = { operation, outcome, at: started.toISOString(), reason: extra.reason };
      status.noteWrite(ctx.profileId, vin, written);
      facts.publish('vehicle.written', {
        profileId: ctx.profileId,
        vin,
        ...written,
        ...(failure
          ? { failure: { kind: failure.kind, message: failure.message, status: failure.status } }
          : {}),
      });
      const entry = await audit.append({
        id: auditId,
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
    audited,

    async drain(timeoutMs) {
      let timer: NodeJS.Timeout | undefined;
      const patience = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
      await Promise.race([Promise.all([...underWay]), patience]);
      clearTimeout(timer);
    },

    async setPlate(ctx, vin, input) {
      // The plate being replaced, as the service holds it now. A failed read leaves it unknown (never
      // guessed from the garage) and does not stop the write, whose own outcome is what is audited.
      const previous = await ctx.client.plate(vin).then(
        (read) => ({ known: true as const, plate: read.result }),
        () => ({ known: false as const }),
      );
      const params: Record<string, unknown> = { plate: input.plate };
      if (previous.known) params['previousPlate'] = previous.plate;
      const outcome = await audited(ctx, vin, 'setPlate', params, () => ctx.client.setPlate(vin, input));
      if (outcome.value.result) {
        await options
          .onPlateSet?.(ctx.profileId, vin, input.plate)
          .catch((error) => onProblem('Could not remember the plate', error));
      }
      return previous.known
        ? { ...outcome, value: { ...outcome.value, previousPlate: previous.plate } }
        : outcome;
    },
    /** `drives` as the IPC edge normalised it ("10000,10001"), the form audited and sent. */
    setDriveTag(ctx, vin, input) {
      return audited(ctx, vin, 'setDriveTag', { drives: input.drives, tag: input.tag }, () =>
        ctx.client.setDriveTag(vin, input),
      );
    },
    async command(ctx, vin, name, commandOptions = {}) {
      const outcome = await unlessUnreachable(ctx, vin, () =>
        audited(ctx, vin, `command:${name}`, commandParams(name, commandOptions), () =>
          ctx.client.command(vin, name, commandOptions),
        ),
      );
      // A car that carried out a command (or was woken for it) is awake now: the list must not keep
      // calling it asleep from an older reading.
      if (outcome.value.result || outcome.value.woke) options.onAwake?.(ctx.profileId, vin, now());
      return outcome;
    },
    async wake(ctx, vin) {
      const outcome = await unlessUnreachable(ctx, vin, () =>
        audited(ctx, vin, 'wake', {}, () => ctx.client.wake(vin), {
          // The service answers false after trying for as long as it waits: nothing refused it.
          judge: (r) => (r.result ? { done: true } : { done: false, reason: WAKE_REFUSED_REASON }),
        }),
      );
      if (outcome.value.result) options.onAwake?.(ctx.profileId, vin, now());
      else options.onUnreachable?.(ctx.profileId, vin, now());
      return outcome;
    },

    async notSent(ctx, vin, operation, params, reason) {
      const at = now();
      const written = { operation, outcome: 'not-sent' as const, at: at.toISOString(), reason };
      status.noteWrite(ctx.profileId, vin, written);
      facts.publish('vehicle.written', { profileId: ctx.profileId, vin, ...written });
      try {
        const entry = await audit.append({
          time: at,
          profileId: ctx.profileId,
          profileName: ctx.profileName,
          vin,
          operation,
          params,
          outcome: 'not-sent',
          durationMs: 0,
          reason,
          ...(ctx.run ? { runId: ctx.run.runId, ...(ctx.run.bulk ? { bulk: true } : {}) } : {}),
        });
        ctx.run?.onAudited?.(entry.id);
        return {};
      } catch (auditError) {
        onProblem('Could not write the audit log', auditError);
        return { warning: 'The audit log could not be written. Check free disk space.' };
      }
    },
  };
}
