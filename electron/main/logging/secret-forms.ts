// The spellings a secret may take in text it was echoed into, and the masking of all of them.
//
// A secret is looked for as a few whole FORMS: as is, in hex (either case), and in base64 /
// base64url at each of the three byte alignments (for a token embedded in a longer encoded value).
// Each character of a form may then be SPELLED in any of the ways text escapes it: as is,
// percent-encoded (either hex case; `+` for a space in a form body), JSON-escaped (`\/`, `\"`,
// `\u002B`) or as an HTML character reference (`&#43;`, `&#x2b;`). The spellings may be mixed within
// one run, so URL-encoding, form-encoding and JSON escaping are all covered without listing each.
//
// A text is masked for every run that spells a whole form, and for every run that spells a prefix
// of one at least SECRET_PREFIX_MIN characters long (a token cut short by a server or a length
// limit still gives most of it away). Every such run of every form of every secret is found in the
// original text first, the runs are merged, and only then replaced: masking one spelling can never
// hide another from the search (a `+` spelled `%2B` in one form and `+` in another once left the
// rest of a token in plain sight).

/** A run spelling this many leading characters of a form is masked (6 bytes of hex). */
export const SECRET_PREFIX_MIN = 12;

const FORM_CACHE_MAX = 64;
const formCache = new Map<string, readonly Form[]>();

/** A form: its characters, each with every spelling that stands for it. */
interface Form {
  /** The form as is. */
  readonly text: string;
  /** Followed as is before any escape is tried: ASCII without `%`, `\\`, `&` or a space (no two ways to read it). */
  readonly direct: boolean;
  /** The first character as is. */
  readonly literal: string;
  /** Its code when one escape stands for it (one UTF-16 unit, one UTF-8 byte), else -1. */
  readonly firstCode: number;
  readonly chars: readonly CharSpellings[];
}

interface CharSpellings {
  /** Spellings compared exactly. */
  readonly exact: readonly string[];
  /** Escapes compared ignoring ASCII case (hex digits, `\u`, `&#x`), stored in lower case. */
  readonly folded: readonly string[];
}

function base64Forms(bytes: Buffer): string[] {
  const forms: string[] = [];
  for (let shift = 0; shift < 3; shift++) {
    // Encoded after `shift` unknown bytes: the characters touching those bytes, or the unknown
    // bytes after the secret, depend on the neighbours and are dropped.
    const encoded = Buffer.concat([Buffer.alloc(shift), bytes])
      .toString('base64')
      .replace(/=+$/, '');
    const lead = shift === 0 ? 0 : shift === 1 ? 2 : 3;
    const exactBits = (shift + bytes.length) * 8;
    const stable = encoded.slice(lead, Math.floor(exactBits / 6));
    forms.push(stable, stable.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return forms;
}

const JSON_SHORT: Record<string, string> = {
  '"': '\\"',
  '\\': '\\\\',
  '/': '\\/',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
};

const hex2 = (n: number) => n.toString(16).padStart(2, '0');

function spellingsOf(char: string): CharSpellings {
  const exact = [char];
  if (char === ' ') exact.push('+');
  const short = JSON_SHORT[char];
  if (short) exact.push(short);
  const codePoint = char.codePointAt(0)!;
  const percent = [...Buffer.from(char, 'utf8')].map((byte) => `%${hex2(byte)}`).join('');
  let unicode = '';
  for (let i = 0; i < char.length; i++) unicode += `\\u${char.charCodeAt(i).toString(16).padStart(4, '0')}`;
  const folded = [percent, unicode, `&#${codePoint};`, `&#x${codePoint.toString(16)};`];
  return { exact, folded };
}

function formOf(text: string): Form {
  const literal = Array.from(text)[0] ?? '';
  const code = literal.charCodeAt(0);
  return {
    text,
    direct: /^[\x21-\x7e]*$/.test(text) && !/[%\\&]/.test(text),
    literal,
    firstCode: literal.length === 1 && code < 0x80 ? code : -1,
    chars: Array.from(text, spellingsOf),
  };
}

/** Every form of `secret` worth looking for, as its plain strings (longest first). */
export function secretForms(secret: string): readonly string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const forms = new Set([
    secret,
    bytes.toString('hex'),
    bytes.toString('hex').toUpperCase(),
    ...base64Forms(bytes),
  ]);
  return [...forms].filter((form) => form.length > 0).sort((a, b) => b.length - a.length);
}

function formsOf(secret: string): readonly Form[] {
  const cached = formCache.get(secret);
  if (cached) return cached;
  const forms = secretForms(secret).map(formOf);
  if (formCache.size >= FORM_CACHE_MAX) formCache.clear();
  formCache.set(secret, forms);
  return forms;
}

/** Whether `text` at `at` starts with `spelling` (folded: ignoring ASCII case). */
function spelledAt(text: string, at: number, spelling: string, folded: boolean): boolean {
  if (at + spelling.length > text.length) return false;
  for (let i = 0; i < spelling.length; i++) {
    let c = text.charCodeAt(at + i);
    if (folded && c >= 65 && c <= 90) c += 32;
    if (c !== spelling.charCodeAt(i)) return false;
  }
  return true;
}

/** Where a spelling of `char` starting at `at` ends (several ends when spellings overlap). */
function spellingEnds(text: string, at: number, char: CharSpellings, into: number[]): void {
  for (const spelling of char.exact)
    if (spelledAt(text, at, spelling, false)) into.push(at + spelling.length);
  for (const spelling of char.folded)
    if (spelledAt(text, at, spelling, true)) into.push(at + spelling.length);
}

/** The end of the longest proper beginning of a spelling of `char` at `at` (a cut inside an escape). */
function partialEnd(text: string, at: number, char: CharSpellings): number {
  let best = at;
  const consider = (spelling: string, folded: boolean) => {
    let i = 0;
    while (i < spelling.length - 1 && at + i < text.length) {
      let c = text.charCodeAt(at + i);
      if (folded && c >= 65 && c <= 90) c += 32;
      if (c !== spelling.charCodeAt(i)) break;
      i++;
    }
    if (i > 0) best = Math.max(best, at + i);
  };
  for (const spelling of char.exact) consider(spelling, false);
  for (const spelling of char.folded) consider(spelling, true);
  return best;
}

/**
 * The end of the longest run from `start` that spells the whole form or a long enough beginning of
 * it, or -1. Several spellings may fit at one place (`%` as is or as `%25`), so every position the
 * run could have reached is followed, not only the first.
 */
function matchFrom(text: string, start: number, form: Form): number {
  let at = start;
  let i = 0;
  if (form.direct) {
    // Most runs are the form as is, or end at once: follow it character by character, and hand
    // over to the full search only where an escape may start.
    const plain = form.text;
    while (i < plain.length && at < text.length && text.charCodeAt(at) === plain.charCodeAt(i)) {
      at++;
      i++;
    }
    if (i === plain.length) return at;
    const next = text[at];
    if (next !== '%' && next !== '\\' && next !== '&') return at - start >= SECRET_PREFIX_MIN ? at : -1;
  }
  let frontier = [at];
  let furthest = at;
  for (; i < form.chars.length; i++) {
    const next: number[] = [];
    for (const at of frontier) spellingEnds(text, at, form.chars[i]!, next);
    if (next.length === 0) {
      // A cut inside an escape of the next character (`…%2`) still belongs to the run.
      for (const at of frontier) furthest = Math.max(furthest, partialEnd(text, at, form.chars[i]!));
      return furthest - start >= SECRET_PREFIX_MIN ? furthest : -1;
    }
    frontier = next.length === 1 ? next : [...new Set(next)];
    for (const at of frontier) if (at > furthest) furthest = at;
  }
  return furthest;
}

type Interval = [start: number, end: number];

function hexValue(text: string, from: number, digits: number): number {
  if (from + digits > text.length) return -1;
  let value = 0;
  for (let i = from; i < from + digits; i++) {
    const c = text.charCodeAt(i) | 0x20; // ASCII lower case
    const digit = c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x61 && c <= 0x66 ? c - 0x57 : -1;
    if (digit < 0) return -1;
    value = value * 16 + digit;
  }
  return value;
}

const ESCAPE_LEADS = ['%', '\\', '&'];
const PERCENT = 0x25;
const BACKSLASH = 0x5c;
const JSON_SHORT_CODE: Record<string, number> = {
  '"': 0x22,
  '\\': 0x5c,
  '/': 0x2f,
  b: 8,
  f: 12,
  n: 10,
  r: 13,
  t: 9,
};

/** An HTML character reference at `at` (`&#43;`, `&#x2B;`): the code point, or -1. */
function referenceCode(text: string, at: number): number {
  if (text.charCodeAt(at + 1) !== 0x23) return -1; // '#'
  let i = at + 2;
  const hex = (text.charCodeAt(i) | 0x20) === 0x78; // 'x'
  if (hex) i++;
  let value = 0;
  const first = i;
  for (; i < text.length && i - first < 7; i++) {
    const c = text.charCodeAt(i);
    const lower = c | 0x20;
    const digit =
      c >= 0x30 && c <= 0x39 ? c - 0x30 : hex && lower >= 0x61 && lower <= 0x66 ? lower - 0x57 : -1;
    if (digit < 0) break;
    value = value * (hex ? 16 : 10) + digit;
  }
  return i > first && text.charCodeAt(i) === 0x3b ? value : -1; // ';'
}

/** The character code an escape at `at` stands for, or -1 (one code unit; enough to pick starts). */
function escapedCode(text: string, at: number): number {
  const lead = text.charCodeAt(at);
  if (lead === PERCENT) return hexValue(text, at + 1, 2);
  if (lead === BACKSLASH) {
    const next = text[at + 1] ?? '';
    if (next === 'u' || next === 'U') return hexValue(text, at + 2, 4);
    return JSON_SHORT_CODE[next] ?? -1;
  }
  return referenceCode(text, at);
}

/** Where the escapes of a text start and what each stands for, found once for every form. */
interface Escapes {
  readonly at: number[];
  readonly code: number[];
}

function escapesOf(text: string): Escapes {
  const at: number[] = [];
  const code: number[] = [];
  for (const lead of ESCAPE_LEADS) {
    for (let i = text.indexOf(lead); i >= 0; i = text.indexOf(lead, i + 1)) {
      const decoded = escapedCode(text, i);
      if (decoded < 0) continue;
      at.push(i);
      code.push(decoded);
    }
  }
  return { at, code };
}

function consider(text: string, at: number, form: Form, intervals: Interval[]): void {
  const end = matchFrom(text, at, form);
  if (end > at) intervals.push([at, end]);
}

function collect(text: string, form: Form, escapes: Escapes, intervals: Interval[]): void {
  if (form.chars.length === 0) return;
  // A run starts with the first character as is, or with an escape that stands for it (a
  // multi-byte character's escape spans several: those forms try every escape).
  const literal = form.literal;
  for (let at = text.indexOf(literal); at >= 0; at = text.indexOf(literal, at + 1)) {
    consider(text, at, form, intervals);
  }
  const code = form.firstCode;
  for (let i = 0; i < escapes.at.length; i++) {
    if (code < 0 || escapes.code[i] === code) consider(text, escapes.at[i]!, form, intervals);
  }
  if (literal === ' ') {
    for (let at = text.indexOf('+'); at >= 0; at = text.indexOf('+', at + 1))
      consider(text, at, form, intervals);
  }
}

/** `text` with every spelling of every secret, and every run starting with a long prefix of one, replaced by `mask`. */
export function maskSecretForms(text: string, secrets: readonly string[], mask: string): string {
  const intervals: Interval[] = [];
  let escapes: Escapes | undefined;
  for (const secret of secrets) {
    if (secret.length === 0) continue;
    escapes ??= escapesOf(text);
    for (const form of formsOf(secret)) collect(text, form, escapes, intervals);
  }
  if (intervals.length === 0) return text;
  intervals.sort((a, b) => a[0] - b[0]);
  let out = '';
  let from = 0;
  let [start, end] = intervals[0]!;
  for (const [nextStart, nextEnd] of intervals) {
    // Overlapping or touching runs become one mask.
    if (nextStart <= end) {
      end = Math.max(end, nextEnd);
      continue;
    }
    out += text.slice(from, start) + mask;
    from = end;
    [start, end] = [nextStart, nextEnd];
  }
  return out + text.slice(from, start) + mask + text.slice(end);
}
