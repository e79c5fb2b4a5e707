// shop-settings.json: read once, then kept, since every audited action asks who the technician is;
// this store is the file's only writer, so what it keeps is what it wrote.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createShopSettingsStore,
  SHOP_SETTINGS_FILE,
  SOLO_SETTINGS,
} from '../../../electron/main/storage/shop-settings-store';
import { useTempFolder } from './temp-folder';

const SHOP = {
  mode: 'shop' as const,
  connection: { host: 'db.example', port: 5432, database: 'garage', user: 'ana' },
  technician: 'Ana',
  machine: 'bay-2',
};

describe('shop-settings.json', () => {
  const temp = useTempFolder();
  const file = () => path.join(temp.path, SHOP_SETTINGS_FILE);

  it('reads the file once, then answers from what it read and wrote', async () => {
    await writeFile(file(), JSON.stringify({ profiles: { p1: SHOP } }));
    const store = createShopSettingsStore({ dataDir: temp.path });
    expect(await store.get('p1')).toEqual(SHOP);
    // A change behind the store's back is not read again...
    await writeFile(file(), JSON.stringify({ profiles: {} }));
    expect(await store.get('p1')).toEqual(SHOP);
    // ...and its own writes are both kept and on disk.
    await store.set('p2', { ...SHOP, technician: 'Ben' });
    expect((await store.get('p2')).technician).toBe('Ben');
    expect(JSON.parse(await readFile(file(), 'utf8')).profiles.p2.technician).toBe('Ben');
    await store.forget('p1');
    expect(await store.get('p1')).toEqual(SOLO_SETTINGS);
    // A fresh start reads what was written.
    expect(await createShopSettingsStore({ dataDir: temp.path }).get('p2')).toMatchObject({
      technician: 'Ben',
    });
  });

  it('hands out copies: changing one changes nothing the next caller reads', async () => {
    const store = createShopSettingsStore({ dataDir: temp.path });
    await store.set('p1', SHOP);
    (await store.get('p1')).technician = 'Mallory';
    expect((await store.get('p1')).technician).toBe('Ana');
  });
});
