// The technician's name typed on this machine: `technician.json` in the data folder,
// `{ "name": "Dana Ortiz" }`. A damaged file is set aside and the computer's name for the login is
// used until a name is typed again.
import { join } from 'node:path';
import { z } from 'zod';
import { TECHNICIAN_MAX } from '../../shared/jobs/job-limits';
import { readJsonFile, writeFileAtomic, type OnCorrupt } from './atomic-file';

export const TECHNICIAN_FILE = 'technician.json';

const fileSchema = z.object({ name: z.string().max(TECHNICIAN_MAX) });

export async function readTechnician(
  dataDir: string,
  options: { onCorrupt?: OnCorrupt } = {},
): Promise<string> {
  const read = await readJsonFile(join(dataDir, TECHNICIAN_FILE), fileSchema, options);
  return read.status === 'ok' ? read.value.name.trim() : '';
}

export async function writeTechnician(dataDir: string, name: string): Promise<void> {
  await writeFileAtomic(join(dataDir, TECHNICIAN_FILE), `${JSON.stringify({ name }, null, 2)}\n`);
}
