// The reads beyond the twelve (state, status, plate, drives, firmware alerts, tyres), each read
// through the offline cache per profile and VIN with its "as of", and each feeding the garage's
// glance. The state is read with use_cache=true (never wakes the car) unless a live read is asked.
import { DRIVE_FILTERS, type DrivesQuery, type ReadOptions, type StateOptions } from '../../shared/ipc/api';
import type { FetchMeta, StateMeta } from '../../shared/types';
import { hasSections, stateAsOf } from '../../shared/vehicle-values';
import type {
  DrivesList,
  FirmwareAlerts,
  PlateRead,
  TirePressure,
  VehicleState,
  VehicleStatusAnswer,
} from '../../shared/wire';
import type {
  CacheValue,
  VehicleReadKey,
  VehicleReadKind,
  VehicleReadValues,
} from '../storage/cache/cache-keys';
import type { CachedValue } from '../storage/cache/entry-codec';
import type { OfflineCache } from '../storage/cache/offline-cache';
import type { CachedReader, ReadContext } from './cached-reader';
import { readThrough } from './read-through';
import type { GlanceBook } from './vehicle-glance';
import type { VehicleStatusBook } from './vehicle-status';

/**
 * How long a cached copy answers without asking the service. The state and the sleep status
 * change by the minute, so they are asked again after a few seconds; the rest after a minute.
 */
export const FRESH_FOR_MS: Record<VehicleReadKind, number> = {
  state: 10_000,
  status: 10_000,
  plate: 60_000,
  drives: 60_000,
  'firmware-alerts': 60_000,
  'tire-pressure': 60_000,
};

export interface VehicleStateReadsOptions {
  cache: OfflineCache;
  reader: CachedReader;
  status: VehicleStatusBook;
  glance: GlanceBook;
  now?: () => Date;
  /** The plate the service confirmed, remembered in the garage. */
  onPlateRead?: (profileId: string, vin: string, plate: string | null) => Promise<void>;
  onProblem?: (message: string, error: unknown) => void;
}

type Read<T, Meta = FetchMeta> = Promise<{ value: T } & Meta>;

export interface VehicleStateReads {
  state(ctx: ReadContext, vin: string, options?: StateOptions): Read<VehicleState, StateMeta>;
  status(ctx: ReadContext, vin: string, options?: ReadOptions): Read<VehicleStatusAnswer>;
  plate(ctx: ReadContext, vin: string, options?: ReadOptions): Read<PlateRead>;
  drives(ctx: ReadContext, vin: string, query?: DrivesQuery): Read<DrivesList>;
  firmwareAlerts(ctx: ReadContext, vin: string, options?: ReadOptions): Read<FirmwareAlerts>;
  tirePressure(ctx: ReadContext, vin: string, options?: ReadOptions): Read<TirePressure>;
}

/** The drives' filters as canonical text, so the same filters find the same cache entry. */
export function drivesVariant(query: DrivesQuery = {}): string {
  return JSON.stringify(DRIVE_FILTERS.map((name) => query[name] ?? null));
}

export function createVehicleStateReads(options: VehicleStateReadsOptions): VehicleStateReads {
  const { cache, reader, status, glance } = options;
  const now = options.now ?? (() => new Date());
  const onProblem = options.onProblem ?? (() => {});

  async function cachedRead<Kind extends VehicleReadKind>(
    ctx: ReadContext,
    vin: string,
    kind: Kind,
    live: () => Promise<VehicleReadValues[Kind]>,
    settings: { refresh: boolean; variant?: string; keep?: (value: VehicleReadValues[Kind]) => boolean },
  ): Read<VehicleReadValues[Kind]> {
    const key: VehicleReadKey<Kind> = {
      kind,
      profileId: ctx.profileId,
      vin,
      variant: settings.variant ?? '',
    };
    const result = await readThrough<VehicleReadValues[Kind]>({
      // The key's kind fixes the value's type; TypeScript cannot follow that through the generic.
      cached: async () => (await reader.cachedEntry(key)) as CachedValue<VehicleReadValues[Kind]> | null,
      live,
      store: (value, fetchedAt) =>
        settings.keep && !settings.keep(value)
          ? Promise.resolve()
          : reader.storeIfCurrent(ctx, key, () => cache.put(key, value as CacheValue<typeof key>, fetchedAt)),
      now,
      freshForMs: FRESH_FOR_MS[kind],
      refresh: settings.refresh,
      onStoreError: reader.onStoreError,
    });
    status.noteRead(ctx.profileId, vin, result.source, result.fetchedAt, result.stale);
    return result;
  }

  return {
    async state(ctx, vin, { live = false, refresh = false } = {}) {
      const result = await cachedRead(ctx, vin, 'state', () => ctx.client.state(vin, !live), {
        // A live read is the vehicle's answer now: a cached copy never stands in for it unless it fails.
        refresh: refresh || live,
        // A live read of a sleeping car answers only {"state": "asleep"}: the complete state
        // already cached stays the offline copy.
        keep: hasSections,
      });
      // Served from the offline cache, the copy may have come from a live read or a cached one.
      glance.noteState(ctx.profileId, vin, result.value, result, live ? 'live-state' : 'state');
      return { ...result, asOf: stateAsOf(result.value) };
    },

    async status(ctx, vin, { refresh = false } = {}) {
      const result = await cachedRead(ctx, vin, 'status', () => ctx.client.status(vin), { refresh });
      glance.noteStatus(ctx.profileId, vin, result.value, result);
      return result;
    },

    async plate(ctx, vin, { refresh = false } = {}) {
      const result = await cachedRead(ctx, vin, 'plate', () => ctx.client.plate(vin), { refresh });
      if (result.source === 'live') {
        await options
          .onPlateRead?.(ctx.profileId, vin, result.value.result)
          .catch((error) => onProblem('Could not remember the plate', error));
      }
      return result;
    },

    drives(ctx, vin, query = {}) {
      const { refresh = false, ...filters } = query;
      return cachedRead(ctx, vin, 'drives', () => ctx.client.drives(vin, filters), {
        refresh,
        variant: drivesVariant(filters),
      });
    },

    async firmwareAlerts(ctx, vin, { refresh = false } = {}) {
      const result = await cachedRead(ctx, vin, 'firmware-alerts', () => ctx.client.firmwareAlerts(vin), {
        refresh,
      });
      glance.noteAlerts(ctx.profileId, vin, result.value, result);
      return result;
    },

    tirePressure(ctx, vin, { refresh = false } = {}) {
      return cachedRead(ctx, vin, 'tire-pressure', () => ctx.client.tirePressure(vin), { refresh });
    },
  };
}
