// A command to one car in the technician's words: what was sent ("Charge limit set to 90 %"), what
// was attempted when it was not done ("Set charge limit to 90 %"), and how its run ended, as main
// summarises it once and the window shows it. Accepted is not done: a command the service took
// without waiting is "accepted" until the state read back shows its effect. Pure and zod-free; the
// outcome's shape is in runs.ts, beside the run item that carries it. Worded in English unless the
// caller passes its own `say` (main passes tm, the window t).
import { WAKE, type RunCommandName } from './bulk-commands';
import { COMMANDS, isCommandName, type CommandName } from './commands';
import { english, type Say } from './i18n/english';
import type { CommandOutcome, CommandUndo, RunCommand, RunCommandOptions, RunItem } from './runs';
import { currentParamValue } from './vehicle-values';
import type { VehicleState } from './wire';
import { scheduleTitle, WORKSHOP_COMMANDS } from './workshop-commands';

/** A command's name as a button says it. */
export function commandLabel(name: RunCommandName, say: Say = english): string {
  return say(`command.${name}`);
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
  say: Say = english,
): string {
  if (name === 'schedule_software_update') return scheduleTitle(options.inSeconds, say);
  const label = commandLabel(name, say);
  const param = isCommandName(name) ? COMMANDS[name].param : null;
  return param && value !== null ? say('mainRuns.commandValue', { label, value, unit: param.unit }) : label;
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
  say: Say = english,
): string {
  if (name === WAKE) return say('commandDone.awake');
  if (!isCommandName(name))
    return say('commandDone.saidDone', { attempt: attemptText(name, value, options, say) });
  const param = COMMANDS[name].param;
  const label = commandLabel(name, say);
  return param && value !== null
    ? say('commandDone.setTo', { name, label, value, unit: param.unit })
    : say('commandDone.done', { name, label });
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
export function undoOf(
  command: RunCommand,
  before: VehicleState | null,
  say: Say = english,
): CommandUndo | null {
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
    label: say('commandDone.undo', { value: was, unit: param.unit }),
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
  say: Say = english,
): CommandOutcome {
  const { name, options } = command;
  const sent = sentValue(name, options);
  const subject = attemptText(name, sent, options, say);
  if (item.status === 'succeeded') {
    const effect = item.effect;
    const shown = effect?.confirmed === true;
    const woken = (text: string) => (item.woke && name !== WAKE ? say('commandDone.woken', { text }) : text);
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
        text: woken(say('commandDone.accepted')),
        ...detail,
        sent,
        at,
      };
    }
    return {
      tone: 'ok',
      text: woken(sentText(name, sent, options, say)),
      ...detail,
      sent,
      at,
      ...(undo && shown ? { undo } : {}),
    };
  }
  const message = item.message ?? say('commandDone.notSent');
  if (item.status === 'failed' && item.errorKind === null)
    return { tone: 'failed', subject, text: message, sent, at };
  if (item.status === 'failed' && item.errorKind !== null) {
    return { tone: 'error', subject, text: message, sent, at, error: { kind: item.errorKind, message } };
  }
  return { tone: 'not-sent', subject, text: message, sent, at };
}
