// Plain words for every error kind: a headline the technician can act on, and whether a retry helps.
import { COMMAND_NAMES, COMMANDS } from '../../../electron/shared/commands';
import type { ErrorInfo, ErrorKind } from '../../../electron/shared/result';

interface KindText {
  headline: string;
  retry: boolean;
}

const TEXT: Record<ErrorKind, KindText> = {
  invalid_input: { headline: 'A value is not acceptable.', retry: false },
  no_token: { headline: 'No access token is stored for this profile. Add one in Settings.', retry: false },
  keychain_unavailable: {
    // Main's message says why (locked, its service stopped, none installed) and what to do.
    headline: 'The access token could not be read from the system keychain.',
    retry: true,
  },
  unauthorized: { headline: 'The service refused the access token. Replace it in Settings.', retry: false },
  forbidden: { headline: 'This vehicle has not granted access to this account.', retry: false },
  not_found: { headline: 'Not found on the service.', retry: false },
  rejected: { headline: 'The service rejected the request.', retry: false },
  vehicle_offline: {
    headline: 'The vehicle is offline or asleep and could not be woken. Try again in a few minutes.',
    retry: true,
  },
  rate_limited: { headline: 'The service is limiting requests. Wait a moment, then try again.', retry: true },
  server_error: { headline: 'The service had a problem answering.', retry: true },
  timeout: { headline: 'The service did not answer in time.', retry: true },
  network: { headline: 'The service cannot be reached. Check the network connection.', retry: true },
  bad_response: { headline: 'The service sent an answer the app does not understand.', retry: true },
  busy: { headline: 'Another operation on this vehicle is still running.', retry: true },
  storage: { headline: 'The app could not read or write its data folder.', retry: true },
  untrusted_sender: { headline: 'The app refused a request from an unexpected window.', retry: false },
  internal: { headline: 'Something went wrong inside the app.', retry: true },
};

export function headlineOf(error: ErrorInfo): string {
  if (error.kind === 'rate_limited' && error.retryAfterSeconds !== undefined) {
    return `The service is limiting requests. Try again in ${error.retryAfterSeconds} s.`;
  }
  return (TEXT[error.kind] ?? TEXT.internal).headline;
}

export function canRetry(error: ErrorInfo): boolean {
  return (TEXT[error.kind] ?? TEXT.internal).retry;
}

function words(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
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
    const label = COMMANDS[name as keyof typeof COMMANDS].label;
    return `“${label}”`;
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
  const message = serviceMessage(error);
  if (message === null || message === headline) return { headline, detail: null };
  if (repeats(headline, message)) return { headline: message, detail: null };
  return { headline, detail: message };
}

/** One line: headline and detail, for toasts, outcomes and tables. */
export function describeError(error: ErrorInfo): string {
  const { headline, detail } = explain(error);
  return detail ? `${headline} ${detail}` : headline;
}
