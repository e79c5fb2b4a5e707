// The one definition of "the service could not be reached", shared by main's connection feed and
// the window: which kinds mean no answer, and what a failure or a read proves about the service.
import { describe, expect, it } from 'vitest';
import {
  UNREACHABLE_KINDS,
  evidenceOfFailure,
  evidenceOfRead,
  isUnreachable,
} from '../../../electron/shared/reachability';
import { ERROR_KINDS } from '../../../electron/shared/result';

describe('reachability', () => {
  it('counts only a dropped connection and a timeout as unreachable', () => {
    expect(ERROR_KINDS.filter((kind) => isUnreachable(kind)).sort()).toEqual([...UNREACHABLE_KINDS].sort());
    expect(UNREACHABLE_KINDS).toEqual(['network', 'timeout']);
    expect(isUnreachable(undefined)).toBe(false);
    expect(isUnreachable(null)).toBe(false);
  });

  it('reads a failure: no answer, an answer (any HTTP status, even a refusal), or nothing', () => {
    expect(evidenceOfFailure({ kind: 'network' })).toBe('unreachable');
    expect(evidenceOfFailure({ kind: 'timeout' })).toBe('unreachable');
    expect(evidenceOfFailure({ kind: 'unauthorized', status: 401 })).toBe('answered');
    expect(evidenceOfFailure({ kind: 'server_error', status: 503 })).toBe('answered');
    // Refused before anything was sent (no token, bad input): says nothing of the service.
    expect(evidenceOfFailure({ kind: 'no_token' })).toBeNull();
    expect(evidenceOfFailure({ kind: 'invalid_input' })).toBeNull();
  });

  it('reads a read: live answered, a copy for an unreachable service did not, a copy on purpose says nothing', () => {
    expect(evidenceOfRead('live')).toBe('answered');
    expect(evidenceOfRead('cache', { kind: 'timeout' })).toBe('unreachable');
    expect(evidenceOfRead('cache', { kind: 'unauthorized' })).toBeNull();
    expect(evidenceOfRead('cache')).toBeNull();
  });
});
