// What a command was sent to do, in words ("Charge limit set to 90 %"), and the car's switches as its
// state reports them. Whether a command's effect shows is main's to say (the run reads the state
// back). Pure: tested without a DOM.
import type { RunCommandName } from '../../../electron/shared/bulk-commands';
import { COMMAND_FACTS } from '../../../electron/shared/command-facts';
import { COMMANDS, isCommandName, type CommandName } from '../../../electron/shared/commands';
import type { RunCommandOptions } from '../../../electron/shared/runs';
import type { VehicleState } from '../../../electron/shared/types';
import { scheduleTitle, WORKSHOP_COMMANDS } from '../../../electron/shared/workshop-commands';

/**
 * "Charge limit set to 90 %", "Valet mode enabled", "Lock: the vehicle said it did it": what was
 * sent, named with its value. A workshop command's line names the command and the vehicle's answer
 * only: what the car then shows is the effect read back, said apart.
 */
export function sentText(
  name: RunCommandName,
  value: number | null,
  waited: boolean,
  options: RunCommandOptions = {},
): string {
  if (!isCommandName(name)) {
    return waited
      ? `${attemptText(name, value, options)}: the vehicle said it did it`
      : `${attemptText(name, value, options)}: accepted by the service, not waited for the vehicle`;
  }
  const param = COMMANDS[name].param;
  const what =
    param && value !== null
      ? `${PARAM_SUBJECT[name] ?? COMMANDS[name].label} set to ${value} ${param.unit}`
      : DONE_TEXT[name];
  return waited ? what : `${what}: accepted by the service, not waited for the vehicle`;
}

/** "Set charge limit to 90 %", "Enable valet mode": what was attempted, for a failure's line. */
export function attemptText(
  name: RunCommandName,
  value: number | null,
  options: RunCommandOptions = {},
): string {
  if (name === 'schedule_software_update') return scheduleTitle(options.inSeconds);
  if (!isCommandName(name)) return WORKSHOP_COMMANDS[name].label;
  const spec = COMMANDS[name];
  return spec.param && value !== null ? `${spec.label} to ${value} ${spec.param.unit}` : spec.label;
}

/** The command that reverses this one, either way round, or null. */
export function oppositeOf(name: RunCommandName): RunCommandName | null {
  if (isCommandName(name)) return COMMANDS[name].undoneBy ?? COMMANDS[name].undoes;
  const spec = WORKSHOP_COMMANDS[name];
  if (spec.undoneBy) return spec.undoneBy;
  return Object.values(WORKSHOP_COMMANDS).find((other) => other.undoneBy === name)?.name ?? null;
}

/** A command's name as a button says it. */
export function commandLabel(name: RunCommandName): string {
  return isCommandName(name) ? COMMANDS[name].label : WORKSHOP_COMMANDS[name].label;
}

const PARAM_SUBJECT: Partial<Record<CommandName, string>> = {
  set_temperatures: 'Cabin temperature',
  set_charging_amps: 'Charging current',
  set_charge_limit: 'Charge limit',
  set_speed_limit: 'Speed limit',
};

const DONE_TEXT: Record<CommandName, string> = {
  enable_low_power_mode: 'Low power mode enabled',
  disable_low_power_mode: 'Low power mode disabled',
  set_temperatures: 'Cabin temperature set',
  set_charging_amps: 'Charging current set',
  set_charge_limit: 'Charge limit set',
  set_speed_limit: 'Speed limit set',
  open_charge_port: 'Charge port opened',
  close_charge_port: 'Charge port closed',
  close_windows: 'Windows closed',
  enable_valet: 'Valet mode enabled',
  disable_valet: 'Valet mode disabled',
};

/**
 * Whether the car's state still shows what a switch-like command set: true when it does, false when
 * the car now reports the opposite (the outcome no longer describes the car), null when the command
 * sets no such fact or the state does not report it.
 */
export function stateStillShows(name: RunCommandName, state: VehicleState | null): boolean | null {
  const fact = COMMAND_FACTS[name];
  if (!fact || state === null) return null;
  const now = fact.read(state);
  return now === null ? null : now === fact.expected;
}

/**
 * Why a command's outcome no longer describes the car, or null: its opposite command ran since, or
 * the car now reports the other value (changed by the owner, the app or another technician).
 */
export function staleReason(
  name: RunCommandName,
  outcome: { tone: string; superseded?: string; effectShown?: boolean } | null,
  state: VehicleState | null,
): string | null {
  if (outcome === null || outcome.tone !== 'ok') return null;
  if (outcome.superseded) return outcome.superseded;
  if (outcome.effectShown && stateStillShows(name, state) === false) return 'The car no longer shows this';
  return null;
}

/** The car's switches the Commands tab shows before its buttons, each in the car's own words. */
export const CAR_SWITCHES: { label: string; command: CommandName }[] = [
  { label: 'Valet mode', command: 'enable_valet' },
  { label: 'Low power mode', command: 'enable_low_power_mode' },
  { label: 'Charge port', command: 'open_charge_port' },
];

/** "on"/"off" ("open"/"closed" for the port) as the car reports it, or null when it does not say. */
export function switchText(command: CommandName, state: VehicleState | null): string | null {
  const fact = COMMAND_FACTS[command];
  if (!fact || state === null) return null;
  const now = fact.read(state);
  if (now === null) return null;
  return command === 'open_charge_port' ? (now ? 'open' : 'closed') : now ? 'on' : 'off';
}
