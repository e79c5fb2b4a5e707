import * as fs from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AtomicFs, CorruptReport } from '../../../electron/main/storage/atomic-file';
import {
  createProfilesStore,
  MAX_PROFILES,
  type ProfilesStore,
} from '../../../electron/main/storage/profiles-store';
import { AppError } from '../../../electron/shared/result';
import { manualClock, useTempFolder } from './temp-folder';

function ids() {
  let n = 0;
  return () => `id-${++n}`;
}

async function errorOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('profiles store', () => {
  const dir = useTempFolder();
  const clock = manualClock();
  const open = (extra: { onCorrupt?: (r: CorruptReport) => void } = {}): ProfilesStore =>
    createProfilesStore({ dataDir: dir.path, now: clock.now, newId: ids(), ...extra });

  it('starts with the demo profile, active, and keeps its creation time across launches', async () => {
    const store = open();
    const demo = {
      id: 'demo',
      name: 'Demo garage',
      baseUrl: null,
      demo: true,
      createdAt: '2025-03-01T10:00:00.000Z',
    };
    expect(await store.list()).toEqual([demo]);
    expect((await store.active()).id).toBe('demo');
    expect(await fs.readdir(dir.path)).toEqual(['profiles.json']);
    const later = createProfilesStore({ dataDir: dir.path, now: () => new Date('2030-01-01T00:00:00.000Z') });
    expect(await later.list()).toEqual([demo]);
  });

  it('still lists the demo profile when the data folder cannot be written', async () => {
    const readOnly: AtomicFs = {
      ...fs,
      open: ((path: string, flags?: string, mode?: number) =>
        flags === 'wx'
          ? Promise.reject(Object.assign(new Error('read-only'), { code: 'EROFS' }))
          : fs.open(path, flags, mode)) as AtomicFs['open'],
    };
    const store = createProfilesStore({ dataDir: dir.path, now: clock.now, fs: readOnly });
    expect((await store.list()).map((p) => p.id)).toEqual(['demo']);
    const error = await errorOf(store.create({ name: 'A' }));
    expect(error.kind).toBe('storage');
    expect(error.message).toContain('EROFS');
    expect((await store.list()).map((p) => p.id)).toEqual(['demo']);
  });

  it('creates profiles with the default base URL and persists them', async () => {
    const store = open();
    const created = await store.create({ name: '  Workshop A  ' });
    expect(created).toEqual({
      id: 'id-1',
      name: 'Workshop A',
      baseUrl: 'https://api.tessie.com',
      demo: false,
      createdAt: '2025-03-01T10:00:00.000Z',
    });
    const other = await store.create({ name: 'Bench', baseUrl: 'http://127.0.0.1:4010/' });
    expect(other.baseUrl).toBe('http://127.0.0.1:4010');
    const reopened = open();
    expect((await reopened.list()).map((p) => p.name)).toEqual(['Demo garage', 'Workshop A', 'Bench']);
    const file = JSON.parse(await fs.readFile(join(dir.path, 'profiles.json'), 'utf8'));
    expect(file.version).toBe(1);
    expect(file.activeProfileId).toBe('demo');
  });

  it.each([
    ['', 'Enter a profile name'],
    ['   ', 'Enter a profile name'],
    ['x'.repeat(61), 'at most 60'],
    ['bad\u0007name', 'control characters'],
  ])('refuses the name %j', async (name, message) => {
    const error = await errorOf(open().create({ name }));
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toContain(message);
    expect(error.info.issues?.[0]?.path).toBe('name');
  });

  it('accepts a 60-character name and counts characters, not UTF-16 units', async () => {
    const store = open();
    expect((await store.create({ name: 'x'.repeat(60) })).name).toHaveLength(60);
    expect((await store.create({ name: '🚗'.repeat(60) })).name).toBe('🚗'.repeat(60));
  });

  it('refuses duplicate names ignoring case, including the demo name', async () => {
    const store = open();
    await store.create({ name: 'Workshop' });
    expect((await errorOf(store.create({ name: 'WORKSHOP ' }))).message).toContain('already exists');
    expect((await errorOf(store.create({ name: 'demo GARAGE' }))).kind).toBe('invalid_input');
  });

  it.each(['http://api.tessie.com', 'https://u:p@x.com', 'https://x.com/?q', 'ftp://x.com', ''])(
    'refuses the base URL %j',
    async (baseUrl) => {
      const error = await errorOf(open().create({ name: 'P', baseUrl }));
      expect(error.kind).toBe('invalid_input');
      expect(error.info.issues?.[0]?.path).toBe('baseUrl');
    },
  );

  it('updates name and base URL; renaming to its own name in other case is fine', async () => {
    const store = open();
    const p = await store.create({ name: 'Workshop' });
    expect(await store.update(p.id, { name: 'WORKSHOP' })).toMatchObject({ name: 'WORKSHOP' });
    expect(await store.update(p.id, { baseUrl: 'https://eu.example.com/' })).toMatchObject({
      baseUrl: 'https://eu.example.com',
    });
    expect((await open().get(p.id))?.baseUrl).toBe('https://eu.example.com');
  });

  it('lets the demo profile be renamed but not to nothing, and not re-pointed', async () => {
    const store = open();
    expect((await store.update('demo', { name: 'Training' })).name).toBe('Training');
    expect((await errorOf(store.update('demo', { name: '  ' }))).kind).toBe('invalid_input');
    expect((await errorOf(store.update('demo', { baseUrl: 'https://x.com' }))).kind).toBe('invalid_input');
    expect((await store.get('demo'))?.name).toBe('Training');
  });

  it('never removes the demo profile', async () => {
    const store = open();
    const error = await errorOf(store.remove('demo'));
    expect(error.kind).toBe('invalid_input');
    expect((await store.list()).some((p) => p.id === 'demo')).toBe(true);
  });

  it('makes the demo profile active when the active profile is removed', async () => {
    const store = open();
    const p = await store.create({ name: 'Workshop' });
    await store.activate(p.id);
    expect((await open().active()).id).toBe(p.id);
    await store.remove(p.id);
    expect((await store.active()).id).toBe('demo');
    expect((await open().active()).id).toBe('demo');
    expect(await store.get(p.id)).toBeNull();
  });

  it('keeps another active profile when a different one is removed', async () => {
    const store = open();
    const a = await store.create({ name: 'A' });
    const b = await store.create({ name: 'B' });
    await store.activate(a.id);
    await store.remove(b.id);
    expect((await store.active()).id).toBe(a.id);
  });

  it('answers not_found for unknown ids', async () => {
    const store = open();
    expect((await errorOf(store.activate('nope'))).kind).toBe('not_found');
    expect((await errorOf(store.update('nope', { name: 'x' }))).kind).toBe('not_found');
    expect((await errorOf(store.remove('nope'))).kind).toBe('not_found');
  });

  it('uses random UUIDs by default', async () => {
    const store = createProfilesStore({ dataDir: dir.path, now: clock.now });
    const a = await store.create({ name: 'A' });
    const b = await store.create({ name: 'B' });
    expect(a.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a.id).not.toBe(b.id);
  });

  it('limits the number of profiles', async () => {
    const store = open();
    for (let i = 0; i < MAX_PROFILES; i++) await store.create({ name: `P${i}` });
    expect((await errorOf(store.create({ name: 'one too many' }))).message).toContain(`${MAX_PROFILES}`);
  });

  it('serializes concurrent creates so none is lost', async () => {
    const store = open();
    await Promise.all(Array.from({ length: 20 }, (_, i) => store.create({ name: `P${i}` })));
    expect(await open().list()).toHaveLength(21);
  });

  it('sets a corrupt file aside, reports it and starts again with the demo profile', async () => {
    await fs.writeFile(join(dir.path, 'profiles.json'), '{"version":1,"activeProfileId":"x","profiles":[{');
    const reports: CorruptReport[] = [];
    const store = open({ onCorrupt: (r) => reports.push(r) });
    expect((await store.list()).map((p) => p.id)).toEqual(['demo']);
    expect(reports).toHaveLength(1);
    expect(reports[0]?.setAsidePath).toMatch(/profiles\.json\.corrupt-\d{8}T\d{9}Z$/);
    expect((await fs.readdir(dir.path)).some((n) => n.startsWith('profiles.json.corrupt-'))).toBe(true);
  });

  it('treats a profile pointing at plain http elsewhere as tampering', async () => {
    const body = {
      version: 1,
      activeProfileId: 'p1',
      profiles: [
        {
          id: 'p1',
          name: 'X',
          baseUrl: 'http://evil.example',
          demo: false,
          createdAt: '2025-01-01T00:00:00.000Z',
        },
      ],
    };
    await fs.writeFile(join(dir.path, 'profiles.json'), JSON.stringify(body));
    const reports: CorruptReport[] = [];
    const store = open({ onCorrupt: (r) => reports.push(r) });
    expect((await store.list()).map((p) => p.id)).toEqual(['demo']);
    expect(reports[0]?.reason).toContain('baseUrl');
  });

  it('repairs a file without the demo profile or with a dangling active id', async () => {
    const body = {
      version: 1,
      activeProfileId: 'gone',
      profiles: [
        {
          id: 'p1',
          name: 'X',
          baseUrl: 'https://x.example',
          demo: false,
          createdAt: '2025-01-01T00:00:00.000Z',
        },
      ],
    };
    await fs.writeFile(join(dir.path, 'profiles.json'), JSON.stringify(body));
    const store = open();
    expect((await store.list()).map((p) => p.id)).toEqual(['demo', 'p1']);
    expect((await store.active()).id).toBe('demo');
  });

  it('loses nothing saved when a write was killed (leftover temp file, previous file intact)', async () => {
    const store = open();
    await store.create({ name: 'Kept' });
    await fs.writeFile(join(dir.path, '.profiles.json.00112233445566ff.tmp'), '{"version":1,"activePro');
    const reopened = open();
    expect((await reopened.list()).map((p) => p.name)).toEqual(['Demo garage', 'Kept']);
    expect(await fs.readdir(dir.path)).toEqual(['profiles.json']);
  });
});
