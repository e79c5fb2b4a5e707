// A profile's token test in words: said where the token was entered, and before switching to a
// profile whose last test failed.
import { t } from './i18n.svelte';
import type { ErrorInfo, ErrorKind } from '../../../electron/shared/result';
import type { ConnectionTest, Profile, TokenTest } from '../../../electron/shared/types';
import { describeError } from './errors';
import { formatDateTime } from './format';

export interface TokenTestWords {
  tone: 'ok' | 'danger';
  text: string;
}

export function acceptedText(vehicles: number): string {
  return t('token.accepted', { count: vehicles });
}

export function refusedText(error: { kind: string; message: string; status?: number }): string {
  if (error.kind === 'unauthorized' || error.kind === 'forbidden') {
    const status = error.status ?? (error.kind === 'unauthorized' ? 401 : 403);
    return t('token.refused', { status: String(status) });
  }
  return t('token.untestable', { reason: describeError({ ...error, kind: error.kind as ErrorKind }) });
}

/** A fresh test's envelope in words. */
export function testWords(
  result: { ok: true; value: ConnectionTest } | { ok: false; error: ErrorInfo },
): TokenTestWords {
  return result.ok
    ? { tone: 'ok', text: acceptedText(result.value.vehicles) }
    : { tone: 'danger', text: refusedText(result.error) };
}

/** The kept last test of a profile in words, or null when untested. */
export function lastTestWords(test: TokenTest | null | undefined): TokenTestWords | null {
  if (!test) return null;
  const at = formatDateTime(test.at);
  return test.ok
    ? { tone: 'ok', text: t('token.lastTest', { at, text: acceptedText(test.vehicles ?? 0) }) }
    : {
        tone: 'danger',
        text: t('token.lastTest', {
          at,
          text: refusedText(test.error ?? { kind: 'internal', message: t('token.unknownFailure') }),
        }),
      };
}

/** Whether switching to this profile deserves a warning first: its last token test failed. */
export function failedLastTest(profile: Profile | undefined): boolean {
  return profile?.lastTest?.ok === false;
}
