// The outcome of a command, plate or tag operation as one line for the UI.
import type { Result } from '../../../electron/shared/result';
import type { CommandResult } from '../../../electron/shared/types';
import { reasonText } from '../../../electron/shared/command-reasons';
import { describeError } from './errors';

export { reasonText };

/** A command's tones (shared/runs.ts) are these too: "accepted" is not "done", "not sent" not "failed". */
export type OutcomeTone = 'ok' | 'accepted' | 'failed' | 'not-sent' | 'error';

export interface Outcome {
  tone: OutcomeTone;
  text: string;
  at: string;
}

/** The badge word of each tone, the same in outcome lines, history and bulk results. */
export const TONE_LABELS: Record<OutcomeTone, string> = {
  ok: 'Success',
  accepted: 'Accepted',
  failed: 'Failed',
  'not-sent': 'Not sent',
  error: 'Error',
};

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
