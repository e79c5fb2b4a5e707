// The garage's glances, one file per profile: <data>/glances/<profileId>.json. Saved so the list
// still shows what was last confirmed, with its age, after a restart; a damaged file is set aside
// and the glance starts unknown.
import { join } from 'node:path';
import { z } from 'zod';
import { AppError } from '../../shared/result';
import type { VehicleGlance } from '../../shared/types';
import { vinProblem } from '../../shared/vin';
import {
  ensureFolder,
  readJsonFile,
  removeFile,
  writeFileAtomic,
  type AtomicFs,
  type OnCorrupt,
} from './atomic-file';
import { isProfileId } from './profile-id';
import { tm } from '../i18n/main-words';

export const GLANCES_FOLDER = 'glances';

/** Where the glance book keeps glances between sessions. */
export interface GlanceStorage {
  load(profileId: string): Promise<Record<string, VehicleGlance> | null>;
  save(profileId: string, glances: Record<string, VehicleGlance>): Promise<void>;
  remove(profileId: string): Promise<void>;
}

const observedSchema = <T extends z.ZodType>(value: T) =>
  z
    .object({
      value,
      asOf: z.iso.datetime(),
      source: z.enum([
        'status',
        'state',
        'live-state',
        'account',
        'telemetry',
        'release-notes',
        'firmware-alerts',
        'tyres',
        'wake',
      ]),
      fromCache: z.boolean(),
    })
    .nullable();

/** The saved form is checked on load like any file the user could edit. */
export const glanceSchema = z.object({
  sleep: observedSchema(z.enum(['awake', 'asleep', 'offline'])),
  batteryLevel: observedSchema(z.number()),
  batteryRange: observedSchema(z.number()),
  version: observedSchema(z.string().max(64)),
  softwareUpdate: observedSchema(
    z.object({ status: z.string().max(64), version: z.string().max(64).nullable() }),
  ),
  stagedVersion: observedSchema(z.string().max(64).nullable()),
  telemetryExpiresAt: observedSchema(z.iso.datetime()),
  firmwareAlertCount: observedSchema(z.number().int().nonnegative()),
  carType: observedSchema(z.string().max(64)),
  // Absent from glances saved before these parts were kept: unknown, not a damaged file.
  inService: observedSchema(z.boolean()).default(null),
  tyresLow: observedSchema(z.boolean()).default(null),
  charging: observedSchema(z.string().max(40)).default(null),
});

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
    if (!isProfileId(profileId)) throw new AppError('invalid_input', tm('errors.unknownProfileId'));
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
