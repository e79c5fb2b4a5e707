// The reads of one vehicle that are a GET of what the service keeps, one row each: the route both
// the client and the simulator name it by, its path, what the app is doing while it runs (every
// message about it says so), the offline cache's kind for it and how long a cached answer stands,
// and its options in the app's names with the query names the service takes. From a row come the
// IPC operation `vehicles.<name>` and window.garage's method, main's handler and cached read, the
// client's endpoint, the cache's entries and the simulator's route; the schemas of the answer and
// of the options are the row's in vehicle-read-schemas.ts. Reads that are more than this (release
// notes with their images, the state with its live read) have their own rows in each place.
// Zod-free and free of run-time imports: the sandboxed preload bundles it through the operation table.
import type { MessageKey } from './i18n/catalogs';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

export interface VehicleReadSpec {
  /** The operation's name on the wire, shared by the client's requests and the simulator's routes. */
  route: string;
  /** `GET /{vin}/<path>`. */
  path: string;
  /** What the app is doing, for messages ("reading the tyre pressures"): its catalog key. */
  label: MessageKey;
  /** The offline cache's kind: part of every entry's key, so it never changes once used. */
  cacheKind: string;
  /** How long a cached answer stands for a new one (a refresh always asks the service). */
  freshForMs: number;
  /**
   * The options sent to the service: the app's name → the query parameter's, in the order sent
   * (only those given), which is also the order a cached answer is keyed by.
   */
  query: Readonly<Record<string, string>>;
  /**
   * An answer asked for without any option keeps the cache key it had before the read took
   * options (''), so a copy saved then still stands in offline.
   */
  bareWithoutOptions?: true;
  /**
   * The answer is a picture of this type, not JSON: the client checks its bytes and hands it on as
   * `{ contentType, data }` (data in base64), which is what its schema, the cache and IPC carry.
   */
  image?: 'image/png';
}

/** A row, keeping its route, kind and option names as literal types. */
const read = <const Spec extends VehicleReadSpec>(spec: Spec): Spec => spec;

export const VEHICLE_READS = {
  telemetryConfig: read({
    route: 'fleet_telemetry_config',
    path: 'fleet_telemetry_config',
    label: 'api.doing.readTelemetry',
    cacheKind: 'telemetry',
    freshForMs: MINUTE,
    query: {},
  }),
  /** Asleep, waiting_for_sleep or awake; the state and the sleep status change by the minute. */
  status: read({
    route: 'status',
    path: 'status',
    label: 'api.doing.sleepState',
    cacheKind: 'status',
    freshForMs: 10 * SECOND,
    query: {},
  }),
  /** `GET /{vin}/plate` (the plate's write is `POST` to the same path). */
  plate: read({
    route: 'plate_read',
    path: 'plate',
    label: 'api.doing.plate',
    cacheKind: 'plate',
    freshForMs: MINUTE,
    query: {},
  }),
  drives: read({
    route: 'drives',
    path: 'drives',
    label: 'api.doing.drives',
    cacheKind: 'drives',
    freshForMs: MINUTE,
    query: {
      from: 'from',
      to: 'to',
      tag: 'tag',
      excludeTag: 'exclude_tag',
      minimumDistance: 'minimum_distance',
      distanceFormat: 'distance_format',
      temperatureFormat: 'temperature_format',
      timezone: 'timezone',
    },
  }),
  firmwareAlerts: read({
    route: 'firmware_alerts',
    path: 'firmware_alerts',
    label: 'api.doing.firmwareAlerts',
    cacheKind: 'firmware-alerts',
    freshForMs: MINUTE,
    query: {},
  }),
  /** The reading now, or with `from`/`to` the readings of a window; in bar unless asked otherwise. */
  tirePressure: read({
    route: 'tire_pressure',
    path: 'tire_pressure',
    label: 'api.doing.tyrePressures',
    cacheKind: 'tire-pressure',
    freshForMs: MINUTE,
    query: { from: 'from', to: 'to', pressureFormat: 'pressure_format' },
    bareWithoutOptions: true,
  }),
  /**
   * The pack's capacity and range at 100 %: now, or one measurement a day inside a window.
   * Battery health changes over months, and reading it never wakes the car: a day's copy stands.
   */
  batteryHealth: read({
    route: 'battery_health',
    path: 'battery_health',
    label: 'api.doing.batteryHealth',
    cacheKind: 'battery-health',
    freshForMs: 24 * 60 * MINUTE,
    query: { from: 'from', to: 'to', distanceFormat: 'distance_format' },
  }),
  /** The pack now; the service refreshes it about every 10 s, so a newer copy gains nothing. */
  battery: read({
    route: 'battery',
    path: 'battery',
    label: 'api.doing.battery',
    cacheKind: 'battery',
    freshForMs: 10 * SECOND,
    query: {},
  }),
  /**
   * Charging sessions. A closed session does not change (but for its cost), so a window's copy
   * stands a few minutes; an open one shows up on the next read.
   */
  charges: read({
    route: 'charges',
    path: 'charges',
    label: 'api.doing.charges',
    cacheKind: 'charges',
    freshForMs: 5 * MINUTE,
    query: {
      from: 'from',
      to: 'to',
      superchargersOnly: 'superchargers_only',
      originLatitude: 'origin_latitude',
      originLongitude: 'origin_longitude',
      originRadius: 'origin_radius',
      excludeOrigin: 'exclude_origin',
      minimumEnergyAdded: 'minimum_energy_added',
      limit: 'limit',
      distanceFormat: 'distance_format',
      timezone: 'timezone',
    },
  }),
  /** State samples over a window, as a list or as columns (`condense`). */
  states: read({
    route: 'states',
    path: 'states',
    label: 'api.doing.states',
    cacheKind: 'states',
    freshForMs: 5 * MINUTE,
    query: {
      from: 'from',
      to: 'to',
      interval: 'interval',
      condense: 'condense',
      distanceFormat: 'distance_format',
      temperatureFormat: 'temperature_format',
      timezone: 'timezone',
    },
  }),
  /** Parked periods (neither driving nor charging), with what the car used in each. */
  idles: read({
    route: 'idles',
    path: 'idles',
    label: 'api.doing.idles',
    cacheKind: 'idles',
    freshForMs: 5 * MINUTE,
    query: {
      from: 'from',
      to: 'to',
      originLatitude: 'origin_latitude',
      originLongitude: 'origin_longitude',
      originRadius: 'origin_radius',
      excludeOrigin: 'exclude_origin',
      limit: 'limit',
      distanceFormat: 'distance_format',
      timezone: 'timezone',
    },
  }),
  /** Distance, charge and energy used since the last charge, and how much of it parked. */
  consumptionSinceCharge: read({
    route: 'consumption_since_charge',
    path: 'consumption_since_charge',
    label: 'api.doing.consumption',
    cacheKind: 'consumption',
    freshForMs: MINUTE,
    query: {},
  }),
  /** Where the car is (as last reported) and the account's saved place there. */
  location: read({
    route: 'location',
    path: 'location',
    label: 'api.doing.location',
    cacheKind: 'location',
    freshForMs: MINUTE,
    query: {},
  }),
  /** Where the car drove in a window (the last 30 days without one). */
  path: read({
    route: 'path',
    path: 'path',
    label: 'api.doing.path',
    cacheKind: 'path',
    freshForMs: 5 * MINUTE,
    query: { from: 'from', to: 'to', separate: 'separate', simplify: 'simplify', details: 'details' },
  }),
  /**
   * A map of where the car is (its last known position), as a PNG. It moves with the car: kept
   * about as long as the location it shows.
   */
  map: read({
    route: 'map',
    path: 'map',
    label: 'api.doing.map',
    cacheKind: 'map',
    freshForMs: 5 * MINUTE,
    query: { width: 'width', height: 'height', zoom: 'zoom', markerSize: 'marker_size', style: 'style' },
    image: 'image/png',
  }),
  /** The weather where the car is: it changes over minutes. */
  weather: read({
    route: 'weather',
    path: 'weather',
    label: 'api.doing.weather',
    cacheKind: 'weather',
    freshForMs: 10 * MINUTE,
    query: {},
  }),
  /** When the car last stopped driving or charging: where a drain calculation starts. */
  lastIdleState: read({
    route: 'last_idle_state',
    path: 'last_idle_state',
    label: 'api.doing.lastIdleState',
    cacheKind: 'last-idle-state',
    freshForMs: MINUTE,
    query: {},
  }),
};

export type VehicleReadTable = typeof VEHICLE_READS;
export type VehicleReadName = keyof VehicleReadTable;

function isVehicleReadName(name: string): name is VehicleReadName {
  return Object.hasOwn(VEHICLE_READS, name);
}

/** Every row's name, in table order. */
export const VEHICLE_READ_NAMES: readonly VehicleReadName[] = Object.freeze(
  Object.keys(VEHICLE_READS).filter(isVehicleReadName),
);

/** The routes of the rows, for the service's list of operation names (wire.ts). */
export type VehicleReadRoute = VehicleReadTable[VehicleReadName]['route'];
export const VEHICLE_READ_ROUTES: readonly VehicleReadRoute[] = VEHICLE_READ_NAMES.map(
  (name) => VEHICLE_READS[name].route,
);

/** The app's names of a read's options sent to the service, in the order sent. */
export function queryNamesOf(name: VehicleReadName): readonly string[] {
  return Object.keys(VEHICLE_READS[name].query);
}

/**
 * What tells two answers of one read apart in the offline cache: its options' values in the row's
 * order, as canonical text ('' for a read without options).
 */
export function readVariant(name: VehicleReadName, options: Readonly<Record<string, unknown>> = {}): string {
  const names = queryNamesOf(name);
  const bare =
    names.length === 0 ||
    ((VEHICLE_READS[name] as VehicleReadSpec).bareWithoutOptions === true &&
      names.every((option) => options[option] === undefined));
  return bare ? '' : JSON.stringify(names.map((option) => options[option] ?? null));
}
