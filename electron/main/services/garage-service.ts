// The active profile's garage as the renderer sees it: stored entries plus what each VIN decodes
// to, its warnings, the last known plate, a model name where known, and its status badges.
import { decodeVin, type VinDecoding } from '../../shared/vin';
import type { AddManyOutcome, VehicleEntry } from '../../shared/types';
import type { GarageStore, GarageVehicle } from '../storage/garage-store';
import type { PersistentGlanceBook } from './vehicle-glance';
import type { VehicleStatusBook } from './vehicle-status';

export interface GarageServiceOptions {
  garage: GarageStore;
  status: VehicleStatusBook;
  glance: PersistentGlanceBook;
  /** Model names the demo fleet knows, by VIN. */
  knownModels?: ReadonlyMap<string, string>;
}

export interface GarageService {
  list(profileId: string): Promise<VehicleEntry[]>;
  add(profileId: string, input: { vin: string; nickname?: string }): Promise<VehicleEntry>;
  addMany(profileId: string, entries: readonly { vin: string; nickname?: string }[]): Promise<AddManyOutcome>;
  remove(profileId: string, vin: string): Promise<void>;
  rename(profileId: string, vin: string, nickname: string | null): Promise<VehicleEntry>;
  /** The entries of these VINs that are in the garage (what a change event carries). */
  entries(profileId: string, vins: ReadonlySet<string>): Promise<VehicleEntry[]>;
}

/** Decodings kept: every garage of a few profiles at their limit. */
const DECODINGS_MAX = 50_000;

export function vinWarnings(vin: string): string[] {
  const decoded = decodeVin(vin);
  if (!decoded.northAmerican || decoded.checkDigitValid) return [];
  return [
    `The check digit (position 9) does not match the rest of the VIN. Double-check the VIN; it was saved as entered.`,
  ];
}

export function createGarageService(options: GarageServiceOptions): GarageService {
  const { garage, status, glance } = options;
  const knownModels = options.knownModels ?? new Map<string, string>();

  // What a VIN decodes to never changes: decoded once, not on every list of a 10,000-car garage.
  // (The model year of a VIN is read against the current year: a new year starts afresh.)
  const decodings = new Map<string, { decoded: VinDecoding; warnings: string[] }>();
  let decodedYear = new Date().getFullYear();
  const decodingOf = (vin: string) => {
    let known = decodings.get(vin);
    if (!known) {
      if (decodings.size >= DECODINGS_MAX) decodings.clear();
      known = { decoded: decodeVin(vin), warnings: vinWarnings(vin) };
      decodings.set(vin, known);
    }
    return { decoded: { ...known.decoded }, warnings: [...known.warnings] };
  };

  const entry = (profileId: string, vehicle: GarageVehicle): VehicleEntry => ({
    vin: vehicle.vin,
    nickname: vehicle.nickname,
    addedAt: vehicle.addedAt,
    ...decodingOf(vehicle.vin),
    plate: vehicle.plate ?? null,
    model: knownModels.get(vehicle.vin) ?? null,
    status: status.get(profileId, vehicle.vin),
    glance: glance.get(profileId, vehicle.vin),
  });

  return {
    async list(profileId) {
      const year = new Date().getFullYear();
      if (year !== decodedYear) {
        decodings.clear();
        decodedYear = year;
      }
      const [vehicles] = await Promise.all([garage.list(profileId), glance.load(profileId)]);
      return vehicles.map((vehicle) => entry(profileId, vehicle));
    },
    async add(profileId, input) {
      return entry(profileId, await garage.add(profileId, input));
    },
    async addMany(profileId, entries) {
      const { added, skipped } = await garage.addMany(profileId, entries);
      return { added: added.map((vehicle) => entry(profileId, vehicle)), skipped };
    },
    async remove(profileId, vin) {
      await garage.remove(profileId, vin);
      status.forget(profileId, vin);
      glance.forget(profileId, vin);
    },
    async rename(profileId, vin, nickname) {
      return entry(profileId, await garage.rename(profileId, vin, nickname));
    },
    async entries(profileId, vins) {
      const [vehicles] = await Promise.all([garage.list(profileId), glance.load(profileId)]);
      return vehicles.filter((vehicle) => vins.has(vehicle.vin)).map((vehicle) => entry(profileId, vehicle));
    },
  };
}
