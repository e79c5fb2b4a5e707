// The outcome of a command, plate or tag operation as one line for the UI.
import { t } from './i18n.svelte';
import type { Result } from '../../../electron/shared/result';
import type { CommandResult } from '../../../electron/shared/types';
import { reasonText } from '../../../electron/shared/command-reasons';
import { describeError } from './errors';

export { reasonText };

export type OutcomeTone = 'ok' | 'failed' | 'error';

export interface Outcome {
  tone: OutcomeTone;
  text: string;
  at: string;
}

/** The badge word of each tone, the same in outcome lines, history and bulk results. */
export function toneLabel(tone: OutcomeTone): string {
  return tone === 'ok' ? t('outcome.success') : tone === 'failed' ? t('outcome.failed') : t('outcome.error');
}

export function outcomeOf(result: Result<CommandResult>, successText = t('outcome.done')): Outcome {
  const at = new Date().toISOString();
  if (!result.ok) return { tone: 'error', text: describeError(result.error), at };
  if (result.value.result) return { tone: 'ok', text: successText, at };
  const text = result.value.reason
    ? t('outcome.notDone', { reason: reasonText(result.value.reason, t) })
    : t('outcome.notDoneNoReason');
  return { tone: 'failed', text, at };
}

/** A command's success line: without waiting, the service only confirms it accepted the command. */
export function commandSuccessText(waitForCompletion: boolean | undefined): string {
  return waitForCompletion === false ? t('outcome.accepted') : t('outcome.done');
}
