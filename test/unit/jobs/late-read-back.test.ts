// An action read back before its job is known here (a colleague's open not yet heard) gets its
// effect once the job is told to the service, as long as the action falls inside the job's period;
// and an effect never lands on a job that, by the time it is written, is closed.
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createJobService, LATE_READ_BACK_MS } from '../../../electron/main/jobs/job-service';
import { createFileJobStore } from '../../../electron/main/jobs/job-store';
import { auditEntry, openJobFixture, stateAnswer } from '../../support/job-fixture';

const T0 = Date.parse('2026-11-25T10:00:00.000Z');

async function serviceAt(clock: { now: number }) {
  const store = createFileJobStore({ dataDir: await mkdtemp(path.join(os.tmpdir(), 'late-read-back-')) });
  let reads = 0;
  const problems: string[] = [];
  const service = createJobService({
    store,
    reads: {
      state: async () => (reads++, { value: stateAnswer({ chargeLimit: 90 }) }),
    } as never,
    audit: { list: async () => [] },
    contextOf: async () => ({}) as never,
    technician: () => 'Dana Reyes',
    now: () => new Date(clock.now),
    onProblem: (message) => problems.push(message),
  });
  return { service, store, reads: () => reads, problems };
}

/** The colleague's open job, put in the store and told to the service as heard, read-backs done. */
async function heardOpen({ service, store }: Awaited<ReturnType<typeof serviceAt>>) {
  const job = openJobFixture();
  await store.put(job);
  service.noteJob(job);
  await service.settle();
  return job;
}

describe('the late read-back', () => {
  it('reads back an action that found no job once the job that covers it is heard', async () => {
    // The action at T0 + 1 min; the colleague's job opened at T0, not yet known here.
    const clock = { now: T0 + 61_000 };
    const { service, store, reads } = await serviceAt(clock);
    const entry = auditEntry(0);
    service.noteAudited(entry);
    await service.settle();
    expect(reads()).toBe(0);

    const job = openJobFixture();
    await store.put(job);
    service.noteJob(job);
    await service.settle();
    expect((await store.get(job.id))!.effects[entry.id]).toMatchObject({
      status: 'confirmed',
      reading: 'chargeLimit',
      after: 90,
    });
    // Taken once: the job told again asks the car nothing more.
    service.noteJob(job);
    await service.settle();
    expect(reads()).toBe(1);
  });

  it('leaves an action before the job opened and one of another car', async () => {
    const clock = { now: T0 + 61_000 };
    const made = await serviceAt(clock);
    const { service, store, reads } = made;
    service.noteAudited(auditEntry(0, { time: new Date(T0 - 1_000).toISOString() }));
    service.noteAudited(auditEntry(1, { vin: '5YJ3E1EA7KF000002' }));
    await service.settle();
    const job = await heardOpen(made);
    expect(reads()).toBe(0);
    expect((await store.get(job.id))!.effects).toEqual({});
  });

  it('forgets an action older than the late read-back waits', async () => {
    const clock = { now: T0 + 61_000 };
    const made = await serviceAt(clock);
    const { service, store, reads } = made;
    const late = auditEntry(0);
    service.noteAudited(late);
    await service.settle();
    clock.now = Date.parse(late.time) + LATE_READ_BACK_MS + 1;
    // Another action later makes the service forget what is too old to be read back now.
    service.noteAudited(auditEntry(3, { time: new Date(clock.now).toISOString(), vin: '5YJ3E1EA7KF000002' }));
    await service.settle();
    const job = await heardOpen(made);
    expect(reads()).toBe(0);
    expect((await store.get(job.id))!.effects).toEqual({});
  });

  it('adds no effect to a job closed before the effect is written, and takes it into the next open', async () => {
    const clock = { now: T0 + 61_000 };
    const { service, store, problems } = await serviceAt(clock);
    const job = openJobFixture();
    await store.put(job);
    const entry = auditEntry(0);
    // Closed elsewhere while the car is read: the store's copy says so when the effect is written.
    const closedAt = new Date(T0 + 30_000).toISOString();
    await store.update(job.id, (current) => ({
      ...current,
      status: 'closed',
      periods: [{ ...current.periods[0]!, closedAt }],
    }));
    // The store still answers the job as open (as an index not yet told of the close would).
    const openFor = store.openFor;
    store.openFor = async () => job;
    service.noteAudited(entry);
    await service.settle();
    store.openFor = openFor;
    expect(problems).toEqual([]);
    expect((await store.get(job.id))!.effects).toEqual({});

    // Reopened with the action inside the new period: the effect goes there.
    const reopened = await store.update(job.id, (current) => ({
      ...current,
      status: 'open',
      periods: [...current.periods, { openedAt: new Date(T0 + 45_000).toISOString(), closedAt: null }],
    }));
    service.noteJob(reopened!);
    await service.settle();
    expect((await store.get(job.id))!.effects[entry.id]).toMatchObject({ status: 'confirmed' });
  });
});
