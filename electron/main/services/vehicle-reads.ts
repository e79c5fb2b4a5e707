// Every read of one vehicle, each through the one cached-read path (cached-reads.ts) with its
// "as of". The reads of the shared table (shared/vehicle-reads.ts: telemetry configuration, sleep
// status, plate, drives, firmware alerts, tyres, ...) are one generic read each, with what follows
// them (the garage's glance, the plate remembered) in AFTER; the release notes and the state have
// their own. The state is read with use_cache=true (never wakes the car) unless a live read is
// asked for.
import { AppError } from '../../shared/result';
import type { ReleaseNotesQuery, StateOptions } from '../../shared/ipc/api';
import type { ReleaseNotesView, StateMeta, FetchMeta } from '../../shared/types';
import type { ReadOptionsOf, ReadValueOf } from '../../shared/vehicle-read-schemas';
import {
  VEHICLE_READ_NAMES,
  VEHICLE_READS,
  readVariant,
  type VehicleReadName,
} from '../../shared/vehicle-reads';
import { hasSections, stateAsOf } from '../../shared/vehicle-values';
import type { FirmwareAlerts, VehicleState } from '../../shared/wire';
import type { AlertSighting } from '../../shared/alert-sightings';
import { releaseNotesVariant, type ReadKind } from '../storage/cache/cache-keys';
import type { FactPort } from '../events/domain-events';
import type { AlertSightingsStore } from '../storage/alert-sightings-store';
import type { OfflineCache } from '../storage/cache/offline-cache';
import {
  createCachedReads,
  type CachedReads,
  type ReadAnswer,
  type ReadContext,
  type SharedAnswersPort,
} from './cached-reads';
import { createReleaseNoteImages } from './release-note-images';
import type { GlanceBook } from './vehicle-glance';
import type { VehicleStatusBook } from './vehicle-status';

export interface VehicleReadsOptions {
  cache: OfflineCache;
  status: VehicleStatusBook;
  /** Keeps the garage's glance (sleep, battery, versions, certificate expiry, alerts) up to date. */
  glance: GlanceBook;
  /** What the app saw of each car's firmware alerts across its reads; none keeps nothing. */
  sightings?: AlertSightingsStore;
  now?: () => Date;
  /** The plate the service confirmed, remembered in the garage. */
  onPlateRead?: (profileId: string, vin: string, plate: string | null) => Promise<void>;
  onProblem?: (message: string, error: unknown) => void;
  /** Told `vehicle.read` after each read (cached-reads.ts). */
  facts?: FactPort;
  /** Colleagues' answers in shop mode (cached-reads.ts). */
  shared?: SharedAnswersPort;
}

/**
 * Main's own choice beside a read's options: with `refresh`, a colleague's answer as fresh as a
 * cached copy must be still answers (the refreshes the app starts itself).
 */
export interface ColleaguesChoice {
  colleagues?: boolean;
}

type Read<T, Meta = FetchMeta> = Promise<{ value: T } & Meta>;

/** One read of the shared table: its options (with `refresh`) in, its answer with its as-of out. */
export type TableRead<Name extends VehicleReadName> = (
  ctx: ReadContext,
  vin: string,
  options?: ReadOptionsOf<Name> & ColleaguesChoice,
) => Read<ReadValueOf<Name>>;

export type VehicleReads = { [Name in VehicleReadName]: TableRead<Name> } & {
  /** Settles when every cache write started by a read has finished. */
  drain(): Promise<void>;
  releaseNotes(ctx: ReadContext, vin: string, query?: ReleaseNotesQuery): Read<ReleaseNotesView>;
  state(
    ctx: ReadContext,
    vin: string,
    options?: StateOptions & ColleaguesChoice,
  ): Read<VehicleState, StateMeta>;
  /**
   * The state last kept for this car (its offline copy), asking nobody; null when none is kept. A
   * read's write under way lands first: a command sent right after a read compares with that read.
   */
  savedState(ctx: ReadContext, vin: string): Promise<VehicleState | null>;
};

/**
 * What follows a table read besides the cache and the status badge; an answer returned stands for
 * the read's (the same value with more said of it).
 */
type AfterRead = {
  [Name in VehicleReadName]?: (
    ctx: ReadContext,
    vin: string,
    result: ReadAnswer<ReadValueOf<Name>>,
  ) => void | ReadAnswer<ReadValueOf<Name>> | Promise<void | ReadAnswer<ReadValueOf<Name>>>;
};

/** The untyped view of one table read the generic code below goes through. */
type AnyRead = (
  ctx: ReadContext,
  vin: string,
  options?: Readonly<Record<string, unknown>>,
) => Promise<unknown>;

/**
 * A read of the table: the row's cache kind and freshness, the client's endpoint of the same name,
 * the options keyed by the row's order. TypeScript cannot follow one name across the client, the
 * cache and this table, so the pieces meet here untyped; VehicleReads types the result per read.
 */
function tableRead(name: VehicleReadName, reads: CachedReads, after: AfterRead): AnyRead {
  const kind = VEHICLE_READS[name].cacheKind as ReadKind;
  const then = after[name] as
    ((ctx: ReadContext, vin: string, result: ReadAnswer<unknown>) => unknown) | undefined;
  return async (ctx, vin, options = {}) => {
    const { refresh = false, colleagues = false, ...query } = options;
    const endpoint = ctx.client[name] as (
      vin: string,
      query: Readonly<Record<string, unknown>>,
    ) => Promise<never>;
    const result = await reads.read(ctx, vin, kind, () => endpoint(vin, query), {
      refresh: refresh === true,
      colleagues: colleagues === true,
      variant: readVariant(name, query),
    });
    return (await then?.(ctx, vin, result)) ?? result;
  };
}

export function createVehicleReads(options: VehicleReadsOptions): VehicleReads {
  const { cache, status, glance } = options;
  const now = options.now ?? (() => new Date());
  const onProblem = options.onProblem ?? (() => {});
  const reads = createCachedReads({
    cache,
    status,
    now,
    onProblem,
    facts: options.facts,
    ...(options.shared ? { shared: options.shared } : {}),
  });
  const images = createReleaseNoteImages({ cache, reads, now, onProblem });

  const after: AfterRead = {
    telemetryConfig: (ctx, vin, result) => glance.noteTelemetry(ctx.profileId, vin, result.value, result),
    status: (ctx, vin, result) => glance.noteStatus(ctx.profileId, vin, result.value, result),
    plate: async (ctx, vin, result) => {
      if (result.source !== 'live') return;
      await options
        .onPlateRead?.(ctx.profileId, vin, result.value.result)
        .catch((error) => onProblem('Could not remember the plate', error));
    },
    firmwareAlerts: async (ctx, vin, result) => {
      glance.noteAlerts(ctx.profileId, vin, result.value, result);
      return { ...result, ...(await alertsSeen(ctx, vin, result)) };
    },
    tirePressure: (ctx, vin, result) => glance.noteTyres(ctx.profileId, vin, result.value, result),
  };
  /**
   * What the app saw of the car's alerts, with this read noted when the service answered it (a copy
   * served because the read failed ends nothing), and the audiences of the cached configuration.
   */
  async function alertsSeen(ctx: ReadContext, vin: string, result: ReadAnswer<FirmwareAlerts>) {
    const store = options.sightings;
    let alertSightings: AlertSighting[] | undefined;
    if (store) {
      alertSightings = await (
        result.source === 'live'
          ? store.noteRead(ctx.profileId, vin, result.value.results, result.fetchedAt)
          : store.load(ctx.profileId, vin)
      ).catch((error: unknown) => {
        onProblem('Could not keep what was seen of the alerts', error);
        return undefined;
      });
    }
    const config = await reads
      .saved({ kind: 'telemetry', profileId: ctx.profileId, vin, variant: '' })
      .catch(() => null);
    const alertAudiences = config
      ? { types: config.value.config.alert_types, fetchedAt: config.fetchedAt }
      : null;
    return { alertSightings, alertAudiences };
  }

  // Each read is its own row's; the collection is said to be the typed table once.
  const tableReads = Object.fromEntries(
    VEHICLE_READ_NAMES.map((name) => [name, tableRead(name, reads, after)]),
  ) as { [Name in VehicleReadName]: TableRead<Name> };

  return {
    ...tableReads,

    drain: () => reads.drain(),

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

    async state(ctx, vin, { live = false, refresh = false, colleagues = false } = {}) {
      /** The car itself left a live read unanswered: it is out of reach, whatever the copy says. */
      const unanswered = (kind: string | undefined) => {
        if (live && kind === 'vehicle_offline')
          glance.noteUnreachable(ctx.profileId, vin, now(), 'live-state');
      };
      const result = await reads
        .read(ctx, vin, 'state', () => ctx.client.state(vin, !live), {
          // A live read is the vehicle's answer now: a cached copy never stands in for it unless it fails.
          refresh: refresh || live,
          // A live read asks the car itself: nobody's earlier answer is that.
          colleagues: colleagues && !live,
          // A live read of a sleeping car answers only {"state": "asleep"}: the complete state
          // already cached stays the offline copy.
          keep: hasSections,
        })
        .catch((error: unknown) => {
          unanswered(error instanceof AppError ? error.kind : undefined);
          throw error;
        });
      // Served from the offline cache, the copy may have come from a live read or a cached one.
      glance.noteState(ctx.profileId, vin, result.value, result, live ? 'live-state' : 'state');
      unanswered(result.stale?.kind);
      return { ...result, asOf: stateAsOf(result.value) };
    },

    async savedState(ctx, vin) {
      const saved = await reads.saved({ kind: 'state', profileId: ctx.profileId, vin, variant: '' });
      return saved?.value ?? null;
    },
  };
}
