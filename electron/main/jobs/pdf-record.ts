// The job record inside its PDF, so the PDF can be verified like the JSON. After Chromium prints the
// page, an incremental update is appended (the printed bytes are kept as they are, so every reader
// shows the same pages): the record's JSON as an embedded file (an EmbeddedFile stream, its file
// specification, an EmbeddedFiles name tree in a new version of the catalog), a new cross-reference
// section and a trailer whose /Prev points at the printed one. PDF readers list the record as an
// attachment (poppler's pdfdetach saves it). The record is stored uncompressed: what a verifier
// checks is what anyone can see in the file.
//
// This reads and writes the structure Chromium's printer makes (a classic cross-reference table,
// the catalog as a plain object); anything else is refused with a clear error, never half-written.
import { AppError } from '../../shared/result';

export const RECORD_FILE_NAME = 'vehicle-garage-job-record.json';

const STREAM_HEAD = (length: number) =>
  `<< /Type /EmbeddedFile /Subtype /application#2Fjson /Length ${length} /Params << /Size ${length} >> >>\nstream\n`;
/** Finds the head of every stream written by STREAM_HEAD, whatever its length. */
const STREAM_HEAD_RE =
  /<< \/Type \/EmbeddedFile \/Subtype \/application#2Fjson \/Length (\d+) \/Params << \/Size \d+ >> >>\nstream\n/g;

const refuse = (why: string) =>
  new AppError('internal', `The printed PDF could not carry its record (${why}); nothing was saved.`);

interface Trailer {
  size: number;
  root: { num: number; gen: number };
  info: string | null;
  id: string | null;
  /** Where the last cross-reference section starts. */
  startxref: number;
}

function readTrailer(text: string): Trailer {
  const tail = text.slice(-2048);
  const start = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
  if (!start) throw refuse('no end of file marker');
  const startxref = Number(start[1]);
  if (!text.startsWith('xref', startxref)) throw refuse('a cross-reference stream');
  const at = text.indexOf('trailer', startxref);
  const end = text.lastIndexOf('startxref');
  if (at === -1 || end < at) throw refuse('no trailer');
  const dict = text.slice(at + 'trailer'.length, end);
  const size = /\/Size\s+(\d+)/.exec(dict);
  const root = /\/Root\s+(\d+)\s+(\d+)\s+R/.exec(dict);
  if (!size || !root) throw refuse('a trailer without its size or catalog');
  const info = /\/Info\s+(\d+\s+\d+\s+R)/.exec(dict);
  const id = /\/ID\s*(\[[^\]]*\])/.exec(dict);
  return {
    size: Number(size[1]),
    root: { num: Number(root[1]), gen: Number(root[2]) },
    info: info ? info[1]! : null,
    id: id ? id[1]! : null,
    startxref,
  };
}

/** The catalog's dictionary text, from its last version in the file. */
function catalogDict(text: string, root: Trailer['root']): string {
  const heads = [...text.matchAll(new RegExp(`(?:^|[\\r\\n ])${root.num} ${root.gen} obj\\s*`, 'g'))];
  const head = heads.at(-1);
  if (!head) throw refuse('the catalog is not a plain object');
  const from = head.index + head[0].length;
  const to = text.indexOf('endobj', from);
  const dict = text.slice(from, to).trim();
  if (to === -1 || !dict.startsWith('<<') || !dict.endsWith('>>')) throw refuse('an unexpected catalog');
  return dict;
}

/** The names of the dictionary's own keys (not those of dictionaries inside it). */
function topLevelKeys(dict: string): Set<string> {
  const keys = new Set<string>();
  let depth = 0;
  let expectKey = false;
  for (let i = 0; i < dict.length; i++) {
    const char = dict[i]!;
    if (dict.startsWith('<<', i)) {
      depth++;
      i++;
      expectKey = depth === 1;
    } else if (dict.startsWith('>>', i)) {
      depth--;
      i++;
      expectKey = depth === 1;
    } else if (char === '(') {
      // A literal string: balanced parentheses, backslash escapes.
      let level = 1;
      while (level > 0 && ++i < dict.length) {
        if (dict[i] === '\\') i++;
        else if (dict[i] === '(') level++;
        else if (dict[i] === ')') level--;
      }
      if (depth === 1) expectKey = true;
    } else if (char === '/' && depth === 1) {
      const name = /^\/[^\s/<>[\]()]+/.exec(dict.slice(i))![0];
      if (expectKey) keys.add(name);
      expectKey = !expectKey;
      i += name.length - 1;
    } else if (depth === 1 && /\S/.test(char) && !expectKey) {
      // A number, reference or array as a value: skip to the next key.
      const next = dict.slice(i).search(/\/|<<|\(/);
      if (next === -1) break;
      if (char === '[') {
        let level = 0;
        for (; i < dict.length; i++) {
          if (dict[i] === '[') level++;
          else if (dict[i] === ']' && --level === 0) break;
        }
      } else i += next - 1;
      expectKey = true;
    }
  }
  return keys;
}

const pdfString = (text: string) => `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;

/** The PDF with the record's JSON appended as an embedded file (an incremental update). */
export function embedRecord(pdf: Buffer, recordJson: string): Buffer {
  const text = pdf.toString('latin1');
  if (!text.startsWith('%PDF-')) throw refuse('not a PDF');
  const trailer = readTrailer(text);
  const catalog = catalogDict(text, trailer.root);
  const keys = topLevelKeys(catalog);
  if (keys.has('/Names') || keys.has('/AF')) throw refuse('the catalog already names files');

  const body = Buffer.from(recordJson, 'utf8');
  const fileNum = trailer.size;
  const specNum = fileNum + 1;
  const treeNum = fileNum + 2;
  const name = pdfString(RECORD_FILE_NAME);
  const catalogNext = `${catalog.slice(0, -2)}\n/Names << /EmbeddedFiles ${treeNum} 0 R >>\n/AF [${specNum} 0 R]>>`;
  const objects: { num: number; gen: number; bytes: Buffer }[] = [
    {
      num: fileNum,
      gen: 0,
      bytes: Buffer.concat([
        Buffer.from(`${fileNum} 0 obj\n${STREAM_HEAD(body.length)}`, 'latin1'),
        body,
        Buffer.from('\nendstream\nendobj\n', 'latin1'),
      ]),
    },
    {
      num: specNum,
      gen: 0,
      bytes: Buffer.from(
        `${specNum} 0 obj\n<< /Type /Filespec /F ${name} /UF ${name} /EF << /F ${fileNum} 0 R >> ` +
          `/AFRelationship /Data /Desc (The job record this PDF shows, checked by Verify record) >>\nendobj\n`,
        'latin1',
      ),
    },
    {
      num: treeNum,
      gen: 0,
      bytes: Buffer.from(`${treeNum} 0 obj\n<< /Names [${name} ${specNum} 0 R] >>\nendobj\n`, 'latin1'),
    },
    {
      num: trailer.root.num,
      gen: trailer.root.gen,
      bytes: Buffer.from(`${trailer.root.num} ${trailer.root.gen} obj\n${catalogNext}\nendobj\n`, 'latin1'),
    },
  ];

  // The update starts on a line of its own.
  const parts: Buffer[] = [pdf, Buffer.from(pdf.at(-1) === 0x0a ? '' : '\n', 'latin1')];
  let offset = parts.reduce((sum, part) => sum + part.length, 0);
  const offsets = new Map<number, { at: number; gen: number }>();
  for (const object of objects) {
    offsets.set(object.num, { at: offset, gen: object.gen });
    parts.push(object.bytes);
    offset += object.bytes.length;
  }
  const entry = (at: number, gen: number) =>
    `${String(at).padStart(10, '0')} ${String(gen).padStart(5, '0')} n \n`;
  const root = offsets.get(trailer.root.num)!;
  const xref =
    'xref\n0 1\n0000000000 65535 f \n' +
    `${trailer.root.num} 1\n${entry(root.at, root.gen)}` +
    `${fileNum} 3\n${[fileNum, specNum, treeNum].map((num) => entry(offsets.get(num)!.at, 0)).join('')}`;
  const trailerDict = [
    `/Size ${treeNum + 1}`,
    `/Root ${trailer.root.num} ${trailer.root.gen} R`,
    trailer.info ? `/Info ${trailer.info}` : null,
    trailer.id ? `/ID ${trailer.id}` : null,
    `/Prev ${trailer.startxref}`,
  ]
    .filter(Boolean)
    .join(' ');
  parts.push(Buffer.from(`${xref}trailer\n<< ${trailerDict} >>\nstartxref\n${offset}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}

/** The record's JSON embedded by embedRecord (the last one, as a later update wins), or null. */
export function readEmbeddedRecord(pdf: Buffer): string | null {
  const text = pdf.toString('latin1');
  const heads = [...text.matchAll(STREAM_HEAD_RE)];
  const head = heads.at(-1);
  if (!head) return null;
  // latin1 keeps one character per byte, so string indexes are byte offsets.
  const from = head.index + head[0].length;
  const length = Number(head[1]);
  if (from + length > pdf.length) return null;
  return pdf.subarray(from, from + length).toString('utf8');
}

export const isPdf = (bytes: Buffer) => bytes.subarray(0, 5).toString('latin1') === '%PDF-';
