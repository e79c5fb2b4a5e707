// Keeps secrets out of the audit log whatever a caller passes as params, with the app's one
// redaction function (logging/redact.ts): fields whose name says credential are masked, strings are
// masked by shape and by every registered token, and an optional hook can mask more. Also bounds
// the size and depth of what is logged.
import { isSecretName, REDACTED, redactSecrets } from '../logging/redact';

export { REDACTED };
const MAX_DEPTH = 4;
const MAX_ITEMS = 50;
const MAX_STRING = 500;

export type Redact = (value: string) => string;

/** Masks credential-looking text in a free-form string (reasons, param values). */
export function redactText(value: string, redact?: Redact): string {
  const masked = redactSecrets(value);
  const hooked = redact ? redact(masked) : masked;
  return hooked.length > MAX_STRING ? hooked.slice(0, MAX_STRING) + '…' : hooked;
}

/** A JSON-safe copy of `params` with secrets masked. */
export function redactParams(params: Record<string, unknown>, redact?: Redact): Record<string, unknown> {
  const copy = clean(params, 0, redact);
  return copy !== null && typeof copy === 'object' && !Array.isArray(copy)
    ? (copy as Record<string, unknown>)
    : {};
}

function clean(value: unknown, depth: number, redact?: Redact): unknown {
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string') return redactText(value, redact);
  if (typeof value === 'bigint') return value.toString();
  if (depth >= MAX_DEPTH) return '[…]';
  if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).map((item) => clean(item, depth + 1, redact));
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value).slice(0, MAX_ITEMS)) {
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
      out[key] = isSecretName(key) ? REDACTED : clean(item, depth + 1, redact);
    }
    return out;
  }
  return undefined;
}
