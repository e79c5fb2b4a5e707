// A technician who types a colleague's name as her own, on a real database: the shop's log keeps
// the role she logged in as, and her job's record names it beside each action's typed name, in the
// JSON (covered by the digest, checked against the log on verification) and on the PDF's page
// (read back with `pdftotext`), so the forged name shows. So do the job's own lines: who opened,
// closed and reopened it, who wrote each note, and the signature line.
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { recordDigest } from '../../electron/main/jobs/job-digest';
import { openShop } from '../../electron/main/shop/shop-db';
import {
  RECORD_SCHEMA_VERSION,
  jobRecordSchema,
  type JobRecord,
} from '../../electron/shared/jobs/job-record';
import { pdfText } from '../support/chromium-print';
import { must, startJobCore, type JobCore } from '../support/job-core';
import { sendCommand } from '../support/send-command';
import { waitFor } from '../support/wait-for';
import { joinShop } from './support/join-shop';
import { createTestDatabase, type TestDatabase } from './support/pg';
import { SHOP_WAIT } from './support/wait';

let db: TestDatabase;
let core: JobCore;
let anaRole: string;

beforeAll(async () => {
  db = await createTestDatabase('record_role');
  const owner = await openShop({ settings: db.owner.settings, getPassword: db.owner.getPassword });
  await owner.close();
  const anaLogin = await db.addTechnician('ana');
  anaRole = anaLogin.settings.user!;
  core = await startJobCore();
  // Ana's own login, with her colleague's name typed as the technician's.
  await joinShop(core.h, anaLogin, 'Ben', 'bay 1');
}, 120_000);

afterAll(() => core?.close());

it("names the role beside a colleague's typed name in the record and its PDF, and catches an edited role", async () => {
  const { h, vin } = core;
  const job = must(await h.garage.jobs.open(vin, { repairOrder: 'RO-FORGED' }));
  expect(await sendCommand(h, vin, 'flash')).toMatchObject({ ok: true });
  // Once uploaded, the shop's log holds the role the server stamped.
  await waitFor(
    async () => {
      const found = await db.query<{ db_role: string }>(
        `SELECT db_role FROM audit_entries WHERE operation = 'command:flash' AND vin = $1`,
        [vin],
      );
      return found.rows[0]?.db_role === anaRole;
    },
    'the command in the shop log',
    SHOP_WAIT,
  );

  const record = must(await h.garage.jobs.record(job.id));
  expect(record.schemaVersion).toBe(RECORD_SCHEMA_VERSION);
  expect(jobRecordSchema.safeParse(record).success).toBe(true);
  const flash = record.actions.find((action) => action.entry.operation === 'command:flash');
  expect(flash).toMatchObject({ role: anaRole, entry: { technician: 'Ben' } });

  // The page prints the typed name with the role that wrote it. Read in the page's own order
  // (`-raw`): the long role wraps within its narrow column, which the layout reading interleaves
  // with the next column's lines, so the words are compared without their line breaks.
  const pdf = await h.core.jobs.export.toPdf(job.id);
  if (pdf.cancelled) throw new Error('cancelled');
  const { stdout } = await promisify(execFile)('pdftotext', ['-raw', '-enc', 'UTF-8', pdf.path, '-']);
  expect(stdout.replace(/\s+/g, '')).toContain(`Ben(role${anaRole})`);
  expect(await pdfText(pdf.path)).toContain('Ben (role');
  await expect(h.core.jobs.export.verifyFile(pdf.path)).resolves.toMatchObject({ ok: true });

  // The JSON verifies; with the role edited (and the digest taken again) it no longer does.
  const json = await h.core.jobs.export.toJson(job.id);
  if (json.cancelled) throw new Error('cancelled');
  await expect(h.core.jobs.export.verifyFile(json.path)).resolves.toMatchObject({ ok: true });
  const edited = JSON.parse(await readFile(json.path, 'utf8'));
  const action = edited.actions.find(
    (one: { entry: { operation: string } }) => one.entry.operation === 'command:flash',
  );
  action.role = 'vgt_ben';
  edited.digest.value = recordDigest(edited);
  await writeFile(json.path, JSON.stringify(edited));
  await expect(h.core.jobs.export.verifyFile(json.path)).resolves.toMatchObject({
    ok: false,
    problem: 'differs',
    text: expect.stringContaining(`names the role vgt_ben, but the shop’s log says ${anaRole}`),
  });
}, 120_000);

it("names the role beside a colleague's typed name on the job's opening, closing, reopening, notes and signature line", async () => {
  const { h } = core;
  const vin = h.simulator.vins[1]!;
  h.simulator.setVehicleState(vin, { sleepState: 'awake', valet: false, chargeLimitPercent: 80 });
  const job = must(await h.garage.jobs.open(vin, { repairOrder: 'RO-SIGNED' }));
  must(await h.garage.jobs.addNote(job.id, 'Seals checked'));
  let closed = must(await h.garage.jobs.close(job.id));
  if (closed.status === 'needs-confirmation')
    closed = must(
      await h.garage.jobs.close(job.id, { acknowledge: closed.warnings.map((warning) => warning.id) }),
    );
  expect(closed.status).toBe('closed');
  must(await h.garage.jobs.reopen(job.id));
  // The opening's role is the one the server stamped on the job's row.
  const row = await db.query<{ db_role: string }>(`SELECT db_role FROM jobs WHERE id = $1`, [job.id]);
  expect(row.rows[0]?.db_role).toBe(anaRole);

  const record = must(await h.garage.jobs.record(job.id));
  expect(record.schemaVersion).toBe(7);
  expect(jobRecordSchema.safeParse(record).success).toBe(true);
  expect(record.job.technician).toBe('Ben');
  expect(record.job.events).toEqual([
    expect.objectContaining({ kind: 'opened', technician: 'Ben', role: anaRole }),
    expect.objectContaining({ kind: 'closed', technician: 'Ben', role: anaRole }),
    expect.objectContaining({ kind: 'reopened', technician: 'Ben', role: anaRole }),
  ]);
  expect(record.job.notes).toEqual([
    expect.objectContaining({ technician: 'Ben', text: 'Seals checked', role: anaRole }),
  ]);

  // The page: the technician, the note, each line of the job's history and the signature line.
  const pdf = await h.core.jobs.export.toPdf(job.id);
  if (pdf.cancelled) throw new Error('cancelled');
  const { stdout } = await promisify(execFile)('pdftotext', ['-raw', '-enc', 'UTF-8', pdf.path, '-']);
  const page = stdout.replace(/\s+/g, '');
  const who = `Ben(role${anaRole})`;
  expect(page).toContain(`Technician${who}`);
  expect(page).toContain(`${who}:Sealschecked`);
  for (const kind of ['opened', 'closed', 'reopened']) expect(page).toContain(`${kind}by${who}`);
  expect(page).toContain(`Technician:${who}`);
  await expect(h.core.jobs.export.verifyFile(pdf.path)).resolves.toMatchObject({ ok: true });

  const json = await h.core.jobs.export.toJson(job.id);
  if (json.cancelled) throw new Error('cancelled');
  const original = await readFile(json.path, 'utf8');
  await expect(h.core.jobs.export.verifyFile(json.path)).resolves.toMatchObject({ ok: true });
  /** Verify's answer for the exported file edited, its digest taken again (as anyone can). */
  const verifiedEdited = async (edit: (record: JobRecord) => void) => {
    const record = JSON.parse(original);
    edit(record);
    record.digest.value = recordDigest(record);
    await writeFile(json.path, JSON.stringify(record));
    return h.core.jobs.export.verifyFile(json.path);
  };
  const caught = (part: string) => ({
    ok: false,
    problem: 'job',
    text: expect.stringContaining(`${part} in the record differ`),
  });

  // A note's role edited, or the opening's: the job kept here says otherwise.
  expect(await verifiedEdited((edited) => (edited.job.notes[0]!.role = 'vgt_ben'))).toMatchObject(
    caught('its notes'),
  );
  expect(await verifiedEdited((edited) => (edited.job.events[0]!.role = 'vgt_ben'))).toMatchObject(
    caught('its events (opened, closed, reopened)'),
  );
  // The same record as schema 6 wrote it, naming no role on the job's lines, verifies as it did.
  expect(
    await verifiedEdited((edited) => {
      edited.schemaVersion = 6 as never;
      for (const line of [...edited.job.events, ...edited.job.notes]) delete line.role;
    }),
  ).toMatchObject({ ok: true });
}, 120_000);
