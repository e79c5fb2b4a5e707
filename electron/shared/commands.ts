// The remote commands, with the wire names and bounds of the public service
// (shared/interface/public-api-facts.md, public-api-beyond.md): the interface's eight and the three
// that undo an owner-affecting one. Zod-free so the renderer can import it cheaply.
import { english, type Say } from './i18n/english';

export const COMMAND_NAMES = [
  'enable_low_power_mode',
  'set_temperatures',
  'set_charging_amps',
  'set_charge_limit',
  'open_charge_port',
  'set_speed_limit',
  'close_windows',
  'enable_valet',
  'disable_valet',
  'close_charge_port',
  'disable_low_power_mode',
] as const;

export type CommandName = (typeof COMMAND_NAMES)[number];

export type CommandParamName = 'temperature' | 'amps' | 'percent' | 'mph';

export interface CommandParamSpec {
  /** Query parameter name on the wire. */
  name: CommandParamName;
  min: number;
  max: number;
  integer: boolean;
  unit: string;
  /** Step a UI should offer (the service itself accepts any number in range unless `integer`). */
  step: number;
}

export interface CommandSpec {
  name: CommandName;
  /** The button's label: the action it performs. */
  label: string;
  param: CommandParamSpec | null;
  /** Changes what the owner experiences, so a UI must confirm before sending. */
  needsConfirmation: boolean;
  /** The command that reverses this one, for "to undo: …"; null when none does. */
  undoneBy: CommandName | null;
  /** The command this one reverses (it is the undo of), or null. */
  undoes: CommandName | null;
}

export const MAX_ATTEMPTS_MIN = 1;
export const MAX_ATTEMPTS_MAX = 3;
export const DEFAULT_MAX_ATTEMPTS = 3;
export const DEFAULT_WAIT_FOR_COMPLETION = true;

/** Amps: no published bound; public clients use 1..48 and a vehicle's own maximum is usually 32 or 48. */
export const AMPS_MAX = 48;

/** The pairs (command, its undo); `undoneBy` and `undoes` below are derived from this one list. */
export const UNDO_PAIRS: ReadonlyArray<readonly [CommandName, CommandName]> = [
  ['enable_valet', 'disable_valet'],
  ['open_charge_port', 'close_charge_port'],
  ['enable_low_power_mode', 'disable_low_power_mode'],
];

type BaseSpec = Omit<CommandSpec, 'undoneBy' | 'undoes'>;

const BASE_SPECS: Record<CommandName, BaseSpec> = {
  enable_low_power_mode: {
    name: 'enable_low_power_mode',
    label: 'Enable low power mode',
    param: null,
    needsConfirmation: true,
  },
  set_temperatures: {
    name: 'set_temperatures',
    label: 'Set cabin temperature',
    param: { name: 'temperature', min: 15, max: 28, integer: false, unit: '°C', step: 0.5 },
    needsConfirmation: false,
  },
  set_charging_amps: {
    name: 'set_charging_amps',
    label: 'Set charging amps',
    param: { name: 'amps', min: 1, max: AMPS_MAX, integer: false, unit: 'A', step: 1 },
    needsConfirmation: false,
  },
  set_charge_limit: {
    name: 'set_charge_limit',
    label: 'Set charge limit',
    param: { name: 'percent', min: 50, max: 100, integer: false, unit: '%', step: 1 },
    needsConfirmation: false,
  },
  open_charge_port: {
    name: 'open_charge_port',
    label: 'Open charge port',
    param: null,
    needsConfirmation: false,
  },
  set_speed_limit: {
    name: 'set_speed_limit',
    label: 'Set speed limit',
    param: { name: 'mph', min: 50, max: 120, integer: true, unit: 'mph', step: 1 },
    needsConfirmation: true,
  },
  close_windows: {
    name: 'close_windows',
    label: 'Close windows',
    param: null,
    needsConfirmation: false,
  },
  enable_valet: {
    name: 'enable_valet',
    label: 'Enable valet mode',
    param: null,
    needsConfirmation: true,
  },
  disable_valet: {
    name: 'disable_valet',
    label: 'Disable valet mode',
    param: null,
    needsConfirmation: false,
  },
  close_charge_port: {
    name: 'close_charge_port',
    label: 'Close charge port',
    param: null,
    needsConfirmation: false,
  },
  disable_low_power_mode: {
    name: 'disable_low_power_mode',
    label: 'Disable low power mode',
    param: null,
    needsConfirmation: false,
  },
};

export const COMMANDS: Record<CommandName, CommandSpec> = Object.fromEntries(
  COMMAND_NAMES.map((name) => [
    name,
    {
      ...BASE_SPECS[name],
      undoneBy: UNDO_PAIRS.find(([command]) => command === name)?.[1] ?? null,
      undoes: UNDO_PAIRS.find(([, undo]) => undo === name)?.[0] ?? null,
    },
  ]),
) as Record<CommandName, CommandSpec>;

/**
 * How to reverse a command, in words for its confirmation ("To undo: Disable valet mode."), or null
 * when it needs no such note. A speed limit has no undo command: another limit replaces it.
 */
export function undoHint(name: CommandName, say: Say = english): string | null {
  const undo = COMMANDS[name].undoneBy;
  if (undo !== null) return say('commandsTab.toUndo', { label: say(`command.${undo}`) });
  if (name === 'set_speed_limit') return say('commandsTab.undoSpeed');
  return null;
}

export function isCommandName(value: unknown): value is CommandName {
  return typeof value === 'string' && (COMMAND_NAMES as readonly string[]).includes(value);
}

/** Why a parameter value is out of bounds, or null when it is fine. */
export function checkCommandParam(spec: CommandParamSpec, value: unknown): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    return `${spec.name} must be a number`;
  }
  if (spec.integer && !Number.isInteger(value)) return `${spec.name} must be a whole number`;
  if (value < spec.min || value > spec.max) {
    return `${spec.name} must be between ${spec.min} and ${spec.max} ${spec.unit}`;
  }
  return null;
}
