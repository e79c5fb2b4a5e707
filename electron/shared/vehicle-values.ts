// What a state object says about the vehicle, in the terms the garage uses: its sleep state, its
// deployed version, the "as of" of the answer, and each command's current value and the vehicle's
// own bounds. Pure and zod-free: main (glance bookkeeping) and the renderer (forms) share it.
import { COMMANDS, type CommandName, type CommandParamSpec } from './commands';
import type { SleepState, VehicleGlance } from './types';
import type { SleepStatus, VehicleOnlineState, VehicleState } from './wire';

export type { SleepState };

/** `GET status` → the garage's word; "waiting_for_sleep" is still awake. */
export function sleepFromStatus(status: SleepStatus): SleepState {
  return status === 'asleep' ? 'asleep' : 'awake';
}

/** The state object's `state` → the garage's word. */
export function sleepFromState(state: VehicleOnlineState): SleepState {
  return state === 'online' ? 'awake' : state;
}

/** "2026.14.3 fae2af490933" → "2026.14.3"; null for a blank or absent version. */
export function deployedVersion(carVersion: string | null | undefined): string | null {
  const version = carVersion?.trim().split(/\s+/)[0] ?? '';
  return version === '' ? null : version;
}

/** The sections of a state object, in the order a UI lists them. */
export const STATE_SECTIONS = [
  'charge_state',
  'climate_state',
  'vehicle_state',
  'drive_state',
  'vehicle_config',
] as const;

/** A section timestamp (Unix ms) as ISO, or null when absent or not a plausible time. */
export function sectionTime(timestamp: number | null | undefined): string | null {
  if (typeof timestamp !== 'number' || !Number.isFinite(timestamp) || timestamp <= 0) return null;
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/**
 * The oldest section timestamp of a state answer: everything shown from it is at least this
 * recent. Null when no section carries a timestamp (e.g. `{"state": "asleep"}`).
 */
export function stateAsOf(state: VehicleState): string | null {
  let oldest: number | null = null;
  for (const section of STATE_SECTIONS) {
    const stamp = state[section]?.timestamp;
    if (sectionTime(stamp) !== null && (oldest === null || (stamp as number) < oldest)) {
      oldest = stamp as number;
    }
  }
  return oldest === null ? null : new Date(oldest).toISOString();
}

/** Whether the answer holds any section (a live read of a sleeping car holds none). */
export function hasSections(state: VehicleState): boolean {
  return STATE_SECTIONS.some((section) => state[section] != null);
}

/** The current value of a command's parameter as the state reports it, or null when unknown. */
export function currentParamValue(name: CommandName, state: VehicleState | null): number | null {
  if (!state) return null;
  const value = (() => {
    switch (name) {
      case 'set_temperatures':
        return state.climate_state?.driver_temp_setting;
      case 'set_charging_amps':
        return state.charge_state?.charge_current_request;
      case 'set_charge_limit':
        return state.charge_state?.charge_limit_soc;
      case 'set_speed_limit':
        return state.vehicle_state?.speed_limit_mode?.current_limit_mph;
      default:
        return null;
    }
  })();
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/**
 * A command parameter's bounds for this vehicle: its own (`charge_current_request_max`,
 * `min/max_avail_temp`, `charge_limit_soc_min/max`, the speed-limit mode's min/max) where the
 * state reports them and they lie inside the interface's, else the interface's.
 */
export function vehicleParamBounds(
  name: CommandName,
  state: VehicleState | null,
): { min: number; max: number; own: boolean } | null {
  const spec: CommandParamSpec | null = COMMANDS[name].param;
  if (spec === null) return null;
  const [ownMin, ownMax] = (() => {
    switch (name) {
      case 'set_temperatures':
        return [state?.climate_state?.min_avail_temp, state?.climate_state?.max_avail_temp];
      case 'set_charging_amps':
        return [undefined, state?.charge_state?.charge_current_request_max];
      case 'set_charge_limit':
        return [state?.charge_state?.charge_limit_soc_min, state?.charge_state?.charge_limit_soc_max];
      case 'set_speed_limit':
        return [
          state?.vehicle_state?.speed_limit_mode?.min_limit_mph,
          state?.vehicle_state?.speed_limit_mode?.max_limit_mph,
        ];
      default:
        return [undefined, undefined];
    }
  })();
  const inside = (value: number | null | undefined): value is number =>
    typeof value === 'number' && Number.isFinite(value) && value >= spec.min && value <= spec.max;
  const min = inside(ownMin) ? ownMin : spec.min;
  const max = inside(ownMax) ? ownMax : spec.max;
  if (min > max) return { min: spec.min, max: spec.max, own: false };
  return { min, max, own: inside(ownMin) || inside(ownMax) };
}

/** A glance before any read confirmed anything: every part unknown. */
export function unknownGlance(): VehicleGlance {
  return {
    sleep: null,
    batteryLevel: null,
    batteryRange: null,
    version: null,
    softwareUpdate: null,
    stagedVersion: null,
    telemetryExpiresAt: null,
    firmwareAlertCount: null,
    carType: null,
    inService: null,
    tyresLow: null,
    charging: null,
  };
}
