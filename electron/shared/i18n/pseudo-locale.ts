// The pseudo-locale en-XA, made from English: every letter accented (so a string that skipped the
// catalog stands out in plain ASCII), every word about 40 % longer (German and Finnish run that much
// longer than English) and each message in brackets (so a clipped end shows). The end-to-end tests
// run the app in it to find text its box cuts off. Arguments, plural and select stay as they are.
import { parseMessage, serializeMessage, type MessagePart } from './message-format';

export const PSEUDO_LANGUAGE = 'en-XA';

const ACCENTED: Record<string, string> = {
  a: 'å',
  b: 'ƀ',
  c: 'ç',
  d: 'ð',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'î',
  j: 'ĵ',
  k: 'ķ',
  l: 'ļ',
  m: 'ṁ',
  n: 'ñ',
  o: 'ö',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'û',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Å',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ð',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Î',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ļ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ö',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Û',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};
const VOWELS = new Set('aeiouyAEIOUY');

/** How much longer each word gets. */
export const PSEUDO_GROWTH = 0.4;

/** One word, accented and lengthened by doubling its vowels (and its last letter when short of them). */
function pseudoWord(word: string): string {
  let extra = Math.round(word.length * PSEUDO_GROWTH);
  let out = '';
  for (const letter of word) {
    const accented = ACCENTED[letter] ?? letter;
    out += accented;
    if (extra > 0 && VOWELS.has(letter)) {
      out += accented;
      extra--;
    }
  }
  const last = out.slice(-1);
  return out + last.repeat(extra);
}

/** Text with its markup tags (`<b>`, `<code>`: the window shows them as such) left as they are. */
export function pseudoText(text: string): string {
  return text
    .split(/(<\/?(?:b|code)>)/)
    .map((piece, index) => (index % 2 === 1 ? piece : piece.replace(/[A-Za-z]+/g, pseudoWord)))
    .join('');
}

function pseudoParts(parts: readonly MessagePart[]): MessagePart[] {
  return parts.map((part) => {
    if (typeof part === 'string') return pseudoText(part);
    if (part.kind === 'plural' || part.kind === 'select') {
      const options = Object.fromEntries(
        Object.entries(part.options).map(([key, value]) => [key, pseudoParts(value)]),
      );
      return { ...part, options };
    }
    return part;
  });
}

/** One English message as the pseudo-locale says it. */
export function pseudoMessage(message: string): string {
  return serializeMessage(['[', ...pseudoParts(parseMessage(message)), ']']);
}

/** The pseudo-locale's catalog: the same keys as English, each message made from its English one. */
export function pseudoCatalog<K extends string>(english: Readonly<Record<K, string>>): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const key of Object.keys(english) as K[]) out[key] = pseudoMessage(english[key]);
  return out;
}
