// The answers of the service's history reads (pack snapshot, charging sessions, parked periods,
// state samples, the last idle state, consumption since the last charge, location), as the public
// service sends them (shared/interface/public-api-history.md), and normalised here, at the one place
// every answer passes (the client checks each one against these, the offline cache each entry it
// reads back): times in Unix seconds (a time in milliseconds is turned into seconds), the 999 the
// service puts in `ideal_battery_range` for "not known" into null, the 0/1 flags of the state
// samples into booleans, and a `{result: …}` wrapper around a flat object taken off. Each
// normalisation also accepts its own output, so an entry read back from the cache passes again
// unchanged. Distances stay in miles unless the read asked for km, and pressures in bar, as every
// other read's do: the window converts for the technician.
import { z } from 'zod';

/** Optional and nullable: absent or null both mean "the service did not say". */
const maybe = <T extends z.ZodType>(schema: T) => schema.nullable().optional();

/** Above this a time is in milliseconds (it would be the year 5138 in seconds). */
const MS_THRESHOLD = 100_000_000_000;

/** Unix seconds; a time the service sent in milliseconds is turned into seconds. */
export const unixSeconds = z
  .number()
  .transform((value) => (value >= MS_THRESHOLD ? Math.floor(value / 1000) : value));

/** The service's placeholder for an ideal range it does not know. */
export const IDEAL_RANGE_PLACEHOLDER = 999;

/** `ideal_battery_range` and its like: 999 means not known. */
const idealRange = z
  .number()
  .nullable()
  .transform((value) => (value === IDEAL_RANGE_PLACEHOLDER ? null : value))
  .optional();

/** A state sample's flag: 0/1 on the wire (a boolean is taken as it is). */
const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1)])
  .nullable()
  .transform((value) => (value === null ? null : value === true || value === 1))
  .optional();

/** A flat object, or the same object wrapped in `result` (taken off). */
function bareOrResult<Shape extends z.ZodRawShape>(shape: Shape) {
  const bare = z.object(shape);
  return z.union([z.object({ result: bare }).transform((wrapped) => wrapped.result), bare]);
}

/** `GET /{vin}/battery`: the pack now. Ranges in miles (the read takes no unit), energy in kWh. */
export const batterySchema = bareOrResult({
  timestamp: maybe(unixSeconds),
  battery_level: maybe(z.number()),
  battery_range: maybe(z.number()),
  ideal_battery_range: idealRange,
  phantom_drain_percent: maybe(z.number()),
  energy_remaining: maybe(z.number()),
  lifetime_energy_used: maybe(z.number()),
  /** Amps, negative while the pack gives current. */
  pack_current: maybe(z.number()),
  pack_voltage: maybe(z.number()),
  /** °C. */
  module_temp_min: maybe(z.number()),
  module_temp_max: maybe(z.number()),
});
export type BatterySnapshot = z.output<typeof batterySchema>;

/** What a charging session and a parked period both say: when, where, and the charge at each end. */
const sessionShape = {
  id: z.number().int(),
  started_at: unixSeconds,
  ended_at: maybe(unixSeconds),
  location: maybe(z.string()),
  latitude: maybe(z.number()),
  longitude: maybe(z.number()),
  starting_battery: maybe(z.number()),
  ending_battery: maybe(z.number()),
};

/** One charging session; distances in the distance format asked for, energy in kWh. */
export const chargeSchema = z.object({
  ...sessionShape,
  is_supercharger: flag,
  odometer: maybe(z.number()),
  /** Into the pack. */
  energy_added: maybe(z.number()),
  /** From the charger (at least what went in). */
  energy_used: maybe(z.number()),
  miles_added: maybe(z.number()),
  miles_added_ideal: idealRange,
  /** In the account's currency, which the service does not say. */
  cost: maybe(z.number()),
});
export type Charge = z.output<typeof chargeSchema>;
export const chargesSchema = z.object({ results: z.array(chargeSchema) });
export type Charges = z.output<typeof chargesSchema>;

/** One parked period (neither driving nor charging). */
export const idleSchema = z.object({
  ...sessionShape,
  rated_range_used: maybe(z.number()),
  /** Shares of the period, 0–1. */
  climate_fraction: maybe(z.number()),
  sentry_fraction: maybe(z.number()),
  energy_used: maybe(z.number()),
});
export type Idle = z.output<typeof idleSchema>;
export const idlesSchema = z.object({ results: z.array(idleSchema) });
export type Idles = z.output<typeof idlesSchema>;

/** One state sample of `GET /{vin}/states`: its fields, each with its normalisation. */
const stateSampleShape = {
  id: maybe(z.number()),
  timestamp: unixSeconds,
  /** online, asleep, offline. */
  state: maybe(z.string()),
  charging_state: maybe(z.string()),
  shift_state: maybe(z.string()),
  /** The firmware version at the sample: the only history of versions the service keeps. */
  version: maybe(z.string()),
  battery_level: maybe(z.number()),
  usable_battery_level: maybe(z.number()),
  battery_range: maybe(z.number()),
  est_battery_range: maybe(z.number()),
  ideal_battery_range: idealRange,
  latitude: maybe(z.number()),
  longitude: maybe(z.number()),
  heading: maybe(z.number()),
  odometer: maybe(z.number()),
  elevation: maybe(z.number()),
  speed: maybe(z.number()),
  power: maybe(z.number()),
  charge_rate: maybe(z.number()),
  charger_actual_current: maybe(z.number()),
  charger_power: maybe(z.number()),
  charger_phases: maybe(z.number()),
  charger_voltage: maybe(z.number()),
  charge_miles_added_rated: maybe(z.number()),
  charge_miles_added_ideal: idealRange,
  inside_temp: maybe(z.number()),
  outside_temp: maybe(z.number()),
  left_temp_direction: maybe(z.number()),
  right_temp_direction: maybe(z.number()),
  df: flag,
  dr: flag,
  pf: flag,
  pr: flag,
  ft: flag,
  rt: flag,
  locked: flag,
  fd_window: flag,
  fp_window: flag,
  rd_window: flag,
  rp_window: flag,
  sentry_mode: flag,
  valet_mode: flag,
  is_climate_on: flag,
  is_preconditioning: flag,
  battery_heater_on: flag,
};
type SampleShape = typeof stateSampleShape;

export const stateSampleSchema = z.object(stateSampleShape);
export type StateSample = z.output<typeof stateSampleSchema>;

/** The condensed form's key of a sample's field: the field's name and an `s`, always (`charger_phasess`). */
export const condensedKey = <Key extends string>(key: Key): `${Key}s` => `${key}s`;

type CondensedShape = {
  [Key in keyof SampleShape & string as `${Key}s`]: z.ZodOptional<z.ZodArray<SampleShape[Key]>>;
};

const condensedShape = Object.fromEntries(
  Object.entries(stateSampleShape).map(([key, schema]) => [condensedKey(key), z.array(schema).optional()]),
) as unknown as CondensedShape;

/** `condense=true`: one object of parallel arrays, one per field, keyed as condensedKey says. */
export const condensedStatesSchema = z.object(condensedShape);
export type CondensedStates = z.output<typeof condensedStatesSchema>;

/** `GET /{vin}/states`: a list of samples, or with `condense=true` one object of columns. */
export const statesSchema = z.union([
  z.object({ results: z.array(stateSampleSchema) }),
  z.object({ results: condensedStatesSchema }),
]);
export type States = z.output<typeof statesSchema>;

/** `GET /{vin}/last_idle_state`: when the car last stopped driving or charging. Miles. */
export const lastIdleStateSchema = z.object({
  result: z.object({
    timestamp: unixSeconds,
    battery_level: maybe(z.number()),
    usable_battery_level: maybe(z.number()),
    battery_range: maybe(z.number()),
    est_battery_range: maybe(z.number()),
    ideal_battery_range: idealRange,
  }),
});
export type LastIdleState = z.output<typeof lastIdleStateSchema>;

/**
 * `GET /{vin}/consumption_since_charge`: miles, % points and kWh since the last charge; the total
 * less the `_by_driving` part is what the car used parked.
 */
export const consumptionSchema = bareOrResult({
  last_charge_at: maybe(unixSeconds),
  distance_driven: maybe(z.number()),
  battery_percent_used: maybe(z.number()),
  battery_percent_used_by_driving: maybe(z.number()),
  rated_range_used: maybe(z.number()),
  rated_range_used_by_driving: maybe(z.number()),
  ideal_range_used: maybe(z.number()),
  ideal_range_used_by_driving: maybe(z.number()),
  energy_used: maybe(z.number()),
  energy_used_by_driving: maybe(z.number()),
});
export type Consumption = z.output<typeof consumptionSchema>;

/** `GET /{vin}/location`: where the car is, and the account's saved place there, if any. */
export const locationSchema = bareOrResult({
  latitude: maybe(z.number()),
  longitude: maybe(z.number()),
  address: maybe(z.string()),
  saved_location: maybe(z.string()),
});
export type VehicleLocation = z.output<typeof locationSchema>;

/** One point of a path: "lat,lon", or with `details=true` an object. */
const pathPointSchema = z.union([
  z.string().max(64),
  z.object({
    timestamp: unixSeconds,
    latitude: maybe(z.number()),
    longitude: maybe(z.number()),
    heading: maybe(z.number()),
    battery_level: maybe(z.number()),
    speed: maybe(z.number()),
    odometer: maybe(z.number()),
    /** Such as Standby or Off. */
    autopilot: maybe(z.string()),
  }),
]);

/** `GET /{vin}/path`: the points, or with `separate=true` a list of points per drive. */
export const pathSchema = z.object({
  results: z.array(z.union([pathPointSchema, z.array(pathPointSchema)])),
});
export type DrivingPath = z.output<typeof pathSchema>;

/**
 * `GET /{vin}/weather` where the car is: units are not published (°C, hPa and metres fit the
 * examples); `sunrise` and `sunset` are Unix seconds.
 */
export const weatherSchema = bareOrResult({
  location: maybe(z.string()),
  condition: maybe(z.string()),
  temperature: maybe(z.number()),
  feels_like: maybe(z.number()),
  humidity: maybe(z.number()),
  visibility: maybe(z.number()),
  pressure: maybe(z.number()),
  sunrise: maybe(unixSeconds),
  sunset: maybe(unixSeconds),
  cloudiness: maybe(z.number()),
  wind_speed: maybe(z.number()),
  wind_direction: maybe(z.number()),
});
export type Weather = z.output<typeof weatherSchema>;
