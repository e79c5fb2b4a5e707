// The per-vehicle glance the garage list shows: every part is a fact a read confirmed, with the
// time it describes the car and the read it came from. A part is only replaced by a fact at least
// as recent, so an old cached copy served after a failure never hides a newer live answer.
// Kept per profile and VIN in memory, and saved per profile (debounced) so the list still tells
// the truth, with its age, after a restart.
import type { ReadingValues } from '../../shared/shop-board';
import type {
  FetchMeta,
  GlanceSource,
  Observed,
  SoftwareUpdateGlance,
  VehicleGlance,
} from '../../shared/types';
import {
  deployedVersion,
  sectionTime,
  stateAsOf,
  sleepFromState,
  sleepFromStatus,
  unknownGlance,
} from '../../shared/vehicle-values';
import type {
  FirmwareAlerts,
  ReleaseNotes,
  TelemetryConfig,
  TirePressure,
  VehicleState,
  VehicleStatusAnswer,
} from '../../shared/wire';
import { NO_FACTS, type FactPort } from '../events/domain-events';
import type { GlanceStorage } from '../storage/glance-store';

type Part = keyof VehicleGlance;
type PartValue<P extends Part> = NonNullable<VehicleGlance[P]>['value'];

/** Where a read's answer came from: its fetch time and whether the app's offline cache served it. */
export type ReadMeta = Pick<FetchMeta, 'fetchedAt' | 'source'>;

export interface GlanceBook {
  get(profileId: string, vin: string): VehicleGlance;
  noteState(profileId: string, vin: string, state: VehicleState, meta: ReadMeta, source: GlanceSource): void;
  noteStatus(profileId: string, vin: string, answer: VehicleStatusAnswer, meta: ReadMeta): void;
  noteTelemetry(profileId: string, vin: string, config: TelemetryConfig, meta: ReadMeta): void;
  noteReleaseNotes(profileId: string, vin: string, notes: ReleaseNotes, meta: ReadMeta): void;
  noteAlerts(profileId: string, vin: string, alerts: FirmwareAlerts, meta: ReadMeta): void;
  noteTyres(profileId: string, vin: string, tyres: TirePressure, meta: ReadMeta): void;
  /**
   * What a colleague's app read of the car at `readAt`, shared through the shop: kept as not this
   * session's own read (so it is never shared again), and only where it is newer than what is known.
   */
  noteShared(profileId: string, vin: string, values: ReadingValues, readAt: string): void;
  /** A wake the service confirmed (`result: true`) at `at`. */
  noteAwake(profileId: string, vin: string, at: Date): void;
  /**
   * The service tried to reach the vehicle at `at` and it did not answer: a wake-up it gave up on,
   * a command it could not wake the car for, a live read the car left unanswered.
   */
  noteUnreachable(profileId: string, vin: string, at: Date, source: 'wake' | 'live-state'): void;
  forget(profileId: string, vin?: string): void;
}

export interface GlanceBookOptions {
  /** Where glances outlive the session; none keeps them in memory only. */
  storage?: GlanceStorage;
  /** Delay before a changed profile's glances are saved; default 2 s. */
  saveDelayMs?: number;
  onProblem?: (message: string, error: unknown) => void;
  /** Told `vehicle.observed` whenever a vehicle's glance changed. */
  facts?: FactPort;
}

export interface PersistentGlanceBook extends GlanceBook {
  /** Loads a profile's saved glances once; later calls return at once. */
  load(profileId: string): Promise<void>;
  /** Saves every changed profile now (quitting). */
  flush(): Promise<void>;
}

const TYRE_STATUSES = [
  'front_left_status',
  'front_right_status',
  'rear_left_status',
  'rear_right_status',
] as const;

/** True when a tyre is reported low, false when every tyre reported another status, null when none did. */
export function tyresReportedLow(tyres: TirePressure): boolean | null {
  const statuses = TYRE_STATUSES.map((key) => tyres[key]?.trim().toLowerCase() ?? '').filter(
    (status) => status !== '' && status !== 'unknown',
  );
  if (statuses.includes('low')) return true;
  return statuses.length > 0 ? false : null;
}

function finite(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

export function createGlanceBook(options: GlanceBookOptions = {}): PersistentGlanceBook {
  const onProblem = options.onProblem ?? (() => {});
  const saveDelayMs = options.saveDelayMs ?? 2_000;
  const facts = options.facts ?? NO_FACTS;
  // profileId → vin → glance
  const book = new Map<string, Map<string, VehicleGlance>>();
  const loading = new Map<string, Promise<void>>();
  const dirty = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  let saving: Promise<void> = Promise.resolve();

  const profileBook = (profileId: string) => {
    let glances = book.get(profileId);
    if (!glances) book.set(profileId, (glances = new Map()));
    return glances;
  };

  function changed(profileId: string): void {
    if (!options.storage) return;
    dirty.add(profileId);
    timer ??= setTimeout(() => {
      timer = null;
      void flush();
    }, saveDelayMs);
  }

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    const storage = options.storage;
    if (!storage) return Promise.resolve();
    const profiles = [...dirty];
    dirty.clear();
    saving = saving.then(async () => {
      for (const profileId of profiles) {
        const glances = Object.fromEntries(book.get(profileId) ?? []);
        await storage
          .save(profileId, glances)
          .catch((error) => onProblem('Could not save the garage glance', error));
      }
    });
    return saving;
  }

  function put<P extends Part>(
    profileId: string,
    vin: string,
    part: P,
    value: PartValue<P>,
    asOf: string | null,
    source: GlanceSource,
    fromCache: boolean,
  ): void {
    if (asOf === null) return;
    const glances = profileBook(profileId);
    const glance = glances.get(vin) ?? unknownGlance();
    const known = glance[part];
    if (known && Date.parse(known.asOf) > Date.parse(asOf)) return;
    const observed: Observed<PartValue<P>> = { value, asOf, source, fromCache };
    glances.set(vin, Object.freeze({ ...glance, [part]: Object.freeze(observed) }));
    changed(profileId);
    facts.publish('vehicle.observed', { profileId, vin });
  }

  const fromCache = (meta: ReadMeta) => meta.source === 'cache';

  return {
    get(profileId, vin) {
      // Stored glances are frozen and replaced, never changed in place: no copy needed, which
      // keeps listing a garage of thousands cheap.
      return book.get(profileId)?.get(vin) ?? unknownGlance();
    },

    noteState(profileId, vin, state, meta, source) {
      const cached = fromCache(meta);
      const note = <P extends Part>(part: P, value: PartValue<P>, asOf: string | null) =>
        put(profileId, vin, part, value, asOf, source, cached);
      // `state` is the service's word at the time of the read; sections carry their own time.
      note('sleep', sleepFromState(state.state), meta.fetchedAt);
      const charge = state.charge_state;
      const chargeAt = sectionTime(charge?.timestamp) ?? meta.fetchedAt;
      if (finite(charge?.battery_level)) note('batteryLevel', charge.battery_level, chargeAt);
      if (finite(charge?.battery_range)) note('batteryRange', charge.battery_range, chargeAt);
      const charging = charge?.charging_state;
      if (typeof charging === 'string' && charging.length > 0 && charging.length <= 40)
        note('charging', charging, chargeAt);
      const vehicle = state.vehicle_state;
      const vehicleAt = sectionTime(vehicle?.timestamp) ?? meta.fetchedAt;
      const version = deployedVersion(vehicle?.car_version);
      if (version !== null) note('version', version, vehicleAt);
      const update = vehicle?.software_update;
      if (update && typeof update.status === 'string') {
        const value: SoftwareUpdateGlance = {
          status: update.status,
          version: update.version?.trim() ? update.version.trim() : null,
        };
        note('softwareUpdate', value, vehicleAt);
      }
      const config = state.vehicle_config;
      if (config?.car_type) note('carType', config.car_type, sectionTime(config.timestamp) ?? meta.fetchedAt);
      // `in_service` sits beside the sections: it is as recent as the answer's oldest section.
      if (typeof state.in_service === 'boolean') {
        note('inService', state.in_service, stateAsOf(state) ?? meta.fetchedAt);
      }
    },

    noteStatus(profileId, vin, answer, meta) {
      const word = sleepFromStatus(answer.status);
      // The status has no word for offline: it answers "asleep" for a car it cannot reach, so it
      // never turns a car last seen offline into a sleeping one (a state read or a wake-up can).
      if (word === 'asleep' && profileBook(profileId).get(vin)?.sleep?.value === 'offline') return;
      put(profileId, vin, 'sleep', word, meta.fetchedAt, 'status', fromCache(meta));
    },

    noteTelemetry(profileId, vin, config, meta) {
      const expires = new Date(config.config.exp * 1000);
      if (Number.isNaN(expires.getTime())) return;
      put(
        profileId,
        vin,
        'telemetryExpiresAt',
        expires.toISOString(),
        meta.fetchedAt,
        'telemetry',
        fromCache(meta),
      );
    },

    noteReleaseNotes(profileId, vin, notes, meta) {
      const cached = fromCache(meta);
      const version = deployedVersion(notes.deployed_version);
      if (version !== null) put(profileId, vin, 'version', version, meta.fetchedAt, 'release-notes', cached);
      const staged = deployedVersion(notes.staged_version);
      put(profileId, vin, 'stagedVersion', staged, meta.fetchedAt, 'release-notes', cached);
    },

    noteAlerts(profileId, vin, alerts, meta) {
      // Only what the service said now is news; a saved copy was told when it was read.
      if (!fromCache(meta))
        facts.publish('vehicle.alertsRead', {
          profileId,
          vin,
          alerts: alerts.results.map((alert) => ({
            name: alert.name,
            startedAt: alert.timestamp,
            description: alert.description ?? null,
          })),
        });
      put(
        profileId,
        vin,
        'firmwareAlertCount',
        alerts.results.length,
        meta.fetchedAt,
        'firmware-alerts',
        fromCache(meta),
      );
    },

    noteTyres(profileId, vin, tyres, meta) {
      const low = tyresReportedLow(tyres);
      if (low === null) return;
      if (!fromCache(meta))
        facts.publish('vehicle.tyresRead', {
          profileId,
          vin,
          low: TYRE_STATUSES.filter((key) => tyres[key]?.trim().toLowerCase() === 'low').map((key) =>
            key.replace(/_status$/, ''),
          ),
        });
      // The reading's own time (Unix seconds) when the service gives one: a week-old measure is a week old.
      const measured = sectionTime(finite(tyres.timestamp) ? tyres.timestamp * 1000 : null);
      put(profileId, vin, 'tyresLow', low, measured ?? meta.fetchedAt, 'tyres', fromCache(meta));
    },

    noteShared(profileId, vin, values, readAt) {
      if (values.sleep !== undefined) put(profileId, vin, 'sleep', values.sleep, readAt, 'shop', true);
      if (values.batteryLevel !== undefined)
        put(profileId, vin, 'batteryLevel', values.batteryLevel, readAt, 'shop', true);
      if (values.alertCount !== undefined)
        put(profileId, vin, 'firmwareAlertCount', values.alertCount, readAt, 'shop', true);
      if (values.tyresLow !== undefined)
        put(profileId, vin, 'tyresLow', values.tyresLow, readAt, 'shop', true);
      if (values.charging !== undefined)
        put(profileId, vin, 'charging', values.charging, readAt, 'shop', true);
    },

    noteAwake(profileId, vin, at) {
      put(profileId, vin, 'sleep', 'awake', at.toISOString(), 'wake', false);
    },

    noteUnreachable(profileId, vin, at, source) {
      // The status read calls such a car asleep; this is what tells the list (and the header, which
      // shows the same glance) that it is out of reach, until a read or a wake-up hears from it.
      put(profileId, vin, 'sleep', 'offline', at.toISOString(), source, false);
    },

    forget(profileId, vin) {
      if (vin) book.get(profileId)?.delete(vin);
      else {
        book.delete(profileId);
        dirty.delete(profileId);
        void options.storage
          ?.remove(profileId)
          .catch((error) => onProblem('Could not remove the garage glance', error));
        return;
      }
      changed(profileId);
    },

    load(profileId) {
      const storage = options.storage;
      if (!storage) return Promise.resolve();
      let pending = loading.get(profileId);
      if (!pending) {
        pending = storage
          .load(profileId)
          .then((saved) => {
            if (!saved) return;
            const glances = profileBook(profileId);
            // What this session learned before the load finished is newer: it wins.
            for (const [vin, glance] of Object.entries(saved)) {
              if (!glances.has(vin)) glances.set(vin, Object.freeze(glance));
            }
          })
          .catch((error) => onProblem('Could not read the garage glance', error));
        loading.set(profileId, pending);
      }
      return pending;
    },

    flush,
  };
}
