// The steps a command takes for one vehicle, shared by bulk runs and a command to one car: send it
// (audited, the run's id on its entry), then read the state back to say what the car now shows.
import { tm } from '../i18n/main-words';
import { WAKE } from '../../shared/bulk-commands';
import { reasonText } from '../../shared/command-reasons';
import { COMMAND_FACTS } from '../../shared/command-facts';
import { COMMANDS, isCommandName } from '../../shared/commands';
import { AppError } from '../../shared/result';
import type { RunCommand, RunItemEffect, RunReadBack } from '../../shared/runs';
import type { CommandResult } from '../../shared/types';
import type { VehicleState } from '../../shared/wire';
import { isWorkshopCommandName } from '../../shared/workshop-commands';
import { confirmedEffect, notWaitedEffect, unreadEffect } from './confirmed-effect';
import { waitUnlessStopped } from './stoppable-waits';
import type { ItemOutcome, ItemStep } from './run-kind';

/** An error as the run records it: an AppError's own info, anything else as internal. */
export function errorOutcome(error: unknown, durationMs: number | null = null): ItemOutcome {
  if (error instanceof AppError) return { status: 'error', error: error.info, durationMs };
  return {
    status: 'error',
    error: { kind: 'internal', message: tm('mainRuns.couldNotSend') },
    durationMs,
  };
}

/** Whether the state can show what this command did: a value, a switch, the trunk. */
export function effectReadable(command: RunCommand): boolean {
  const { name } = command;
  if (isCommandName(name) && COMMANDS[name].param) return true;
  return name === 'activate_rear_trunk' || COMMAND_FACTS[name] !== undefined;
}

export interface SendOptions {
  /** The service woke the car for this command before it was sent. */
  woke?: boolean;
  /**
   * The state known just before sending (a command to one car reads it from the offline copy), so
   * the effect says what changed; a bulk run passes none.
   */
  before?: VehicleState | null;
  /**
   * A command to one car: after a command the service only accepted (not waited for), the state is
   * read again after each of these waits until it shows the effect, so "accepted" becomes "done"
   * only once the car shows it. A bulk run reads nothing then.
   */
  acceptedReadsMs?: readonly number[];
  /** A command to one car: the state read back travels with its item, for the window. */
  keepReadBack?: boolean;
}

/** Sends the command and, once the car could show it, reads its effect back. */
export async function sendAndConfirm(
  step: ItemStep,
  command: RunCommand,
  options: SendOptions = {},
): Promise<ItemOutcome> {
  const { ctx, work, vin } = step;
  const { before = null } = options;
  step.setPhase('sending');
  const started = Date.now();
  // A command waited for has been carried out once the service says so: the car is read back while
  // the send's audit entry is still being synced, not after.
  let readBack: ReturnType<typeof readEffect> | null = null;
  const tag = {
    ...step.tag,
    onAnswered: (value: unknown) => {
      if ((value as CommandResult).result !== true || command.options.waitForCompletion === false) return;
      readBack = readEffect(step, command, before);
    },
  };
  let answer;
  try {
    answer = isWorkshopCommandName(command.name)
      ? await work.workshopCommand(ctx, vin, command.name, command.options, tag)
      : isCommandName(command.name)
        ? await work.command(ctx, vin, command.name, command.options, tag)
        : await work.wake(ctx, vin, tag);
  } catch (error) {
    return errorOutcome(error, Date.now() - started);
  }
  const durationMs = Date.now() - started;
  const isWake = command.name === WAKE;
  const { value } = answer;
  const woke = options.woke === true || value.woke === true;
  if (!value.result) {
    return {
      status: 'failed',
      // The service decides how long it tries a wake-up; say how long it did, not a nominal limit.
      message: isWake
        ? tm('mainRuns.noWake', { seconds: Math.round(durationMs / 1000) })
        : value.reason
          ? tm('mainRuns.didNotDoIt', { reason: reasonText(value.reason, tm) })
          : tm('mainRuns.didNotDoItNoReason'),
      woke,
      durationMs,
    };
  }
  if (command.options.waitForCompletion === false) {
    const follow = options.acceptedReadsMs;
    if (!follow || !effectReadable(command))
      return { status: 'succeeded', woke, effect: notWaitedEffect(), durationMs };
    // Accepted is not done: the car is asked again until it shows the effect, or the waits end.
    step.setPhase('verifying');
    let last: { effect: RunItemEffect; readBack: RunReadBack | null } | null = null;
    for (const wait of follow) {
      if (await waitUnlessStopped(wait, step.signal)) break;
      last = await readEffect(step, command, before);
      // Shown, or no read to be had: asking again would tell nothing new.
      if (last.effect.confirmed === true || last.readBack === null) break;
    }
    return {
      status: 'succeeded',
      woke,
      // No read before a cancel: nothing is known beyond "accepted", which the outcome says.
      effect: last?.effect ?? null,
      durationMs,
      ...(options.keepReadBack ? { readBack: last?.readBack ?? null } : {}),
    };
  }
  // The car is awake after a command: a live read says what it now shows (begun as it answered).
  step.setPhase('verifying');
  const read = await (readBack ?? readEffect(step, command, before));
  return {
    status: 'succeeded',
    woke,
    effect: read.effect,
    durationMs,
    ...(options.keepReadBack ? { readBack: read.readBack } : {}),
  };
}

/** A live read of the state after the command, and what it shows of the command's effect. */
async function readEffect(
  step: ItemStep,
  command: RunCommand,
  before: VehicleState | null,
): Promise<{ effect: RunItemEffect; readBack: RunReadBack | null }> {
  try {
    const read = await step.work.state(step.ctx, step.vin, { live: true });
    const readBack: RunReadBack | null =
      read.source && read.fetchedAt
        ? {
            state: read.value,
            meta: {
              source: read.source,
              fetchedAt: read.fetchedAt,
              asOf: read.asOf ?? null,
              ...(read.stale ? { stale: read.stale } : {}),
            },
          }
        : null;
    const effect = read.stale
      ? unreadEffect(read.stale.message)
      : confirmedEffect(command.name, command.options, read.value, read.asOf ?? null, before);
    return { effect, readBack };
  } catch (error) {
    return {
      effect: unreadEffect(error instanceof AppError ? error.message : tm('mainRuns.stateUnread')),
      readBack: null,
    };
  }
}
