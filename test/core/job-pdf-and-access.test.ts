// A job's PDF carries its record and verifies like the JSON; drivers and invitations in the
// snapshots (read live with their time, unknown and why for a driver's token); a job kept by the
// previous schema still loads. Through the core against the demo simulator over real HTTP, the PDF
// printed by Chromium and read back with poppler (pdftotext, pdfdetach).
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entriesDigest, recordDigest } from '../../electron/main/jobs/job-digest';
import { jobHtml } from '../../electron/main/jobs/job-html';
import { createFileJobStore } from '../../electron/main/jobs/job-store';
import { embedRecord, readEmbeddedRecord, RECORD_FILE_NAME } from '../../electron/main/jobs/pdf-record';
import { startSimulator, type Simulator } from '../../electron/main/simulator';
import {
  JOB_SCHEMA_VERSION,
  jobRecordSchema,
  RECORD_SCHEMA_VERSION,
  type Job,
  type JobRecord,
} from '../../electron/shared/jobs/job-record';
import type { AuditEntry } from '../../electron/shared/types';
import { pdfText, type ChromiumPrinter } from '../support/chromium-print';
import type { CoreHarness } from '../support/core-harness';
import { startJobCore, type JobCore } from '../support/job-core';
import { jobFixture } from '../support/job-fixture';
import { sendCommand } from '../support/send-command';

let h: CoreHarness;
let printer: ChromiumPrinter;
let vin: string;
let job: Job;
let pdfPath: string;

const jobs = () => h.core.jobs.service;

let core: JobCore;
beforeAll(async () => {
  core = await startJobCore();
  ({ h, printer, vin } = core);
}, 60_000);
afterAll(() => core?.close());

describe('drivers and invitations in the snapshots', () => {
  it('are read live at check-in and check-out, and a new invitation shows in the changes', async () => {
    job = await jobs().open('demo', { vin, repairOrder: 'RO-8100' });
    expect(job.checkIn.drivers).toMatchObject({ known: true, source: 'live', asOf: expect.any(String) });
    expect(job.checkIn.invitations).toMatchObject({ known: true, source: 'live' });
    const before = job.checkIn.invitations.known ? job.checkIn.invitations.value.length : -1;

    const invited = await h.garage.vehicles.createInvitation(vin);
    if (!invited.ok) throw new Error(invited.error.message);
    const charged = await sendCommand(h, vin, 'set_charge_limit', { percent: 90 });
    if (!charged.ok) throw new Error(charged.error.message);
    await jobs().settle();
    const closed = await jobs().close(job.id, { acknowledge: ['chargeLimit'] });
    expect(closed.status).toBe('closed');
    job = closed.job;
    const after = job.checkOut!.invitations;
    expect(after.known && after.value.length).toBe(before + 1);
    expect(after.known && after.value.map((i) => i.id)).toContain(invited.value.id_s);

    const record = await jobs().record(job.id);
    expect(record.changes.find((change) => change.reading === 'invitations')).toMatchObject({
      label: 'invitations',
      before: before === 0 ? 'none' : expect.stringMatching(new RegExp(`^${before}: `)),
      after: expect.stringContaining(invited.value.id_s),
    });
  });

  it("are unknown with the service's reason for a driver's token, never an empty list", async () => {
    const driverSim: Simulator = await startSimulator({
      token: 'owner-token',
      driverToken: 'driver-token',
      flakiness: false,
    });
    try {
      const created = await h.garage.profiles.create({ name: 'Driver', baseUrl: driverSim.baseUrl });
      if (!created.ok) throw new Error(created.error.message);
      expect(await h.garage.profiles.setToken(created.value.id, 'driver-token')).toMatchObject({ ok: true });
      const opened = await jobs().open(created.value.id, { vin: driverSim.vins[0]!, repairOrder: 'RO-8200' });
      expect(opened.checkIn.readings.chargeLimit.known).toBe(true);
      for (const value of [opened.checkIn.drivers, opened.checkIn.invitations])
        expect(value).toEqual({ known: false, reason: expect.stringMatching(/^not read: .*owner/) });
    } finally {
      await driverSim.stop();
    }
  });
});

describe('the PDF carries its record', () => {
  it('is saved with the record embedded, its text unchanged, and verifies against the log', async () => {
    const saved = await h.core.jobs.export.toPdf(job.id);
    if (saved.cancelled) throw new Error('cancelled');
    pdfPath = saved.path;
    const pdf = await readFile(pdfPath);
    const text = await pdfText(pdf);
    expect(text).toContain('RO-8100');
    expect(text).toContain('80 → 90');
    expect(text).toContain(saved.digest);
    // The embedded file is the record as the JSON export has it, as a PDF reader lists and saves it.
    const folder = await mkdtemp(path.join(os.tmpdir(), 'garage-pdf-'));
    try {
      const run = promisify(execFile);
      const listed = (await run('pdfdetach', ['-list', pdfPath])).stdout;
      expect(listed).toContain(`1: ${RECORD_FILE_NAME}`);
      await run('pdfdetach', ['-save', '1', '-o', path.join(folder, 'record.json'), pdfPath]);
      const record = jobRecordSchema.parse(
        JSON.parse(await readFile(path.join(folder, 'record.json'), 'utf8')),
      );
      expect(record.job.id).toBe(job.id);
      expect(record.digest.value).toBe(saved.digest);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
    await expect(h.core.jobs.export.verifyFile(pdfPath)).resolves.toEqual({
      ok: true,
      entries: 2,
      text: 'Verified: the record matches 2 audit entries.',
    });
  });

  it('leaves the printed pages as they were: the same text before and after the record is added', async () => {
    const record = await jobs().record(job.id);
    const printed = await printer.print(jobHtml(record));
    const embedded = embedRecord(printed, JSON.stringify(record));
    expect(embedded.subarray(0, printed.length).equals(printed)).toBe(true);
    expect(await pdfText(embedded)).toBe(await pdfText(printed));
    expect(readEmbeddedRecord(embedded)).toBe(JSON.stringify(record));
    expect(readEmbeddedRecord(printed)).toBeNull();
  });

  it('fails when a byte of the embedded record is changed, or an entry changed with its digest', async () => {
    const pdf = await readFile(pdfPath);
    const check = async (bytes: Buffer) => {
      const file = path.join(h.dataDir, 'tampered.pdf');
      await writeFile(file, bytes);
      return h.core.jobs.export.verifyFile(file);
    };
    const embedded = readEmbeddedRecord(pdf)!;
    const original = JSON.parse(embedded) as JobRecord;

    // One byte of the record: the first letter of an entry's operation.
    const at = pdf.lastIndexOf('"operation": "');
    expect(at).toBeGreaterThan(pdf.length - Buffer.byteLength(embedded) - 4096);
    const edited = Buffer.from(pdf);
    const first = at + '"operation": "'.length;
    edited[first] = edited[first] === 0x78 ? 0x79 : 0x78;
    await expect(check(edited)).resolves.toMatchObject({ ok: false, problem: 'digest' });

    // An entry changed and the digest made to match: the log says which entry differs.
    const forged = structuredClone(original);
    forged.actions[0]!.entry.outcome = 'failed';
    forged.digest.value = recordDigest(forged);
    const printed = pdf.subarray(0, pdf.indexOf('%%EOF') + '%%EOF\n'.length);
    const verdict = await check(embedRecord(printed, JSON.stringify(forged)));
    expect(verdict).toMatchObject({ ok: false, problem: 'differs', entryId: original.actions[0]!.entry.id });
    expect(verdict.text).toMatch(/^Not verified: entry .* differs from the log\.$/);

    // A PDF without a record says so.
    await expect(check(printed)).resolves.toMatchObject({
      ok: false,
      problem: 'unreadable',
      text: expect.stringContaining('carries no job record'),
    });
  });
});

describe("the repair order's customer, cause and correction", () => {
  it('are kept from the open and close forms, printed, and covered by the digest', async () => {
    const opened = await jobs().open('demo', {
      vin,
      repairOrder: 'RO-8300',
      customer: 'Sam Ortiz',
      complaint: 'Will not charge past 80 %',
    });
    expect(opened).toMatchObject({ schemaVersion: JOB_SCHEMA_VERSION, customer: 'Sam Ortiz', cause: null });
    const closed = await jobs().close(opened.id, {
      acknowledge: ['chargeLimit', 'valet'],
      cause: 'Charge limit set to 80 %',
      correction: 'Set back to 90 %',
    });
    expect(closed.status).toBe('closed');
    expect(closed.job).toMatchObject({ cause: 'Charge limit set to 80 %', correction: 'Set back to 90 %' });

    const saved = await h.core.jobs.export.toPdf(opened.id);
    if (saved.cancelled) throw new Error('cancelled');
    const text = await pdfText(await readFile(saved.path));
    expect(text).toMatch(/Shop\s+Customer\n.*Sam Ortiz/);
    expect(text).toMatch(/Complaint\s+Will not charge past 80 %/);
    expect(text).toMatch(/Cause\s+Charge limit set to 80 %/);
    expect(text).toMatch(/Correction\s+Set back to 90 %/);
    await expect(h.core.jobs.export.verifyFile(saved.path)).resolves.toMatchObject({ ok: true });

    // Another cause, with the digest recomputed, is caught against the job kept here.
    const json = await h.core.jobs.export.toJson(opened.id);
    if (json.cancelled) throw new Error('cancelled');
    const record = JSON.parse(await readFile(json.path, 'utf8'));
    record.job.cause = 'Nothing found';
    record.digest.value = recordDigest(record);
    await writeFile(json.path, JSON.stringify(record));
    await expect(h.core.jobs.export.verifyFile(json.path)).resolves.toMatchObject({
      ok: false,
      problem: 'job',
      text: expect.stringContaining('its cause and correction'),
    });
  });
});

describe('records of the previous schema', () => {
  it('verify: a version 1 JSON record still checks against the log', async () => {
    const saved = await h.core.jobs.export.toJson(job.id);
    if (saved.cancelled) throw new Error('cancelled');
    const record = JSON.parse(await readFile(saved.path, 'utf8')) as JobRecord;
    const v1 = structuredClone(record) as unknown as Record<string, unknown> & {
      job: Record<string, unknown>;
    };
    v1['schemaVersion'] = 1;
    v1.job['schemaVersion'] = 1;
    // Version 1 digested the audit entries only.
    v1['digest'] = {
      algorithm: 'sha256',
      entries: record.actions.length,
      value: entriesDigest(record.actions.map((action) => action.entry as AuditEntry)),
    };
    for (const side of ['checkIn', 'checkOut'] as const)
      v1.job[side] = {
        ...(record.job[side] as object),
        drivers: {
          known: false,
          reason: 'not read: this version of the app does not read drivers and invitations',
        },
        invitations: {
          known: false,
          reason: 'not read: this version of the app does not read drivers and invitations',
        },
      };
    const file = path.join(h.dataDir, 'record-v1.json');
    await writeFile(file, JSON.stringify(v1));
    await expect(h.core.jobs.export.verifyFile(file)).resolves.toMatchObject({ ok: true, entries: 2 });
    // A version this app does not know is said so, not guessed at.
    await writeFile(file, JSON.stringify({ ...v1, schemaVersion: RECORD_SCHEMA_VERSION + 1 }));
    await expect(h.core.jobs.export.verifyFile(file)).resolves.toMatchObject({
      ok: false,
      problem: 'unreadable',
      text: expect.stringContaining('version this app knows'),
    });
  });

  it('verify: a record of schema 3 (its job without customer, cause and correction) still verifies', async () => {
    const saved = await h.core.jobs.export.toJson(job.id);
    if (saved.cancelled) throw new Error('cancelled');
    const v3 = JSON.parse(await readFile(saved.path, 'utf8')) as Record<string, unknown> & {
      job: Record<string, unknown>;
      digest: { value: string };
    };
    v3['schemaVersion'] = 3;
    v3.job['schemaVersion'] = 2;
    for (const key of ['customer', 'cause', 'correction']) delete v3.job[key];
    v3.digest.value = recordDigest(v3);
    const file = path.join(h.dataDir, 'record-v3.json');
    await writeFile(file, JSON.stringify(v3));
    await expect(h.core.jobs.export.verifyFile(file)).resolves.toEqual({
      ok: true,
      entries: 2,
      text: 'Verified: the record matches 2 audit entries.',
    });
  });

  it('a job kept by schema 2 loads as the current one, its customer, cause and correction not said', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'garage-jobs-v2-'));
    try {
      const {
        customer: _customer,
        cause: _cause,
        correction: _correction,
        ...v2
      } = jobFixture({
        id: 'job-v2',
      });
      await mkdir(path.join(dataDir, 'jobs'), { recursive: true });
      await writeFile(path.join(dataDir, 'jobs', 'job-v2.json'), JSON.stringify({ ...v2, schemaVersion: 2 }));
      const loaded = await createFileJobStore({ dataDir }).get('job-v2');
      expect(loaded).toMatchObject({
        schemaVersion: JOB_SCHEMA_VERSION,
        repairOrder: 'RO-4711',
        customer: null,
        cause: null,
        correction: null,
      });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('a kept job loads as the current one: drivers by name, an invitation count said unknown with why', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'garage-jobs-v1-'));
    try {
      const current = jobFixture({ id: 'job-v1' });
      const v1 = {
        ...current,
        schemaVersion: 1,
        checkIn: {
          ...current.checkIn,
          drivers: { known: true, value: ['Ana Diaz'], asOf: null, source: 'live' },
          invitations: { known: true, value: 2, asOf: null, source: 'live' },
        },
        checkOut: null,
        status: 'open',
      };
      await mkdir(path.join(dataDir, 'jobs'), { recursive: true });
      await writeFile(path.join(dataDir, 'jobs', 'job-v1.json'), JSON.stringify(v1));
      const loaded = await createFileJobStore({ dataDir }).get('job-v1');
      expect(loaded).toMatchObject({
        schemaVersion: JOB_SCHEMA_VERSION,
        customer: null,
        cause: null,
        correction: null,
        checkIn: {
          drivers: { known: true, value: [{ id: '', name: 'Ana Diaz' }] },
          invitations: { known: false, reason: expect.stringContaining('count only (2 invitations)') },
        },
      });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
