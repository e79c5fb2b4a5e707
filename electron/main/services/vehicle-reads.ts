// Every read of one vehicle (telemetry configuration, release notes, state, sleep status, plate,
// drives, firmware alerts, tyres), each through the one cached-read path (cached-reads.ts) with its
// "as of", and each feeding the garage's glance where it says something the list shows. The state
// is read with use_cache=true (never wakes the car) unless a live read is asked for.
import {
  DRIVE_FILTERS,
  type DrivesQuery,
  type ReadOptions,
  type ReleaseNotesQuery,
  type StateOptions,
} from '../../shared/ipc/api';
import type { FetchMeta, ReleaseNotesView, StateMeta, TelemetryConfig } from '../../shared/types';
import { hasSections, stateAsOf } from '../../shared/vehicle-values';
import type {
  DrivesList,
  FirmwareAlerts,
  PlateRead,
  TirePressure,
  VehicleState,
  VehicleStatusAnswer,
} from '../../shared/wire';
import { releaseNotesVariant } from '../storage/cache/cache-keys';
import type { FactPort } from '../events/domain-events';
import type { OfflineCache } from '../storage/cache/offline-cache';
import { createCachedReads, type ReadContext } from './cached-reads';
import { createReleaseNoteImages } from './release-note-images';
import type { GlanceBook } from './vehicle-glance';
import type { VehicleStatusBook } from './vehicle-status';

export interface VehicleReadsOptions {
  cache: OfflineCache;
  status: VehicleStatusBook;
  /** Keeps the garage's glance (sleep, battery, versions, certificate expiry, alerts) up to date. */
  glance: GlanceBook;
  now?: () => Date;
  /** The plate the service confirmed, remembered in the garage. */
  onPlateRead?: (profileId: string, vin: string, plate: string | null) => Promise<void>;
  onProblem?: (message: string, error: unknown) => void;
  /** Told `vehicle.read` after each read (cached-reads.ts). */
  facts?: FactPort;
}

type Read<T, Meta = FetchMeta> = Promise<{ value: T } & Meta>;

export interface VehicleReads {
  /** Settles when every cache write started by a read has finished. */
  drain(): Promise<void>;
  telemetryConfig(ctx: ReadContext, vin: string, options?: ReadOptions): Read<TelemetryConfig>;
  releaseNotes(ctx: ReadContext, vin: string, query?: ReleaseNotesQuery): Read<ReleaseNotesView>;
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

export function createVehicleReads(options: VehicleReadsOptions): VehicleReads {
  const { cache, status, glance } = options;
  const now = options.now ?? (() => new Date());
  const onProblem = options.onProblem ?? (() => {});
  const reads = createCachedReads({ cache, status, now, onProblem, facts: options.facts });
  const images = createReleaseNoteImages({ cache, reads, now, onProblem });

  return {
    drain: () => reads.drain(),

    async telemetryConfig(ctx, vin, { refresh = false } = {}) {
      const result = await reads.read(ctx, vin, 'telemetry', () => ctx.client.telemetryConfig(vin), {
        refresh,
      });
      glance.noteTelemetry(ctx.profileId, vin, result.value, result);
      return result;
    },

    async releaseNotes(ctx, vin, query = {}) {
      const language = query.language ?? 'en';
      const staged = query.staged ?? false;
      const version = query.version ?? '';
      const live = async () => {
        const notes = await ctx.client.releaseNotes(vin, { version, language, staged });
        await images.fetchBriefly(ctx.client, notes);
        return notes;
      };
      const result = await reads.read(ctx, vin, 'release-notes', live, {
        refresh: query.refresh ?? false,
        variant: releaseNotesVariant(version || (staged ? 'staged' : 'current'), language),
      });
      // Notes asked for without a version say which version is deployed and which is staged.
      if (version === '') glance.noteReleaseNotes(ctx.profileId, vin, result.value, result);
      return { ...result, value: { ...result.value, images: await images.inline(ctx.client, result.value) } };
    },

    async state(ctx, vin, { live = false, refresh = false } = {}) {
      const result = await reads.read(ctx, vin, 'state', () => ctx.client.state(vin, !live), {
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
      const result = await reads.read(ctx, vin, 'status', () => ctx.client.status(vin), { refresh });
      glance.noteStatus(ctx.profileId, vin, result.value, result);
      return result;
    },

    async plate(ctx, vin, { refresh = false } = {}) {
      const result = await reads.read(ctx, vin, 'plate', () => ctx.client.plate(vin), { refresh });
      if (result.source === 'live') {
        await options
          .onPlateRead?.(ctx.profileId, vin, result.value.result)
          .catch((error) => onProblem('Could not remember the plate', error));
      }
      return result;
    },

    drives(ctx, vin, query = {}) {
      const { refresh = false, ...filters } = query;
      return reads.read(ctx, vin, 'drives', () => ctx.client.drives(vin, filters), {
        refresh,
        variant: drivesVariant(filters),
      });
    },

    async firmwareAlerts(ctx, vin, { refresh = false } = {}) {
      const result = await reads.read(ctx, vin, 'firmware-alerts', () => ctx.client.firmwareAlerts(vin), {
        refresh,
      });
      glance.noteAlerts(ctx.profileId, vin, result.value, result);
      return result;
    },

    async tirePressure(ctx, vin, { refresh = false } = {}) {
      const result = await reads.read(ctx, vin, 'tire-pressure', () => ctx.client.tirePressure(vin), {
        refresh,
      });
      glance.noteTyres(ctx.profileId, vin, result.value, result);
      return result;
    },
  };
}
