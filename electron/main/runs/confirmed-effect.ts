// What the state read after a successful command shows of its effect: the value the car now
// reports, and whether that is what was sent. Never claims a change the state does not show; a
// value the car did not report is said to be unknown.
import { WAKE, type RunCommandName } from '../../shared/bulk-commands';
import { sentValue } from '../../shared/command-outcome';
import { COMMAND_FACTS, readTrunkOpen, type CommandFact } from '../../shared/command-facts';
import { COMMANDS, isCommandName } from '../../shared/commands';
import type { RunCommandOptions, RunItemEffect } from '../../shared/runs';
import { currentParamValue } from '../../shared/vehicle-values';
import type { VehicleState } from '../../shared/wire';

/**
 * ", was 90 %", ", as the last reading said" or nothing: what the state known before the command
 * said. That reading may be older than the command (the car can change in between, from a phone),
 * so a same value is told as the reading's, never as a fact about the car just before.
 */
function wasText(now: string, was: string | null): string {
  if (was === null) return '';
  return was === now ? ', as the last reading said' : `, was ${was}`;
}

/**
 * Compares the state read after the command with what was sent; `before` is the state main knew
 * just before sending (null when it knew none), so a confirmed change also says what it replaced.
 */
export function confirmedEffect(
  name: RunCommandName,
  options: RunCommandOptions,
  after: VehicleState,
  asOf: string | null,
  before: VehicleState | null = null,
): RunItemEffect {
  const param = isCommandName(name) ? COMMANDS[name].param : null;
  const sent = sentValue(name, options);
  if (param && sent !== null && isCommandName(name)) {
    const now = currentParamValue(name, after);
    const unit = (v: number) => `${v} ${param.unit}`;
    if (now === null)
      return { value: null, text: 'the car does not report this value', confirmed: null, asOf };
    if (Math.abs(now - sent) > 1e-9) {
      return {
        value: now,
        text: `the car does not show the change yet: it reports ${unit(now)}`,
        confirmed: false,
        asOf,
      };
    }
    const was = before ? currentParamValue(name, before) : null;
    const text = `now ${unit(now)}${wasText(unit(now), was === null ? null : unit(was))}`;
    return { value: now, text, confirmed: true, asOf };
  }
  if (name === 'flash' || name === 'honk') {
    const what = name === 'flash' ? 'flashing lights' : 'a horn';
    return {
      value: null,
      text: `the car's state does not show ${what}: check at the car`,
      confirmed: null,
      asOf,
    };
  }
  if (name === 'activate_rear_trunk') return toggledEffect(TRUNK, after, asOf, before);
  if (name === WAKE) {
    return after.state === 'online'
      ? { value: null, text: 'the car answers: awake', confirmed: true, asOf }
      : { value: null, text: `the car reports it is ${after.state}`, confirmed: false, asOf };
  }
  const fact = COMMAND_FACTS[name];
  if (!fact) return { value: null, text: 'the car reports nothing to check it by', confirmed: null, asOf };
  const now = fact.read(after);
  if (now === null)
    return { value: null, text: `the car does not report ${fact.subject}`, confirmed: null, asOf };
  const words = (value: boolean) => (value ? fact.words[0] : fact.words[1]);
  const word = fact.describe?.(after) ?? words(now);
  const wasValue = before ? fact.read(before) : null;
  const was = wasValue === null || !before ? null : (fact.describe?.(before) ?? words(wasValue));
  return now === fact.expected
    ? {
        value: null,
        text: `now ${word}${wasText(word, was)}`,
        confirmed: true,
        asOf,
      }
    : {
        value: null,
        text: `the car does not show the change yet: it reports ${word}`,
        confirmed: false,
        asOf,
      };
}

const TRUNK: Pick<CommandFact, 'read' | 'words' | 'subject'> = {
  read: readTrunkOpen,
  words: ['trunk open', 'trunk closed'],
  subject: 'the trunk',
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
): RunItemEffect {
  const now = fact.read(after);
  if (now === null)
    return { value: null, text: `the car does not report ${fact.subject}`, confirmed: null, asOf };
  const word = now ? fact.words[0] : fact.words[1];
  const was = before ? fact.read(before) : null;
  if (was === null)
    return {
      value: null,
      text: `the car reports ${word} (how it was before is not known)`,
      confirmed: null,
      asOf,
    };
  const wasWord = was ? fact.words[0] : fact.words[1];
  return now !== was
    ? { value: null, text: `now ${word}, was ${wasWord}`, confirmed: true, asOf }
    : {
        value: null,
        text: `the car does not show the change yet: it reports ${word}`,
        confirmed: false,
        asOf,
      };
}

/** An effect that could not be read back. */
export function unreadEffect(why: string): RunItemEffect {
  return { value: null, text: `not read back: ${why}`, confirmed: null, asOf: null };
}

/** A command sent without waiting for the car: the service accepted it, nothing more is known. */
export const NOT_WAITED_EFFECT: RunItemEffect = {
  value: null,
  text: 'accepted by the service; not waited for the vehicle',
  confirmed: null,
  asOf: null,
};
