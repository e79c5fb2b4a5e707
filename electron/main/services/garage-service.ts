// The active profile's garage as the renderer sees it: stored entries plus what each VIN decodes
// to, its warnings, the last known plate, a model name where known, and its status badges.
import { decodeVin, type VinDecoding } from '../../shared/vin';
import type { AddManyOutcome, VehicleEntry } from '../../shared/types';
import type { AuditLog } from '../audit/audit-log';
import { NO_FACTS, type DomainFacts, type FactPort } from '../events/domain-events';
import type { GarageStore, GarageVehicle } from '../storage/garage-store';
import type { PersistentGlanceBook } from './vehicle-glance';
import type { VehicleStatusBook } from './vehicle-status';

export interface GarageServiceOptions {
  garage: GarageStore;
  status: VehicleStatusBook;
  glance: PersistentGlanceBook;
  /** Model names the demo fleet knows, by VIN. */
  knownModels?: ReadonlyMap<string, string>;
  /** Where adding and removing vehicles are recorded, with the profile's name. */
  audit?: Pick<AuditLog, 'append'>;
  profileName?: (profileId: string) => Promise<string>;
  now?: () => Date;
  onProblem?: (message: string, error: unknown) => void;
  /** Told `garage.changed` after each add, remove and rename, and `vehicle.observed` for a plate. */
  facts?: FactPort;
}

export interface GarageService {
  list(profileId: string): Promise<VehicleEntry[]>;
  add(profileId: string, input: { vin: string; nickname?: string }): Promise<VehicleEntry>;
  addMany(profileId: string, entries: readonly { vin: string; nickname?: string }[]): Promise<AddManyOutcome>;
  remove(profileId: string, vin: string): Promise<void>;
  rename(profileId: string, vin: string, nickname: string | null): Promise<VehicleEntry>;
  /** The entries of these VINs that are in the garage (what a change event carries). */
  entries(profileId: string, vins: ReadonlySet<string>): Promise<VehicleEntry[]>;
  /** Keeps the plate the service confirmed (read or set) with the vehicle. */
  rememberPlate(profileId: string, vin: string, plate: string | null): Promise<void>;
  /** "Model 3 · Blue car": how the garage names a vehicle (its model, then its nickname), or null. */
  describe(profileId: string, vin: string): Promise<string | null>;
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
  const now = options.now ?? (() => new Date());
  const onProblem = options.onProblem ?? (() => {});
  const facts = options.facts ?? NO_FACTS;
  const changed = (
    profileId: string,
    change: Partial<Pick<DomainFacts['garage.changed'], 'added' | 'removed' | 'renamed'>>,
  ) =>
    facts.publish('garage.changed', {
      profileId,
      origin: 'here',
      added: [],
      removed: [],
      renamed: [],
      ...change,
    });

  /**
   * The garage change is done when this runs: a log that cannot be written is reported, not turned
   * into a failed add or remove that in fact happened.
   */
  async function audited(
    profileId: string,
    vin: string,
    operation: 'addVehicle' | 'removeVehicle',
    params: Record<string, unknown>,
  ): Promise<void> {
    const audit = options.audit;
    if (!audit) return;
    try {
      await audit.append({
        time: now(),
        profileId,
        profileName: (await options.profileName?.(profileId)) ?? profileId,
        vin,
        operation,
        params,
        outcome: 'success',
        durationMs: 0,
      });
    } catch (error) {
      onProblem('Could not write the audit log', error);
    }
  }
  const namesOf = (vehicle: GarageVehicle) => {
    const params: Record<string, unknown> = {};
    if (vehicle.nickname) params['nickname'] = vehicle.nickname;
    if (vehicle.plate) params['plate'] = vehicle.plate;
    const model = knownModels.get(vehicle.vin);
    if (model) params['model'] = model;
    return params;
  };

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

  const service: GarageService = {
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
      const added = await garage.add(profileId, input);
      await audited(profileId, added.vin, 'addVehicle', namesOf(added));
      changed(profileId, { added: [added.vin] });
      return entry(profileId, added);
    },
    async addMany(profileId, entries) {
      const { added, skipped } = await garage.addMany(profileId, entries);
      for (const vehicle of added) await audited(profileId, vehicle.vin, 'addVehicle', namesOf(vehicle));
      changed(profileId, { added: added.map((vehicle) => vehicle.vin) });
      return { added: added.map((vehicle) => entry(profileId, vehicle)), skipped };
    },
    async remove(profileId, vin) {
      // The names it had, kept in the entry: once removed, the garage no longer knows them.
      const before = (await garage.list(profileId)).find((vehicle) => vehicle.vin === vin);
      await garage.remove(profileId, vin);
      await audited(profileId, vin, 'removeVehicle', before ? namesOf(before) : {});
      status.forget(profileId, vin);
      glance.forget(profileId, vin);
      changed(profileId, { removed: [vin] });
    },
    async rename(profileId, vin, nickname) {
      const renamed = await garage.rename(profileId, vin, nickname);
      changed(profileId, { renamed: [{ vin, nickname }] });
      return entry(profileId, renamed);
    },
    async rememberPlate(profileId, vin, plate) {
      await garage.setPlate(profileId, vin, plate);
      facts.publish('vehicle.observed', { profileId, vin });
    },
    async describe(profileId, vin) {
      const found = (await service.list(profileId)).find((vehicle) => vehicle.vin === vin);
      if (!found) return null;
      return [found.model ?? found.decoded.maker ?? null, found.nickname].filter(Boolean).join(' · ') || null;
    },
    async entries(profileId, vins) {
      const [vehicles] = await Promise.all([garage.list(profileId), glance.load(profileId)]);
      return vehicles.filter((vehicle) => vins.has(vehicle.vin)).map((vehicle) => entry(profileId, vehicle));
    },
  };
  return service;
}
