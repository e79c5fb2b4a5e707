// A long command to one vehicle: check whether it sleeps (a cheap read that never wakes it), wake
// it if so (audited), send the command (audited), read the state back and compare it with the
// state saved before. Each step shows as the item's phase, so a reopened window says which step
// takes the time.
import { AppError } from '../../shared/result';
import { errorOutcome, sendAndConfirm } from './command-steps';
import type { RunKindSpec } from './run-kind';

export function vehicleCommandRun(): RunKindSpec {
  return {
    concurrency: 1,
    async perform(step) {
      const { ctx, work, vin, tag } = step;
      step.setPhase('checking');
      let asleep = false;
      try {
        const status = await work.status(ctx, vin);
        asleep = !status.stale && status.value.status === 'asleep';
      } catch {
        // When the status cannot say, the service wakes the car for the command as needed.
      }
      let woke = false;
      if (asleep) {
        step.setPhase('waking');
        const wakeStarted = Date.now();
        try {
          const answer = await work.wake(ctx, vin, tag);
          if (!answer.value.result) {
            // The service decides how long it waits; say how long it did, not a nominal limit.
            const waited = Math.round((Date.now() - wakeStarted) / 1000);
            return {
              status: 'failed',
              message: `Not sent: the vehicle did not wake (the service waited ${waited} s); it may be offline or out of coverage`,
            };
          }
          woke = true;
        } catch (error) {
          // "busy" is a wake-up already under way: the command's own attempts wait for it.
          if (!(error instanceof AppError && error.kind === 'busy')) return errorOutcome(error);
        }
      }
      // What the car showed before, from the copy main saved (no request): "now 80 %, was 90 %".
      const before = await (work.savedState?.(ctx, vin) ?? Promise.resolve(null)).catch(() => null);
      return sendAndConfirm(step, step.run.command!, woke, before);
    },
  };
}
