// The offline cache's one table: every kind of read it keeps, the schema an entry's value is checked
// against when it is read back (the cache folder is writable by anything running as the user, and
// the schema also drops any field it does not declare, so a hand-edited entry cannot smuggle
// `tokens` back in), and how long a cached answer stands for a new one. The kinds, their value
// types, the entry codec's checks and the reads' freshness all come from here.
import type { z } from 'zod';
import { releaseNotesSchema, vehicleStateSchema } from '../../../shared/wire';
import { fleetBatteryHealthSchema, fleetStatusSchema } from '../../../shared/fleet-wire';
import { VEHICLE_READ_SCHEMAS, type ReadValueOf } from '../../../shared/vehicle-read-schemas';
import {
  VEHICLE_READ_NAMES,
  VEHICLE_READS,
  type VehicleReadName,
  type VehicleReadTable,
} from '../../../shared/vehicle-reads';

export interface CachedValueSpec<Value> {
  /** What an entry's value must be: the service's own answer schema. */
  schema: z.ZodType<Value>;
  /** How long a cached copy answers without asking the service. */
  freshForMs: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;

const cached = <Value>(schema: z.ZodType<Value>, freshForMs: number): CachedValueSpec<Value> => ({
  schema,
  freshForMs,
});

/** The vehicle reads of the shared table (shared/vehicle-reads.ts): each row's kind, schema and freshness. */
type VehicleReadValues = {
  [Name in VehicleReadName as VehicleReadTable[Name]['cacheKind']]: CachedValueSpec<ReadValueOf<Name>>;
};

// Each entry is its own read's row; the collection is said to be the typed table once.
const vehicleReadValues = Object.fromEntries(
  VEHICLE_READ_NAMES.map((name) => [
    VEHICLE_READS[name].cacheKind,
    cached<unknown>(VEHICLE_READ_SCHEMAS[name].answer, VEHICLE_READS[name].freshForMs),
  ]),
) as VehicleReadValues;

// The state changes by the minute, so it is asked again after a few seconds; the notes after a minute.
export const CACHED_VALUES = {
  'release-notes': cached(releaseNotesSchema, MINUTE),
  state: cached(vehicleStateSchema, 10 * SECOND),
  ...vehicleReadValues,
  // The account's reads, kept under the account's key (ACCOUNT_KEY in services/fleet-reads.ts).
  // Battery health changes over months (a day's copy stands, as for one car); a key is paired in
  // the car by hand, so a copy of the fleet status stands minutes, and the fleet view refreshes it.
  'fleet-battery-health': cached(fleetBatteryHealthSchema, 24 * 60 * MINUTE),
  'fleet-status': cached(fleetStatusSchema, 10 * MINUTE),
};

type Table = typeof CACHED_VALUES;

/** What each read keeps: one entry per profile, VIN, kind and variant. */
export type ReadValues = {
  [Kind in keyof Table]: Table[Kind] extends CachedValueSpec<infer Value> ? Value : never;
};
export type ReadKind = keyof ReadValues;

function isReadKind(kind: string): kind is ReadKind {
  return Object.hasOwn(CACHED_VALUES, kind);
}

export const READ_KINDS: readonly ReadKind[] = Object.freeze(Object.keys(CACHED_VALUES).filter(isReadKind));

/** The table's row for a kind, with its value's type. */
export function cachedValueOf<Kind extends ReadKind>(kind: Kind): CachedValueSpec<ReadValues[Kind]> {
  return CACHED_VALUES[kind] as CachedValueSpec<ReadValues[Kind]>;
}
