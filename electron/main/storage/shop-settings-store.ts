// Each profile's shop settings (solo by default), kept in <data>/shop-settings.json. Never the
// password: that is in the OS keychain (vault/shop-password.ts). The file is read once and then
// kept: every audited action asks who the technician is, and only this store writes the file.
import { join } from 'node:path';
import { z } from 'zod';
import { SHOP_SSL_MODES, type ShopSettingsInput } from '../../shared/shop';
import { readJsonUnlocked, writeFileAtomic, type OnCorrupt } from './atomic-file';
import { withFileLock } from './file-lock';

export const SHOP_SETTINGS_FILE = 'shop-settings.json';

const settingsSchema = z.object({
  mode: z.enum(['solo', 'shop']),
  connection: z.object({
    url: z.string().optional(),
    host: z.string().optional(),
    port: z.number().int().optional(),
    database: z.string().optional(),
    user: z.string().optional(),
    sslmode: z.enum(SHOP_SSL_MODES).optional(),
    caFile: z.string().optional(),
    clientCertFile: z.string().optional(),
    clientKeyFile: z.string().optional(),
  }),
  technician: z.string(),
  machine: z.string(),
  desk: z.object({ enabled: z.boolean(), lockMinutes: z.number().int().min(1) }).optional(),
});
const fileSchema = z.object({ profiles: z.record(z.string(), settingsSchema) });

export const SOLO_SETTINGS: ShopSettingsInput = { mode: 'solo', connection: {}, technician: '', machine: '' };

export interface ShopSettingsStore {
  get(profileId: string): Promise<ShopSettingsInput>;
  set(profileId: string, settings: ShopSettingsInput): Promise<void>;
  forget(profileId: string): Promise<void>;
}

export function createShopSettingsStore(options: {
  dataDir: string;
  onCorrupt?: OnCorrupt;
}): ShopSettingsStore {
  const path = join(options.dataDir, SHOP_SETTINGS_FILE);
  // Read-modify-write under its own key: writeFileAtomic takes the file's lock itself.
  const updateKey = `${path}#update`;
  let known: Record<string, ShopSettingsInput> | null = null;
  async function readAll(): Promise<Record<string, ShopSettingsInput>> {
    if (known) return known;
    const read = await readJsonUnlocked(path, fileSchema, { onCorrupt: options.onCorrupt });
    known = read.status === 'ok' ? read.value.profiles : {};
    return known;
  }
  const update = (change: (all: Record<string, ShopSettingsInput>) => void) =>
    withFileLock(updateKey, async () => {
      const all = structuredClone(await readAll());
      change(all);
      await writeFileAtomic(path, `${JSON.stringify({ profiles: all }, null, 2)}\n`);
      // Kept only once written: a failed write leaves the settings as the file has them.
      known = all;
    });
  return {
    get: (profileId) =>
      withFileLock(updateKey, async () => structuredClone((await readAll())[profileId] ?? SOLO_SETTINGS)),
    set: (profileId, settings) =>
      update((all) => {
        all[profileId] = structuredClone(settings);
      }),
    forget: (profileId) =>
      update((all) => {
        delete all[profileId];
      }),
  };
}
