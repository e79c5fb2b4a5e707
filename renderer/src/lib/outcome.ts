// The outcome of a command, plate or tag operation as one line for the UI.
import type { Result } from '../../../electron/shared/result';
import type { CommandResult } from '../../../electron/shared/types';
import { describeError } from './errors';

export type OutcomeTone = 'ok' | 'failed' | 'error';

export interface Outcome {
  tone: OutcomeTone;
  text: string;
  at: string;
}

/** The badge word of each tone, the same in outcome lines, history and bulk results. */
export const TONE_LABELS: Record<OutcomeTone, string> = { ok: 'Success', failed: 'Failed', error: 'Error' };

/** Reasons the vehicle gives for `result: false`, in words; the code stays in brackets for support. */
const REASONS: Record<string, string> = {
  not_supported: 'this vehicle does not support it',
  vehicle_unavailable: 'the vehicle was unavailable',
  timeout: 'the vehicle did not answer in time',
  could_not_wake_buses: 'the vehicle could not wake its systems',
};

export function reasonText(reason: string): string {
  const words = REASONS[reason];
  return words ? `${words} (${reason})` : reason.replace(/_/g, ' ');
}

export function outcomeOf(result: Result<CommandResult>, successText = 'Done'): Outcome {
  const at = new Date().toISOString();
  if (!result.ok) return { tone: 'error', text: describeError(result.error), at };
  if (result.value.result) return { tone: 'ok', text: successText, at };
  const reason = result.value.reason ? `: ${reasonText(result.value.reason)}` : ' (no reason given)';
  return { tone: 'failed', text: `The vehicle did not do it${reason}`, at };
}

/** A command's success line: without waiting, the service only confirms it accepted the command. */
export function commandSuccessText(waitForCompletion: boolean | undefined): string {
  return waitForCompletion === false ? 'Accepted; not waited for the vehicle to finish' : 'Done';
}
