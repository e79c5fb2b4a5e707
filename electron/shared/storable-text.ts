// Text made storable and printable. What the service, the window or a person types can carry
// characters a database refuses or a reader is fooled by: PostgreSQL stores no U+0000 in text or
// jsonb, and no UTF-16 surrogate without its pair (JSON.stringify writes one as a `\udXXX` escape
// that jsonb rejects); one such entry would stop everything queued behind it. Bidirectional
// controls (U+202A–202E, U+2066–2069) reorder what is printed around them, so a record could show
// a VIN or a name other than the one stored.

/** U+0000 and every surrogate without its pair. */
// eslint-disable-next-line no-control-regex -- U+0000 is exactly what is looked for.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

/** What a database cannot store becomes U+FFFD (the replacement character): seen, not dropped. */
export const REPLACEMENT = '\uFFFD';

export function storableText(text: string): string {
  return text.replace(UNSTORABLE, REPLACEMENT);
}

/** Text for a printed or exported page: storable, and without bidirectional controls. */
export function printableText(text: string): string {
  return storableText(text).replace(BIDI_CONTROLS, '');
}

function isPlainObject(value: object): value is Record<string, unknown> {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * A copy of `value` with every string (and every key) storable; arrays and plain objects are
 * walked, anything else (numbers, dates, buffers) is kept as it is.
 */
export function storable<T>(value: T): T {
  if (typeof value === 'string') return storableText(value) as T;
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((each: unknown) => storable(each)) as T;
  if (!isPlainObject(value)) return value;
  const copy: Record<string, unknown> = {};
  // Defined, not assigned: a key named __proto__ stays a key instead of replacing the prototype.
  for (const [key, each] of Object.entries(value))
    Object.defineProperty(copy, storableText(key), {
      value: storable(each),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return copy as T;
}

/** JSON of `value` as jsonb takes it: JSON.stringify after storable(). */
export function storableJson(value: unknown): string {
  return JSON.stringify(storable(value));
}
