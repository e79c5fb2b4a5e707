// A repair-order job through the core against the demo simulator over real HTTP: the check-in
// snapshot, commands sent through the IPC handlers and their effects read back from the car, notes,
// the warning about valet mode left on, the JSON record (schema, verification, tampering) and the
// PDF printed by Chromium, read back with pdftotext.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordDigest } from '../../electron/main/jobs/job-digest';
import type { JobQuery } from '../../electron/main/jobs/job-store';
import { jobRecordSchema, type Job, type JobRecord } from '../../electron/shared/jobs/job-record';
import { pdfText, type ChromiumPrinter } from '../support/chromium-print';
import type { CoreHarness } from '../support/core-harness';
import { startJobCore, type JobCore } from '../support/job-core';
import { sendCommand } from '../support/send-command';

let h: CoreHarness;
let printer: ChromiumPrinter;
let vin: string;
let job: Job;
let jsonPath: string;
/** What the "open dialog" answers for jobs.verify; null is cancelled. */
let chosenRecord: string | null = null;

const jobs = () => h.core.jobs.service;

let core: JobCore;
beforeAll(async () => {
  core = await startJobCore({ chooseRecordFile: async () => chosenRecord });
  ({ h, printer, vin } = core);
}, 60_000);
afterAll(() => core?.close());

async function command(
  name: Parameters<typeof sendCommand>[2],
  options: Parameters<typeof sendCommand>[3] = {},
) {
  const result = await sendCommand(h, vin, name, options);
  if (!result.ok) throw new Error(result.error.message);
  await jobs().settle();
}

describe('a repair-order job in solo mode', () => {
  it('opens with a check-in snapshot: each value with its time, the unread ones unknown with a reason', async () => {
    job = await jobs().open('demo', { vin, repairOrder: 'RO-4711', complaint: 'Charges only to 80 %' });
    expect(job).toMatchObject({ status: 'open', repairOrder: 'RO-4711', technician: 'Dana Reyes', vin });
    expect(job.checkIn.readings.chargeLimit).toMatchObject({ known: true, value: 80, source: 'live' });
    expect(job.checkIn.readings.valet).toMatchObject({ known: true, value: false });
    expect(job.checkIn.readings.chargeLimit.known && job.checkIn.readings.chargeLimit.asOf).toMatch(
      /^\d{4}-/,
    );
    expect(job.checkIn.sleepState).toMatchObject({ known: true, value: 'awake' });
    expect(job.checkIn.telemetry).toMatchObject({ known: true, value: { synced: expect.any(Boolean) } });
    // The demo token is the owner's: who may drive the car is read live, with when it was listed.
    expect(job.checkIn.drivers).toMatchObject({ known: true, source: 'live', asOf: expect.any(String) });
    expect(job.checkIn.invitations).toMatchObject({ known: true, value: expect.any(Array) });
    expect(job.events).toEqual([
      { time: job.periods[0]!.openedAt, kind: 'opened', technician: 'Dana Reyes' },
    ]);
  });

  it('allows one open job per vehicle', async () => {
    await expect(jobs().open('demo', { vin, repairOrder: 'RO-4712' })).rejects.toMatchObject({
      kind: 'busy',
      message: expect.stringContaining('RO-4711'),
    });
    await expect(jobs().open('demo', { vin: h.simulator.vins[1]!, repairOrder: '  ' })).rejects.toMatchObject(
      {
        kind: 'invalid_input',
      },
    );
  });

  it('records the effect the car showed after each command, read back, not taken from what was sent', async () => {
    await command('set_charge_limit', { percent: 90 });
    await command('enable_valet');
    job = await jobs().addNote(job.id, 'Replaced the charge port latch');
    const record = await jobs().record(job.id);
    expect(record.actions.map((action) => action.entry.operation)).toEqual([
      'command:set_charge_limit',
      'command:enable_valet',
    ]);
    expect(record.actions[0]!.effect).toMatchObject({ status: 'confirmed', before: 80, after: 90 });
    expect(record.actions[0]!.effect.text).toMatch(/^charge limit 80 → 90 %, confirmed \d\d:\d\d:\d\d UTC$/);
    expect(record.actions[1]!.effect.text).toMatch(/^valet mode off → on, confirmed /);
    expect(record.job.notes).toEqual([
      { time: expect.any(String), technician: 'Dana Reyes', text: 'Replaced the charge port latch' },
    ]);
  });

  it('does not close while the car is left in a state it did not come in with, until each is confirmed', async () => {
    const refused = await jobs().close(job.id);
    expect(refused.status).toBe('needs-confirmation');
    expect(refused.warnings).toEqual([
      {
        id: 'valet',
        text: 'Valet mode is on; it was off at check-in.',
        undo: { command: 'disable_valet', value: null, label: 'Disable valet mode' },
      },
      expect.objectContaining({
        id: 'chargeLimit',
        undo: expect.objectContaining({ command: 'set_charge_limit', value: 80 }),
        // The numbers beside the record's English text, for the window to say in its own words.
        values: { now: 90, was: 80 },
      }),
    ]);
    expect((await jobs().get(job.id)).status).toBe('open');
    await expect(jobs().close(job.id, { acknowledge: ['valet'] })).resolves.toMatchObject({
      status: 'needs-confirmation',
    });
    const closed = await jobs().close(job.id, { acknowledge: ['valet', 'chargeLimit'] });
    expect(closed.status).toBe('closed');
    job = closed.job;
    expect(job.checkOut?.readings.valet).toMatchObject({ known: true, value: true });
    expect(job.acknowledged.map((warning) => warning.id)).toEqual(['valet', 'chargeLimit']);
    // The job keeps the warnings as the record has them (its digest covers them): no numbers beside.
    expect(job.acknowledged[1]).toEqual({
      id: 'chargeLimit',
      text: 'The charge limit is 90 %; it was 80 % at check-in.',
      undo: expect.objectContaining({ value: 80 }),
    });
    expect(closed.warnings[1]).toMatchObject({ values: { now: 90, was: 80 } });
    // An action after closing is not part of the job.
    await command('disable_valet');
    expect((await jobs().record(job.id)).actions).toHaveLength(2);
  });

  it('exports the record as JSON that validates against its schema and verifies against the log', async () => {
    const saved = await h.core.jobs.export.toJson(job.id);
    if (saved.cancelled) throw new Error('cancelled');
    jsonPath = saved.path;
    expect(path.basename(jsonPath)).toBe(`repair-order-RO-4711-${vin}.json`);
    const record = jobRecordSchema.parse(JSON.parse(await readFile(jsonPath, 'utf8')));
    // Over the whole record (job, notes, snapshots, effects, actions in order, changes, warnings).
    expect(record.digest).toEqual({
      algorithm: 'sha256',
      covers: 'record',
      entries: 2,
      value: recordDigest(record),
    });
    expect(record.changes).toContainEqual({
      reading: 'chargeLimit',
      label: 'charge limit',
      before: '80 %',
      after: '90 %',
    });
    await expect(h.core.jobs.export.verifyFile(jsonPath)).resolves.toEqual({
      ok: true,
      entries: 2,
      text: 'Verified: the record matches 2 audit entries.',
    });
  });

  it('fails verification of a tampered record and says which entry', async () => {
    const original = JSON.parse(await readFile(jsonPath, 'utf8')) as JobRecord;
    const check = async (record: JobRecord) => {
      const file = path.join(h.dataDir, 'tampered.json');
      await writeFile(file, JSON.stringify(record));
      return h.core.jobs.export.verifyFile(file);
    };
    const reDigest = (record: JobRecord) => {
      record.digest.entries = record.actions.length;
      record.digest.value = recordDigest(record);
      return record;
    };
    const outcome = structuredClone(original);
    outcome.actions[0]!.entry.outcome = 'failed';
    await expect(check(outcome)).resolves.toMatchObject({ ok: false, problem: 'digest' });
    const firstId = original.actions[0]!.entry.id;
    await expect(check(reDigest(outcome))).resolves.toMatchObject({
      ok: false,
      problem: 'differs',
      entryId: firstId,
    });

    const digest = structuredClone(original);
    digest.digest.value = '0'.repeat(64);
    await expect(check(digest)).resolves.toMatchObject({ ok: false, problem: 'digest' });

    const dropped = structuredClone(original);
    dropped.actions.splice(1, 1);
    await expect(check(reDigest(dropped))).resolves.toMatchObject({
      ok: false,
      problem: 'extra',
      entryId: original.actions[1]!.entry.id,
    });

    const forged = structuredClone(original);
    forged.actions[1]!.entry.id = '00000000-0000-4000-8000-000000000000';
    await expect(check(reDigest(forged))).resolves.toMatchObject({ ok: false, problem: 'missing' });
    await expect(check({ nonsense: true } as unknown as JobRecord)).resolves.toMatchObject({
      problem: 'unreadable',
    });
  });

  it('prints the record to a PDF whose text holds the repair order, VIN, technician and the effect', async () => {
    const saved = await h.core.jobs.export.toPdf(job.id);
    if (saved.cancelled) throw new Error('cancelled');
    const pdf = await readFile(saved.path);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf);
    expect(text).toContain('RO-4711');
    expect(text).toContain(vin);
    expect(text).toContain('Dana Reyes');
    expect(text).toContain('80 → 90');
    expect(text).toContain('Valet mode is on; it was off at check-in.');
    expect(text).toContain(saved.digest);
    // The page loads nothing but itself.
    expect(printer.requests.every((url) => url.startsWith('data:'))).toBe(true);
  });

  it('reopens a closed job (recorded) and lists jobs by technician, VIN, repair order and date', async () => {
    const reopened = await jobs().reopen(job.id, 'Sam Ortiz');
    expect(reopened.status).toBe('open');
    expect(reopened.events.map((event) => [event.kind, event.technician])).toEqual([
      ['opened', 'Dana Reyes'],
      ['closed', 'Dana Reyes'],
      ['reopened', 'Sam Ortiz'],
    ]);
    expect(reopened.periods).toHaveLength(2);
    const other = await jobs().open('demo', {
      vin: h.simulator.vins[1]!,
      repairOrder: 'RO-5000',
      technician: 'Sam Ortiz',
    });
    const ids = async (query: Partial<JobQuery>) =>
      (await jobs().list({ profileId: 'demo', ...query })).map((listed) => listed.id);
    expect(await ids({})).toEqual([other.id, job.id]);
    expect(await ids({ technician: 'sam ortiz' })).toEqual([other.id]);
    expect(await ids({ vin })).toEqual([job.id]);
    expect(await ids({ repairOrder: '4711' })).toEqual([job.id]);
    expect(await ids({ from: '2000-01-01T00:00:00Z', to: '2000-12-31T00:00:00Z' })).toEqual([]);
    expect(await ids({ status: 'open', from: job.periods[0]!.openedAt })).toEqual([other.id, job.id]);
    expect(await ids({ profileId: 'someone-else' })).toEqual([]);
  });

  it('records what it could not read as unknown with the reason, never a default', async () => {
    const unknownVin = '5YJ3E1EA7KF000001';
    const opened = await jobs().open('demo', { vin: unknownVin, repairOrder: 'RO-6000' });
    expect(opened.checkIn.sleepState).toEqual({ known: false, reason: expect.stringMatching(/^not read: /) });
    expect(opened.checkIn.readings.chargeLimit).toEqual({
      known: false,
      reason: expect.stringMatching(/^not read: /),
    });
    expect(opened.checkIn.tyrePressures.known).toBe(false);
  });
});

describe('jobs through window.garage', () => {
  it('opens, notes, closes with a warning, records and verifies, all through the operations', async () => {
    const target = h.simulator.vins[2]!;
    h.simulator.setVehicleState(target, { sleepState: 'awake', valet: false });
    const opened = await h.garage.jobs.open(target, { repairOrder: 'RO-7000', technician: 'Kim Lee' });
    if (!opened.ok) throw new Error(opened.error.message);
    expect(await h.garage.jobs.openFor(target)).toMatchObject({ ok: true, value: { id: opened.value.id } });
    expect(await h.garage.jobs.addNote(opened.value.id, 'Valet test')).toMatchObject({ ok: true });
    expect(await sendCommand(h, target, 'enable_valet')).toMatchObject({ ok: true });
    await jobs().settle();
    const refused = await h.garage.jobs.close(opened.value.id);
    expect(refused).toMatchObject({
      ok: true,
      value: { status: 'needs-confirmation', warnings: [{ id: 'valet' }] },
    });
    const closed = await h.garage.jobs.close(opened.value.id, { acknowledge: ['valet'] });
    expect(closed).toMatchObject({ ok: true, value: { status: 'closed' } });
    const record = await h.garage.jobs.record(opened.value.id);
    if (!record.ok) throw new Error(record.error.message);
    expect(record.value.actions[0]!.effect.text).toMatch(/^valet mode off → on, confirmed /);
    const recordFile = path.join(h.dataDir, 'through-ipc.json');
    await writeFile(recordFile, JSON.stringify(record.value));
    chosenRecord = recordFile;
    expect(await h.garage.jobs.verify()).toMatchObject({
      ok: true,
      value: { ok: true, entries: 1 },
    });
    chosenRecord = null;
    expect(await h.garage.jobs.verify()).toEqual({ ok: true, value: null });
    expect(await h.garage.jobs.get('no-such-job')).toMatchObject({ ok: false, error: { kind: 'not_found' } });
    expect(await h.garage.jobs.list({ technician: 'Kim Lee' })).toMatchObject({
      ok: true,
      value: [{ id: opened.value.id }],
    });
  });
});
