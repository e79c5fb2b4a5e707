// A command to one car in the technician's words: what was sent ("Charge limit set to 90 %"), what
// was attempted when it was not done ("Set charge limit to 90 %"), and how its run ended, as main
// summarises it once and the window shows it. Accepted is not done: a command the service took
// without waiting is "accepted" until the state read back shows its effect. Pure and zod-free; the
// outcome's shape is in runs.ts, beside the run item that carries it.
import { WAKE, type RunCommandName } from './bulk-commands';
import { COMMANDS, isCommandName, type CommandName } from './commands';
import type { CommandOutcome, CommandUndo, RunCommand, RunCommandOptions, RunItem } from './runs';
import { currentParamValue } from './vehicle-values';
import type { VehicleState } from './wire';
import { scheduleTitle, WORKSHOP_COMMANDS } from './workshop-commands';

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

/** A command's name as a button says it. */
export function commandLabel(name: RunCommandName): string {
  if (name === WAKE) return 'Wake up';
  return isCommandName(name) ? COMMANDS[name].label : WORKSHOP_COMMANDS[name].label;
}

/** The value a command carries (charge limit, amps…), or null for a switch. */
export function sentValue(name: RunCommandName, options: RunCommandOptions): number | null {
  const param = isCommandName(name) ? COMMANDS[name].param?.name : undefined;
  const value = param ? options[param] : undefined;
  return typeof value === 'number' ? value : null;
}

/** "Set charge limit to 90 %", "Enable valet mode": what was attempted, for a line that was not done. */
export function attemptText(
  name: RunCommandName,
  value: number | null,
  options: RunCommandOptions = {},
): string {
  if (name === 'schedule_software_update') return scheduleTitle(options.inSeconds);
  if (!isCommandName(name)) return commandLabel(name);
  const spec = COMMANDS[name];
  return spec.param && value !== null ? `${spec.label} to ${value} ${spec.param.unit}` : spec.label;
}

/**
 * "Charge limit set to 90 %", "Valet mode enabled", "Lock: the vehicle said it did it": what was
 * done, named with its value. A workshop command's line names the command and the vehicle's answer
 * only: what the car then shows is the effect read back, said apart.
 */
export function sentText(
  name: RunCommandName,
  value: number | null,
  options: RunCommandOptions = {},
): string {
  if (name === WAKE) return 'The vehicle is awake';
  if (!isCommandName(name)) return `${attemptText(name, value, options)}: the vehicle said it did it`;
  const param = COMMANDS[name].param;
  return param && value !== null
    ? `${PARAM_SUBJECT[name] ?? COMMANDS[name].label} set to ${value} ${param.unit}`
    : DONE_TEXT[name];
}

/** The command that reverses this one, either way round, or null. */
export function oppositeOf(name: RunCommandName): RunCommandName | null {
  if (name === WAKE) return null;
  if (isCommandName(name)) return COMMANDS[name].undoneBy ?? COMMANDS[name].undoes;
  const spec = WORKSHOP_COMMANDS[name];
  if (spec.undoneBy) return spec.undoneBy;
  return Object.values(WORKSHOP_COMMANDS).find((other) => other.undoneBy === name)?.name ?? null;
}

/** The value commands whose earlier value one click puts back (a speed limit is confirmed, not undone). */
const UNDONE_BY_VALUE: readonly CommandName[] = ['set_charge_limit', 'set_charging_amps', 'set_temperatures'];

/**
 * The command that puts back the value the car showed before (`before`, the state known just
 * before sending), or null when it is not known, did not change, or the command is not a value one.
 */
export function undoOf(command: RunCommand, before: VehicleState | null): CommandUndo | null {
  const { name, options } = command;
  if (!isCommandName(name) || !UNDONE_BY_VALUE.includes(name) || before === null) return null;
  const param = COMMANDS[name].param!;
  const was = currentParamValue(name, before);
  const sent = sentValue(name, options);
  if (was === null || sent === null || Math.abs(was - sent) < 1e-9) return null;
  if (was < param.min || was > param.max) return null;
  const kept = {
    ...(options.waitForCompletion === undefined ? {} : { waitForCompletion: options.waitForCompletion }),
    ...(options.maxAttempts === undefined ? {} : { maxAttempts: options.maxAttempts }),
  };
  return {
    command: { name, options: { ...kept, [param.name]: was } },
    label: `Undo: back to ${was} ${param.unit}`,
  };
}

type EndedItem = Pick<RunItem, 'status' | 'message' | 'errorKind' | 'effect' | 'woke'>;

/**
 * How a command's run ended, in the words the window shows beside its button: done with the effect
 * the car confirmed, accepted and not (yet) shown, refused, not sent and why, or the error.
 */
export function commandOutcome(
  command: RunCommand,
  item: EndedItem,
  at: string,
  undo: CommandUndo | null = null,
): CommandOutcome {
  const { name, options } = command;
  const sent = sentValue(name, options);
  const subject = attemptText(name, sent, options);
  if (item.status === 'succeeded') {
    const effect = item.effect;
    const shown = effect?.confirmed === true;
    const woken = item.woke && name !== WAKE ? ' (the vehicle was woken for it)' : '';
    const detail = effect
      ? {
          detail: effect.text,
          ...(!shown && effect.asOf ? { detailAsOf: effect.asOf } : {}),
          effectShown: shown,
        }
      : {};
    const accepted = options.waitForCompletion === false && !shown;
    if (accepted) {
      return {
        tone: 'accepted',
        subject,
        text: `Accepted by the service; the car has not shown it yet${woken}`,
        ...detail,
        sent,
        at,
      };
    }
    return {
      tone: 'ok',
      text: `${sentText(name, sent, options)}${woken}`,
      ...detail,
      sent,
      at,
      ...(undo && shown ? { undo } : {}),
    };
  }
  const message = item.message ?? 'Not sent.';
  if (item.status === 'failed' && item.errorKind === null)
    return { tone: 'failed', subject, text: message, sent, at };
  if (item.status === 'failed' && item.errorKind !== null) {
    return { tone: 'error', subject, text: message, sent, at, error: { kind: item.errorKind, message } };
  }
  return { tone: 'not-sent', subject, text: message, sent, at };
}
