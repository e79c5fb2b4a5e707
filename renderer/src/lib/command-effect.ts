// What a command was sent to do, in words ("Charge limit set to 90 %"), and whether the state read
// after it shows that effect ("now 90 %, was 80 %") or not yet. Pure: tested without a DOM.
import { COMMAND_FACTS } from '../../../electron/shared/command-facts';
import { COMMANDS, type CommandName } from '../../../electron/shared/commands';
import type { VehicleState } from '../../../electron/shared/types';
import { currentParamValue } from '../../../electron/shared/vehicle-values';
import { formatTime } from './format';

/** "Charge limit set to 90 %", "Valet mode enabled": what was sent, named with its value. */
export function sentText(name: CommandName, value: number | null, waited: boolean): string {
  const param = COMMANDS[name].param;
  const what =
    param && value !== null
      ? `${PARAM_SUBJECT[name] ?? COMMANDS[name].label} set to ${value} ${param.unit}`
      : DONE_TEXT[name];
  return waited ? what : `${what}: accepted by the service, not waited for the vehicle`;
}

/** "Set charge limit to 90 %", "Enable valet mode": what was attempted, for a failure's line. */
export function attemptText(name: CommandName, value: number | null): string {
  const spec = COMMANDS[name];
  return spec.param && value !== null ? `${spec.label} to ${value} ${spec.param.unit}` : spec.label;
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

export interface Effect {
  /** True when the state read after the command shows what was sent. */
  shown: boolean;
  text: string;
}

/**
 * Compares the state read after a successful command with what was sent. `after` null means the
 * read failed. Never claims a change the state does not show.
 */
export function effectOf(
  name: CommandName,
  sent: number | null,
  before: VehicleState | null,
  after: VehicleState | null,
  afterAsOf: string | null,
): Effect {
  const when = afterAsOf ? ` (as of ${formatTime(afterAsOf)})` : '';
  if (after === null) return { shown: false, text: 'could not read the state again to check the effect' };
  const param = COMMANDS[name].param;
  if (param && sent !== null) {
    const now = currentParamValue(name, after);
    const was = currentParamValue(name, before);
    const unit = (v: number) => `${v} ${param.unit}`;
    if (now === null) return { shown: false, text: `the car does not report this value${when}` };
    if (Math.abs(now - sent) > 1e-9) {
      return { shown: false, text: `the car does not show the change yet: it reports ${unit(now)}${when}` };
    }
    if (was === null) return { shown: true, text: `now ${unit(now)}` };
    return {
      shown: true,
      text: was === now ? `now ${unit(now)}, as it was` : `now ${unit(now)}, was ${unit(was)}`,
    };
  }
  const fact = COMMAND_FACTS[name];
  if (!fact) return { shown: false, text: 'the car reports nothing to check it by' };
  const now = fact.read(after);
  if (now === null) return { shown: false, text: `the car does not report ${fact.subject}${when}` };
  const word = (v: boolean) => (v ? fact.words[0] : fact.words[1]);
  if (now !== fact.expected) {
    return { shown: false, text: `the car does not show the change yet: it reports ${word(now)}${when}` };
  }
  const was = before ? fact.read(before) : null;
  if (was === null) return { shown: true, text: `now ${word(now)}` };
  return {
    shown: true,
    text: was === now ? `now ${word(now)}, as it was` : `now ${word(now)}, was ${word(was)}`,
  };
}

/**
 * Whether the car's state still shows what a switch-like command set: true when it does, false when
 * the car now reports the opposite (the outcome no longer describes the car), null when the command
 * sets no such fact or the state does not report it.
 */
export function stateStillShows(name: CommandName, state: VehicleState | null): boolean | null {
  const fact = COMMAND_FACTS[name];
  if (!fact || state === null) return null;
  const now = fact.read(state);
  return now === null ? null : now === fact.expected;
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
