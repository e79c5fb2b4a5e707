// A profile's token test in words: said where the token was entered, and before switching to a
// profile whose last test failed.
import type { ErrorInfo, ErrorKind } from '../../../electron/shared/result';
import type { ConnectionTest, Profile, TokenTest } from '../../../electron/shared/types';
import { describeError } from './errors';
import { formatDateTime, plural } from './format';

export interface TokenTestWords {
  tone: 'ok' | 'danger';
  text: string;
}

export function acceptedText(vehicles: number): string {
  return `Token accepted: ${plural(vehicles, 'vehicle')} on this account.`;
}

export function refusedText(error: { kind: string; message: string; status?: number }): string {
  if (error.kind === 'unauthorized' || error.kind === 'forbidden') {
    const status = error.status ?? (error.kind === 'unauthorized' ? 401 : 403);
    return `The service refused this token (${status}). Check that it was copied whole and has not expired, then save it again.`;
  }
  return `The token could not be tested: ${describeError({ ...error, kind: error.kind as ErrorKind })}`;
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
    ? { tone: 'ok', text: `Last test (${at}): ${acceptedText(test.vehicles ?? 0)}` }
    : {
        tone: 'danger',
        text: `Last test (${at}): ${refusedText(test.error ?? { kind: 'internal', message: 'Unknown failure.' })}`,
      };
}

/** Whether switching to this profile deserves a warning first: its last token test failed. */
export function failedLastTest(profile: Profile | undefined): boolean {
  return profile?.lastTest?.ok === false;
}
