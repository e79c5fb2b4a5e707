// The solo job store in a data folder: one file per job, one open job per vehicle and profile even
// when two opens race, changes on disk before they are kept, a damaged file set aside.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileJobStore, JOBS_FOLDER } from '../../../electron/main/jobs/job-store';
import { jobFixture } from '../../support/job-fixture';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'garage-jobs-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

const open = (id: string, patch = {}) => jobFixture({ id, status: 'open', checkOut: null, ...patch });

describe('the solo job store', () => {
  it('lets one of two racing opens on a vehicle win, per profile', async () => {
    const store = createFileJobStore({ dataDir });
    const results = await Promise.allSettled([store.create(open('a')), store.create(open('b'))]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { kind: 'busy' } });
    await expect(store.create(open('c', { profileId: 'other' }))).resolves.toMatchObject({ id: 'c' });
  });

  it('keeps jobs in files that a new store reads back, and refuses a reopen beside another open job', async () => {
    const store = createFileJobStore({ dataDir });
    await store.create(open('a'));
    await store.update('a', (job) => ({ ...job, status: 'closed' }));
    await store.create(open('b'));
    const again = createFileJobStore({ dataDir });
    expect((await again.get('a'))?.status).toBe('closed');
    expect((await again.openFor('demo', jobFixture().vin))?.id).toBe('b');
    await expect(again.update('a', (job) => ({ ...job, status: 'open' }))).rejects.toMatchObject({
      kind: 'busy',
    });
    expect(JSON.parse(await readFile(path.join(dataDir, JOBS_FOLDER, 'a.json'), 'utf8')).status).toBe(
      'closed',
    );
  });

  it('sets a damaged file aside and reports it, and refuses an id that is not a file name', async () => {
    const reports: unknown[] = [];
    await createFileJobStore({ dataDir }).create(open('a'));
    await writeFile(path.join(dataDir, JOBS_FOLDER, 'b.json'), '{"half":');
    const store = createFileJobStore({ dataDir, onCorrupt: (report) => reports.push(report) });
    expect((await store.list({ profileId: 'demo' })).map((job) => job.id)).toEqual(['a']);
    // A date alone as the end is the whole day (the fixture opens at 10:00 UTC).
    expect(await store.list({ profileId: 'demo', to: '2026-11-25' })).toHaveLength(1);
    expect(await store.list({ profileId: 'demo', to: '2026-11-24' })).toHaveLength(0);
    expect(reports).toHaveLength(1);
    expect((await readdir(path.join(dataDir, JOBS_FOLDER))).some((name) => name.startsWith('b.json.'))).toBe(
      true,
    );
    await expect(store.get('../profiles')).rejects.toMatchObject({ kind: 'invalid_input' });
  });

  it('sets aside a job file whose VIN the IPC edge would refuse (check-out reads that car again)', async () => {
    const reports: unknown[] = [];
    await createFileJobStore({ dataDir }).create(open('a'));
    const bad = { ...open('c'), vin: '5YJ3E1EA7KF31700/' };
    await writeFile(path.join(dataDir, JOBS_FOLDER, 'c.json'), JSON.stringify(bad));
    const store = createFileJobStore({ dataDir, onCorrupt: (report) => reports.push(report) });
    expect((await store.list({ profileId: 'demo' })).map((job) => job.id)).toEqual(['a']);
    expect(reports).toHaveLength(1);
  });
});
