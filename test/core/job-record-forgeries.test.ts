// Crafted job records and PDFs against Verify, through the core against the demo simulator over
// real HTTP and a PDF printed by Chromium: a record whose notes, technician, repair order, effects,
// check-out readings or warnings were changed; the same with its digest recomputed; actions put in
// another order; a key given twice; a nesting 100,000 deep; a few bytes that start like a PDF with
// a record after them; a PDF whose printed bytes, or a later update, changed its pages; and a record
// of the previous schema, verified for what its digest covered.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entriesDigest, recordDigest } from '../../electron/main/jobs/job-digest';
import { embedRecord } from '../../electron/main/jobs/pdf-record';
import type { JobRecord } from '../../electron/shared/jobs/job-record';
import type { JobVerification } from '../../electron/shared/jobs/job-record';
import type { CoreHarness } from '../support/core-harness';
import { startJobCore, type JobCore } from '../support/job-core';
import { sendCommand } from '../support/send-command';

let core: JobCore;
let h: CoreHarness;
let original: JobRecord;
let recordText: string;
let pdf: Buffer;

const jobs = () => h.core.jobs.service;

beforeAll(async () => {
  core = await startJobCore();
  h = core.h;
  const job = await jobs().open('demo', {
    vin: core.vin,
    repairOrder: 'RO-9100',
    complaint: 'Will not charge',
  });
  for (const [name, options] of [
    ['set_charge_limit', { percent: 90 }],
    ['enable_valet', {}],
  ] as const) {
    const sent = await sendCommand(h, core.vin, name, options);
    if (!sent.ok) throw new Error(sent.error.message);
    await jobs().settle();
  }
  await jobs().addNote(job.id, 'Charge port latch replaced');
  const closed = await jobs().close(job.id, { acknowledge: ['valet', 'chargeLimit'] });
  if (closed.status !== 'closed') throw new Error('not closed');
  const json = await h.core.jobs.export.toJson(job.id);
  const printed = await h.core.jobs.export.toPdf(job.id);
  if (json.cancelled || printed.cancelled) throw new Error('cancelled');
  recordText = await readFile(json.path, 'utf8');
  original = JSON.parse(recordText) as JobRecord;
  pdf = await readFile(printed.path);
}, 90_000);
afterAll(() => core?.close());

let files = 0;
async function verifyBytes(bytes: Buffer | string): Promise<JobVerification> {
  const file = path.join(h.dataDir, `crafted-${files++}`);
  await writeFile(file, bytes);
  return h.core.jobs.export.verifyFile(file);
}
const verifyRecord = (record: unknown) => verifyBytes(JSON.stringify(record, null, 2));

/** The record with `edit` made to it, its digest left as exported or made to match. */
function edited(edit: (record: JobRecord) => void, redigest = false): JobRecord {
  const record = structuredClone(original);
  edit(record);
  if (redigest) record.digest.value = recordDigest(record);
  return record;
}

const EDITS: [string, (record: JobRecord) => void][] = [
  ['a note', (r) => (r.job.notes[0]!.text = 'Nothing was replaced')],
  ['the technician', (r) => (r.job.technician = 'Someone Else')],
  ['the repair order', (r) => (r.job.repairOrder = 'RO-0001')],
  ['an effect', (r) => (Object.values(r.job.effects)[0]!.text = 'charge limit 80 → 80 %')],
  [
    'a check-out reading',
    (r) => (r.job.checkOut!.readings.valet = { known: true, value: false, asOf: null, source: 'live' }),
  ],
  ['a warning', (r) => (r.warnings[0]!.text = 'All as it came in.')],
  ["an action's effect", (r) => (r.actions[0]!.effect.text = 'not confirmed')],
];

describe('a JSON record changed after the export', () => {
  it('verifies as exported', async () => {
    await expect(verifyBytes(recordText)).resolves.toEqual({
      ok: true,
      entries: 2,
      text: 'Verified: the record matches 2 audit entries.',
    });
  });

  for (const [what, edit] of EDITS) {
    it(`${what} changed: the digest no longer matches`, async () => {
      await expect(verifyRecord(edited(edit))).resolves.toMatchObject({
        ok: false,
        problem: 'digest',
        text: "Not verified: the record's digest does not match the record; the file was changed.",
      });
    });
  }

  it('every one of them changed at once: not verified', async () => {
    const all = edited((record) => EDITS.forEach(([, edit]) => edit(record)));
    await expect(verifyRecord(all)).resolves.toMatchObject({ ok: false, problem: 'digest' });
  });

  for (const [what, edit] of EDITS) {
    it(`${what} changed and the digest recomputed: the job kept here, or the readings, say otherwise`, async () => {
      const verdict = await verifyRecord(edited(edit, true));
      expect(verdict).toMatchObject({ ok: false, problem: 'job' });
      expect(verdict.text).toMatch(/^Not verified: /);
    });
  }

  it('the actions in another order, digest recomputed: the log says otherwise', async () => {
    const swapped = edited((record) => record.actions.reverse(), true);
    await expect(verifyRecord(swapped)).resolves.toMatchObject({
      ok: false,
      problem: 'order',
      entryId: original.actions[1]!.entry.id,
    });
  });

  it('a key given twice is refused by name, whichever value a reader would take', async () => {
    const twice = recordText.replace(
      '"repairOrder": "RO-9100"',
      '"repairOrder": "RO-0001", "repairOrder": "RO-9100"',
    );
    expect(twice).not.toBe(recordText);
    await expect(verifyBytes(twice)).resolves.toEqual({
      ok: false,
      problem: 'unreadable',
      text: 'Not verified: the file names "repairOrder" twice in one object; a job record never does, and readers differ on which one counts.',
    });
    // The same key spelled with an escape is the same key.
    const escaped = recordText.replace('"complaint":', '"complaint": null, "\\u0063omplaint":');
    await expect(verifyBytes(escaped)).resolves.toMatchObject({
      problem: 'unreadable',
      text: expect.stringContaining('"complaint" twice'),
    });
  });

  it('a nesting 100,000 deep, in an entry or as the whole file, gets a named refusal', async () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const inEntry = recordText.replace('"params": {', `"params": { "x": ${deep},`);
    for (const text of [deep, inEntry]) {
      await expect(verifyBytes(text)).resolves.toEqual({
        ok: false,
        problem: 'unreadable',
        text: 'Not verified: the file nests values deeper than 64 levels; no job record does.',
      });
    }
  });

  it('a record of schema 2 still verifies, and says its digest covered the audit entries only', async () => {
    const { covers: _covers, ...digest } = original.digest;
    // Its job as schema 2 kept it: no customer, cause or correction.
    const { customer: _customer, cause: _cause, correction: _correction, ...job } = original.job;
    const v2 = {
      ...original,
      schemaVersion: 2,
      job: { ...job, schemaVersion: 2 },
      digest: { ...digest, value: entriesDigest(original.actions.map((action) => action.entry)) },
    };
    await expect(verifyRecord(v2)).resolves.toEqual({
      ok: true,
      entries: 2,
      text: 'Verified (a record of schema 2, from an earlier version of the app): the record matches 2 audit entries. Its digest covers those entries only: the job, its notes, readings, effects, changes and warnings in this file are not checked.',
    });
  });
});

describe('PDFs', () => {
  it('verifies as exported', async () => {
    await expect(verifyBytes(pdf)).resolves.toMatchObject({ ok: true, entries: 2 });
  });

  it('a few bytes that start like a PDF with the record after them are refused', async () => {
    const body = Buffer.from(recordText);
    const fake = Buffer.concat([
      Buffer.from(
        `%PDF-1.7\n1 0 obj\n<< /Type /EmbeddedFile /Subtype /application#2Fjson /Length ${body.length} /Params << /Size ${body.length} >> >>\nstream\n`,
      ),
      body,
      Buffer.from('\nendstream\nendobj\n'),
    ]);
    const verdict = await verifyBytes(fake);
    expect(verdict).toMatchObject({ ok: false, problem: 'unreadable' });
    expect(verdict.text).toMatch(/^Not verified: this PDF could not be read as one \(/);
  });

  it('a byte of the printed pages changed: the pages are not the ones the record was attached to', async () => {
    const changed = Buffer.from(pdf);
    // A byte inside the first page's content, well before the record's update.
    const at = changed.indexOf('stream\n') + 'stream\n'.length + 4;
    changed[at] = changed[at] === 0x41 ? 0x42 : 0x41;
    await expect(verifyBytes(changed)).resolves.toMatchObject({
      ok: false,
      problem: 'pages',
      text: 'Not verified: the printed pages of this PDF are not the ones its record was attached to; they were changed after the export.',
    });
  });

  it('a page replaced by an update after the record: not verified', async () => {
    const text = pdf.toString('latin1');
    const page = /(\d+) 0 obj\s*<<\s*\/Type\s*\/Page\b[\s\S]*?endobj/.exec(text)!;
    const last = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)![1]);
    const size = Number(/\/Size (\d+)[^]*$/.exec(text)![1]);
    const root = /\/Root (\d+ \d+ R)[^]*$/.exec(text)![1];
    const at = pdf.length;
    const object = `${page[0]}\n`;
    const xref = `xref\n${page[1]} 1\n${String(at).padStart(10, '0')} 00000 n \n`;
    const update = `${object}${xref}trailer\n<< /Size ${size} /Root ${root} /Prev ${last} >>\nstartxref\n${
      at + object.length
    }\n%%EOF\n`;
    await expect(verifyBytes(Buffer.concat([pdf, Buffer.from(update, 'latin1')]))).resolves.toMatchObject({
      ok: false,
      problem: 'pages',
      text: expect.stringContaining('changed after its record was attached'),
    });
  });

  it('a PDF exported before the printed part was named verifies its record, and says its pages are not checked', async () => {
    const printedEnd = pdf.indexOf('%%EOF') + '%%EOF\n'.length;
    const embedded = embedRecord(pdf.subarray(0, printedEnd), recordText);
    // The earlier version's file specification: the same bytes without the printed part named.
    const older = Buffer.from(
      embedded.toString('latin1').replace(/\/VehicleGaragePrinted << [^>]* >>/, (m) => ' '.repeat(m.length)),
      'latin1',
    );
    expect(older.equals(embedded)).toBe(false);
    const verdict = await verifyBytes(older);
    expect(verdict).toMatchObject({ ok: true, entries: 2 });
    expect(verdict.text).toBe(
      'Verified: the record matches 2 audit entries. The printed pages of this PDF are not checked (it was exported by an earlier version): only the record attached to it.',
    );
  });
});
