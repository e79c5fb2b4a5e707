// The vehicles of each profile's garage, one file per profile: <data>/garages/<profileId>.json.
// `seeded` records that the demo garage was filled once, so vehicles the technician removed from
// it do not come back on the next launch.
import { join } from 'node:path';
import { z } from 'zod';
import { AppError } from '../../shared/result';
import { normalizeVin, vinProblem } from '../../shared/vin';
import {
  ensureFolder,
  readJsonFile,
  removeFile,
  removeStaleTempFiles,
  writeFileAtomic,
  type AtomicFs,
  type OnCorrupt,
} from './atomic-file';
import { withFileLock } from './file-lock';
import { checkNickname } from './nickname';
import { isProfileId } from './profile-id';

export const GARAGES_FOLDER = 'garages';
export const MAX_VEHICLES = 10_000;
const PLATE_STORE_MAX = 64;

export interface GarageVehicle {
  vin: string;
  nickname: string | null;
  /** ISO time. */
  addedAt: string;
  /** The last plate set through the app (the service cannot be asked for it). */
  plate?: string | null;
}

export interface GarageEntryInput {
  vin: string;
  nickname?: string | null;
  plate?: string | null;
}

export interface AddManyResult {
  added: GarageVehicle[];
  skipped: { input: string; vin: string | null; reason: string }[];
}

export interface GarageStoreOptions {
  dataDir: string;
  now?: () => Date;
  onCorrupt?: OnCorrupt;
  fs?: AtomicFs;
}

export interface GarageStore {
  /** In the order they were added. */
  list(profileId: string): Promise<GarageVehicle[]>;
  add(profileId: string, entry: GarageEntryInput): Promise<GarageVehicle>;
  /**
   * Adds many in one write; each entry is checked on its own and a bad, duplicate or surplus one
   * is skipped with its reason (in the order given), the rest added.
   */
  addMany(profileId: string, entries: readonly GarageEntryInput[]): Promise<AddManyResult>;
  remove(profileId: string, vin: string): Promise<void>;
  /** Trimmed; blank or null clears the nickname. */
  rename(profileId: string, vin: string, nickname: string | null): Promise<GarageVehicle>;
  /** Remembers the plate last set through the app; a VIN not in the garage is ignored. */
  setPlate(profileId: string, vin: string, plate: string | null): Promise<void>;
  /** Fills the garage only the first time it is called for the profile; true when it did. */
  seed(profileId: string, entries: readonly GarageEntryInput[]): Promise<boolean>;
  /** Deletes the garage of a removed profile. */
  forget(profileId: string): Promise<void>;
}

const vehicleSchema = z.object({
  vin: z.string().refine((vin) => vinProblem(vin) === null),
  nickname: z.string().nullable(),
  addedAt: z.iso.datetime(),
  plate: z.string().max(PLATE_STORE_MAX).nullable().optional(),
});

const garageSchema = z.object({
  version: z.literal(1),
  seeded: z.boolean(),
  vehicles: z.array(vehicleSchema).max(MAX_VEHICLES),
});

interface Garage {
  seeded: boolean;
  vehicles: GarageVehicle[];
}

export function createGarageStore(options: GarageStoreOptions): GarageStore {
  const { onCorrupt, fs } = options;
  const now = options.now ?? (() => new Date());
  const folder = join(options.dataDir, GARAGES_FOLDER);
  const cache = new Map<string, Garage>();
  let tempsCleaned = false;

  function fileOf(profileId: string): string {
    // The id becomes a file name: refuse anything that could leave the folder.
    if (!isProfileId(profileId)) throw new AppError('invalid_input', 'Unknown profile id.');
    return join(folder, `${profileId}.json`);
  }

  async function load(profileId: string, path: string): Promise<Garage> {
    const known = cache.get(profileId);
    if (known) return known;
    if (!tempsCleaned) {
      tempsCleaned = true;
      await removeStaleTempFiles(folder, { fs });
    }
    const read = await readJsonFile(path, garageSchema, { now, onCorrupt, fs });
    const garage = read.status === 'ok' ? dedupe(read.value) : { seeded: false, vehicles: [] };
    cache.set(profileId, garage);
    return garage;
  }

  async function locked<T>(
    profileId: string,
    task: (garage: Garage, save: (next: Garage) => Promise<void>) => Promise<T>,
  ): Promise<T> {
    const path = fileOf(profileId);
    return withFileLock(`${path}#store`, async () => {
      const garage = await load(profileId, path);
      return task(garage, async (next) => {
        await ensureFolder(folder, { fs });
        const body = { version: 1, seeded: next.seeded, vehicles: next.vehicles };
        await writeFileAtomic(path, JSON.stringify(body, null, 2) + '\n', { fs });
        cache.set(profileId, next);
      });
    });
  }

  function checkedVin(input: unknown): string {
    if (typeof input !== 'string') throw invalid('vin', 'Enter a VIN');
    const vin = normalizeVin(input);
    const problem = vinProblem(vin);
    if (problem) throw invalid('vin', problem);
    return vin;
  }

  function checkedNickname(input: string | null | undefined): string | null {
    const check = checkNickname(input);
    if (!check.ok) throw invalid('nickname', check.problem);
    return check.nickname;
  }

  function findIndex(garage: Garage, vin: string): number {
    const index = garage.vehicles.findIndex((v) => v.vin === vin);
    if (index < 0) throw new AppError('not_found', `${vin} is not in the garage.`);
    return index;
  }

  return {
    list: (profileId) => locked(profileId, async (garage) => garage.vehicles.map((v) => ({ ...v }))),

    add: (profileId, entry) =>
      locked(profileId, async (garage, save) => {
        const vin = checkedVin(entry.vin);
        const nickname = checkedNickname(entry.nickname);
        if (garage.vehicles.some((v) => v.vin === vin))
          throw invalid('vin', `${vin} is already in the garage`);
        if (garage.vehicles.length >= MAX_VEHICLES)
          throw invalid('vin', `A garage holds at most ${MAX_VEHICLES} vehicles`);
        const vehicle: GarageVehicle = { vin, nickname, addedAt: now().toISOString(), plate: null };
        await save({ ...garage, vehicles: [...garage.vehicles, vehicle] });
        return { ...vehicle };
      }),

    addMany: (profileId, entries) =>
      locked(profileId, async (garage, save) => {
        const known = new Set(garage.vehicles.map((v) => v.vin));
        const pasted = new Set<string>();
        const added: GarageVehicle[] = [];
        const skipped: AddManyResult['skipped'] = [];
        const addedAt = now().toISOString();
        for (const entry of entries) {
          const input = String(entry.vin);
          let vin: string | null = null;
          try {
            vin = checkedVin(entry.vin);
            const nickname = checkedNickname(entry.nickname);
            if (known.has(vin)) throw invalid('vin', `${vin} is already in the garage`);
            if (pasted.has(vin)) throw invalid('vin', `${vin} is listed twice`);
            if (garage.vehicles.length + added.length >= MAX_VEHICLES)
              throw invalid('vin', `A garage holds at most ${MAX_VEHICLES} vehicles`);
            pasted.add(vin);
            added.push({ vin, nickname, addedAt, plate: null });
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            skipped.push({ input: input.slice(0, 64), vin, reason: error.message });
          }
        }
        if (added.length > 0) await save({ ...garage, vehicles: [...garage.vehicles, ...added] });
        return { added: added.map((v) => ({ ...v })), skipped };
      }),

    remove: (profileId, vin) =>
      locked(profileId, async (garage, save) => {
        const index = findIndex(garage, normalizeVin(String(vin)));
        await save({ ...garage, vehicles: garage.vehicles.filter((_, i) => i !== index) });
      }),

    rename: (profileId, vin, nickname) =>
      locked(profileId, async (garage, save) => {
        const index = findIndex(garage, normalizeVin(String(vin)));
        const updated = { ...garage.vehicles[index]!, nickname: checkedNickname(nickname) };
        await save({ ...garage, vehicles: garage.vehicles.map((v, i) => (i === index ? updated : v)) });
        return { ...updated };
      }),

    setPlate: (profileId, vin, plate) =>
      locked(profileId, async (garage, save) => {
        // Keep the file valid under its own schema, or the next read would set the garage aside.
        if (plate !== null && !plateStorable(plate)) {
          throw invalid('plate', 'The plate cannot be remembered');
        }
        const index = garage.vehicles.findIndex((v) => v.vin === normalizeVin(String(vin)));
        if (index < 0 || garage.vehicles[index]!.plate === plate) return;
        const updated = { ...garage.vehicles[index]!, plate };
        await save({ ...garage, vehicles: garage.vehicles.map((v, i) => (i === index ? updated : v)) });
      }),

    seed: (profileId, entries) =>
      locked(profileId, async (garage, save) => {
        if (garage.seeded) return false;
        const vehicles = [...garage.vehicles];
        const addedAt = now().toISOString();
        for (const entry of entries) {
          const vin = checkedVin(entry.vin);
          if (vehicles.length >= MAX_VEHICLES || vehicles.some((v) => v.vin === vin)) continue;
          const plate = typeof entry.plate === 'string' && plateStorable(entry.plate) ? entry.plate : null;
          vehicles.push({ vin, nickname: checkedNickname(entry.nickname), addedAt, plate });
        }
        await save({ seeded: true, vehicles });
        return true;
      }),

    forget: async (profileId) => {
      const path = fileOf(profileId);
      return withFileLock(`${path}#store`, async () => {
        await removeFile(path, { fs });
        cache.delete(profileId);
      });
    },
  };
}

// A hand-edited file may list a VIN twice; keep the first. Older files have no plate field.
function dedupe(garage: { seeded: boolean; vehicles: GarageVehicle[] }): Garage {
  const seen = new Set<string>();
  const vehicles = garage.vehicles
    .filter((v) => !seen.has(v.vin) && seen.add(v.vin) !== undefined)
    .map((v) => ({ ...v, plate: v.plate ?? null }));
  return { seeded: garage.seeded, vehicles };
}

function plateStorable(plate: unknown): plate is string {
  // eslint-disable-next-line no-control-regex
  return typeof plate === 'string' && plate.length <= PLATE_STORE_MAX && !/[\u0000-\u001f\u007f]/.test(plate);
}

function invalid(path: string, message: string): AppError {
  return new AppError('invalid_input', message, { issues: [{ path, message }] });
}
