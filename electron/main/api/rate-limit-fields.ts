// The current IETF RateLimit draft's structured fields (draft-ietf-httpapi-ratelimit-headers,
// RFC 9651 Structured Field Values), parsed with a real structured-field parser:
//
//   RateLimit-Policy: "default";q=100;w=10, "daily";q=1000;w=86400   (quota q per window of w s)
//   RateLimit: "default";r=50;t=30                                    (r left, reset in t s)
//
// The older drafts' `RateLimit-Policy: 20;w=1` (an integer item) parses with the same parser and is
// read here too. A field that does not parse, or parses to something else, is ignored: the pacer
// then knows as little as before, and nothing throws.
import { Token, parseList, type Item, type Parameters } from 'structured-headers';

import type { HeaderMap } from './errors';

export interface StructuredLimit {
  limit?: number;
  remaining?: number;
  resetSeconds?: number;
  windowSeconds?: number;
}

interface Policy {
  name: string | null;
  quota: number;
  windowSeconds?: number;
}

/** All values of a header joined as one list (a field may be sent on several lines). */
function field(headers: HeaderMap, name: string): string | undefined {
  const value = headers[name];
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value.join(', ') : value;
}

/** The list's items (inner lists are not part of these fields), or [] when it does not parse. */
function items(text: string | undefined): Item[] {
  if (text === undefined || text.trim() === '') return [];
  try {
    return parseList(text).filter((member): member is Item => !Array.isArray(member[0]));
  } catch {
    return [];
  }
}

function nonNegativeInteger(params: Parameters, key: string): number | undefined {
  const value = params.get(key);
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}

function policyName(value: Item[0]): string | null {
  if (typeof value === 'string') return value;
  if (value instanceof Token) return value.toString();
  return null;
}

/** RateLimit-Policy's policies, in either draft's form; a member with no usable quota is skipped. */
export function parsePolicies(text: string | undefined): Policy[] {
  const policies: Policy[] = [];
  for (const [value, params] of items(text)) {
    const name = policyName(value);
    // Older drafts: the quota is the item itself ("20;w=1"); current: a named policy with q.
    const quota =
      name === null
        ? typeof value === 'number' && Number.isInteger(value)
          ? value
          : undefined
        : nonNegativeInteger(params, 'q');
    if (quota === undefined || quota < 1) continue;
    const w = nonNegativeInteger(params, 'w');
    policies.push({ name, quota, ...(w !== undefined && w > 0 ? { windowSeconds: w } : {}) });
  }
  return policies;
}

/**
 * What the structured fields announce, or null when neither field is there in a form read here.
 * With several policies, the one with the fewest requests left decides (it is the one that will
 * refuse first); without a RateLimit field, the policy with the lowest rate.
 */
export function structuredLimit(headers: HeaderMap): StructuredLimit | null {
  const policies = parsePolicies(field(headers, 'ratelimit-policy'));
  let current: { name: string | null; remaining: number; reset?: number } | null = null;
  for (const [value, params] of items(field(headers, 'ratelimit'))) {
    const name = policyName(value);
    const remaining = nonNegativeInteger(params, 'r');
    if (name === null || remaining === undefined) continue;
    if (current === null || remaining < current.remaining) {
      const reset = nonNegativeInteger(params, 't');
      current = { name, remaining, ...(reset === undefined ? {} : { reset }) };
    }
  }
  const rateOf = (p: Policy) => p.quota / (p.windowSeconds ?? 1);
  const policy =
    (current && policies.find((p) => p.name === current.name)) ??
    [...policies].sort((a, b) => rateOf(a) - rateOf(b))[0];
  if (current === null && policy === undefined) return null;
  const announced: StructuredLimit = {};
  if (policy !== undefined) {
    announced.limit = policy.quota;
    if (policy.windowSeconds !== undefined) announced.windowSeconds = policy.windowSeconds;
  }
  if (current !== null) {
    announced.remaining = current.remaining;
    if (current.reset !== undefined) announced.resetSeconds = current.reset;
  }
  return announced;
}
