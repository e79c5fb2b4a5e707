// Drivers, invitations, telemetry configuration writes (all audited) and the telemetry templates
// kept locally. Workshop and guest-mode commands are runs (runs.startVehicleCommand).
import { ok } from '../../../shared/result';
import type { PolicyAction } from '../../../shared/shop-policy';
import type { ActiveContext } from '../../services/profiles-service';
import type { VehicleAccess } from '../../services/vehicle-access';
import type { WriteOutcome } from '../../services/vehicle-writes';
import type { GarageTemplateComparison } from '../../services/template-compare';
import type { TemplateStore } from '../../storage/template-store';
import { withWarning, type HandlerGroup } from './types';

const written = <T>({ value, warning }: WriteOutcome<T>) => ok(value, withWarning(warning));
const read = <T, Meta extends object>({ value, ...meta }: { value: T } & Meta) => ok(value, meta);

export function vehicleAccessHandlers(deps: {
  access: VehicleAccess;
  templates: TemplateStore;
  active: () => Promise<ActiveContext>;
  /**
   * Shop mode: refuses a write to a car another technician has claimed unless the technician
   * confirmed (`overrideClaim`, recorded), as a command is.
   */
  checkClaim?: (profileId: string, vin: string, override: boolean, operation: string) => Promise<void>;
  /**
   * Shop mode: refuses (recorded, saying who may) what the shop's policy keeps from this role:
   * removing a driver, an invitation, writing or deleting a telemetry configuration.
   */
  checkPolicy?: (
    profileId: string,
    action: PolicyAction,
    subject: { vin: string; operation: string },
  ) => Promise<void>;
  /** Which vehicles differ from the named template, on what was last read. */
  compareGarage: (profileId: string, name: string) => Promise<GarageTemplateComparison>;
}): HandlerGroup<
  | 'vehicles.drivers'
  | 'vehicles.removeDriver'
  | 'vehicles.invitations'
  | 'vehicles.createInvitation'
  | 'vehicles.revokeInvitation'
  | 'vehicles.writeTelemetryConfig'
  | 'vehicles.deleteTelemetryConfig'
  | 'templates.list'
  | 'templates.save'
  | 'templates.remove'
  | 'templates.compareGarage'
> {
  const { access, templates, active } = deps;
  /** The policy's say first (nothing is sent when it refuses), then the claim's. */
  const checked = async (
    vin: string,
    override: boolean | undefined,
    operation: string,
    action: PolicyAction,
  ): Promise<ActiveContext> => {
    const ctx = await active();
    await deps.checkPolicy?.(ctx.profileId, action, { vin, operation });
    if (override !== undefined) await deps.checkClaim?.(ctx.profileId, vin, override === true, operation);
    return ctx;
  };
  return {
    'vehicles.drivers': async (vin) => read(await access.drivers(await active(), vin)),
    'vehicles.removeDriver': async (vin, userId) =>
      written(
        await access.removeDriver(
          await checked(vin, undefined, 'removeDriver', 'remove_driver'),
          vin,
          userId,
        ),
      ),
    'vehicles.invitations': async (vin) => read(await access.invitations(await active(), vin)),
    'vehicles.createInvitation': async (vin, options) =>
      written(
        await access.createInvitation(
          await checked(vin, options?.overrideClaim ?? false, 'createInvitation', 'invitation'),
          vin,
        ),
      ),
    'vehicles.revokeInvitation': async (vin, id) =>
      written(await access.revokeInvitation(await active(), vin, id)),
    'vehicles.writeTelemetryConfig': async (vin, input) =>
      written(
        await access.writeTelemetryConfig(
          await checked(vin, undefined, 'writeTelemetryConfig', 'telemetry_write'),
          vin,
          'fields' in input ? input.fields : 'recommended',
        ),
      ),
    'vehicles.deleteTelemetryConfig': async (vin, { overrideClaim }) =>
      written(
        await access.deleteTelemetryConfig(
          await checked(vin, overrideClaim ?? false, 'deleteTelemetryConfig', 'telemetry_delete'),
          vin,
        ),
      ),
    'templates.list': async () => ok(await templates.list()),
    'templates.save': async (template) => ok(await templates.save(template)),
    'templates.compareGarage': async (name) => ok(await deps.compareGarage((await active()).profileId, name)),
    'templates.remove': async (name) => {
      await templates.remove(name);
      return ok(null);
    },
  };
}
