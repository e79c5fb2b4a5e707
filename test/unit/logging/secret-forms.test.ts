// Any bearer token (RFC 6750's whole b64token alphabet, `+`, `/` and trailing `=` included), in any
// spelling, at any offset, cut anywhere past the promised prefix, next to other spellings of itself:
// every entry point that masks by value leaves none of it behind.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redactText as auditRedactText } from '../../../electron/main/audit/audit-redact';
import { responseRedactor } from '../../../electron/main/api/response-redaction';
import {
  createSecretRegistry,
  knownSecrets,
  REDACTED,
  redactSecrets,
} from '../../../electron/main/logging/redact';
import { maskSecretForms, SECRET_PREFIX_MIN } from '../../../electron/main/logging/secret-forms';

const B64TOKEN_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~+/';

/** b64token = 1*( ALPHA / DIGIT / "-" / "." / "_" / "~" / "+" / "/" ) *"=" (RFC 6750 §2.1). */
const token = fc
  .tuple(
    fc.string({ unit: fc.constantFrom(...B64TOKEN_CHARS), minLength: 6, maxLength: 90 }),
    fc.integer({ min: 0, max: 3 }),
  )
  .map(([body, pad]) => body + '='.repeat(pad));

const hex = (n: number, width = 2) => n.toString(16).padStart(width, '0');

/** The ways a service, a proxy or a serializer may write a character. */
const CHAR_SPELLINGS: ((c: string) => string)[] = [
  (c) => c,
  (c) => `%${hex(c.charCodeAt(0)).toUpperCase()}`,
  (c) => `%${hex(c.charCodeAt(0))}`,
  (c) => `\\u${hex(c.charCodeAt(0), 4)}`,
  (c) => `\\u${hex(c.charCodeAt(0), 4).toUpperCase()}`,
  (c) => (c === '/' ? '\\/' : c),
  (c) => `&#${c.charCodeAt(0)};`,
  (c) => `&#x${hex(c.charCodeAt(0))};`,
];

type Spelling = (token: string, picks: readonly number[]) => string;

/** Whole-text spellings, plus one that spells each character its own way. */
const SPELLINGS: [string, Spelling][] = [
  ['as is', (t) => t],
  ['URL-encoded', (t) => encodeURIComponent(t)],
  [
    'URL-encoded, lower-case hex',
    (t) => encodeURIComponent(t).replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase()),
  ],
  ['form-encoded', (t) => new URLSearchParams({ t }).toString().slice(2)],
  ['JSON with escaped slashes', (t) => JSON.stringify(t).slice(1, -1).replace(/\//g, '\\/')],
  ['JSON \\u escapes', (t) => [...t].map((c) => `\\u${hex(c.charCodeAt(0), 4)}`).join('')],
  ['hex', (t) => Buffer.from(t).toString('hex')],
  ['HEX', (t) => Buffer.from(t).toString('hex').toUpperCase()],
  [
    'mixed per character',
    (t, picks) => [...t].map((c, i) => CHAR_SPELLINGS[picks[i % picks.length]!]!(c)).join(''),
  ],
];

/** One echo of `t`: a spelling, cut at any length not below the promised prefix (or whole). */
const echoOf = (t: string) =>
  fc
    .record({
      spelling: fc.integer({ min: 0, max: SPELLINGS.length - 1 }),
      picks: fc.array(fc.integer({ min: 0, max: CHAR_SPELLINGS.length - 1 }), {
        minLength: 1,
        maxLength: 12,
      }),
      cut: fc.option(fc.nat(), { nil: undefined }),
    })
    .map(({ spelling, picks, cut }) => {
      const full = SPELLINGS[spelling]![1](t, picks);
      const keep =
        cut === undefined || full.length <= SECRET_PREFIX_MIN
          ? full.length
          : SECRET_PREFIX_MIN + (cut % (full.length - SECRET_PREFIX_MIN + 1));
      return full.slice(0, keep);
    });

const echo = token.chain((t) => echoOf(t).map((text) => ({ token: t, text })));

/** Text no spelling of any token can contain: not one of their characters. */
const inert = fc.string({
  unit: fc.constantFrom(' ', '!', '(', ')', ',', ':', '<', '>', '?', '@', '[', ']', '|', 'é', '€', '\n'),
  maxLength: 20,
});
/** Text made of the token alphabet and the escape characters, so matches can touch and overlap. */
const busy = fc.string({
  unit: fc.constantFrom(...B64TOKEN_CHARS, '%', '\\', '&', '#', ';', ' ', '2', 'B'),
  maxLength: 30,
});

/** Every entry point that masks a known token by value, as the app calls it. */
const ENTRY_POINTS: [string, (text: string, token: string) => string][] = [
  ['maskSecretForms', (text, t) => maskSecretForms(text, [t], REDACTED)],
  [
    'redactSecrets',
    (text, t) => {
      const registry = createSecretRegistry();
      registry.register(t);
      return redactSecrets(text, registry);
    },
  ],
  ['the response redactor', (text, t) => responseRedactor(t).text(text)],
  [
    'the audit redactor',
    (text, t) => {
      knownSecrets.register(t);
      try {
        return auditRedactText(text);
      } finally {
        knownSecrets.unregister(t);
      }
    },
  ],
];

/** Every run of `n` characters of `secret` that `text` holds. */
function windows(secret: string, n = SECRET_PREFIX_MIN): string[] {
  const found: string[] = [];
  for (let i = 0; i + n <= secret.length; i++) found.push(secret.slice(i, i + n));
  return found;
}

describe('masking a token in every spelling', () => {
  it('masks the example that leaked: a + in a plain token', () => {
    const t = 'vgABCDEFGHJKLMNPQRSTUV+abcdefghijkmnopqrstuvwxyz/0123456789ABCDEFGHJKLMNPQRS==';
    expect(maskSecretForms(`Refused: ${t}`, [t], REDACTED)).toBe(`Refused: ${REDACTED}`);
    expect(maskSecretForms(`Refused: ${t.slice(0, 40)}…`, [t], REDACTED)).toBe(`Refused: ${REDACTED}…`);
  });

  it.each(ENTRY_POINTS)('%s leaves nothing of one or more echoes among other text', (_name, mask) => {
    fc.assert(
      fc.property(
        token.chain((t) =>
          fc.record({
            t: fc.constant(t),
            parts: fc.array(fc.tuple(inert, echoOf(t)), { minLength: 1, maxLength: 3 }),
            tail: inert,
          }),
        ),
        ({ t, parts, tail }) => {
          const text = parts.map(([before, spelled]) => before + spelled).join('') + tail;
          // The audit log cuts a reason after masking it; keep this check exact.
          fc.pre(text.length <= 500);
          const out = mask(text, t);
          // Exactly the echoes are gone: what is left between the masks is the inert text.
          expect(out.split(REDACTED).join('')).toBe(parts.map(([before]) => before).join('') + tail);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('masks an echo completely when the text around it looks like the token or its escapes', () => {
    fc.assert(
      fc.property(busy, echo, busy, (before, e, after) => {
        const out = maskSecretForms(before + e.text + after, [e.token], REDACTED);
        const spelled = e.text;
        expect(out).not.toContain(spelled.slice(0, SECRET_PREFIX_MIN));
        // Whatever is left of the echo was already in the text around it.
        for (const w of windows(spelled)) {
          if (out.includes(w)) expect(before.includes(w) || after.includes(w), `"${w}" survived`).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('masks every character of a base64 or base64url value that only the token decides', () => {
    fc.assert(
      fc.property(
        token,
        fc.uint8Array({ maxLength: 5 }),
        fc.uint8Array({ maxLength: 5 }),
        fc.boolean(),
        inert,
        inert,
        (t, lead, trail, url, before, after) => {
          let encoded = Buffer.concat([lead, Buffer.from(t), trail]).toString('base64');
          if (url) encoded = encoded.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
          // Characters wholly inside the token's bits; the ones it shares with neighbours may stay.
          const from = Math.ceil((lead.length * 8) / 6);
          const to = Math.floor(((lead.length + t.length) * 8) / 6);
          const pure = encoded.slice(from, to);
          const out = maskSecretForms(before + encoded + after, [t], REDACTED);
          const edges = [before + encoded.slice(0, from), encoded.slice(to) + after];
          for (const w of windows(pure)) {
            if (out.includes(w))
              expect(
                edges.some((edge) => edge.includes(w)),
                `"${w}" survived`,
              ).toBe(true);
          }
          expect(out).toContain(REDACTED);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('leaves ordinary text and runs shorter than the promised prefix alone', () => {
    const t = 'vgABCDEFGHJKLMNPQRSTUV+abc/def==';
    const plain = 'Vehicle 5YJ3E1EA7KF317000 refused: 50% charge, A&B #1; path a/b\\c';
    expect(maskSecretForms(plain, [t], REDACTED)).toBe(plain);
    const short = `seen ${t.slice(0, SECRET_PREFIX_MIN - 1)} and ${encodeURIComponent('+abc/').slice(0, 11)}`;
    expect(maskSecretForms(short, [t], REDACTED)).toBe(short);
  });
});
