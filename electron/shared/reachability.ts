// What "the service could not be reached" means, said once for main and the window alike: which
// failures mean no answer came back, and what one outcome proves about the service. Main's
// connection feed decides from it and tells the window with `connection.changed`; anything that
// words a failure may ask it too, so the two sides never disagree on a kind.
import type { ErrorKind } from './result';

/**
 * Failures that mean the service gave no answer at all. Anything else from it (a refused token, a
 * rate limit, a server error, a sleeping car) is an answer, so the service was reached.
 */
export const UNREACHABLE_KINDS = ['network', 'timeout'] as const satisfies readonly ErrorKind[];

export type UnreachableKind = (typeof UNREACHABLE_KINDS)[number];

const unreachable: ReadonlySet<string> = new Set(UNREACHABLE_KINDS);

/** Whether a failure of this kind means the service could not be reached. */
export function isUnreachable(kind: string | null | undefined): kind is UnreachableKind {
  return typeof kind === 'string' && unreachable.has(kind);
}

/**
 * What one outcome proves about the service: it `answered` (even to refuse), it was `unreachable`,
 * or nothing (`null`: a failure before anything was sent, a saved copy served on purpose).
 */
export type ReachabilityEvidence = 'answered' | 'unreachable' | null;

/** A failure's evidence: unreachable by its kind, answered when it carries the service's HTTP status. */
export function evidenceOfFailure(error: { kind: string; status?: number }): ReachabilityEvidence {
  if (isUnreachable(error.kind)) return 'unreachable';
  return error.status !== undefined ? 'answered' : null;
}

/**
 * A read's evidence from its envelope: a live answer proves the service reachable; a saved copy
 * stands for a failure only when it was served because the live read failed (`stale`).
 */
export function evidenceOfRead(
  source: 'live' | 'cache',
  stale?: { kind: string } | null,
): ReachabilityEvidence {
  if (source === 'live') return 'answered';
  return stale && isUnreachable(stale.kind) ? 'unreachable' : null;
}
