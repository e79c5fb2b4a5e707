// How main asks the renderer to do something a person asked of the app outside the page (a menu
// item clicked, a notification clicked, the window restarted after a crash): main moves the
// fragment of the app's own URL. Loading the same document with another fragment is a
// same-document navigation in Chromium (no reload, state kept), so no extra IPC channel or preload
// surface is needed; the renderer reads the fragment at start and on `hashchange`, acts on it and
// clears it. Keys never travel this way: the renderer handles them itself.
import type { DeepLinkOutcome } from './deep-links';
import { SHORTCUTS, type ShortcutAction } from './shortcuts';

type RefusedLink = Extract<DeepLinkOutcome, { kind: 'link-refused' }>;

export type ShellRequest =
  | { kind: 'action'; action: ShortcutAction }
  | { kind: 'open-vehicle'; profileId: string; vin: string }
  | { kind: 'open-job'; profileId: string; vin: string; jobId: string }
  | { kind: 'open-run'; runId: string }
  | RefusedLink
  | { kind: 'restarted' };

const REFUSALS: ReadonlySet<string> = new Set<RefusedLink['reason']>([
  'not-a-link',
  'unknown-kind',
  'malformed-vin',
  'malformed-repair-order',
  'unknown-vehicle',
  'unknown-job',
]);
/** What a refusal may quote: short, one line, nothing that steers text direction. */
const SHOWN = /^[^\p{Cc}\p{Cf}\u2028\u2029]{0,40}$/u;
const PROBLEM = /^[^\p{Cc}\p{Cf}\u2028\u2029]{1,160}$/u;

const PREFIX = 'vg:';

/** The fragment (without '#') for a request; `seq` makes each request a new URL. */
export function shellRequestFragment(request: ShellRequest, seq: number): string {
  const params = new URLSearchParams();
  params.set('n', String(seq));
  if (request.kind === 'action') params.set('action', request.action);
  if (request.kind === 'open-vehicle') {
    params.set('profile', request.profileId);
    params.set('vin', request.vin);
  }
  if (request.kind === 'open-job') {
    params.set('profile', request.profileId);
    params.set('vin', request.vin);
    params.set('job', request.jobId);
  }
  if (request.kind === 'open-run') params.set('run', request.runId);
  if (request.kind === 'link-refused') {
    params.set('reason', request.reason);
    params.set('shown', request.shown);
    if (request.problem) params.set('problem', request.problem);
  }
  return `${PREFIX}${request.kind}?${params.toString()}`;
}

const ACTIONS = new Set<string>(SHORTCUTS.map((shortcut) => shortcut.action));
const ID = /^[A-Za-z0-9._:-]{1,100}$/;
const VIN = /^[A-HJ-NPR-Z0-9]{17}$/;

/** A fragment (with or without '#') read back; anything else, including hand-typed junk, is null. */
export function parseShellRequest(hash: string): ShellRequest | null {
  const fragment = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!fragment.startsWith(PREFIX)) return null;
  const [kind, query = ''] = fragment.slice(PREFIX.length).split('?', 2) as [string, string?];
  const params = new URLSearchParams(query);
  switch (kind) {
    case 'action': {
      const action = params.get('action') ?? '';
      return ACTIONS.has(action) ? { kind, action: action as ShortcutAction } : null;
    }
    case 'open-vehicle': {
      const profileId = params.get('profile') ?? '';
      const vin = params.get('vin') ?? '';
      return ID.test(profileId) && VIN.test(vin) ? { kind, profileId, vin } : null;
    }
    case 'open-job': {
      const profileId = params.get('profile') ?? '';
      const vin = params.get('vin') ?? '';
      const jobId = params.get('job') ?? '';
      return ID.test(profileId) && VIN.test(vin) && ID.test(jobId) ? { kind, profileId, vin, jobId } : null;
    }
    case 'link-refused': {
      const reason = params.get('reason') ?? '';
      const shown = params.get('shown') ?? '';
      const problem = params.get('problem');
      if (!REFUSALS.has(reason) || !SHOWN.test(shown) || (problem !== null && !PROBLEM.test(problem)))
        return null;
      return { kind, reason: reason as RefusedLink['reason'], shown, ...(problem ? { problem } : {}) };
    }
    case 'open-run': {
      const runId = params.get('run') ?? '';
      return ID.test(runId) ? { kind, runId } : null;
    }
    case 'restarted':
      return { kind };
    default:
      return null;
  }
}
