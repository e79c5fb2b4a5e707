// The garage's glances, one file per profile: <data>/glances/<profileId>.json. Saved so the list
// still shows what was last confirmed, with its age, after a restart; a damaged file is set aside
// and the glance starts unknown.
import { join } from 'node:path';
import { z } from 'zod';
import { AppError } from '../../shared/result';
import type { VehicleGlance } from '../../shared/types';
import { vinProblem } from '../../shared/vin';
import type { GlanceStorage } from '../services/vehicle-glance';
import { glanceSchema } from '../services/vehicle-glance';
import {
  ensureFolder,
  readJsonFile,
  removeFile,
  writeFileAtomic,
  type AtomicFs,
  type OnCorrupt,
} from './atomic-file';
import { isProfileId } from './profile-id';

export const GLANCES_FOLDER = 'glances';

const fileSchema = z.object({
  version: z.literal(1),
  glances: z.record(
    z.string().refine((vin) => vinProblem(vin) === null, 'not a VIN'),
    glanceSchema,
  ),
});

export function createGlanceStore(options: {
  dataDir: string;
  now?: () => Date;
  onCorrupt?: OnCorrupt;
  fs?: AtomicFs;
}): GlanceStorage {
  const folder = join(options.dataDir, GLANCES_FOLDER);
  const fileOf = (profileId: string) => {
    if (!isProfileId(profileId)) throw new AppError('invalid_input', 'Unknown profile id.');
    return join(folder, `${profileId}.json`);
  };
  return {
    async load(profileId) {
      const read = await readJsonFile(fileOf(profileId), fileSchema, options);
      return read.status === 'ok' ? (read.value.glances as Record<string, VehicleGlance>) : null;
    },
    async save(profileId, glances) {
      // writeFileAtomic and removeFile take the path's lock themselves.
      const path = fileOf(profileId);
      await ensureFolder(folder, { fs: options.fs });
      await writeFileAtomic(path, JSON.stringify({ version: 1, glances }) + '\n', { fs: options.fs });
    },
    async remove(profileId) {
      await removeFile(fileOf(profileId), { fs: options.fs });
    },
  };
}
