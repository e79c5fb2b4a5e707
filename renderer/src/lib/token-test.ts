// A profile's token test in words: said where the token was entered, and before switching to a
// profile whose last test failed.
import { t, type MessageKey } from './i18n.svelte';
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

/** Whether a failed test was the service refusing the token, not the service out of reach. */
function refusedToken(error: { kind: string } | undefined): boolean {
  return error?.kind === 'unauthorized' || error?.kind === 'forbidden';
}

/**
 * The warning before switching to a profile whose last test failed: a refused token asks for a new
 * token; an address that could not be reached (no DNS answer, no route, a timeout) says so, since a
 * new token would change nothing.
 */
export function failedSwitchWords(profile: Profile): { title: string; bodyKey: MessageKey; note: string } {
  return refusedToken(profile.lastTest?.error)
    ? {
        title: t('profile.failedSwitchTitle'),
        bodyKey: 'profile.failedSwitchBody',
        note: t('profile.failedSwitchNote'),
      }
    : {
        title: t('profile.unreachableSwitchTitle'),
        bodyKey: 'profile.unreachableSwitchBody',
        note: t('profile.unreachableSwitchNote'),
      };
}

/** The toast after adding a profile: what became of the token given with it. */
export function addedWords(
  name: string,
  stored: boolean,
  test: { ok: true } | { ok: false; error: { kind: string } } | null,
): string {
  if (!stored) return t('profile.added', { name });
  if (test && !test.ok)
    return refusedToken(test.error)
      ? t('profile.addedTokenRefused', { name })
      : t('profile.addedTokenUntested', { name });
  return t('profile.addedWithToken', { name });
}

/** Whether switching to this profile deserves a warning first: its last token test failed. */
export function failedLastTest(profile: Profile | undefined): boolean {
  return profile?.lastTest?.ok === false;
}
