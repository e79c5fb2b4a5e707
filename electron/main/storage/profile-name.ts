// Profile names: what the technician sees in the profile switcher. Two names that look alike on
// screen must not both exist, or a technician can pick the wrong garage (and send commands with
// the wrong token). So a name is normalised (NFKC, invisible characters removed, every kind of
// space made one plain space) and compared by a confusable skeleton, after Unicode TR39: accents
// dropped, case folded, look-alike letters from other scripts mapped to the Latin ones.

export const PROFILE_NAME_MAX = 60;

/**
 * Characters that show nothing (zero-width spaces and joiners, word joiner, BOM, soft hyphen) or
 * reorder what is shown (bidi embeddings, overrides, isolates and marks).
 */
const INVISIBLE = new RegExp(
  // Built from code points: written as a literal class, combining marks in it read as one character.
  `[${[
    [0x00ad],
    [0x034f],
    [0x061c],
    [0x115f, 0x1160],
    [0x17b4, 0x17b5],
    [0x180b, 0x180f],
    [0x200b, 0x200f],
    [0x202a, 0x202e],
    [0x2060, 0x206f],
    [0x3164],
    [0xfe00, 0xfe0f],
    [0xfeff],
    [0xffa0],
  ]
    .map(([from, to]) =>
      to === undefined ? `\\u{${from!.toString(16)}}` : `\\u{${from!.toString(16)}}-\\u{${to.toString(16)}}`,
    )
    .join('')}]`,
  'gu',
);
/** Every space-like character, no-break ones included. */
const SPACES = /[\s\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]+/g;

/** Trimmed, NFKC-normalised, invisible characters removed and spaces made plain: the form that is stored. */
export function normalizeProfileName(input: string): string {
  return input.normalize('NFKC').replace(INVISIBLE, '').replace(SPACES, ' ').trim();
}

/** Why a (normalised) name is unacceptable, or null. Uniqueness is the store's concern. */
export function profileNameProblem(name: string): string | null {
  if (name.length === 0) return 'Enter a profile name';
  const length = [...name].length;
  if (length > PROFILE_NAME_MAX) return `The name has ${length} characters; at most ${PROFILE_NAME_MAX}`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f]/.test(name)) return 'The name may not contain control characters';
  return null;
}

/** Letters of other scripts (and digits, symbols) that render like a Latin letter, lower case. */
const LOOKALIKES: Record<string, string> = {
  // Cyrillic
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  з: '3',
  һ: 'h',
  і: 'i',
  ї: 'i',
  ј: 'j',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ѕ: 's',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  ӏ: 'l',
  ү: 'y',
  ь: 'b',
  п: 'n',
  г: 'r',
  // Greek
  α: 'a',
  β: 'b',
  γ: 'y',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ω: 'w',
  ζ: 'z',
  // Latin look-alikes and digits
  ı: 'i',
  ȷ: 'j',
  ł: 'l',
  '0': 'o',
  '1': 'l',
  '|': 'l',
  '5': 's',
};

/**
 * The comparison key: two names with the same skeleton look alike. Built from the normalised name
 * decomposed (NFKD) with its marks removed, lower-cased, look-alike letters mapped, and "rn" read
 * as "m" (TR39's classic pair).
 */
export function profileNameKey(name: string): string {
  const base = normalizeProfileName(name).normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase('en-US');
  return [...base]
    .map((ch) => LOOKALIKES[ch] ?? ch)
    .join('')
    .replace(/rn/g, 'm');
}
