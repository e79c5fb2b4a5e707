// What a run needs of the services, as plain functions: the composition root binds them to the
// audited write path and the cached reads. Each throws AppError as the services do.
import type { GuestCommandName, WorkshopCommandName } from '../../shared/workshop-commands';
import type { CommandName } from '../../shared/commands';
import type { HistoryReadName } from '../../shared/history-reads';
import type { ReadOptionsOf } from '../../shared/vehicle-read-schemas';
import type { RunCommand, RunCommandOptions } from '../../shared/runs';
import type { TelemetryFields } from '../../shared/telemetry-rules';
import type { DataSource } from '../../shared/types';
import type { CommandResult, SleepStatus, TelemetryConfig, VehicleState } from '../../shared/wire';
import type { TelemetryWriteResult } from '../../shared/wire-access';
import type { VehicleApiClient } from '../api';

/** The profile a run works for, with its client; the same shape the services take. */
export interface RunContext {
  profileId: string;
  profileName: string;
  client: VehicleApiClient;
  /** False once the profile's address changed or it was removed: the run stops there. */
  isCurrent: () => boolean;
}

/** How a run's send is marked in the audit log. */
export interface RunTag {
  runId: string;
  bulk: boolean;
  /**
   * Whether a 429 answer is audited. A run re-sends after a 429 (the service did not act), so only
   * its last attempt is written down: every vehicle sent has exactly one entry.
   */
  auditRateLimited: boolean;
  /** Told the id of each audit entry written for this send (the wake and the command of a long one). */
  onAudited(auditId: string): void;
  /**
   * Awaited before each request of this send leaves, with the id its audit entry will have: the
   * run's journal holds it first, so a crash is never taken for "not sent". Nothing is sent if it
   * throws.
   */
  beforeSend(send: { operation: string; auditId: string }): Promise<void>;
  /** The audit id a mark written ahead named for `operation` (see send-marks.ts). */
  auditIdFor?: (operation: string) => string | undefined;
  /** Told the service's answer while its audit entry is still being written (see WriteRunTag). */
  onAnswered?: (value: unknown) => void;
}

export interface AuditedAnswer {
  value: CommandResult;
  /** Set when the service answered but the audit log could not be written. */
  warning?: string;
}

/** A read's answer as a run needs it: a saved copy that stood in for a failed read says why. */
export interface RunRead<T> {
  value: T;
  /** The car's own time of the answer (state sections), when it has one. */
  asOf?: string | null;
  stale?: { kind: string; message: string };
  /** Where the answer came from and when, as the services' reads tell it. */
  source?: DataSource;
  fetchedAt?: string;
}

export interface RunWork {
  command(
    ctx: RunContext,
    vin: string,
    name: CommandName,
    options: RunCommandOptions,
    tag: RunTag,
  ): Promise<AuditedAnswer>;
  /** Lock, sentry, lights, horn, charging, trunks, the update, guest mode: audited with the state before and after. */
  workshopCommand(
    ctx: RunContext,
    vin: string,
    name: WorkshopCommandName | GuestCommandName,
    options: RunCommandOptions,
    tag: RunTag,
  ): Promise<AuditedAnswer>;
  /** Writes a configuration (audited with the configuration before and after). */
  writeTelemetryConfig(
    ctx: RunContext,
    vin: string,
    fields: TelemetryFields,
    tag: RunTag,
  ): Promise<{ value: TelemetryWriteResult; warning?: string }>;
  wake(ctx: RunContext, vin: string, tag: RunTag): Promise<AuditedAnswer>;
  /**
   * Records a command the technician asked for that was not sent, with why (the car did not wake,
   * a cancel, it already was so): the attempt is audited under the command's own operation.
   */
  notSent(ctx: RunContext, vin: string, command: RunCommand, reason: string, tag: RunTag): Promise<void>;
  /** The cheap sleep status (never wakes the car). */
  status(ctx: RunContext, vin: string): Promise<RunRead<{ status: SleepStatus }>>;
  /**
   * The state: `live` asks the car (after a command), else the service's copy (never wakes it).
   * `colleagues`: a colleague's answer in the shop as fresh as a cached copy must be will do.
   */
  state(
    ctx: RunContext,
    vin: string,
    options: { live: boolean; colleagues?: boolean },
  ): Promise<RunRead<VehicleState>>;
  /**
   * The state main last saved for this car (its offline copy), asking nobody; null when none is
   * saved. A long command compares the state it reads back with it.
   */
  savedState?(ctx: RunContext, vin: string): Promise<VehicleState | null>;
  firmwareAlerts(ctx: RunContext, vin: string, options?: { colleagues?: boolean }): Promise<RunRead<unknown>>;
  /** Each tyre's pressure and status as the car last measured it (never wakes it). */
  tirePressure?(ctx: RunContext, vin: string, options?: { colleagues?: boolean }): Promise<RunRead<unknown>>;
  telemetryConfig(ctx: RunContext, vin: string): Promise<RunRead<TelemetryConfig>>;
  /** One of the car's history reads, asked of the service again (never wakes the car). */
  historyRead<Name extends HistoryReadName>(
    ctx: RunContext,
    vin: string,
    name: Name,
    options: ReadOptionsOf<Name>,
  ): Promise<RunRead<unknown>>;
}
