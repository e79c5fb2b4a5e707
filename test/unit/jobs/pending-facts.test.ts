// Facts kept while the shop's database is away: on disk at once (a new process reads them), one per
// job and entry or note, forgotten once the shop has them, and applied to a job at most once; a
// damaged file is set aside, not trusted.
import { mkdir, mkdtemp, readdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  applyPending,
  createPendingFacts,
  PENDING_FACTS_FOLDER,
  writtenBy,
  type PendingChange,
} from '../../../electron/main/jobs/pending-facts';
import type { ActionEffect } from '../../../electron/shared/jobs/job-record';
import { jobFixture } from '../../support/job-fixture';

const effect = (after: number): ActionEffect => ({
  status: 'confirmed',
  reading: 'chargeLimit',
  before: 80,
  after,
  confirmedAt: '2026-11-25T10:42:13.000Z',
  text: `charge limit 80 → ${after} %, confirmed 10:42:13 UTC`,
});
const effectOn = (jobId: string, entryId: string, after: number): PendingChange => ({
  kind: 'effect',
  jobId,
  entryId,
  effect: effect(after),
});
const note = (jobId: string, time: string, text: string): PendingChange => ({
  kind: 'note',
  jobId,
  note: { time, technician: 'Ben', text },
});

describe('pending job facts', () => {
  it('survive a restart, keep one per job and entry, and go once the shop has them', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pending-facts-'));
    const first = createPendingFacts({ dataDir });
    await first.add(effectOn('j1', 'e1', 85));
    await first.add(effectOn('j1', 'e1', 90));
    await first.add(note('j1', '2026-11-25T10:50:00.000Z', 'Rear tyre low'));
    await first.add(effectOn('j2', 'e2', 70));

    const again = createPendingFacts({ dataDir });
    expect(await again.of('j1')).toEqual([
      effectOn('j1', 'e1', 90),
      note('j1', '2026-11-25T10:50:00.000Z', 'Rear tyre low'),
    ]);
    await again.remove([effectOn('j1', 'e1', 90), note('j1', '2026-11-25T10:50:00.000Z', 'Rear tyre low')]);
    expect(await createPendingFacts({ dataDir }).all()).toEqual([effectOn('j2', 'e2', 70)]);
  });

  it('applies each fact to its job once, however often it is applied', () => {
    const job = jobFixture({ id: 'j1' });
    const facts = [
      note('j1', '2026-11-25T10:50:00.000Z', 'Rear tyre low'),
      effectOn('j1', 'e1', 90),
      effectOn('j2', 'e2', 70),
    ];
    const once = applyPending(job, facts);
    const twice = applyPending(once, facts);
    expect(twice).toEqual(once);
    expect(once.effects).toEqual({ e1: effect(90) });
    expect(once.notes.map((n) => n.text)).toEqual([...job.notes.map((n) => n.text), 'Rear tyre low']);
  });

  it('sets a damaged file aside and reports it, and starts empty', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pending-facts-'));
    const folder = path.join(dataDir, PENDING_FACTS_FOLDER);
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'changes.json'), '{"changes": [{"kind": "effect", "jobId": 1}]}');
    const reports: string[] = [];
    const pending = createPendingFacts({ dataDir, onCorrupt: (report) => reports.push(report.reason) });
    expect(await pending.all()).toEqual([]);
    expect(reports).toHaveLength(1);
    expect((await readdir(folder)).some((name) => name.startsWith('changes.json.corrupt'))).toBe(true);
  });
});

describe("a pending fact's writer", () => {
  it('is kept on disk with the fact, and only its own role and profile give it to the shop', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pending-writers-'));
    const facts = createPendingFacts({ dataDir });
    const anas: PendingChange = {
      ...note('job-1', '2026-11-25T10:00:00.000Z', 'Ana'),
      role: 'ana',
      profileId: 'p1',
    };
    await facts.add(anas);
    // A new process reads the writer back with the fact.
    expect(await createPendingFacts({ dataDir }).all()).toEqual([anas]);
    expect(writtenBy(anas, 'p1', 'ana', 'front_pc')).toBe(true);
    expect(writtenBy(anas, 'p1', 'ben', 'ana')).toBe(false);
    expect(writtenBy(anas, 'p2', 'ana', 'ana')).toBe(false);
  });

  it("is the profile's configured user for a fact kept before facts named their writer", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pending-writers-old-'));
    // The file as a version from before wrote it: no role, no profile.
    await mkdir(path.join(dataDir, PENDING_FACTS_FOLDER), { recursive: true });
    const old = note('job-2', '2026-11-25T11:00:00.000Z', 'kept before');
    await writeFile(
      path.join(dataDir, PENDING_FACTS_FOLDER, 'changes.json'),
      JSON.stringify({ changes: [old] }),
    );
    const [read] = await createPendingFacts({ dataDir }).all();
    expect(read).toEqual(old);
    expect(writtenBy(read!, 'p1', 'ana', 'ana')).toBe(true);
    expect(writtenBy(read!, 'p1', 'ben', 'ana')).toBe(false);
  });
});
