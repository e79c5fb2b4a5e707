// The vehicles of each profile's garage, one file per profile: <data>/garages/<profileId>.json.
// `seeded` records that the demo garage was filled once, so vehicles the technician removed from
// it do not come back on the next launch.
import { join } from 'node:path';
import { AppError } from '../../shared/result';
import { normalizeVin, vinProblem } from '../../shared/vin';
import {
  ensureFolder,
  removeFile,
  removeStaleTempFiles,
  writeFileAtomic,
  type AtomicFs,
  type OnCorrupt,
} from './atomic-file';
import { withFileLock } from './file-lock';
import {
  MAX_VEHICLES,
  PLATE_STORE_MAX,
  garageFileText,
  readGarageFile,
  type Garage,
  type GarageVehicle,
} from './garage-file';
import { checkNickname } from './nickname';
import { isProfileId } from './profile-id';
import { tm } from '../i18n/main-words';

export const GARAGES_FOLDER = 'garages';
export { MAX_VEHICLES, type GarageVehicle };

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
  /** What the technician must be told about the profile's garage file as read, or null. */
  notice(profileId: string): string | null;
}

export function createGarageStore(options: GarageStoreOptions): GarageStore {
  const { onCorrupt, fs } = options;
  const now = options.now ?? (() => new Date());
  const folder = join(options.dataDir, GARAGES_FOLDER);
  const cache = new Map<string, Garage>();
  const notices = new Map<string, string>();
  let tempsCleaned = false;

  function fileOf(profileId: string): string {
    // The id becomes a file name: refuse anything that could leave the folder.
    if (!isProfileId(profileId)) throw new AppError('invalid_input', tm('errors.unknownProfileId'));
    return join(folder, `${profileId}.json`);
  }

  async function load(profileId: string, path: string): Promise<Garage> {
    const known = cache.get(profileId);
    if (known) return known;
    if (!tempsCleaned) {
      tempsCleaned = true;
      await removeStaleTempFiles(folder, { fs });
    }
    // Under the store's lock: nothing else writes this file meanwhile.
    const { garage, notice } = await readGarageFile(path, { now, onCorrupt, fs });
    if (notice !== null) notices.set(profileId, notice);
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
        await writeFileAtomic(path, garageFileText(next), { fs });
        cache.set(profileId, next);
      });
    });
  }

  function checkedVin(input: unknown): string {
    if (typeof input !== 'string') throw invalid('vin', 'Enter a VIN');
    const vin = normalizeVin(input);
    const problem = vinProblem(vin, tm);
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
    if (index < 0) throw new AppError('not_found', tm('errors.notInGarage', { vin }));
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
        notices.delete(profileId);
      });
    },

    notice: (profileId) => notices.get(profileId) ?? null,
  };
}

function plateStorable(plate: unknown): plate is string {
  // eslint-disable-next-line no-control-regex
  return typeof plate === 'string' && plate.length <= PLATE_STORE_MAX && !/[\u0000-\u001f\u007f]/.test(plate);
}

function invalid(path: string, message: string): AppError {
  return new AppError('invalid_input', message, { issues: [{ path, message }] });
}
