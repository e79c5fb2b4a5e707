// Text bound for the shop's database, made storable: U+0000 and surrogates without their pair
// become U+FFFD wherever they are (values and keys, however deep), a proper pair is kept, and
// printed text loses the bidirectional controls that could reorder what a page shows.
import { describe, expect, it } from 'vitest';
import {
  printableText,
  REPLACEMENT,
  storable,
  storableJson,
  storableText,
} from '../../../electron/shared/storable-text';

const R = REPLACEMENT;

describe('storable text', () => {
  it('replaces NUL and unpaired surrogates, and keeps a pair', () => {
    expect(storableText('a\u0000b')).toBe(`a${R}b`);
    expect(storableText('x\uD800')).toBe(`x${R}`);
    expect(storableText('\uDC00x')).toBe(`${R}x`);
    expect(storableText('\uDC00\uD800')).toBe(`${R}${R}`);
    expect(storableText('car \uD83D\uDE97')).toBe('car \uD83D\uDE97');
  });

  it('walks arrays and plain objects, keys included, and keeps other values', () => {
    const when = new Date(0);
    const value = storable({ 'k\u0000': ['v\u0000', { deep: '\uD800' }], n: 1, when, none: null });
    expect(value).toEqual({ [`k${R}`]: [`v${R}`, { deep: R }], n: 1, when, none: null });
    // JSON a jsonb column takes: no \u0000 escape, no escaped lone surrogate.
    const json = storableJson({ name: 'Nu\u0000ll\uDBFF' });
    expect(json).not.toMatch(/\\u0000|\\ud[89a-f]/i);
    expect(JSON.parse(json)).toEqual({ name: `Nu${R}ll${R}` });
  });

  it('keeps a key named __proto__ a key', () => {
    const value = storable(JSON.parse('{"__proto__": {"polluted": "\\u0000"}}') as object);
    expect(Object.keys(value)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('takes the bidirectional controls out of printed text', () => {
    const controls = '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069';
    expect(printableText(`5YJ3${controls}E1EA\u0000`)).toBe(`5YJ3E1EA${R}`);
  });
});
