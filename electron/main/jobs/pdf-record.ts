// The job record inside its PDF, so the PDF can be verified like the JSON. After Chromium prints the
// page, an incremental update is appended (the printed bytes are kept as they are, so every reader
// shows the same pages): the record's JSON as an embedded file (an EmbeddedFile stream, its file
// specification, an EmbeddedFiles name tree in a new version of the catalog), a new cross-reference
// section and a trailer whose /Prev points at the printed one. PDF readers list the record as an
// attachment (poppler's pdfdetach saves it). The record is stored uncompressed: what a verifier
// checks is what anyone can see in the file. The file specification also names the printed part
// (`/VehicleGaragePrinted`: its length and SHA-256), so Verify can tell printed pages changed
// after the export (not what they show, and not against someone who recomputes it: it is no
// signature).
//
// This writes the structure Chromium's printer makes (a classic cross-reference table, the catalog
// as a plain object); anything else is refused with a clear error, never half-written. Reading goes
// through the document's structure (pdf-reader.ts), never a search of the bytes.
import { createHash } from 'node:crypto';
import { AppError } from '../../shared/result';
import { nameTreeLookup, PdfDict, PdfDocument, PdfProblem, PdfStream } from './pdf-reader';
import { tm } from '../i18n/main-words';

export const RECORD_FILE_NAME = 'vehicle-garage-job-record.json';

const STREAM_HEAD = (length: number) =>
  `<< /Type /EmbeddedFile /Subtype /application#2Fjson /Length ${length} /Params << /Size ${length} >> >>\nstream\n`;
/** The file specification's key naming the printed bytes the record was attached to. */
const PRINTED_KEY = 'VehicleGaragePrinted';
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const refuse = (why: string) => new AppError('internal', tm('errors.pdfCannotCarry', { why }));

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
          `/AFRelationship /Data /Desc (The job record this PDF shows, checked by Verify record) ` +
          `/${PRINTED_KEY} << /Length ${pdf.length} /SHA256 (${sha256(pdf)}) >> >>\nendobj\n`,
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

/** What a PDF says of the record attached to it. */
export type PdfRecord =
  | { found: false; problem: string | null }
  | {
      found: true;
      json: string;
      /**
       * The printed part against what the attachment names: `unchanged`, `changed`, or
       * `unrecorded` (a PDF exported before the printed part was named).
       */
      printed: 'unchanged' | 'changed' | 'unrecorded';
      /** An update was appended after the one that attached the record. */
      laterUpdate: boolean;
    };

/**
 * The record attached to `pdf` as a PDF reader finds it: the catalog's /EmbeddedFiles entry named
 * RECORD_FILE_NAME. `problem` says why a file is no PDF this app can read; null when it is one
 * without a record.
 */
export function readPdfRecord(pdf: Buffer): PdfRecord {
  try {
    const doc = new PdfDocument(pdf);
    const catalog = doc.dict(doc.trailer.get('Root'), 'its catalog');
    const names = doc.resolve(catalog.get('Names'));
    if (!(names instanceof PdfDict)) return { found: false, problem: null };
    const tree = doc.resolve(names.get('EmbeddedFiles'));
    if (!(tree instanceof PdfDict)) return { found: false, problem: null };
    const specRef = nameTreeLookup(doc, tree, RECORD_FILE_NAME);
    if (specRef === undefined) return { found: false, problem: null };
    const spec = doc.dict(specRef, "the record's file specification");
    const files = doc.dict(spec.get('EF'), "the record's embedded files");
    const streamRef = files.get('F');
    const stream = doc.resolve(streamRef);
    if (!(stream instanceof PdfStream)) throw new PdfProblem('the record is not a stream');
    if (stream.dict.get('Filter') !== undefined) throw new PdfProblem('the record is compressed');
    const json = pdf.subarray(stream.start, stream.start + stream.length).toString('utf8');
    const printedDict = doc.resolve(spec.get(PRINTED_KEY));
    let printed: 'unchanged' | 'changed' | 'unrecorded' = 'unrecorded';
    if (printedDict instanceof PdfDict) {
      const length = printedDict.get('Length');
      const hash = printedDict.get('SHA256');
      printed =
        typeof length === 'number' &&
        typeof hash === 'string' &&
        length <= stream.start &&
        sha256(pdf.subarray(0, length)) === hash
          ? 'unchanged'
          : 'changed';
    }
    const inLast = (ref: unknown) =>
      typeof ref === 'object' &&
      ref !== null &&
      'num' in ref &&
      doc.lastSection.has((ref as { num: number }).num);
    return { found: true, json, printed, laterUpdate: !inLast(streamRef) || !inLast(specRef) };
  } catch (error) {
    if (error instanceof PdfProblem) return { found: false, problem: error.message };
    throw error;
  }
}

/** The record's JSON attached to the PDF (read through its structure), or null when it has none. */
export function readEmbeddedRecord(pdf: Buffer): string | null {
  const read = readPdfRecord(pdf);
  return read.found ? read.json : null;
}

export const isPdf = (bytes: Buffer) => bytes.subarray(0, 5).toString('latin1') === '%PDF-';
