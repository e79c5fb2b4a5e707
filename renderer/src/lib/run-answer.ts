// What a window does with main's answer to "start", "cancel" or "retry" a run: the run answered is
// held (its events follow), a refusal is said in a toast.
import type { ApprovalAskInput } from '../../../electron/shared/ipc/api';
import type { Result } from '../../../electron/shared/result';
import type { RunSnapshot } from '../../../electron/shared/runs';
import { describeError } from './errors';
import { mainApi } from './main-api';
import type { RunsStore } from './runs.svelte';
import type { ToastTone } from './toasts.svelte';

/** What the stores that start runs are given (stores.ts). */
export interface RunStoreDeps {
  runs: RunsStore;
  activeProfileId: () => string | null;
  notify: (message: string, tone: ToastTone) => void;
  /** A run the shop's policy refused here: offered to ask a foreman for, as this exact plan. */
  refused?: (ask: ApprovalAskInput, error: { kind: string; message: string }) => void;
}

/** The cars a run's items send to (those it skips are not part of what is asked for). */
export const sentVins = (items: readonly { vin: string; skip?: unknown }[]): string[] =>
  items.filter((item) => !item.skip).map((item) => item.vin);

export function takeRunAnswer(deps: RunStoreDeps, result: Result<RunSnapshot>): void {
  if (result.ok) deps.runs.note(result.value);
  else deps.notify(describeError(result.error), 'error');
}

/**
 * Asks main to cancel a run (nothing new is sent after it), or only one vehicle of it that is still
 * queued, and takes the answer.
 */
export function cancelRun(deps: RunStoreDeps, run: RunSnapshot | null, vin?: string): void {
  if (!run) return;
  const asked = vin === undefined ? mainApi().runs.cancel(run.id) : mainApi().runs.cancelItem(run.id, vin);
  void asked.then((result) => takeRunAnswer(deps, result));
}

/**
 * Asks main for a new run to the vehicles of `run` that failed or were not sent; with
 * `includeUnknown`, also those sent with no answer recorded (the car may have done it already).
 */
export function retryRun(run: RunSnapshot, includeUnknown = false): Promise<Result<RunSnapshot>> {
  const { runs } = mainApi();
  return includeUnknown ? runs.retryFailed(run.id, { includeUnknown }) : runs.retryFailed(run.id);
}

/** Reads each VIN two at a time (main's client paces the reads by the service's rate limit). */
export async function readTwoAtATime(vins: readonly string[], read: (vin: string) => Promise<void>) {
  let next = 0;
  const reader = async () => {
    while (next < vins.length) await read(vins[next++]!);
  };
  await Promise.all([reader(), reader()]);
}
