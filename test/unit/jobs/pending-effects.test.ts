// Effects kept while the shop's database is away: on disk at once (a new process reads them), one
// per job and entry, forgotten once the shop has them; a damaged file is set aside, not trusted.
import { mkdtemp, readdir, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPendingEffects, PENDING_EFFECTS_FOLDER } from '../../../electron/main/jobs/pending-effects';
import type { ActionEffect } from '../../../electron/shared/jobs/job-record';

const effect = (after: number): ActionEffect => ({
  status: 'confirmed',
  reading: 'chargeLimit',
  before: 80,
  after,
  confirmedAt: '2026-11-25T10:42:13.000Z',
  text: `charge limit 80 → ${after} %, confirmed 10:42:13 UTC`,
});

describe('pending effects', () => {
  it('survive a restart, keep one per job and entry, and go once the shop has them', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pending-effects-'));
    const first = createPendingEffects({ dataDir });
    await first.add({ jobId: 'j1', entryId: 'e1', effect: effect(85) });
    await first.add({ jobId: 'j1', entryId: 'e1', effect: effect(90) });
    await first.add({ jobId: 'j2', entryId: 'e2', effect: effect(70) });

    const again = createPendingEffects({ dataDir });
    expect(await again.of('j1')).toEqual({ e1: effect(90) });
    expect((await again.all()).map((e) => `${e.jobId}/${e.entryId}`)).toEqual(['j1/e1', 'j2/e2']);

    await again.remove([{ jobId: 'j1', entryId: 'e1' }]);
    expect((await createPendingEffects({ dataDir }).all()).map((e) => e.jobId)).toEqual(['j2']);
  });

  it('sets a damaged file aside and reports it, and starts empty', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pending-effects-'));
    const folder = path.join(dataDir, PENDING_EFFECTS_FOLDER);
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'effects.json'), '{"effects": [{"jobId": 1}]}');
    const reports: string[] = [];
    const pending = createPendingEffects({ dataDir, onCorrupt: (report) => reports.push(report.reason) });
    expect(await pending.all()).toEqual([]);
    expect(reports).toHaveLength(1);
    expect((await readdir(folder)).some((name) => name.startsWith('effects.json.corrupt'))).toBe(true);
  });
});
