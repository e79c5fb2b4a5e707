// A garage file is read entry by entry: up to 10,000 vehicles are kept, a bad entry costs only
// itself (written aside first, then the file is repaired), and the technician is told in words.
import * as fs from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createGarageStore } from '../../../electron/main/storage/garage-store';
import { MAX_VEHICLES } from '../../../electron/main/storage/garage-file';
import { vinWithCheckDigit } from '../../../electron/shared/vin';
import { manualClock, useTempFolder } from './temp-folder';

/** `n` distinct valid VINs. */
function vins(n: number): string[] {
  return Array.from({ length: n }, (_, i) => vinWithCheckDigit(`5YJ3E1EA0KF${String(i).padStart(6, '0')}`));
}

const entry = (vin: string) => ({ vin, nickname: null, addedAt: '2025-01-01T00:00:00.000Z', plate: null });

describe('garage file', () => {
  const dir = useTempFolder();
  const clock = manualClock();
  const garages = () => join(dir.path, 'garages');

  async function writeGarage(vehicles: unknown[]): Promise<void> {
    await fs.mkdir(garages(), { recursive: true });
    await fs.writeFile(join(garages(), 'p1.json'), JSON.stringify({ version: 1, seeded: true, vehicles }));
  }
  const open = () => createGarageStore({ dataDir: dir.path, now: clock.now });

  it('keeps a garage of 10,000 vehicles whole', async () => {
    expect(MAX_VEHICLES).toBeGreaterThanOrEqual(10_000);
    const all = vins(10_000);
    await writeGarage(all.map(entry));
    const store = open();
    expect((await store.list('p1')).map((v) => v.vin)).toEqual(all);
    expect(store.notice('p1')).toBeNull();
    expect(await fs.readdir(garages())).toEqual(['p1.json']);
  });

  it('sets aside only the bad entries, keeps the good ones, repairs the file and says so', async () => {
    const all = vins(50);
    const bad = [{ vin: 'NOT-A-VIN' }, 'garbage', { ...entry(all[0]!), addedAt: 'yesterday' }];
    await writeGarage([...all.slice(0, 20).map(entry), ...bad, ...all.slice(20).map(entry)]);
    const store = open();
    expect((await store.list('p1')).map((v) => v.vin)).toEqual(all);
    expect(store.notice('p1')).toBe(
      '3 entries of the garage file could not be used and were set aside in ' +
        'p1.json.rejected-20250301T100000000Z.json (3 entries are damaged or not a valid vehicle); ' +
        'the other 50 vehicles are shown.',
    );
    const aside = JSON.parse(
      await fs.readFile(join(garages(), 'p1.json.rejected-20250301T100000000Z.json'), 'utf8'),
    );
    expect(aside.rejected.map((r: { index: number; entry: unknown }) => [r.index, r.entry])).toEqual(
      bad.map((b, i) => [20 + i, b]),
    );
    // The repaired file reads cleanly next time: nothing more is set aside, no notice.
    const again = open();
    expect((await again.list('p1')).map((v) => v.vin)).toEqual(all);
    expect(again.notice('p1')).toBeNull();
  });

  it('sets aside vehicles past the limit rather than the garage', async () => {
    const all = vins(MAX_VEHICLES + 3);
    await writeGarage(all.map(entry));
    const store = open();
    expect(await store.list('p1')).toHaveLength(MAX_VEHICLES);
    expect(store.notice('p1')).toContain('3 vehicles are over the limit of 10,000');
  });

  it('says so when the file is not a garage at all, and keeps it', async () => {
    await fs.mkdir(garages(), { recursive: true });
    await fs.writeFile(join(garages(), 'p1.json'), '{"version":1,"seeded":tr');
    const store = open();
    expect(await store.list('p1')).toEqual([]);
    expect(store.notice('p1')).toBe(
      'The garage file could not be read (it is not valid JSON), so the garage starts empty. ' +
        'It was kept as p1.json.corrupt-20250301T100000000Z.',
    );
  });
});
