// Which failed answers count as "recent errors" in diagnostics: every refusal or failure that came
// from the service or the network (a 400, 401, 408, 429, 5xx, a timeout, a dropped connection) and
// every keychain or storage failure. What the technician fixes by typing (invalid input, a busy
// vehicle) is not an error of the app or the service, so it is left out.
import type { ErrorInfo } from '../../shared/result';
import type { RecentErrors } from './recent-errors';

const LEFT_OUT = new Set<ErrorInfo['kind']>(['invalid_input', 'busy', 'untrusted_sender']);

export function countsAsRecentError(info: ErrorInfo): boolean {
  if (LEFT_OUT.has(info.kind)) return false;
  return info.status !== undefined || info.kind !== 'internal';
}

/** Records one failed answer of an operation, e.g. "vehicles.state: 401 unauthorized: The service refused…". */
export function recordErrorAnswer(recentErrors: RecentErrors, operation: string, info: ErrorInfo): void {
  if (!countsAsRecentError(info)) return;
  const status = info.status === undefined ? '' : `${info.status} `;
  recentErrors.record(`${status}${info.kind}: ${info.message}`, operation);
}
