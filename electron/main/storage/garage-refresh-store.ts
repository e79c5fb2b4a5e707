// The "Refresh garage" choice, kept beside the data it reads: `garage-refresh.json` in the data
// folder, `{ "alertsAndCertificates": true }`. A damaged file is set aside and the default used: the
// app still starts, reading states only (one request a vehicle) until the technician chooses again.
import { join } from 'node:path';
import { z } from 'zod';
import { DEFAULT_GARAGE_REFRESH, type GarageRefreshSettings } from '../../shared/garage-refresh-settings';
import { readJsonFile, writeFileAtomic, type OnCorrupt } from './atomic-file';

export const GARAGE_REFRESH_FILE = 'garage-refresh.json';

const fileSchema = z.object({ alertsAndCertificates: z.boolean() });

export async function readGarageRefreshSettings(
  dataDir: string,
  options: { onCorrupt?: OnCorrupt } = {},
): Promise<GarageRefreshSettings> {
  const read = await readJsonFile(join(dataDir, GARAGE_REFRESH_FILE), fileSchema, options);
  return read.status === 'ok'
    ? { alertsAndCertificates: read.value.alertsAndCertificates }
    : { ...DEFAULT_GARAGE_REFRESH };
}

export async function writeGarageRefreshSettings(
  dataDir: string,
  settings: GarageRefreshSettings,
): Promise<void> {
  const body = { alertsAndCertificates: settings.alertsAndCertificates };
  await writeFileAtomic(join(dataDir, GARAGE_REFRESH_FILE), `${JSON.stringify(body, null, 2)}\n`);
}
