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
import { t } from './i18n.svelte';

/**
 * Plain-words names of the values, for messages and labels, in the window's language: each is read
 * from the catalogs when asked for, so a label in markup follows a change of language.
 */
export const PARAM_LABELS: Readonly<Record<CommandParamSpec['name'], string>> = {
  get temperature() {
    return t('param.temperature');
  },
  get amps() {
    return t('param.amps');
  },
  get percent() {
    return t('param.percent');
  },
  get mph() {
    return t('param.mph');
  },
};

export const PARAM_DEFAULTS: Record<CommandParamSpec['name'], number> = {
  temperature: 21,
  amps: 16,
  percent: 80,
  mph: 65,
};

export function boundsText(spec: CommandParamSpec): string {
  const { min, max, unit, step } = spec;
  return step !== 1
    ? t('param.boundsSteps', { min, max, unit, step })
    : t('param.bounds', { min, max, unit });
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
  return t(param.own ? 'param.ownBounds' : 'param.unknownBounds', { bounds: boundsText(param.spec) });
}

/** Why `value` cannot be sent, in words; null when it can. */
export function paramProblem(spec: CommandParamSpec, value: number | null | undefined): string | null {
  const label = PARAM_LABELS[spec.name];
  const { min, max, unit, step } = spec;
  if (value === null || value === undefined || Number.isNaN(value))
    return t('param.enter', { param: spec.name });
  if (value < min || value > max) return t('param.range', { label, min, max, unit });
  const steps = (value - min) / step;
  if (Math.abs(steps - Math.round(steps)) > 1e-9) {
    return step === 1 ? t('param.whole', { label }) : t('param.steps', { label, step, unit });
  }
  return checkCommandParam(spec, value) === null ? null : t('param.invalid', { label });
}

export function attemptsProblem(value: number | null | undefined): string | null {
  if (
    value === null ||
    value === undefined ||
    !Number.isInteger(value) ||
    value < MAX_ATTEMPTS_MIN ||
    value > MAX_ATTEMPTS_MAX
  ) {
    return t('param.attempts', { min: MAX_ATTEMPTS_MIN, max: MAX_ATTEMPTS_MAX });
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

/**
 * What each command does, from the interface document, shown beside its button; read from the
 * catalogs when asked for (`COMMAND_EFFECTS[name]`), in the window's language.
 */
export const COMMAND_EFFECTS: Readonly<Record<CommandSpec['name'], string>> = Object.defineProperties(
  {} as Record<CommandSpec['name'], string>,
  Object.fromEntries(
    COMMAND_NAMES.map((name) => [name, { enumerable: true, get: () => t(`commandEffect.${name}`) }]),
  ),
);

const PARAM_UNITS = Object.fromEntries(
  COMMAND_NAMES.flatMap((name) => {
    const param = COMMANDS[name].param;
    return param ? [[param.name, param.unit]] : [];
  }),
) as Partial<Record<CommandParamSpec['name'], string>>;

/** "charge limit 90 %, wait for completion, up to 3 attempts", for dry runs and history. */
export function describeOptions(options: CommandOptions, shown: CommandParamSpec | null = null): string {
  const parts: string[] = [];
  for (const key of ['temperature', 'amps', 'percent', 'mph'] as const) {
    const value = options[key];
    // The value typed in the technician's unit (°F, km/h) is said in it, as the field named it.
    const unit = shown?.name === key ? shown.unit : (PARAM_UNITS[key] ?? '');
    if (value !== undefined) parts.push(t(`options.${key}`, { value, unit }).trim());
  }
  if (options.waitForCompletion !== undefined) {
    parts.push(t(options.waitForCompletion ? 'options.wait' : 'options.noWait'));
  }
  if (options.maxAttempts !== undefined) parts.push(t('options.attempts', { count: options.maxAttempts }));
  return parts.join(', ');
}
