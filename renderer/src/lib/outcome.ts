// The outcome of a command, plate or tag operation as one line for the UI.
import type { Result } from '../../../electron/shared/result';
import type { CommandResult } from '../../../electron/shared/types';
import { describeError } from './errors';

export interface Outcome {
  tone: 'ok' | 'failed' | 'error';
  text: string;
  at: string;
}

export function outcomeOf(result: Result<CommandResult>, successText = 'Done'): Outcome {
  const at = new Date().toISOString();
  if (!result.ok) return { tone: 'error', text: describeError(result.error), at };
  if (result.value.result) return { tone: 'ok', text: successText, at };
  const reason = result.value.reason ? `: ${result.value.reason}` : ' (no reason given)';
  return { tone: 'failed', text: `The vehicle did not do it${reason}`, at };
}
