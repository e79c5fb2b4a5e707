// The whole app, core to database: Ana opens a job, notes it and closes it after the shop was
// dumped, and exports its record. The dump is restored with the real pg_restore (the job is gone
// from the shop, or open as it was); her app reconnects by itself and puts the job back closed, with
// its own times and the role that opened it, so the record exported before the restore verifies.
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { must, startJobCore, type JobCore } from '../support/job-core';
import { passes, waitFor } from '../support/wait-for';
import { dumpDatabase, restoreDatabase } from './support/dump-restore';
import { coreEvents, joinShop } from './support/join-shop';
import type { TestDatabase } from './support/pg';
import { migrated, restoreLeftovers } from './support/restore-apps';
import { SHOP_BACKOFF } from './support/two-cores';
import { SHOP_WAIT } from './support/wait';

const left = restoreLeftovers('vg-restore-record-');
let db: TestDatabase;
let core: JobCore;
let anaRole: string;

beforeAll(async () => {
  db = await migrated('restore_record');
  const ana = await db.addTechnician('ana');
  anaRole = ana.settings.user!;
  core = await startJobCore({ shopBackoff: SHOP_BACKOFF });
  await joinShop(core.h, ana, 'Ana', 'bay-1');
}, 120_000);

afterAll(async () => {
  await core?.close();
  await left.clear();
});

interface JobRow {
  status: string;
  opened_at: Date;
  closed_at: Date | null;
  db_role: string;
  details: unknown;
}

const jobRow = async (id: string) =>
  (
    await db.query<JobRow>('SELECT status, opened_at, closed_at, db_role, details FROM jobs WHERE id = $1', [
      id,
    ])
  ).rows[0] ?? null;

it('puts back a job closed after the dump, so its record exported before the restore verifies', async () => {
  const { h, vin } = core;
  const dump = path.join(await left.tempDir(), 'garage.dump');
  await dumpDatabase(db, dump);

  const job = must(await h.garage.jobs.open(vin, { repairOrder: 'RO-RESTORE' }));
  must(await h.garage.jobs.addNote(job.id, 'Brake fluid changed'));
  let closed = must(await h.garage.jobs.close(job.id));
  if (closed.status === 'needs-confirmation')
    closed = must(
      await h.garage.jobs.close(job.id, { acknowledge: closed.warnings.map((warning) => warning.id) }),
    );
  expect(closed.status).toBe('closed');
  const before = await jobRow(job.id);
  expect(before).toMatchObject({ status: 'closed', db_role: anaRole });
  // Everything kept for the shop has reached it (the job's own entries too).
  await waitFor(
    passes(() => expect(h.core.shop.status()).toMatchObject({ state: 'online', pending: 0 })),
    'the outbox drained',
    { ...SHOP_WAIT, wakeOn: coreEvents(h) },
  );
  const json = await h.core.jobs.export.toJson(job.id);
  if (json.cancelled) throw new Error('cancelled');
  await expect(h.core.jobs.export.verifyFile(json.path)).resolves.toMatchObject({ ok: true });

  await restoreDatabase(db, dump);
  expect(await jobRow(job.id)).toBeNull();
  // Her app reconnects by itself, finds the loss and puts the job back as it was.
  await waitFor(
    passes(async () => expect(await jobRow(job.id)).toEqual(before)),
    'the job back in the shop, closed',
    { ...SHOP_WAIT, intervalMs: 100 },
  );
  const resent = await db.query<{ resent_at: Date | null }>('SELECT resent_at FROM jobs WHERE id = $1', [
    job.id,
  ]);
  expect(resent.rows[0]?.resent_at).toBeInstanceOf(Date);
  await waitFor(
    passes(() => expect(h.core.shop.status().restored).toBeTruthy()),
    'the app saying it sent again',
    { ...SHOP_WAIT, wakeOn: coreEvents(h) },
  );
  await h.core.shop.idle();
  await expect(h.core.jobs.export.verifyFile(json.path)).resolves.toMatchObject({ ok: true });
}, 120_000);
