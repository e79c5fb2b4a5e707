// Who may drive a vehicle and what it reports, and the workshop commands: drivers, invitations,
// guest mode, telemetry configuration writes, lock, sentry, charging, trunks and the software
// update. Every change takes the one audited path (vehicle-writes.ts) with what the service said
// of the thing changed before and after it. The after-reads of the state and of the configuration
// go through the one cached-read path, so the garage's glance and the offline copy follow at once.
//
// The drivers and invitations are read live only: at a hand-over an offline copy of who can unlock
// the car would be worse than saying the app does not know.
import type { FetchMeta } from '../../shared/types';
import type { TelemetryFields } from '../../shared/telemetry-rules';
import type { CommandResult, VehicleState } from '../../shared/wire';
import {
  telemetryWriteApplied,
  type AccessResult,
  type DriversList,
  type Invitation,
  type InvitationsList,
  type TelemetryWriteResult,
} from '../../shared/wire-access';
import type { GuestCommandName, WorkshopCommandName } from '../../shared/workshop-commands';
import type { WorkshopCommandOptions } from '../api';
import type { VehicleReads } from './vehicle-reads';
import { commandParams, type VehicleWrites, type WriteContext, type WriteOutcome } from './vehicle-writes';

export interface VehicleAccessOptions {
  writes: VehicleWrites;
  reads: VehicleReads;
  now?: () => Date;
}

type Live<T> = Promise<{ value: T } & FetchMeta>;

export interface VehicleAccess {
  /** Reads only: any context with the profile's client will do (a job's snapshot has no write context). */
  drivers(ctx: Pick<WriteContext, 'client'>, vin: string): Live<DriversList>;
  invitations(ctx: Pick<WriteContext, 'client'>, vin: string): Live<InvitationsList>;
  removeDriver(ctx: WriteContext, vin: string, userId: string): Promise<WriteOutcome<AccessResult>>;
  createInvitation(ctx: WriteContext, vin: string): Promise<WriteOutcome<Invitation>>;
  revokeInvitation(ctx: WriteContext, vin: string, id: string): Promise<WriteOutcome<AccessResult>>;
  writeTelemetryConfig(
    ctx: WriteContext,
    vin: string,
    fields: TelemetryFields | 'recommended',
  ): Promise<WriteOutcome<TelemetryWriteResult>>;
  deleteTelemetryConfig(ctx: WriteContext, vin: string): Promise<WriteOutcome<TelemetryWriteResult>>;
  workshopCommand(
    ctx: WriteContext,
    vin: string,
    name: WorkshopCommandName | GuestCommandName,
    options?: WorkshopCommandOptions,
  ): Promise<WriteOutcome<CommandResult>>;
}

/** The state a workshop command changes, as the car last reported it (for the audit entry). */
export function workshopStateOf(state: VehicleState): Record<string, unknown> {
  const vs = state.vehicle_state ?? null;
  return {
    locked: vs?.locked ?? null,
    sentry_mode: vs?.sentry_mode ?? null,
    guest_mode_enabled: vs?.guest_mode_enabled ?? null,
    ft: vs?.ft ?? null,
    rt: vs?.rt ?? null,
    car_version: vs?.car_version ?? null,
    software_update: vs?.software_update ?? null,
    charging_state: state.charge_state?.charging_state ?? null,
  };
}

const accessJudge = (r: AccessResult) => ({ done: r.result, ...(r.reason ? { reason: r.reason } : {}) });
const telemetryJudge = (r: TelemetryWriteResult) =>
  telemetryWriteApplied(r) ? { done: true } : { done: false, reason: 'The service updated no vehicle.' };

export function createVehicleAccess(options: VehicleAccessOptions): VehicleAccess {
  const { writes, reads } = options;
  const now = options.now ?? (() => new Date());
  const live = async <T>(read: () => Promise<T>): Live<T> => {
    const value = await read();
    return { value, source: 'live', fetchedAt: now().toISOString() };
  };

  const driverSnapshot = (ctx: WriteContext, vin: string) => async () =>
    (await ctx.client.drivers(vin)).results.map((d) => ({
      user_id_s: d.user_id_s,
      name: `${d.driver_first_name} ${d.driver_last_name}`.trim(),
    }));
  const invitationSnapshot = (ctx: WriteContext, vin: string) => async () =>
    (await ctx.client.invitations(vin)).results.map((i) => ({
      id_s: i.id_s,
      state: i.state,
      expires_at: i.expires_at,
    }));
  const telemetrySnapshot = (ctx: WriteContext, vin: string) => async () => {
    const { value } = await reads.telemetryConfig(ctx, vin, { refresh: true });
    return { synced: value.synced, exp: value.config.exp, fields: value.config.fields };
  };
  const stateSnapshot = (ctx: WriteContext, vin: string) => async () =>
    workshopStateOf((await reads.state(ctx, vin, { refresh: true })).value);

  return {
    drivers: (ctx, vin) => live(() => ctx.client.drivers(vin)),
    invitations: (ctx, vin) => live(() => ctx.client.invitations(vin)),

    removeDriver: (ctx, vin, userId) =>
      writes.audited(ctx, vin, 'removeDriver', { userId }, () => ctx.client.removeDriver(vin, userId), {
        judge: accessJudge,
        snapshot: driverSnapshot(ctx, vin),
      }),

    createInvitation: (ctx, vin) =>
      writes.audited(ctx, vin, 'createInvitation', {}, () => ctx.client.createInvitation(vin), {
        judge: () => ({ done: true }),
        snapshot: invitationSnapshot(ctx, vin),
      }),

    revokeInvitation: (ctx, vin, id) =>
      writes.audited(ctx, vin, 'revokeInvitation', { id }, () => ctx.client.revokeInvitation(vin, id), {
        judge: accessJudge,
        snapshot: invitationSnapshot(ctx, vin),
      }),

    writeTelemetryConfig: (ctx, vin, fields) =>
      writes.audited(
        ctx,
        vin,
        'writeTelemetryConfig',
        fields === 'recommended' ? { recommended: true } : { fields },
        () => ctx.client.writeTelemetryConfig(vin, fields),
        { judge: telemetryJudge, snapshot: telemetrySnapshot(ctx, vin) },
      ),

    deleteTelemetryConfig: (ctx, vin) =>
      writes.audited(ctx, vin, 'deleteTelemetryConfig', {}, () => ctx.client.deleteTelemetryConfig(vin), {
        judge: telemetryJudge,
        snapshot: telemetrySnapshot(ctx, vin),
      }),

    workshopCommand: (ctx, vin, name, commandOptions = {}) =>
      writes.audited(
        ctx,
        vin,
        `command:${name}`,
        commandParams(name, commandOptions),
        () => ctx.client.workshopCommand(vin, name, commandOptions),
        { snapshot: stateSnapshot(ctx, vin) },
      ),
  };
}
