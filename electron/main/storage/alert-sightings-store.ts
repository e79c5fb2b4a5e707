// What the app saw of each car's firmware alerts, one small file per profile and car:
// <data>/alert-sightings/<profileId>/<vin>.json. Kept so an alert's end, which the service never
// reports, is still known after a restart; a damaged file is set aside and the sightings start over.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { noteAlertRead, type AlertSighting, type SeenAlert } from '../../shared/alert-sightings';
import { AppError } from '../../shared/result';
import { vinProblem } from '../../shared/vin';
import { tm } from '../i18n/main-words';
import { ensureFolder, readJsonFile, writeFileAtomic, type AtomicFs, type OnCorrupt } from './atomic-file';
import { isProfileId } from './profile-id';

export const ALERT_SIGHTINGS_FOLDER = 'alert-sightings';

export interface AlertSightingsStore {
  /** The sightings kept for this car; none when nothing was seen yet. */
  load(profileId: string, vin: string): Promise<AlertSighting[]>;
  /** Notes one successful read at `readAt` and returns the sightings after it. */
  noteRead(
    profileId: string,
    vin: string,
    alerts: readonly SeenAlert[],
    readAt: string,
  ): Promise<AlertSighting[]>;
  /** Forgets every car's sightings of a profile: removed, or moved to another service's address. */
  forgetProfile(profileId: string): Promise<void>;
}

const when = z.iso.datetime();
const fileSchema = z.object({
  version: z.literal(1),
  sightings: z.array(
    z.object({
      name: z.string().max(256),
      firedAt: z.number(),
      description: z.string().max(4096).nullable(),
      firstSeenAt: when,
      lastSeenAt: when,
      goneAt: when.nullable(),
    }),
  ),
});

export function createAlertSightingsStore(options: {
  dataDir: string;
  now?: () => Date;
  onCorrupt?: OnCorrupt;
  fs?: AtomicFs;
}): AlertSightingsStore {
  const root = join(options.dataDir, ALERT_SIGHTINGS_FOLDER);
  const folderOf = (profileId: string) => {
    if (!isProfileId(profileId)) throw new AppError('invalid_input', tm('errors.unknownProfileId'));
    return join(root, profileId);
  };
  const fileOf = (profileId: string, vin: string) => {
    if (vinProblem(vin) !== null) throw new AppError('invalid_input', tm('errors.jobVinInvalid'));
    return join(folderOf(profileId), `${vin}.json`);
  };
  // Two reads of one car landing together each add to what the other saw, never over it.
  const queues = new Map<string, Promise<unknown>>();
  const inTurn = <T>(key: string, work: () => Promise<T>): Promise<T> => {
    const next = (queues.get(key) ?? Promise.resolve()).then(work, work);
    const settled = next.catch(() => undefined);
    queues.set(key, settled);
    void settled.then(() => {
      if (queues.get(key) === settled) queues.delete(key);
    });
    return next;
  };

  async function load(profileId: string, vin: string): Promise<AlertSighting[]> {
    const read = await readJsonFile(fileOf(profileId, vin), fileSchema, options);
    return read.status === 'ok' ? read.value.sightings : [];
  }

  return {
    load,
    noteRead(profileId, vin, alerts, readAt) {
      const path = fileOf(profileId, vin);
      return inTurn(path, async () => {
        const after = noteAlertRead(await load(profileId, vin), alerts, readAt);
        await ensureFolder(folderOf(profileId), { fs: options.fs });
        await writeFileAtomic(path, JSON.stringify({ version: 1, sightings: after }) + '\n', {
          fs: options.fs,
        });
        return after;
      });
    },
    async forgetProfile(profileId) {
      await rm(folderOf(profileId), { recursive: true, force: true });
    },
  };
}
