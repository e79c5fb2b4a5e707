// A command to one car in the technician's words: what was sent ("Charge limit set to 90 %"), what
// was attempted when it was not done ("Set charge limit to 90 %"), and how its run ended, as main
// summarises it once and the window shows it. Accepted is not done: a command the service took
// without waiting is "accepted" until the state read back shows its effect. Pure and zod-free; the
// outcome's shape is in runs.ts, beside the run item that carries it. Worded in English unless the
// caller passes its own `say` (main passes tm, the window t).
import { WAKE, type RunCommandName } from './bulk-commands';
import { COMMANDS, isCommandName, type CommandName } from './commands';
import { english, type Say } from './i18n/english';
import { commandAmount, type RecordUnits } from './jobs/record-words';
import type {
  CommandOutcome,
  CommandUndo,
  RunCommand,
  RunCommandOptions,
  RunItem,
  RunItemEffect,
} from './runs';
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

/**
 * The units a command's values are said in: the technician's (°F, km/h) in the window, the
 * service's (°C, mph) where not said, as main records them.
 */
export type CommandUnits = Partial<RecordUnits>;

/** A command's value (kept in the service's unit) as `units` say it: `{ value, unit }`. */
function amountIn(name: CommandName, value: number, units: CommandUnits) {
  return commandAmount(name, value, { units });
}

/** "Set charge limit to 90 %", "Enable valet mode": what was attempted, for a line that was not done. */
export function attemptText(
  name: RunCommandName,
  value: number | null,
  options: RunCommandOptions = {},
  say: Say = english,
  units: CommandUnits = {},
): string {
  if (name === 'schedule_software_update') return scheduleTitle(options.inSeconds, say);
  const label = commandLabel(name, say);
  return isCommandName(name) && COMMANDS[name].param && value !== null
    ? say('mainRuns.commandValue', { label, ...amountIn(name, value, units) })
    : label;
}

/**
 * "Set charge limit to 80 % on 12 vehicles", "Lock again on 3 vehicles" (a retry): a bulk run's
 * title, its value in `units`.
 */
export function bulkRunTitle(
  command: RunCommand,
  count: number,
  again = false,
  say: Say = english,
  units: CommandUnits = {},
): string {
  const { name, options } = command;
  return say(again ? 'mainRuns.bulkAgainTitle' : 'mainRuns.bulkTitle', {
    command: attemptText(name, sentValue(name, options), options, say, units),
    vehicles: say('mainRuns.vehicles', { count }),
  });
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
  units: CommandUnits = {},
): string {
  if (name === WAKE) return say('commandDone.awake');
  if (!isCommandName(name))
    return say('commandDone.saidDone', { attempt: attemptText(name, value, options, say, units) });
  const param = COMMANDS[name].param;
  const label = commandLabel(name, say);
  return param && value !== null
    ? say('commandDone.setTo', { name, label, ...amountIn(name, value, units) })
    : say('commandDone.done', { name, label });
}

/**
 * "now 80 %, was 90 %", "now 80 %, as the last reading said" or "now 80 %": what the state known
 * before the command said. That reading may be older than the command (the car can change in
 * between, from a phone), so a same value is told as the reading's, never as a fact about the car
 * just before.
 */
export function nowText(say: Say, now: string, was: string | null): string {
  if (was === null) return say('effect.now', { value: now });
  return was === now
    ? say('effect.nowAsLastReading', { value: now })
    : say('effect.nowWas', { value: now, was });
}

/**
 * A value command's effect as the state read back shows it, its values in `units`: confirmed, what
 * the car now reports beside what the reading before said (`was`, null: none was known); not, what
 * it reports instead.
 */
export function valueEffectText(
  name: CommandName,
  now: number,
  was: number | null,
  confirmed: boolean,
  say: Say = english,
  units: CommandUnits = {},
): string {
  const amount = (value: number) => say('effect.valueUnit', amountIn(name, value, units));
  if (!confirmed) return say('effect.notYet', { value: amount(now) });
  return nowText(say, amount(now), was === null ? null : amount(was));
}

/**
 * What a run item's effect says, in `units`: a value command's from its numbers (so °F and km/h are
 * said as the technician reads them), anything else as main worded it.
 */
export function itemEffectText(
  name: RunCommandName,
  effect: RunItemEffect,
  say: Say = english,
  units: CommandUnits = {},
): string {
  if (!isCommandName(name) || !COMMANDS[name].param) return effect.text;
  if (effect.value === null || effect.was === undefined || effect.confirmed === null) return effect.text;
  return valueEffectText(name, effect.value, effect.was, effect.confirmed, say, units);
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
  return { command: { name, options: { ...kept, [param.name]: was } }, label: undoLabel(name, was, say) };
}

/** "Undo: back to 80 %": the undo's button, its value (the service's) in `units`. */
export function undoLabel(name: CommandName, value: number, say: Say = english, units: CommandUnits = {}) {
  return say('commandDone.undo', amountIn(name, value, units));
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
  units: CommandUnits = {},
): CommandOutcome {
  const { name, options } = command;
  const sent = sentValue(name, options);
  const subject = attemptText(name, sent, options, say, units);
  if (item.status === 'succeeded') {
    const effect = item.effect;
    const shown = effect?.confirmed === true;
    const woken = (text: string) => (item.woke && name !== WAKE ? say('commandDone.woken', { text }) : text);
    const detail = effect
      ? {
          detail: itemEffectText(name, effect, say, units),
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
      text: woken(sentText(name, sent, options, say, units)),
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

/**
 * Main's outcome of a value command said in `units` (°F, km/h): the same outcome worded again from
 * the item it summarises, its undo's button too. Anything else, or an outcome the item does not
 * give again (a refusal before any item), stays as main said it.
 */
export function outcomeInUnits(
  outcome: CommandOutcome,
  command: RunCommand,
  item: EndedItem | undefined,
  say: Say = english,
  units: CommandUnits = {},
): CommandOutcome {
  const { name } = command;
  if (!item || !isCommandName(name) || !COMMANDS[name].param) return outcome;
  const param = COMMANDS[name].param;
  const back = outcome.undo?.command.options[param.name];
  const undo =
    outcome.undo && typeof back === 'number'
      ? { ...outcome.undo, label: undoLabel(name, back, say, units) }
      : (outcome.undo ?? null);
  const said = commandOutcome(command, item, outcome.at, undo, say, units);
  if (said.tone !== outcome.tone) return outcome;
  return { ...said, ...(outcome.error ? { error: outcome.error } : {}) };
}
