// Reads a PDF through its structure, as a PDF reader does, far enough to find an embedded file:
// the trailer at the end, the cross-reference sections (following /Prev), the catalog, its
// /Names /EmbeddedFiles tree, a file specification and its /EF stream. Nothing is found by
// searching the bytes for something that looks like a record: bytes outside the structure (a record
// appended to anything) are not part of the document. Classic cross-reference tables only (what
// Chromium's printer and pdf-record.ts write); anything else is refused with the reason.
//
// Bounded throughout: the file is at most what job-export.ts reads, objects nest at most
// MAX_NESTING deep, at most MAX_SECTIONS sections are followed, and the name tree at most
// MAX_TREE_NODES nodes.

export type PdfValue = null | boolean | number | string | PdfName | PdfRef | PdfValue[] | PdfDict | PdfStream;

export class PdfName {
  constructor(readonly name: string) {}
}

export class PdfRef {
  constructor(
    readonly num: number,
    readonly gen: number,
  ) {}
}

export class PdfDict {
  constructor(readonly entries: Map<string, PdfValue>) {}
  get(key: string): PdfValue | undefined {
    return this.entries.get(key);
  }
}

export class PdfStream {
  constructor(
    readonly dict: PdfDict,
    /** Where its data starts in the file, and its length (from /Length). */
    readonly start: number,
    readonly length: number,
  ) {}
}

/** Why a PDF could not be read, in words for "Not verified: …". */
export class PdfProblem extends Error {}

const MAX_NESTING = 32;
const MAX_SECTIONS = 64;
const MAX_TREE_NODES = 256;

const isWhite = (c: number) =>
  c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00;
const isDelimiter = (c: number) =>
  c === 0x28 ||
  c === 0x29 ||
  c === 0x3c ||
  c === 0x3e ||
  c === 0x5b ||
  c === 0x5d ||
  c === 0x2f ||
  c === 0x25;

/** A cursor over the file's bytes (latin1: one character per byte, so indexes are offsets). */
class Lexer {
  constructor(
    readonly text: string,
    public at: number,
  ) {}

  skipSpace(): void {
    const { text } = this;
    while (this.at < text.length) {
      const c = text.charCodeAt(this.at);
      if (isWhite(c)) this.at++;
      else if (c === 0x25) {
        // A comment runs to the end of its line.
        while (this.at < text.length && text[this.at] !== '\n' && text[this.at] !== '\r') this.at++;
      } else return;
    }
  }

  word(): string {
    this.skipSpace();
    const from = this.at;
    while (this.at < this.text.length) {
      const c = this.text.charCodeAt(this.at);
      if (isWhite(c) || isDelimiter(c)) break;
      this.at++;
    }
    return this.text.slice(from, this.at);
  }

  expect(word: string): void {
    const got = this.word();
    if (got !== word) throw new PdfProblem(`"${word}" was expected where the file has "${got.slice(0, 20)}"`);
  }
}

const NUMBER_RE = /^[+-]?(\d+\.?\d*|\.\d+)$/;

function parseValue(lex: Lexer, depth: number): PdfValue {
  if (depth > MAX_NESTING) throw new PdfProblem(`objects nest deeper than ${MAX_NESTING} levels`);
  lex.skipSpace();
  const { text } = lex;
  const c = text[lex.at];
  if (c === undefined) throw new PdfProblem('the file ends inside an object');
  if (c === '<' && text[lex.at + 1] === '<') {
    lex.at += 2;
    const entries = new Map<string, PdfValue>();
    for (;;) {
      lex.skipSpace();
      if (text.startsWith('>>', lex.at)) {
        lex.at += 2;
        return new PdfDict(entries);
      }
      const key = parseValue(lex, depth + 1);
      if (!(key instanceof PdfName)) throw new PdfProblem('a dictionary key is not a name');
      entries.set(key.name, parseValue(lex, depth + 1));
    }
  }
  if (c === '[') {
    lex.at++;
    const items: PdfValue[] = [];
    for (;;) {
      lex.skipSpace();
      if (text[lex.at] === ']') {
        lex.at++;
        return items;
      }
      if (lex.at >= text.length) throw new PdfProblem('the file ends inside an array');
      items.push(parseValue(lex, depth + 1));
    }
  }
  if (c === '/') {
    lex.at++;
    const raw = lex.word();
    return new PdfName(
      raw.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    );
  }
  if (c === '(') return literalString(lex);
  if (c === '<') {
    const end = text.indexOf('>', lex.at);
    if (end === -1) throw new PdfProblem('a hex string has no end');
    const hex = text.slice(lex.at + 1, end).replace(/\s+/g, '');
    lex.at = end + 1;
    if (!/^[0-9A-Fa-f]*$/.test(hex)) throw new PdfProblem('a hex string holds other characters');
    const even = hex.length % 2 === 0 ? hex : `${hex}0`;
    return Buffer.from(even, 'hex').toString('latin1');
  }
  const word = lex.word();
  if (word === 'true') return true;
  if (word === 'false') return false;
  if (word === 'null') return null;
  if (!NUMBER_RE.test(word)) throw new PdfProblem(`"${word.slice(0, 20)}" is not a PDF value`);
  // An integer may be the first of "num gen R".
  if (/^\d+$/.test(word)) {
    const back = lex.at;
    const gen = lex.word();
    if (/^\d+$/.test(gen) && lex.word() === 'R') return new PdfRef(Number(word), Number(gen));
    lex.at = back;
  }
  return Number(word);
}

function literalString(lex: Lexer): string {
  const { text } = lex;
  let level = 0;
  let out = '';
  for (let i = lex.at; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\') {
      const next = text[++i];
      const escapes: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };
      if (next !== undefined && /[0-7]/.test(next)) {
        const octal = /^[0-7]{1,3}/.exec(text.slice(i, i + 3))![0];
        out += String.fromCharCode(parseInt(octal, 8) & 0xff);
        i += octal.length - 1;
      } else if (next === '\n' || next === '\r') {
        if (next === '\r' && text[i + 1] === '\n') i++;
      } else if (next !== undefined) out += escapes[next] ?? next;
      continue;
    }
    if (c === '(') {
      if (level++ > 0) out += c;
    } else if (c === ')') {
      if (--level === 0) {
        lex.at = i + 1;
        return out;
      }
      out += c;
    } else out += c;
  }
  throw new PdfProblem('a string has no end');
}

interface Section {
  offsets: Map<number, number>;
  trailer: PdfDict;
}

/** The cross-reference section at `at` and its trailer. */
function readSection(text: string, at: number): Section {
  if (!text.startsWith('xref', at)) {
    throw new PdfProblem('its cross-reference is not a table this app reads (a stream, or damaged)');
  }
  const lex = new Lexer(text, at + 4);
  const offsets = new Map<number, number>();
  for (;;) {
    lex.skipSpace();
    if (text.startsWith('trailer', lex.at)) break;
    const start = Number(lex.word());
    const count = Number(lex.word());
    if (!Number.isInteger(start) || !Number.isInteger(count) || count < 0 || count > 10_000_000) {
      throw new PdfProblem('a cross-reference table is damaged');
    }
    lex.skipSpace();
    for (let i = 0; i < count; i++) {
      const line = text.slice(lex.at, lex.at + 20);
      const entry = /^(\d{10}) (\d{5}) ([nf])/.exec(line);
      if (!entry) throw new PdfProblem('a cross-reference entry is damaged');
      if (entry[3] === 'n' && !offsets.has(start + i)) offsets.set(start + i, Number(entry[1]));
      lex.at += 20;
    }
  }
  lex.expect('trailer');
  const trailer = parseValue(lex, 0);
  if (!(trailer instanceof PdfDict)) throw new PdfProblem('its trailer is not a dictionary');
  return { offsets, trailer };
}

/** A PDF's objects as its cross-reference sections place them (a later section wins). */
export class PdfDocument {
  readonly text: string;
  readonly offsets = new Map<number, number>();
  /** The trailer of the last section, and the objects that section itself places. */
  readonly trailer: PdfDict;
  readonly lastSection: Set<number>;

  constructor(readonly bytes: Buffer) {
    this.text = bytes.toString('latin1');
    if (!this.text.startsWith('%PDF-')) throw new PdfProblem('it does not start as a PDF does');
    const tail = this.text.slice(-1024);
    const end = /startxref\s+(\d+)\s+%%EOF[\r\n\s]*$/.exec(tail);
    if (!end)
      throw new PdfProblem(
        'it does not end as a PDF does (something follows its last %%EOF, or it has none)',
      );
    let at: number | null = Number(end[1]);
    const seen = new Set<number>();
    let last: Section | null = null;
    for (let n = 0; at !== null; n++) {
      if (n >= MAX_SECTIONS || seen.has(at) || at >= this.text.length) {
        throw new PdfProblem('its cross-reference sections loop or point outside the file');
      }
      seen.add(at);
      const section = readSection(this.text, at);
      last ??= section;
      for (const [num, offset] of section.offsets) if (!this.offsets.has(num)) this.offsets.set(num, offset);
      const prev = section.trailer.get('Prev');
      at = typeof prev === 'number' ? prev : null;
    }
    this.trailer = last!.trailer;
    this.lastSection = new Set(last!.offsets.keys());
  }

  /** The object `ref` names (a value that is not a reference is itself). */
  resolve(value: PdfValue | undefined): PdfValue | undefined {
    if (!(value instanceof PdfRef)) return value;
    const at = this.offsets.get(value.num);
    if (at === undefined || at >= this.text.length) return undefined;
    const lex = new Lexer(this.text, at);
    if (Number(lex.word()) !== value.num || Number(lex.word()) !== value.gen) {
      throw new PdfProblem(`object ${value.num} is not where the cross-reference says`);
    }
    lex.expect('obj');
    const object = parseValue(lex, 0);
    lex.skipSpace();
    if (!(object instanceof PdfDict) || !this.text.startsWith('stream', lex.at)) return object;
    // The data starts after "stream" and its end of line; /Length (direct or not) says how far.
    let start = lex.at + 'stream'.length;
    if (this.text[start] === '\r') start++;
    if (this.text[start] === '\n') start++;
    const length =
      object.get('Length') instanceof PdfRef ? this.resolve(object.get('Length')) : object.get('Length');
    if (
      typeof length !== 'number' ||
      !Number.isInteger(length) ||
      length < 0 ||
      start + length > this.text.length
    ) {
      throw new PdfProblem(`the length of stream ${value.num} is not one this file holds`);
    }
    const after = new Lexer(this.text, start + length);
    after.expect('endstream');
    return new PdfStream(object, start, length);
  }

  dict(value: PdfValue | undefined, what: string): PdfDict {
    const resolved = this.resolve(value);
    if (!(resolved instanceof PdfDict)) throw new PdfProblem(`${what} is not a dictionary`);
    return resolved;
  }
}

/** The named tree's value for `name` (a /Names array or /Kids below), or undefined. */
export function nameTreeLookup(doc: PdfDocument, root: PdfDict, name: string): PdfValue | undefined {
  const queue: PdfDict[] = [root];
  for (let visited = 0; queue.length > 0; visited++) {
    if (visited >= MAX_TREE_NODES) throw new PdfProblem('its name tree is larger than a record needs');
    const node = queue.shift()!;
    const names = doc.resolve(node.get('Names'));
    if (Array.isArray(names)) {
      for (let i = 0; i + 1 < names.length; i += 2) {
        const key = doc.resolve(names[i]);
        if (key === name) return names[i + 1];
      }
    }
    const kids = doc.resolve(node.get('Kids'));
    if (Array.isArray(kids)) for (const kid of kids) queue.push(doc.dict(kid, 'a name tree node'));
  }
  return undefined;
}
