// Plain words for every error kind: a headline the technician can act on, and whether a retry helps.
import { commandLabel } from './command-labels';
import { t } from './i18n.svelte';
import { COMMAND_NAMES, COMMANDS } from '../../../electron/shared/commands';
import type { ErrorInfo, ErrorKind } from '../../../electron/shared/result';

/** Whether trying again can help, per kind; the headline is `error.<kind>` in the catalogs. */
const RETRY: Record<ErrorKind, boolean> = {
  invalid_input: false,
  no_token: false,
  // Main's message says why (locked, its service stopped, none installed) and what to do.
  keychain_unavailable: true,
  unauthorized: false,
  forbidden: false,
  // Not by trying again: by asking a foreman (the window offers it for this kind only).
  policy_refused: false,
  not_found: false,
  rejected: false,
  vehicle_offline: true,
  rate_limited: true,
  server_error: true,
  timeout: true,
  network: true,
  bad_response: true,
  busy: true,
  storage: true,
  untrusted_sender: false,
  internal: true,
};

const known = (kind: ErrorKind): ErrorKind => (kind in RETRY ? kind : 'internal');

export function headlineOf(error: ErrorInfo): string {
  if (error.transport) return t('error.transport');
  if (error.kind === 'rate_limited' && error.retryAfterSeconds !== undefined) {
    return t('error.rate_limitedFor', { seconds: error.retryAfterSeconds });
  }
  return t(`error.${known(error.kind)}`);
}

export function canRetry(error: ErrorInfo): boolean {
  return RETRY[known(error.kind)];
}

function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * True when `detail` already says what `headline` says (main's messages are written for the
 * technician too), so showing both would repeat it: most of the headline's first sentence is in it.
 */
function repeats(headline: string, detail: string): boolean {
  const said = new Set(words(detail));
  const head = words(headline.split('. ')[0] ?? headline);
  return head.length > 0 && head.filter((w) => said.has(w)).length / head.length >= 0.6;
}

const WIRE_NAMES = new RegExp(`\\b(${COMMAND_NAMES.join('|')})\\b`, 'g');

/** Wire names ("set_charging_amps") in a message become the action's words ("“Set charging amps”"). */
export function inActionWords(message: string): string {
  return message.replace(WIRE_NAMES, (name) => {
    return t('error.actionName', { label: commandLabel(name as keyof typeof COMMANDS) });
  });
}

function serviceMessage(error: ErrorInfo): string | null {
  const message = inActionWords((error.message ?? '').split('\n')[0]?.trim() ?? '');
  if (message === '' || /^\s*at\s/.test(message)) return null;
  return message.length > 300 ? message.slice(0, 297) + '…' : message;
}

/**
 * What to show for an error: a headline in plain words and the service's own detail, or the detail
 * alone as the headline when it already says the same; never anything stack-like.
 */
export function explain(error: ErrorInfo): { headline: string; detail: string | null } {
  const headline = headlineOf(error);
  // A failed transport's message is a channel's name, not words for the technician.
  const message = error.transport ? null : serviceMessage(error);
  if (message === null || message === headline) return { headline, detail: null };
  if (repeats(headline, message)) return { headline: message, detail: null };
  return { headline, detail: message };
}

/** One line: headline and detail, for toasts, outcomes and tables. */
export function describeError(error: ErrorInfo): string {
  const { headline, detail } = explain(error);
  return detail ? t('error.withDetail', { headline, detail }) : headline;
}

/** A message set inside a sentence of ours ("Refresh failed: {reason}. …"): without its own full stop. */
export function sentenceBody(message: string): string {
  return message.trim().replace(/\.+$/, '');
}
