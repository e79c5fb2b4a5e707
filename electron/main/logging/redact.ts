// The one redaction function every log line, recorded error and diagnostics report goes through.
// Two complementary nets: secrets by SHAPE (Authorization headers, Bearer values, token-like query
// parameters and fields, JWTs, URL passwords) and secrets by VALUE (every token the vault stores or
// reads is registered here, so it is masked even where no shape gives it away).

import { maskSecretForms } from './secret-forms';

export const REDACTED = '[REDACTED]';

/** Values shorter than this are not matched by value: masking them would garble ordinary text. */
export const MIN_SECRET_LENGTH = 6;

export interface SecretRegistry {
  register(value: string): void;
  unregister(value: string): void;
  /** Longest first, so a secret containing another is masked whole. */
  values(): readonly string[];
}

export function createSecretRegistry(): SecretRegistry {
  const secrets = new Set<string>();
  let sorted: string[] = [];
  const refresh = () => (sorted = [...secrets].sort((a, b) => b.length - a.length));
  return {
    register(value) {
      if (typeof value !== 'string' || value.length < MIN_SECRET_LENGTH || secrets.has(value)) return;
      secrets.add(value);
      refresh();
    },
    unregister(value) {
      if (secrets.delete(value)) refresh();
    },
    values: () => sorted,
  };
}

/** The process-wide registry the vault feeds and the logger reads. */
export const knownSecrets: SecretRegistry = createSecretRegistry();

/** Marks `value` (a token the app holds) as a secret to mask wherever it appears. */
export function registerSecret(value: string): void {
  knownSecrets.register(value);
}

// A field, parameter or header name that holds a credential: accessToken, access_token,
// refresh-token, X-Amz-Security-Token, client_secret, password, api_key, Authorization, Cookie...
const SECRET_NAME = String.raw`[A-Za-z0-9_.-]*?(?:token|secret|password|passwd|passphrase|api[_-]?key|signature|authorization|cookie|credential)s?`;
const SECRET_KEY_RE = new RegExp(`^${SECRET_NAME}$`, 'i');

/** Whether a field, parameter or header name says it holds a credential. */
export function isSecretName(name: string): boolean {
  return SECRET_KEY_RE.test(name);
}

const SHAPE_RULES: readonly [RegExp, (...groups: string[]) => string][] = [
  // `name: value`, `name=value`, `"name": "value"`, `'name': 'value'`, `name=Bearer value`: the
  // value (quoted or bare, after an optional auth scheme) is masked, the name and scheme are kept.
  [
    new RegExp(
      String.raw`(["']?)\b(${SECRET_NAME})\1(\s*[:=]\s*)((?:bearer|basic|digest|token)\s+)?` +
        String.raw`(?!\[REDACTED\])("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|[^\s,;&"'}\]\)]+)`,
      'gi',
    ),
    (_match, quote, name, separator, scheme, value) => {
      const q = value!.startsWith('"') ? '"' : value!.startsWith("'") ? "'" : '';
      return `${quote}${name}${quote}${separator}${scheme ?? ''}${q}${REDACTED}${q}`;
    },
  ],
  // A bearer credential anywhere else: "sent Bearer abc.def to ...". (Not "Basic": that word is
  // ordinary English; Basic credentials travel in Authorization headers, which the rule above masks.)
  [
    /\b(bearer)(\s+)(?!\[REDACTED\])[A-Za-z0-9\-._~+/]+=*/gi,
    (_match, scheme, space) => `${scheme}${space}${REDACTED}`,
  ],
  // JSON Web Tokens, wherever they travel.
  [/\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g, () => REDACTED],
  // Passwords in URLs: https://user:password@host/.
  [/(\b[a-z][a-z0-9+.-]*:\/\/[^\s/:@]+:)[^\s/@]+@/gi, (_match, head) => `${head}${REDACTED}@`],
];

function redactText(text: string, registry: SecretRegistry): string {
  let result = text;
  // By value first: a registered token is masked even inside a shape the rules would split, in
  // every common encoding and when only a long prefix of it is left.
  result = maskSecretForms(result, registry.values(), REDACTED);
  for (const [pattern, replace] of SHAPE_RULES) result = result.replace(pattern, replace);
  return result;
}

const MAX_DEPTH = 8;

function redactValue(
  value: unknown,
  registry: SecretRegistry,
  depth: number,
  seen: WeakMap<object, unknown>,
): unknown {
  if (typeof value === 'string') return redactText(value, registry);
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return seen.get(value);
  if (depth >= MAX_DEPTH) return '[…]';

  if (value instanceof Error) {
    // A new Error with the same name, message, stack and extra fields, each redacted; a cause too.
    const copy = new Error(redactText(value.message, registry));
    seen.set(value, copy);
    copy.name = value.name;
    copy.stack = value.stack === undefined ? undefined : redactText(value.stack, registry);
    for (const [key, field] of Object.entries(value)) {
      (copy as unknown as Record<string, unknown>)[key] = SECRET_KEY_RE.test(key)
        ? REDACTED
        : redactValue(field, registry, depth + 1, seen);
    }
    if ('cause' in value) copy.cause = redactValue(value.cause, registry, depth + 1, seen);
    return copy;
  }
  if (Array.isArray(value)) {
    const copy: unknown[] = [];
    seen.set(value, copy);
    for (const item of value) copy.push(redactValue(item, registry, depth + 1, seen));
    return copy;
  }
  if (value instanceof Map || value instanceof Set || ArrayBuffer.isView(value))
    return `[${value.constructor.name}]`;

  const copy: Record<string, unknown> = {};
  seen.set(value, copy);
  for (const [key, field] of Object.entries(value)) {
    copy[key] =
      SECRET_KEY_RE.test(key) && field !== null && field !== undefined
        ? REDACTED
        : redactValue(field, registry, depth + 1, seen);
  }
  return copy;
}

/**
 * A copy of `value` with every secret masked: strings by shape and by registered value; objects,
 * arrays and Errors deeply (a field whose name says credential is masked whatever it holds).
 * Never mutates its input.
 */
export function redactSecrets(text: string, registry?: SecretRegistry): string;
export function redactSecrets(value: unknown, registry?: SecretRegistry): unknown;
export function redactSecrets(value: unknown, registry: SecretRegistry = knownSecrets): unknown {
  return redactValue(value, registry, 0, new WeakMap());
}
