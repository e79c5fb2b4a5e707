// The update choice, `updates.json` in the data folder: `{ "mode": "notify" }`. A damaged file is set
// aside and the default used (checking and telling), so a bad file never silences updates for good.
import { join } from 'node:path';
import { z } from 'zod';
import { DEFAULT_UPDATE_SETTINGS, UPDATE_MODES, type UpdateSettings } from '../../shared/update-settings';
import { readJsonFile, writeFileAtomic, type OnCorrupt } from './atomic-file';

export const UPDATE_SETTINGS_FILE = 'updates.json';

const fileSchema = z.object({
  mode: z.enum(UPDATE_MODES as [UpdateSettings['mode'], ...UpdateSettings['mode'][]]),
});

export async function readUpdateSettings(
  dataDir: string,
  options: { onCorrupt?: OnCorrupt } = {},
): Promise<UpdateSettings> {
  const read = await readJsonFile(join(dataDir, UPDATE_SETTINGS_FILE), fileSchema, options);
  return read.status === 'ok' ? { mode: read.value.mode } : { ...DEFAULT_UPDATE_SETTINGS };
}

export async function writeUpdateSettings(dataDir: string, settings: UpdateSettings): Promise<void> {
  await writeFileAtomic(
    join(dataDir, UPDATE_SETTINGS_FILE),
    `${JSON.stringify({ mode: settings.mode }, null, 2)}\n`,
  );
}
