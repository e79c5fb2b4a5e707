// What the state read after a successful command shows of its effect: the value the car now
// reports, and whether that is what was sent. Never claims a change the state does not show; a
// value the car did not report is said to be unknown.
import { WAKE, type RunCommandName } from '../../shared/bulk-commands';
import { nowText, sentValue, valueEffectText } from '../../shared/command-outcome';
import { COMMAND_FACTS, readTrunkOpen, type CommandFact } from '../../shared/command-facts';
import { COMMANDS, isCommandName } from '../../shared/commands';
import type { Say } from '../../shared/i18n/english';
import type { RunCommandOptions, RunItemEffect } from '../../shared/runs';
import { currentParamValue } from '../../shared/vehicle-values';
import type { VehicleState } from '../../shared/wire';
import { tm } from '../i18n/main-words';

/**
 * Compares the state read after the command with what was sent; `before` is the state main knew
 * just before sending (null when it knew none), so a confirmed change also says what it replaced.
 * Worded in main's language as the run records it.
 */
export function confirmedEffect(
  name: RunCommandName,
  options: RunCommandOptions,
  after: VehicleState,
  asOf: string | null,
  before: VehicleState | null = null,
  say: Say = tm,
): RunItemEffect {
  const param = isCommandName(name) ? COMMANDS[name].param : null;
  const sent = sentValue(name, options);
  if (param && sent !== null && isCommandName(name)) {
    const now = currentParamValue(name, after);
    if (now === null) return { value: null, text: say('effect.notReportedValue'), confirmed: null, asOf };
    // The numbers go with the words (the service's units), so a reader can say them in its own.
    const was = before ? currentParamValue(name, before) : null;
    const confirmed = Math.abs(now - sent) <= 1e-9;
    return { value: now, was, text: valueEffectText(name, now, was, confirmed, say), confirmed, asOf };
  }
  if (name === 'flash' || name === 'honk') {
    return { value: null, text: say('effect.noSign', { what: name }), confirmed: null, asOf };
  }
  if (name === 'activate_rear_trunk') return toggledEffect(TRUNK, after, asOf, before, say);
  if (name === WAKE) {
    return after.state === 'online'
      ? { value: null, text: say('effect.awake'), confirmed: true, asOf }
      : { value: null, text: say('effect.reportsState', { state: after.state }), confirmed: false, asOf };
  }
  const fact = COMMAND_FACTS[name];
  if (!fact) return { value: null, text: say('effect.nothingToCheck'), confirmed: null, asOf };
  const now = fact.read(after);
  if (now === null)
    return {
      value: null,
      text: say('effect.carNotReporting', { subject: say(fact.subject) }),
      confirmed: null,
      asOf,
    };
  const words = (value: boolean) => say(value ? fact.words[0] : fact.words[1]);
  const word = fact.describe?.(after, say) ?? words(now);
  const wasValue = before ? fact.read(before) : null;
  const was = wasValue === null || !before ? null : (fact.describe?.(before, say) ?? words(wasValue));
  return now === fact.expected
    ? { value: null, text: nowText(say, word, was), confirmed: true, asOf }
    : { value: null, text: say('effect.notYet', { value: word }), confirmed: false, asOf };
}

const TRUNK: Pick<CommandFact, 'read' | 'words' | 'subject'> = {
  read: readTrunkOpen,
  words: ['fact.trunkOpen', 'fact.trunkClosed'],
  subject: 'fact.trunk',
};

/**
 * A command that flips what it finds (the trunk opens when closed, closes when open): confirmed only
 * against the state known before; without it the car's value is said, never claimed as the change.
 */
function toggledEffect(
  fact: Pick<CommandFact, 'read' | 'words' | 'subject'>,
  after: VehicleState,
  asOf: string | null,
  before: VehicleState | null,
  say: Say,
): RunItemEffect {
  const now = fact.read(after);
  if (now === null)
    return {
      value: null,
      text: say('effect.carNotReporting', { subject: say(fact.subject) }),
      confirmed: null,
      asOf,
    };
  const word = say(now ? fact.words[0] : fact.words[1]);
  const was = before ? fact.read(before) : null;
  if (was === null)
    return { value: null, text: say('effect.beforeUnknown', { value: word }), confirmed: null, asOf };
  const wasWord = say(was ? fact.words[0] : fact.words[1]);
  return now !== was
    ? { value: null, text: say('effect.nowWas', { value: word, was: wasWord }), confirmed: true, asOf }
    : { value: null, text: say('effect.notYet', { value: word }), confirmed: false, asOf };
}

/** An effect that could not be read back. */
export function unreadEffect(why: string, say: Say = tm): RunItemEffect {
  return { value: null, text: say('effect.notReadBack', { why }), confirmed: null, asOf: null };
}

/** A command sent without waiting for the car: the service accepted it, nothing more is known. */
export function notWaitedEffect(say: Say = tm): RunItemEffect {
  return { value: null, text: say('effect.notWaited'), confirmed: null, asOf: null };
}
