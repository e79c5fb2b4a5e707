// Telemetry configuration and release notes, read through the offline cache; release-note images
// are fetched once, cached, and handed to the renderer as data: URLs so notes render offline.
import type { ReleaseNotesQuery } from '../../shared/ipc/api';
import type { FetchMeta, ReleaseNotesView, TelemetryConfig } from '../../shared/types';
import type { ReleaseNotes } from '../../shared/wire';
import type { VehicleApiClient } from '../api';
import { imageUrlAllowed } from '../storage/cache/image-rules';
import type { OfflineCache } from '../storage/cache/offline-cache';
import { readThrough } from './read-through';
import type { VehicleStatusBook } from './vehicle-status';

export interface ReadContext {
  profileId: string;
  client: VehicleApiClient;
}

export interface VehicleReadsOptions {
  cache: OfflineCache;
  status: VehicleStatusBook;
  now?: () => Date;
  /** How long a cached copy answers without asking the service; default 60 s. */
  freshForMs?: number;
  onProblem?: (message: string, error: unknown) => void;
}

export interface VehicleReads {
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

export function imageUrlsOf(notes: ReleaseNotes): string[] {
  const urls = new Set<string>();
  for (const note of notes.release_notes) {
    for (const url of [note.image_url, note.light_image_url]) if (url && imageUrlAllowed(url)) urls.add(url);
  }
  return [...urls];
}

export function createVehicleReads(options: VehicleReadsOptions): VehicleReads {
  const { cache, status } = options;
  const now = options.now ?? (() => new Date());
  const freshForMs = options.freshForMs ?? 60_000;
  const onProblem = options.onProblem ?? (() => {});
  const onStoreError = (error: unknown) => onProblem('Could not write to the offline cache', error);
  // The cache is a convenience: an unreadable one must not hide the live answer or the real error.
  const cachedOrNull = async <T>(read: () => Promise<T | null>): Promise<T | null> => {
    try {
      return await read();
    } catch (error) {
      onProblem('Could not read the offline cache', error);
      return null;
    }
  };

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

  async function imagesOf(notes: ReleaseNotes): Promise<Record<string, string>> {
    const images: Record<string, string> = {};
    for (const url of imageUrlsOf(notes)) {
      const image = await cachedOrNull(() => cache.getImage(url));
      if (image) images[url] = `data:${image.contentType};base64,${image.bytes.toString('base64')}`;
    }
    return images;
  }

  return {
    async telemetryConfig(ctx, vin, { refresh = false } = {}) {
      const key = { kind: 'telemetry', profileId: ctx.profileId, vin } as const;
      const result = await readThrough({
        cached: () => cachedOrNull(() => cache.get(key)),
        live: () => ctx.client.telemetryConfig(vin),
        store: (value, fetchedAt) => cache.put(key, value, fetchedAt),
        now,
        freshForMs,
        refresh,
        onStoreError,
      });
      status.noteRead(ctx.profileId, vin, result.stale ? 'cache' : 'live', result.fetchedAt);
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
        cached: () => cachedOrNull(() => cache.get(key)),
        live: async () => {
          const notes = await ctx.client.releaseNotes(vin, { version, language, staged });
          await cacheImages(ctx.client, imageUrlsOf(notes));
          return notes;
        },
        store: (value, fetchedAt) => cache.put(key, value, fetchedAt),
        now,
        freshForMs,
        refresh: query.refresh ?? false,
        onStoreError,
      });
      status.noteRead(ctx.profileId, vin, result.stale ? 'cache' : 'live', result.fetchedAt);
      return { ...result, value: { ...result.value, images: await imagesOf(result.value) } };
    },
  };
}
