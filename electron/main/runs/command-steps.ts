// The steps a command takes for one vehicle, shared by bulk runs and a long single command: send
// it (audited, the run's id on its entry), then read the state back to say what the car now shows.
import { tm } from '../i18n/main-words';
import { reasonText } from '../../shared/command-reasons';
import { AppError } from '../../shared/result';
import type { RunCommand } from '../../shared/runs';
import type { VehicleState } from '../../shared/wire';
import { isWorkshopCommandName } from '../../shared/workshop-commands';
import { confirmedEffect, NOT_WAITED_EFFECT, unreadEffect } from './confirmed-effect';
import type { ItemOutcome, ItemStep } from './run-kind';

/** An error as the run records it: an AppError's own info, anything else as internal. */
export function errorOutcome(error: unknown, durationMs: number | null = null): ItemOutcome {
  if (error instanceof AppError) return { status: 'error', error: error.info, durationMs };
  return {
    status: 'error',
    error: { kind: 'internal', message: 'The app could not send the command.' },
    durationMs,
  };
}

/**
 * `before` is the state known just before sending (a long command reads it from the offline copy),
 * so the effect says what changed; a bulk run passes none.
 */
export async function sendAndConfirm(
  step: ItemStep,
  command: RunCommand,
  woke = false,
  before: VehicleState | null = null,
): Promise<ItemOutcome> {
  const { ctx, work, vin, tag } = step;
  step.setPhase('sending');
  const started = Date.now();
  let answer;
  try {
    answer = isWorkshopCommandName(command.name)
      ? await work.workshopCommand(ctx, vin, command.name, command.options, tag)
      : await work.command(ctx, vin, command.name, command.options, tag);
  } catch (error) {
    return errorOutcome(error, Date.now() - started);
  }
  const durationMs = Date.now() - started;
  const { value } = answer;
  const wokeNow = woke || value.woke === true;
  if (!value.result) {
    return {
      status: 'failed',
      message: value.reason
        ? `The vehicle did not do it: ${reasonText(value.reason, tm)}`
        : 'The vehicle did not do it (no reason given)',
      woke: wokeNow,
      durationMs,
    };
  }
  if (command.options.waitForCompletion === false) {
    return { status: 'succeeded', woke: wokeNow, effect: NOT_WAITED_EFFECT, durationMs };
  }
  // The car is awake after a command: a live read says what it now shows.
  step.setPhase('verifying');
  let effect;
  try {
    const read = await work.state(ctx, vin, { live: true });
    effect = read.stale
      ? unreadEffect(read.stale.message)
      : confirmedEffect(command.name, command.options, read.value, read.asOf ?? null, before);
  } catch (error) {
    effect = unreadEffect(error instanceof AppError ? error.message : 'the state could not be read');
  }
  return { status: 'succeeded', woke: wokeNow, effect, durationMs };
}
