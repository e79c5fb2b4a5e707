// Drivers, invitations, telemetry configuration writes (all audited) and the telemetry templates
// kept locally. Workshop and guest-mode commands are runs (runs.startVehicleCommand).
import { ok } from '../../../shared/result';
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
  const checked = async (vin: string, override: boolean | undefined, operation: string) => {
    const ctx = await active();
    await deps.checkClaim?.(ctx.profileId, vin, override === true, operation);
    return ctx;
  };
  return {
    'vehicles.drivers': async (vin) => read(await access.drivers(await active(), vin)),
    'vehicles.removeDriver': async (vin, userId) =>
      written(await access.removeDriver(await active(), vin, userId)),
    'vehicles.invitations': async (vin) => read(await access.invitations(await active(), vin)),
    'vehicles.createInvitation': async (vin, options) =>
      written(
        await access.createInvitation(await checked(vin, options?.overrideClaim, 'createInvitation'), vin),
      ),
    'vehicles.revokeInvitation': async (vin, id) =>
      written(await access.revokeInvitation(await active(), vin, id)),
    'vehicles.writeTelemetryConfig': async (vin, input) =>
      written(
        await access.writeTelemetryConfig(
          await active(),
          vin,
          'fields' in input ? input.fields : 'recommended',
        ),
      ),
    'vehicles.deleteTelemetryConfig': async (vin, { overrideClaim }) =>
      written(
        await access.deleteTelemetryConfig(await checked(vin, overrideClaim, 'deleteTelemetryConfig'), vin),
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
