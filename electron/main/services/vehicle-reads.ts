// Telemetry configuration and release notes, read through the offline cache; release-note images
// are fetched once, cached, and handed to the renderer as data: URLs so notes render offline.
import type { ReleaseNotesQuery } from '../../shared/ipc/api';
import type { FetchMeta, ReleaseNotesView, TelemetryConfig } from '../../shared/types';
import type { ReleaseNotes } from '../../shared/wire';
import type { VehicleApiClient } from '../api';
import type { OfflineCache } from '../storage/cache/offline-cache';
import { createCachedReader, type CachedReader, type ReadContext } from './cached-reader';
import { readThrough } from './read-through';
import type { GlanceBook } from './vehicle-glance';
import type { VehicleStatusBook } from './vehicle-status';

export type { ReadContext };

/** At most this many pictures per notes answer are fetched and inlined. */
export const MAX_NOTE_IMAGES = 20;
/** Inline pictures of one answer stop here (they travel over IPC as data: URLs). */
export const MAX_INLINE_IMAGE_BYTES = 20 * 1024 * 1024;
/** The notes wait this long for pictures; slower ones are cached in the background for next time. */
export const IMAGE_WAIT_MS = 4_000;

export interface VehicleReadsOptions {
  cache: OfflineCache;
  status: VehicleStatusBook;
  now?: () => Date;
  /** How long a cached copy answers without asking the service; default 60 s. */
  freshForMs?: number;
  onProblem?: (message: string, error: unknown) => void;
  /** Shared with the other reads, so quitting drains every cache write at once. */
  reader?: CachedReader;
  /** Keeps the garage's glance (certificate expiry, deployed and staged version) up to date. */
  glance?: GlanceBook;
}

export interface VehicleReads {
  /** Settles when every cache write started by a read has finished. */
  drain(): Promise<void>;
  telemetryConfig(
    ctx: ReadContext,
    vin: string,
    options?: { refresh?: boolean },
  ): Promise<{ value: TelemetryConfig } & FetchMeta>;
  releaseNotes(
    ctx: ReadContext,
    vin: string,
    query?: ReleaseNotesQuery,
  ): Promise<{ value: ReleaseNotesView } & FetchMeta>;
}

/** The pictures of the notes this client may fetch (and so show), at most MAX_NOTE_IMAGES. */
export function imageUrlsOf(notes: ReleaseNotes, client: Pick<VehicleApiClient, 'canFetchImage'>): string[] {
  const urls = new Set<string>();
  for (const note of notes.release_notes) {
    for (const url of [note.image_url, note.light_image_url]) {
      if (url && urls.size < MAX_NOTE_IMAGES && client.canFetchImage(url)) urls.add(url);
    }
  }
  return [...urls];
}

export function createVehicleReads(options: VehicleReadsOptions): VehicleReads {
  const { cache, status } = options;
  const now = options.now ?? (() => new Date());
  const freshForMs = options.freshForMs ?? 60_000;
  const onProblem = options.onProblem ?? (() => {});
  const reader = options.reader ?? createCachedReader({ cache, onProblem });
  const { cachedEntry, cachedOrNull, storeIfCurrent, onStoreError } = reader;

  async function cacheImages(client: VehicleApiClient, urls: string[]): Promise<void> {
    await Promise.all(
      urls.map(async (url) => {
        if (await cachedOrNull(() => cache.getImage(url))) return;
        try {
          const image = await client.fetchImage(url);
          await cache.putImage(url, image.contentType, image.bytes, now());
        } catch (error) {
          // A missing picture must not cost the technician the notes themselves.
          onProblem(`Release-note image not cached`, error);
        }
      }),
    );
  }

  async function imagesOf(notes: ReleaseNotes, client: VehicleApiClient): Promise<Record<string, string>> {
    const images: Record<string, string> = {};
    let inlined = 0;
    for (const url of imageUrlsOf(notes, client)) {
      const image = await cachedOrNull(() => cache.getImage(url));
      if (!image || inlined + image.bytes.byteLength > MAX_INLINE_IMAGE_BYTES) continue;
      inlined += image.bytes.byteLength;
      images[url] = `data:${image.contentType};base64,${image.bytes.toString('base64')}`;
    }
    return images;
  }

  /** Waits for the pictures up to IMAGE_WAIT_MS; the rest keep downloading into the cache. */
  async function cacheImagesBriefly(client: VehicleApiClient, urls: string[]): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const patience = new Promise<void>((resolve) => (timer = setTimeout(resolve, IMAGE_WAIT_MS)));
    await Promise.race([cacheImages(client, urls), patience]);
    clearTimeout(timer);
  }

  return {
    drain: () => reader.drain(),

    async telemetryConfig(ctx, vin, { refresh = false } = {}) {
      const key = { kind: 'telemetry', profileId: ctx.profileId, vin } as const;
      const result = await readThrough({
        cached: () => cachedEntry(key),
        live: () => ctx.client.telemetryConfig(vin),
        store: (value, fetchedAt) => storeIfCurrent(ctx, key, () => cache.put(key, value, fetchedAt)),
        now,
        freshForMs,
        refresh,
        onStoreError,
      });
      status.noteRead(ctx.profileId, vin, result.source, result.fetchedAt, result.stale);
      options.glance?.noteTelemetry(ctx.profileId, vin, result.value, result);
      return result;
    },

    async releaseNotes(ctx, vin, query = {}) {
      const language = query.language ?? 'en';
      const staged = query.staged ?? false;
      const version = query.version ?? '';
      const key = {
        kind: 'release-notes',
        profileId: ctx.profileId,
        vin,
        version: version || (staged ? 'staged' : 'current'),
        language,
      } as const;
      const result = await readThrough({
        cached: () => cachedEntry(key),
        live: async () => {
          const notes = await ctx.client.releaseNotes(vin, { version, language, staged });
          await cacheImagesBriefly(ctx.client, imageUrlsOf(notes, ctx.client));
          return notes;
        },
        store: (value, fetchedAt) => storeIfCurrent(ctx, key, () => cache.put(key, value, fetchedAt)),
        now,
        freshForMs,
        refresh: query.refresh ?? false,
        onStoreError,
      });
      status.noteRead(ctx.profileId, vin, result.source, result.fetchedAt, result.stale);
      // Notes asked for without a version say which version is deployed and which is staged.
      if (version === '') options.glance?.noteReleaseNotes(ctx.profileId, vin, result.value, result);
      return { ...result, value: { ...result.value, images: await imagesOf(result.value, ctx.client) } };
    },
  };
}
