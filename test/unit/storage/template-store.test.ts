// The telemetry templates file: concurrent saves all kept (one change at a time), names unique
// case-insensitively, a damaged or hand-broken file set aside (reported) rather than trusted.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLocalTemplateStore, TEMPLATES_FILE } from '../../../electron/main/storage/template-store';
import { useTempFolder } from './temp-folder';

const folder = useTempFolder();
const t = (name: string, interval = 5) => ({
  name,
  fields: { Gear: { interval_seconds: interval } },
  notes: '',
});

describe('local template store', () => {
  it('keeps every one of concurrent saves, replaces by name whatever the case, sorts by name', async () => {
    const store = createLocalTemplateStore({ dataDir: folder.path });
    await Promise.all(['Charlie', 'alpha', 'Bravo'].map((n) => store.save(t(n))));
    await store.save(t('ALPHA', 9));
    expect((await store.list()).map((x) => [x.name, x.fields.Gear?.interval_seconds])).toEqual([
      ['ALPHA', 9],
      ['Bravo', 5],
      ['Charlie', 5],
    ]);
    const onDisk = JSON.parse(await readFile(join(folder.path, TEMPLATES_FILE), 'utf8'));
    expect(onDisk.version).toBe(1);
    expect(onDisk.templates).toHaveLength(3);
  });

  it('sets a damaged file aside and starts empty; an edited template with an unknown field is refused', async () => {
    const reports: unknown[] = [];
    const store = createLocalTemplateStore({ dataDir: folder.path, onCorrupt: (r) => reports.push(r) });
    await writeFile(
      join(folder.path, TEMPLATES_FILE),
      JSON.stringify({
        version: 1,
        templates: [{ name: 'X', fields: { Gaer: { interval_seconds: 5 } }, notes: '' }],
      }),
    );
    expect(await store.list()).toEqual([]);
    expect(reports).toHaveLength(1);
    expect(
      (await readdir(folder.path)).some((f) => f.startsWith(TEMPLATES_FILE) && f !== TEMPLATES_FILE),
    ).toBe(true);
    await store.save(t('Fresh'));
    expect((await store.list()).map((x) => x.name)).toEqual(['Fresh']);
  });

  it('replaces the whole list at once, as a copy following its source does', async () => {
    const store = createLocalTemplateStore({ dataDir: folder.path });
    await store.save(t('Old'));
    await Promise.all([store.replace([t('zulu'), t('Bravo', 7)]), store.save(t('Late'))]);
    expect((await store.list()).map((x) => x.name)).toEqual(['Bravo', 'Late', 'zulu']);
    await store.replace([]);
    expect(await store.list()).toEqual([]);
  });

  it('says which template is missing on remove', async () => {
    const store = createLocalTemplateStore({ dataDir: folder.path });
    await expect(store.remove('Nope')).rejects.toMatchObject({ kind: 'not_found' });
  });
});
