// The schemas of each vehicle read of the table (vehicle-reads.ts): its answer, as the service sends
// it (the client checks every answer against it, and the offline cache every entry it reads back),
// and its options, as the IPC edge checks them once. A read's option types and answer type come
// from here; the table itself stays zod-free for the preload.
import { z } from 'zod';
import {
  DRIVE_TIME_MAX,
  DRIVE_TIME_MIN,
  driveRangeProblem,
  tagProblem,
  timezoneProblem,
} from './input-rules';
import {
  batterySchema,
  chargesSchema,
  consumptionSchema,
  idlesSchema,
  lastIdleStateSchema,
  locationSchema,
  pathSchema,
  statesSchema,
  weatherSchema,
} from './history-wire';
import { schemaSay } from './ipc/schema-words';
import { mapImageSchema, mapOptionsShape } from './map-image';
import { problemCheck } from './problem-check';
import type { VehicleReadName, VehicleReadTable } from './vehicle-reads';
import {
  drivesSchema,
  firmwareAlertsSchema,
  plateReadSchema,
  telemetryConfigSchema,
  tirePressureSchema,
  vehicleStatusSchema,
  type TirePressure,
} from './wire';

/** `refresh` asks the service even when a recent copy is cached; every read takes it. */
const refresh = { refresh: z.boolean().optional() };

const readOptions = z.strictObject(refresh);

const filterTag = z
  .string()
  .max(256)
  .superRefine(problemCheck((value) => tagProblem(value, schemaSay)));
/** A `from` or `to`: Unix seconds (a time in milliseconds is out of range). */
const unixTime = z.number().int().min(DRIVE_TIME_MIN).max(DRIVE_TIME_MAX);
const distanceFormat = z.enum(['mi', 'km']);
const timezone = z
  .string()
  .max(64)
  .superRefine(problemCheck((value) => timezoneProblem(value, schemaSay)));

/** `from` not after `to`, both given or not. */
function windowCheck(
  query: { from?: number | undefined; to?: number | undefined },
  ctx: z.RefinementCtx,
): void {
  const problem = driveRangeProblem(query.from, query.to, schemaSay);
  if (problem) ctx.addIssue({ code: 'custom', path: ['from'], message: problem });
}

/** `GET /{vin}/drives` filters, in the app's names (sent under the public names). */
const drivesOptions = z
  .strictObject({
    from: unixTime.optional(),
    to: unixTime.optional(),
    tag: filterTag.optional(),
    excludeTag: z.boolean().optional(),
    minimumDistance: z.number().min(0).max(100_000).optional(),
    distanceFormat: distanceFormat.optional(),
    temperatureFormat: z.enum(['c', 'f']).optional(),
    timezone: timezone.optional(),
    ...refresh,
  })
  .superRefine((query, ctx) => {
    windowCheck(query, ctx);
    if (query.excludeTag !== undefined && query.tag === undefined)
      ctx.addIssue({ code: 'custom', path: ['excludeTag'], message: 'excludeTag needs a tag' });
  });

/** The pack now: range at 100 % (rated and ideal, in the distance format) and usable capacity, kWh. */
const packHealth = z.object({ max_range: z.number(), max_ideal_range: z.number(), capacity: z.number() });

/**
 * `GET /{vin}/battery_health`: without a window, `result` is the pack now; with `from` or `to`,
 * `results` is a list of measurements, each with its `timestamp` (Unix s) and `odometer`.
 */
export const batteryHealthSchema = z.union([
  z.object({ result: packHealth }),
  z.object({ results: z.array(packHealth.extend({ timestamp: z.number(), odometer: z.number() })) }),
]);
export type BatteryHealth = z.infer<typeof batteryHealthSchema>;

const batteryHealthOptions = z
  .strictObject({
    from: unixTime.optional(),
    to: unixTime.optional(),
    distanceFormat: distanceFormat.optional(),
    ...refresh,
  })
  .superRefine(windowCheck);

/**
 * A place and a radius around it (metres), all three or none; `excludeOrigin` keeps what is *not*
 * there and needs the place.
 */
const originOptions = {
  originLatitude: z.number().min(-90).max(90).optional(),
  originLongitude: z.number().min(-180).max(180).optional(),
  originRadius: z.number().positive().max(20_000_000).optional(),
  excludeOrigin: z.boolean().optional(),
};

function originCheck(
  query: {
    originLatitude?: number | undefined;
    originLongitude?: number | undefined;
    originRadius?: number | undefined;
    excludeOrigin?: boolean | undefined;
  },
  ctx: z.RefinementCtx,
): void {
  const given = [query.originLatitude, query.originLongitude, query.originRadius].filter(
    (value) => value !== undefined,
  ).length;
  if (given !== 0 && given !== 3)
    ctx.addIssue({
      code: 'custom',
      path: [
        query.originLatitude === undefined
          ? 'originLatitude'
          : query.originLongitude === undefined
            ? 'originLongitude'
            : 'originRadius',
      ],
      message: 'a place needs its latitude, longitude and radius',
    });
  if (query.excludeOrigin !== undefined && given === 0)
    ctx.addIssue({ code: 'custom', path: ['excludeOrigin'], message: 'excludeOrigin needs a place' });
}

/** At most this many sessions or periods (the service's `limit`). */
const limit = z.number().int().min(1).max(10_000);

/** The filters charges and parked periods share: a window, a place, how many and in which units. */
const sessionOptions = {
  from: unixTime.optional(),
  to: unixTime.optional(),
  ...originOptions,
  limit: limit.optional(),
  distanceFormat: distanceFormat.optional(),
  timezone: timezone.optional(),
  ...refresh,
};

function sessionCheck(
  query: Parameters<typeof originCheck>[0] & Parameters<typeof windowCheck>[0],
  ctx: z.RefinementCtx,
): void {
  windowCheck(query, ctx);
  originCheck(query, ctx);
}

/** `GET /{vin}/charges` filters. */
const chargesOptions = z
  .strictObject({
    ...sessionOptions,
    superchargersOnly: z.boolean().optional(),
    minimumEnergyAdded: z.number().min(0).max(1000).optional(),
  })
  .superRefine(sessionCheck);

/** `GET /{vin}/idles` filters. */
const idlesOptions = z.strictObject(sessionOptions).superRefine(sessionCheck);

/** `GET /{vin}/states`: a window, the spacing of its samples (seconds) and the condensed form. */
const statesOptions = z
  .strictObject({
    from: unixTime.optional(),
    to: unixTime.optional(),
    interval: z
      .number()
      .int()
      .min(1)
      .max(31 * 86_400)
      .optional(),
    condense: z.boolean().optional(),
    distanceFormat: distanceFormat.optional(),
    temperatureFormat: z.enum(['c', 'f']).optional(),
    timezone: timezone.optional(),
    ...refresh,
  })
  .superRefine(windowCheck);

/**
 * `GET /{vin}/tire_pressure`: the reading now (a plain object), or over a window either a list of
 * readings in `results` or, as the service may answer, the newest reading alone (its history form
 * is not published). A list is kept, with its newest reading's fields beside it, so what reads the
 * reading now reads the newest one either way; the list is tried first, since a reading's fields are
 * all optional and would take any object.
 */
export const tirePressureAnswerSchema = z.union([
  z.object({ results: z.array(tirePressureSchema) }).transform(({ results }) => ({
    ...results.reduce<TirePressure>(
      (newest, reading) => ((reading.timestamp ?? 0) >= (newest.timestamp ?? 0) ? reading : newest),
      {},
    ),
    results,
  })),
  tirePressureSchema,
]);

const tirePressureOptions = z
  .strictObject({
    from: unixTime.optional(),
    to: unixTime.optional(),
    pressureFormat: z.enum(['bar', 'kpa', 'psi']).optional(),
    ...refresh,
  })
  .superRefine(windowCheck);

/** `GET /{vin}/path`: a window, one list per drive, thinned or every point, points as objects. */
const pathOptions = z
  .strictObject({
    from: unixTime.optional(),
    to: unixTime.optional(),
    separate: z.boolean().optional(),
    simplify: z.boolean().optional(),
    details: z.boolean().optional(),
    ...refresh,
  })
  .superRefine(windowCheck);

/** `GET /{vin}/map`: its size, zoom, marker and style. */
const mapOptions = z.strictObject({ ...mapOptionsShape, ...refresh });

interface ReadSchemas {
  answer: z.ZodType;
  options: z.ZodType<{ refresh?: boolean | undefined }>;
}

export const VEHICLE_READ_SCHEMAS = {
  telemetryConfig: { answer: telemetryConfigSchema, options: readOptions },
  status: { answer: vehicleStatusSchema, options: readOptions },
  plate: { answer: plateReadSchema, options: readOptions },
  drives: { answer: drivesSchema, options: drivesOptions },
  firmwareAlerts: { answer: firmwareAlertsSchema, options: readOptions },
  tirePressure: { answer: tirePressureAnswerSchema, options: tirePressureOptions },
  batteryHealth: { answer: batteryHealthSchema, options: batteryHealthOptions },
  battery: { answer: batterySchema, options: readOptions },
  charges: { answer: chargesSchema, options: chargesOptions },
  states: { answer: statesSchema, options: statesOptions },
  idles: { answer: idlesSchema, options: idlesOptions },
  lastIdleState: { answer: lastIdleStateSchema, options: readOptions },
  consumptionSinceCharge: { answer: consumptionSchema, options: readOptions },
  location: { answer: locationSchema, options: readOptions },
  path: { answer: pathSchema, options: pathOptions },
  map: { answer: mapImageSchema, options: mapOptions },
  weather: { answer: weatherSchema, options: readOptions },
} satisfies Record<VehicleReadName, ReadSchemas>;

type Schemas = typeof VEHICLE_READ_SCHEMAS;

/** A read's answer. */
export type ReadValueOf<Name extends VehicleReadName> = z.output<Schemas[Name]['answer']>;
/** A read's options as main receives them (checked at the IPC edge). */
export type ReadOptionsOf<Name extends VehicleReadName> = z.output<Schemas[Name]['options']>;
/** What of a read's options is sent to the service (`refresh` is the app's own). */
export type ReadQueryOf<Name extends VehicleReadName> = Omit<ReadOptionsOf<Name>, 'refresh'>;

/** Each row's query (vehicle-reads.ts) names exactly the options its schema takes besides `refresh`. */
type QueryMatches<Name extends VehicleReadName> = [keyof VehicleReadTable[Name]['query']] extends [
  keyof ReadQueryOf<Name>,
]
  ? [keyof ReadQueryOf<Name>] extends [keyof VehicleReadTable[Name]['query']]
    ? true
    : Name
  : Name;
type Mismatched = Exclude<{ [Name in VehicleReadName]: QueryMatches<Name> }[VehicleReadName], true>;
// Fails to compile, naming the read, when a row's query and its options schema disagree.
export const EVERY_READ_QUERY_MATCHES: [Mismatched] extends [never] ? true : Mismatched = true;
