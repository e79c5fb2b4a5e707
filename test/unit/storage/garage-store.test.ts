import * as fs from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CorruptReport } from '../../../electron/main/storage/atomic-file';
import { createGarageStore, type GarageStore } from '../../../electron/main/storage/garage-store';
import { AppError } from '../../../electron/shared/result';
import { vinWithCheckDigit } from '../../../electron/shared/vin';
import { manualClock, useTempFolder } from './temp-folder';

const VIN_A = vinWithCheckDigit('5YJ3E1EA0KF000001');
const VIN_B = vinWithCheckDigit('5YJYGDEE0MF000002');
const VIN_C = vinWithCheckDigit('7SAYGDEF0NF000003');

async function errorOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('garage store', () => {
  const dir = useTempFolder();
  const clock = manualClock();
  const open = (onCorrupt?: (r: CorruptReport) => void): GarageStore =>
    createGarageStore({ dataDir: dir.path, now: clock.now, onCorrupt });

  it('adds, lists in order and persists per profile', async () => {
    const store = open();
    expect(await store.list('p1')).toEqual([]);
    const added = await store.add('p1', { vin: ` ${VIN_A.toLowerCase()} `, nickname: '  Blue one ' });
    expect(added).toEqual({
      vin: VIN_A,
      nickname: 'Blue one',
      addedAt: '2025-03-01T10:00:00.000Z',
      plate: null,
    });
    clock.advance(1000);
    await store.add('p1', { vin: VIN_B });
    await store.add('p2', { vin: VIN_A });
    const reopened = open();
    expect(await reopened.list('p1')).toEqual([
      { vin: VIN_A, nickname: 'Blue one', addedAt: '2025-03-01T10:00:00.000Z', plate: null },
      { vin: VIN_B, nickname: null, addedAt: '2025-03-01T10:00:01.000Z', plate: null },
    ]);
    expect((await reopened.list('p2')).map((v) => v.vin)).toEqual([VIN_A]);
    expect((await fs.readdir(join(dir.path, 'garages'))).sort()).toEqual(['p1.json', 'p2.json']);
  });

  it('refuses a VIN already in the same garage', async () => {
    const store = open();
    await store.add('p1', { vin: VIN_A });
    const error = await errorOf(store.add('p1', { vin: VIN_A.toLowerCase() }));
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toContain('already in the garage');
    expect(await store.list('p1')).toHaveLength(1);
  });

  it.each([
    ['', /empty/],
    ['5YJ3E1EA7KF00000', /16 characters/],
    ['5YJ3E1EA7KF00000O', /I, O or Q/],
    ['5YJ3E1EA7KF0000-1', /only letters/],
  ])('refuses the VIN %j with the shared VIN rule', async (vin, message) => {
    const error = await errorOf(open().add('p1', { vin }));
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toMatch(message);
    expect(error.info.issues?.[0]?.path).toBe('vin');
  });

  it('renames: trims, clears on blank or null, refuses over 40 characters', async () => {
    const store = open();
    await store.add('p1', { vin: VIN_A, nickname: 'Old' });
    expect((await store.rename('p1', VIN_A, '  New name ')).nickname).toBe('New name');
    expect((await store.rename('p1', VIN_A, '   ')).nickname).toBeNull();
    expect((await store.rename('p1', VIN_A, 'x'.repeat(40))).nickname).toHaveLength(40);
    expect((await store.rename('p1', VIN_A, null)).nickname).toBeNull();
    const error = await errorOf(store.rename('p1', VIN_A, 'x'.repeat(41)));
    expect(error.kind).toBe('invalid_input');
    expect((await errorOf(store.rename('p1', VIN_A, 'tab\there'))).kind).toBe('invalid_input');
    expect((await open().list('p1'))[0]?.nickname).toBeNull();
  });

  it('removes vehicles; unknown VINs are not_found', async () => {
    const store = open();
    await store.add('p1', { vin: VIN_A });
    await store.add('p1', { vin: VIN_B });
    await store.remove('p1', VIN_A.toLowerCase());
    expect((await open().list('p1')).map((v) => v.vin)).toEqual([VIN_B]);
    expect((await errorOf(store.remove('p1', VIN_A))).kind).toBe('not_found');
    expect((await errorOf(store.rename('p1', VIN_C, 'x'))).kind).toBe('not_found');
  });

  it('seeds once: removed vehicles do not come back on the next launch', async () => {
    const entries = [{ vin: VIN_A, nickname: 'Demo 1' }, { vin: VIN_B }];
    const first = open();
    expect(await first.seed('demo', entries)).toBe(true);
    expect((await first.list('demo')).map((v) => v.vin)).toEqual([VIN_A, VIN_B]);
    await first.remove('demo', VIN_A);
    const second = open();
    expect(await second.seed('demo', entries)).toBe(false);
    expect((await second.list('demo')).map((v) => v.vin)).toEqual([VIN_B]);
  });

  it('seeding keeps vehicles already there and skips duplicates', async () => {
    const store = open();
    await store.add('demo', { vin: VIN_C, nickname: 'Mine' });
    expect(await store.seed('demo', [{ vin: VIN_C, nickname: 'Seed' }, { vin: VIN_A }, { vin: VIN_A }])).toBe(
      true,
    );
    expect(await store.list('demo')).toEqual([
      { vin: VIN_C, nickname: 'Mine', addedAt: expect.any(String), plate: null },
      { vin: VIN_A, nickname: null, addedAt: expect.any(String), plate: null },
    ]);
  });

  it('marks an empty garage as seeded too', async () => {
    const store = open();
    expect(await store.seed('demo', [])).toBe(true);
    expect(await open().seed('demo', [{ vin: VIN_A }])).toBe(false);
    expect(await store.list('demo')).toEqual([]);
  });

  it('remembers plates, ignores unknown VINs and refuses what the file could not hold', async () => {
    const store = open();
    await store.add('p1', { vin: VIN_A });
    await store.setPlate('p1', VIN_A.toLowerCase(), 'ABC 123');
    await store.setPlate('p1', VIN_C, 'XYZ'); // not in the garage: ignored
    expect((await open().list('p1')).map((v) => [v.vin, v.plate])).toEqual([[VIN_A, 'ABC 123']]);
    expect((await errorOf(store.setPlate('p1', VIN_A, 'x'.repeat(65)))).kind).toBe('invalid_input');
    expect((await errorOf(store.setPlate('p1', VIN_A, 'a\nb'))).kind).toBe('invalid_input');
    await store.setPlate('p1', VIN_A, null);
    expect((await open().list('p1'))[0]?.plate).toBeNull();
  });

  it('seeds plates with the demo fleet', async () => {
    const store = open();
    await store.seed('demo', [
      { vin: VIN_A, plate: 'DEMO 1' },
      { vin: VIN_B, plate: 'bad\u0000' },
    ]);
    expect((await open().list('demo')).map((v) => v.plate)).toEqual(['DEMO 1', null]);
  });

  it('reads garages written before plates were remembered', async () => {
    await fs.mkdir(join(dir.path, 'garages'));
    const body = {
      version: 1,
      seeded: true,
      vehicles: [{ vin: VIN_A, nickname: null, addedAt: '2025-01-01T00:00:00.000Z' }],
    };
    await fs.writeFile(join(dir.path, 'garages', 'p1.json'), JSON.stringify(body));
    expect(await open().list('p1')).toEqual([{ ...body.vehicles[0], plate: null }]);
  });

  it('refuses profile ids that could escape the folder', async () => {
    const store = open();
    for (const id of ['../x', 'a/b', '', 'a.b', '..']) {
      expect((await errorOf(store.list(id))).kind).toBe('invalid_input');
    }
  });

  it('serializes concurrent adds', async () => {
    const store = open();
    const vins = Array.from({ length: 15 }, (_, i) =>
      vinWithCheckDigit(`5YJ3E1EA0KF1${String(i).padStart(5, '0')}`),
    );
    await Promise.all(vins.map((vin) => store.add('p1', { vin })));
    expect((await open().list('p1')).map((v) => v.vin).sort()).toEqual([...vins].sort());
  });

  it('sets a corrupt garage aside, reports it and starts empty', async () => {
    await fs.mkdir(join(dir.path, 'garages'));
    await fs.writeFile(
      join(dir.path, 'garages', 'p1.json'),
      '{"version":1,"seeded":true,"vehicles":[{"vin":"NOPE"',
    );
    const reports: CorruptReport[] = [];
    const store = open((r) => reports.push(r));
    expect(await store.list('p1')).toEqual([]);
    expect(reports).toHaveLength(1);
    expect(reports[0]?.path).toBe(join(dir.path, 'garages', 'p1.json'));
    await store.add('p1', { vin: VIN_A });
    expect((await open().list('p1')).map((v) => v.vin)).toEqual([VIN_A]);
  });

  it('sets aside only an entry with an invalid VIN, and says so', async () => {
    await fs.mkdir(join(dir.path, 'garages'));
    const good = { vin: VIN_A, nickname: null, addedAt: '2025-01-01T00:00:00.000Z' };
    const body = {
      version: 1,
      seeded: false,
      vehicles: [{ vin: 'IOQ', nickname: null, addedAt: '2025-01-01T00:00:00.000Z' }, good],
    };
    await fs.writeFile(join(dir.path, 'garages', 'p1.json'), JSON.stringify(body));
    const reports: CorruptReport[] = [];
    const store = open((r) => reports.push(r));
    expect((await store.list('p1')).map((v) => v.vin)).toEqual([VIN_A]);
    expect(reports[0]?.setAsidePath).toMatch(/p1\.json\.rejected-.*\.json$/);
    expect(store.notice('p1')).toMatch(/^1 entry of the garage file could not be used/);
  });

  it('loses nothing saved when a write was killed mid-way', async () => {
    const store = open();
    await store.add('p1', { vin: VIN_A });
    const garages = join(dir.path, 'garages');
    const saved = await fs.readFile(join(garages, 'p1.json'), 'utf8');
    await fs.writeFile(join(garages, '.p1.json.0123456789abcdef.tmp'), saved.slice(0, saved.length / 2));
    expect((await open().list('p1')).map((v) => v.vin)).toEqual([VIN_A]);
    expect(await fs.readdir(garages)).toEqual(['p1.json']);
  });

  it('forgets the garage of a removed profile', async () => {
    const store = open();
    await store.add('p1', { vin: VIN_A });
    await store.forget('p1');
    expect(await store.list('p1')).toEqual([]);
    expect(await fs.readdir(join(dir.path, 'garages'))).toEqual([]);
  });
});
