// The outcome of a command, plate or tag operation as one line for the UI.
import { t } from './i18n.svelte';
import type { Result } from '../../../electron/shared/result';
import type { AuditEntry, CommandResult } from '../../../electron/shared/types';
import { reasonText } from '../../../electron/shared/command-reasons';
import { describeError } from './errors';

export { reasonText };

/** A command's tones (shared/runs.ts) are these too: "accepted" is not "done", "not sent" not "failed". */
export type OutcomeTone = 'ok' | 'accepted' | 'failed' | 'not-sent' | 'error';

/** The badge an audit entry's outcome shows, in the History tab and in the search of all vehicles. */
export const AUDIT_TONES: Record<AuditEntry['outcome'], OutcomeTone> = {
  success: 'ok',
  failed: 'failed',
  error: 'error',
  'not-sent': 'not-sent',
};

export interface Outcome {
  tone: OutcomeTone;
  text: string;
  at: string;
}

/** The badge word of each tone, the same in outcome lines, history and bulk results. */
export function toneLabel(tone: OutcomeTone): string {
  switch (tone) {
    case 'ok':
      return t('outcome.success');
    case 'accepted':
      return t('outcome.acceptedBadge');
    case 'failed':
      return t('outcome.failed');
    case 'not-sent':
      return t('outcome.notSent');
    case 'error':
      return t('outcome.error');
  }
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
