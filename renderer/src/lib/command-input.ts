// What the command form checks before anything is sent: the value's bounds and step, and attempts.
import {
  checkCommandParam,
  COMMAND_NAMES,
  COMMANDS,
  MAX_ATTEMPTS_MAX,
  MAX_ATTEMPTS_MIN,
  type CommandParamSpec,
  type CommandSpec,
} from '../../../electron/shared/commands';
import type { CommandOptions } from '../../../electron/shared/ipc/api';
import type { VehicleState } from '../../../electron/shared/types';
import { currentParamValue, vehicleParamBounds } from '../../../electron/shared/vehicle-values';

/** Plain-words names of the values, for messages and labels. */
export const PARAM_LABELS: Record<CommandParamSpec['name'], string> = {
  temperature: 'Temperature',
  amps: 'Charging current',
  percent: 'Charge limit',
  mph: 'Speed limit',
};

export const PARAM_DEFAULTS: Record<CommandParamSpec['name'], number> = {
  temperature: 21,
  amps: 16,
  percent: 80,
  mph: 65,
};

export function boundsText(spec: CommandParamSpec): string {
  const step = spec.step !== 1 ? `, in steps of ${spec.step}` : ', whole numbers';
  return `${spec.min} to ${spec.max} ${spec.unit}${step}`;
}

/** A parameter with this vehicle's own bounds where its state reports them, and where they come from. */
export interface VehicleParam {
  spec: CommandParamSpec;
  /** True when the bounds are the vehicle's own, false when the interface's stand in. */
  own: boolean;
  /** The car's current value, or null when its state does not say (or is not read yet). */
  current: number | null;
}

export function vehicleParam(command: CommandSpec, state: VehicleState | null): VehicleParam | null {
  if (!command.param) return null;
  const bounds = vehicleParamBounds(command.name, state);
  return {
    spec: bounds ? { ...command.param, min: bounds.min, max: bounds.max } : command.param,
    own: bounds?.own ?? false,
    current: currentParamValue(command.name, state),
  };
}

/** "1 to 32 A, whole numbers (this car's own limits)" or "(…; this car's own limits are unknown)". */
export function vehicleBoundsText(param: VehicleParam): string {
  return `${boundsText(param.spec)} ${param.own ? "(this car's own limits)" : "(this car's own limits are unknown)"}`;
}

/** Why `value` cannot be sent, in words; null when it can. */
export function paramProblem(spec: CommandParamSpec, value: number | null | undefined): string | null {
  const label = PARAM_LABELS[spec.name];
  if (value === null || value === undefined || Number.isNaN(value)) return `Enter a ${label.toLowerCase()}`;
  if (value < spec.min || value > spec.max)
    return `${label} must be between ${spec.min} and ${spec.max} ${spec.unit}`;
  const steps = (value - spec.min) / spec.step;
  if (Math.abs(steps - Math.round(steps)) > 1e-9) {
    return spec.step === 1
      ? `${label} must be a whole number`
      : `${label} must be in steps of ${spec.step} ${spec.unit}`;
  }
  return checkCommandParam(spec, value) === null ? null : `${label} is not acceptable`;
}

export function attemptsProblem(value: number | null | undefined): string | null {
  if (
    value === null ||
    value === undefined ||
    !Number.isInteger(value) ||
    value < MAX_ATTEMPTS_MIN ||
    value > MAX_ATTEMPTS_MAX
  ) {
    return `Max attempts must be a whole number from ${MAX_ATTEMPTS_MIN} to ${MAX_ATTEMPTS_MAX}`;
  }
  return null;
}

export interface SharedCommandOptions {
  waitForCompletion: boolean;
  maxAttempts: number;
}

export function commandOptions(
  spec: Pick<CommandSpec, 'param'>,
  shared: SharedCommandOptions,
  value: number | null,
): CommandOptions {
  const options: CommandOptions = {
    waitForCompletion: shared.waitForCompletion,
    maxAttempts: shared.maxAttempts,
  };
  if (spec.param && value !== null) options[spec.param.name] = value;
  return options;
}

/** "percent 80 %" for dry runs and history. */
export function valueText(spec: CommandSpec, value: number | null): string {
  return spec.param && value !== null ? `${value} ${spec.param.unit}` : '';
}

/** What each command does, from the interface document, shown beside its button. */
export const COMMAND_EFFECTS: Record<CommandSpec['name'], string> = {
  enable_low_power_mode: 'Lowers standby consumption; the vehicle may answer the app more slowly.',
  set_temperatures: 'Sets the cabin temperature.',
  set_charging_amps: 'Sets the charging current.',
  set_charge_limit: 'Sets the battery percentage to charge to.',
  open_charge_port: 'Opens the charge port if closed, or unlocks it if open.',
  set_speed_limit: 'Sets the speed limit the owner can drive at.',
  close_windows: 'Closes all windows, if the vehicle supports it.',
  enable_valet: 'Restricts the vehicle for valet parking.',
  disable_valet: 'Lifts the valet restrictions.',
  close_charge_port: 'Closes the charge port door.',
  disable_low_power_mode: 'Returns the vehicle to normal standby.',
};

const PARAM_UNITS = Object.fromEntries(
  COMMAND_NAMES.flatMap((name) => {
    const param = COMMANDS[name].param;
    return param ? [[param.name, param.unit]] : [];
  }),
) as Partial<Record<CommandParamSpec['name'], string>>;

/** "charge limit 90 %, wait for completion, up to 3 attempts", for dry runs and history. */
export function describeOptions(options: CommandOptions): string {
  const parts: string[] = [];
  for (const key of ['temperature', 'amps', 'percent', 'mph'] as const) {
    if (options[key] !== undefined) {
      parts.push(`${PARAM_LABELS[key].toLowerCase()} ${options[key]} ${PARAM_UNITS[key] ?? ''}`.trim());
    }
  }
  if (options.waitForCompletion !== undefined) {
    parts.push(options.waitForCompletion ? 'wait for completion' : 'do not wait');
  }
  if (options.maxAttempts !== undefined) {
    parts.push(`up to ${options.maxAttempts} attempt${options.maxAttempts === 1 ? '' : 's'}`);
  }
  return parts.join(', ');
}
