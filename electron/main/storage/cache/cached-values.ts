// The offline cache's one table: every kind of read it keeps, the schema an entry's value is checked
// against when it is read back (the cache folder is writable by anything running as the user, and
// the schema also drops any field it does not declare, so a hand-edited entry cannot smuggle
// `tokens` back in), and how long a cached answer stands for a new one. The kinds, their value
// types, the entry codec's checks and the reads' freshness all come from here.
import type { z } from 'zod';
import {
  drivesSchema,
  firmwareAlertsSchema,
  plateReadSchema,
  releaseNotesSchema,
  telemetryConfigSchema,
  tirePressureSchema,
  vehicleStateSchema,
  vehicleStatusSchema,
} from '../../../shared/wire';

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

// The state and the sleep status change by the minute, so they are asked again after a few seconds;
// the rest after a minute.
export const CACHED_VALUES = {
  telemetry: cached(telemetryConfigSchema, MINUTE),
  'release-notes': cached(releaseNotesSchema, MINUTE),
  state: cached(vehicleStateSchema, 10 * SECOND),
  status: cached(vehicleStatusSchema, 10 * SECOND),
  plate: cached(plateReadSchema, MINUTE),
  drives: cached(drivesSchema, MINUTE),
  'firmware-alerts': cached(firmwareAlertsSchema, MINUTE),
  'tire-pressure': cached(tirePressureSchema, MINUTE),
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
