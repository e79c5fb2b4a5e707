// Plain words for every error kind: a headline the technician can act on, and whether a retry helps.
import type { ErrorInfo, ErrorKind } from '../../../electron/shared/result';

interface KindText {
  headline: string;
  retry: boolean;
}

const TEXT: Record<ErrorKind, KindText> = {
  invalid_input: { headline: 'A value is not acceptable.', retry: false },
  no_token: { headline: 'No access token is stored for this profile. Add one in Settings.', retry: false },
  keychain_unavailable: {
    headline: 'The system keychain is not available, so the access token cannot be read.',
    retry: true,
  },
  unauthorized: { headline: 'The service refused the access token. Replace it in Settings.', retry: false },
  forbidden: { headline: 'This vehicle has not granted access to this account.', retry: false },
  not_found: { headline: 'The service does not know this VIN.', retry: false },
  rejected: { headline: 'The service rejected the request.', retry: false },
  vehicle_offline: {
    headline: 'The vehicle is offline or asleep and could not be woken. Try again in a few minutes.',
    retry: true,
  },
  rate_limited: { headline: 'Too many requests. Wait a moment, then try again.', retry: true },
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
    return `Too many requests. Try again in ${error.retryAfterSeconds} s.`;
  }
  return (TEXT[error.kind] ?? TEXT.internal).headline;
}

export function canRetry(error: ErrorInfo): boolean {
  return (TEXT[error.kind] ?? TEXT.internal).retry;
}

/** The service's own message, unless it would only repeat the headline; never anything stack-like. */
export function detailOf(error: ErrorInfo): string | null {
  const message = (error.message ?? '').split('\n')[0]?.trim() ?? '';
  if (message === '' || /^\s*at\s/.test(message) || message === headlineOf(error)) return null;
  return message.length > 300 ? message.slice(0, 297) + '…' : message;
}

/** One line: headline and detail, for toasts, outcomes and tables. */
export function describeError(error: ErrorInfo): string {
  const detail = detailOf(error);
  return detail ? `${headlineOf(error)} ${detail}` : headlineOf(error);
}

/** Kinds that mean the service itself is unreachable (as opposed to one vehicle or one value). */
export function isUnreachable(kind: string | undefined): boolean {
  return kind === 'network' || kind === 'timeout';
}
