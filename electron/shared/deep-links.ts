// Links other programs use to open the app on a vehicle or a job: a dealer management or
// repair-order system writes `vehicle-garage://vehicle/<VIN>` or `vehicle-garage://job/<repair order>`.
// A link is untrusted input from another program (or a web page): it is parsed here, strictly, and
// what it names is then looked up in the active garage by main; nothing in it is ever run or loaded.
import { REPAIR_ORDER_MAX } from './jobs/job-limits';
import { english, type Say } from './i18n/english';
import { normalizeVinInput, vinProblem } from './vin';

export const DEEP_LINK_SCHEME = 'vehicle-garage';

/** Longer than any link the app makes; a longer one is refused before it is parsed. */
const LINK_MAX = 512;

export type DeepLink = { kind: 'vehicle'; vin: string } | { kind: 'job'; repairOrder: string };

/** Why a link is refused: a code the window words, and the offending part, made safe to show. */
export interface DeepLinkRefusal {
  kind: 'refused';
  reason: 'not-a-link' | 'unknown-kind' | 'malformed-vin' | 'malformed-repair-order';
  /** The part the reason is about, cut and limited to printable characters; empty when none. */
  shown: string;
  /** For a malformed VIN: what is wrong with it, in the VIN rules' words and the caller's language. */
  problem?: string;
}

/** Printable, single-line, short: a piece of a link that may be quoted back to the technician. */
export function showablePart(text: string, max = 40): string {
  // Controls, bidi overrides and isolates, zero-width characters: never echoed.
  const clean = text.replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, '').trim();
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** A link as the OS hands it over (argv, open-url), parsed; anything else is a refusal. */
export function parseDeepLink(raw: string, say: Say = english): DeepLink | DeepLinkRefusal {
  const text = raw.trim();
  const refuse = (reason: DeepLinkRefusal['reason'], shown = '', problem?: string): DeepLinkRefusal => ({
    kind: 'refused',
    reason,
    shown: showablePart(shown),
    ...(problem ? { problem } : {}),
  });
  if (text.length > LINK_MAX || !text.toLowerCase().startsWith(`${DEEP_LINK_SCHEME}:`))
    return refuse('not-a-link');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refuse('not-a-link');
  }
  // vehicle-garage://vehicle/VIN: "vehicle" is the host; vehicle-garage:vehicle/VIN also reads so.
  const rest = `${url.host}${url.pathname}`.replace(/^\/+/, '').replace(/\/+$/, '');
  const [what = '', ...segments] = rest.split('/');
  if (segments.length !== 1 || url.search || url.hash || url.username || url.password || url.port) {
    return refuse('unknown-kind', what);
  }
  const value = decoded(segments[0]!);
  if (value === null) return refuse('unknown-kind', what);
  switch (what.toLowerCase()) {
    case 'vehicle': {
      const vin = normalizeVinInput(value);
      const problem = vinProblem(vin, say);
      return problem ? refuse('malformed-vin', value, problem) : { kind: 'vehicle', vin };
    }
    case 'job': {
      const repairOrder = value.trim();
      const bad =
        repairOrder.length === 0 ||
        repairOrder.length > REPAIR_ORDER_MAX ||
        /[\p{Cc}\p{Cf}\u2028\u2029]/u.test(repairOrder);
      return bad ? refuse('malformed-repair-order', repairOrder) : { kind: 'job', repairOrder };
    }
    default:
      return refuse('unknown-kind', what);
  }
}

/** The link among a process's arguments (Windows and Linux pass it there), if any. */
export function deepLinkInArgs(argv: readonly string[]): string | null {
  return argv.find((arg) => arg.toLowerCase().startsWith(`${DEEP_LINK_SCHEME}:`)) ?? null;
}

/** What the window is asked to do for a link: open a vehicle or a job, or say why not. */
export type DeepLinkOutcome =
  | { kind: 'open-vehicle'; profileId: string; vin: string }
  | { kind: 'open-job'; profileId: string; vin: string; jobId: string }
  | {
      kind: 'link-refused';
      reason: DeepLinkRefusal['reason'] | 'unknown-vehicle' | 'unknown-job';
      shown: string;
      problem?: string;
    };

export interface DeepLinkLookups {
  /** The profile whose garage is on screen: a link opens only what it holds. */
  activeProfileId(): Promise<string>;
  hasVehicle(profileId: string, vin: string): Promise<boolean>;
  /** The active garage's jobs whose repair order is this one (any case), open ones first, then newest. */
  jobsByRepairOrder(profileId: string, repairOrder: string): Promise<{ id: string; vin: string }[]>;
}

/** Resolves a link against the active garage; a VIN or repair order it does not hold is refused. */
export async function resolveDeepLink(
  raw: string,
  lookups: DeepLinkLookups,
  say: Say = english,
): Promise<DeepLinkOutcome> {
  const link = parseDeepLink(raw, say);
  if (link.kind === 'refused') {
    return {
      kind: 'link-refused',
      reason: link.reason,
      shown: link.shown,
      ...(link.problem ? { problem: link.problem } : {}),
    };
  }
  const profileId = await lookups.activeProfileId();
  if (link.kind === 'vehicle') {
    return (await lookups.hasVehicle(profileId, link.vin))
      ? { kind: 'open-vehicle', profileId, vin: link.vin }
      : { kind: 'link-refused', reason: 'unknown-vehicle', shown: link.vin };
  }
  const [job] = await lookups.jobsByRepairOrder(profileId, link.repairOrder);
  return job
    ? { kind: 'open-job', profileId, vin: job.vin, jobId: job.id }
    : { kind: 'link-refused', reason: 'unknown-job', shown: showablePart(link.repairOrder) };
}
