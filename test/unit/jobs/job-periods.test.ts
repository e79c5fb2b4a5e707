// A job's open periods are bounded: each is one read of the log when the record is built or a file
// verified, and a record file may come from anyone. A job at the bound is not reopened; a file
// beyond it is not taken as a record.
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createJobService } from '../../../electron/main/jobs/job-service';
import { createFileJobStore } from '../../../electron/main/jobs/job-store';
import { JOB_PERIODS_MAX } from '../../../electron/shared/jobs/job-record';
import { jobFixture, recordFixture } from '../../support/job-fixture';

async function serviceWith(periods: number) {
  const store = createFileJobStore({ dataDir: await mkdtemp(path.join(os.tmpdir(), 'job-periods-')) });
  const job = jobFixture({
    id: 'job-1',
    status: 'closed',
    periods: Array.from({ length: periods }, (_, i) => ({
      openedAt: new Date(Date.UTC(2026, 10, 1 + i)).toISOString(),
      closedAt: new Date(Date.UTC(2026, 10, 1 + i, 1)).toISOString(),
    })),
  });
  await store.put(job);
  let logReads = 0;
  const service = createJobService({
    store,
    reads: {} as never,
    audit: {
      list: async () => {
        logReads++;
        return [];
      },
    },
    contextOf: async () => {
      throw new Error('no service needed');
    },
    technician: () => 'Dana Reyes',
  });
  return { service, job, logReads: () => logReads };
}

describe('the periods a job is open', () => {
  it('reopens a job below the bound and refuses one at it', async () => {
    const below = await serviceWith(JOB_PERIODS_MAX - 1);
    expect((await below.service.reopen('job-1')).periods).toHaveLength(JOB_PERIODS_MAX);
    const at = await serviceWith(JOB_PERIODS_MAX);
    await expect(at.service.reopen('job-1')).rejects.toMatchObject({
      kind: 'invalid_input',
      message: `This job has been open ${JOB_PERIODS_MAX} times; open a new job for the vehicle.`,
    });
  });

  it('takes a record file with more periods for no record, without reading the log for each', async () => {
    const { service, job, logReads } = await serviceWith(1);
    const periods = Array.from({ length: JOB_PERIODS_MAX + 1 }, () => job.periods[0]!);
    const file = recordFixture(0, { ...job, periods });
    expect(await service.verify(JSON.stringify(file))).toMatchObject({ ok: false, problem: 'unreadable' });
    expect(logReads()).toBe(0);
  });
});
