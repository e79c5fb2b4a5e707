// JSON as a record file to verify must be: one meaning only. JSON.parse keeps the last of two equal
// keys, while another reader may keep the first, so a file that names "notes" twice could show one
// text and verify as the other: refused. A nesting far deeper than any record would make the parse
// and the digest recurse until the stack gives out: refused by name before anything recurses.
// One pass over the text, no recursion: strings are skipped whole (a brace inside one is text),
// each object's keys are compared as JSON decodes them ("\u006eotes" is "notes").

/** Deeper than any job record nests (about 8 levels): a file beyond this is not one. */
export const JSON_MAX_DEPTH = 64;

export type StrictJson =
  | { ok: true; value: unknown }
  | { ok: false; problem: 'syntax' }
  | { ok: false; problem: 'duplicate'; key: string }
  | { ok: false; problem: 'depth'; depth: number };

/** The end of the string token starting at `from` (its closing quote), or -1 when unterminated. */
function stringEnd(text: string, from: number): number {
  for (let i = from + 1; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (char === 0x5c)
      i++; // a backslash escapes the next character
    else if (char === 0x22) return i;
  }
  return -1;
}

const isSpace = (code: number) => code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;

export function parseStrictJson(text: string, maxDepth: number = JSON_MAX_DEPTH): StrictJson {
  /** Per open container: the keys seen so far for an object, null for an array. */
  const open: (Set<string> | null)[] = [];
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x7b || code === 0x5b) {
      open.push(code === 0x7b ? new Set() : null);
      if (open.length > maxDepth) return { ok: false, problem: 'depth', depth: open.length };
    } else if (code === 0x7d || code === 0x5d) {
      open.pop();
    } else if (code === 0x22) {
      const end = stringEnd(text, i);
      if (end === -1) return { ok: false, problem: 'syntax' };
      const keys = open.at(-1);
      if (keys) {
        let next = end + 1;
        while (next < text.length && isSpace(text.charCodeAt(next))) next++;
        if (text.charCodeAt(next) === 0x3a) {
          let key: string;
          try {
            key = JSON.parse(text.slice(i, end + 1)) as string;
          } catch {
            return { ok: false, problem: 'syntax' };
          }
          if (keys.has(key)) return { ok: false, problem: 'duplicate', key };
          keys.add(key);
        }
      }
      i = end;
    }
  }
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, problem: 'syntax' };
  }
}
