// The alerts the app saw, kept per profile and car on disk: what one read noted is there for the
// next session, a damaged file is set aside (the sightings start over), and a profile's go with it.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createAlertSightingsStore } from '../../electron/main/storage/alert-sightings-store';

const VIN = '5YJ3E1EA7KF000001';
const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function store() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'alert-sightings-'));
  dirs.push(dataDir);
  const corrupt: string[] = [];
  return {
    dataDir,
    corrupt,
    store: createAlertSightingsStore({ dataDir, onCorrupt: (r) => corrupt.push(r.path) }),
  };
}

it('keeps what reads saw across stores, one car apart from another, and forgets a profile', async () => {
  const { dataDir, store: first } = await store();
  const washer = { name: 'VCFRONT_a361_washerFluidLow', timestamp: 1_700_000_000, description: null };
  await first.noteRead('demo', VIN, [washer], '2026-11-01T10:00:00.000Z');
  await first.noteRead('demo', VIN, [], '2026-11-02T10:00:00.000Z');
  const again = createAlertSightingsStore({ dataDir });
  expect(await again.load('demo', VIN)).toEqual([
    {
      name: washer.name,
      firedAt: washer.timestamp,
      description: null,
      firstSeenAt: '2026-11-01T10:00:00.000Z',
      lastSeenAt: '2026-11-01T10:00:00.000Z',
      goneAt: '2026-11-02T10:00:00.000Z',
    },
  ]);
  expect(await again.load('demo', '5YJ3E1EA7KF000002')).toEqual([]);
  await again.forgetProfile('demo');
  expect(await again.load('demo', VIN)).toEqual([]);
});

it('sets a damaged file aside and starts over; refuses a path that is not a profile and a VIN', async () => {
  const { dataDir, corrupt, store: s } = await store();
  await s.noteRead('demo', VIN, [{ name: 'A', timestamp: 1 }], '2026-11-01T10:00:00.000Z');
  const folder = path.join(dataDir, 'alert-sightings', 'demo');
  await writeFile(path.join(folder, `${VIN}.json`), '{"version":1,"sightings":[{"name":5}]}');
  expect(await s.load('demo', VIN)).toEqual([]);
  expect(corrupt).toHaveLength(1);
  expect((await readdir(folder)).some((name) => name.startsWith(VIN) && name !== `${VIN}.json`)).toBe(true);
  await expect(s.load('../x', VIN)).rejects.toMatchObject({ kind: 'invalid_input' });
  await expect(s.load('demo', '../../x')).rejects.toMatchObject({ kind: 'invalid_input' });
});
