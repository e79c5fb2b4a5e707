// Release-note pictures: fetched once into the offline cache and handed to the renderer as data:
// URLs, so the notes render offline and the renderer never fetches anything itself.
import type { ReleaseNotes } from '../../shared/wire';
import type { VehicleApiClient } from '../api';
import type { OfflineCache } from '../storage/cache/offline-cache';
import type { CachedReads } from './cached-reads';

/** At most this many pictures per notes answer are fetched and inlined. */
export const MAX_NOTE_IMAGES = 20;
/** Inline pictures of one answer stop here (they travel over IPC as data: URLs). */
export const MAX_INLINE_IMAGE_BYTES = 20 * 1024 * 1024;
/** The notes wait this long for pictures; slower ones are cached in the background for next time. */
export const IMAGE_WAIT_MS = 4_000;

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

export interface ReleaseNoteImages {
  /** Caches the notes' pictures, waiting up to IMAGE_WAIT_MS; the rest keep downloading. */
  fetchBriefly(client: VehicleApiClient, notes: ReleaseNotes): Promise<void>;
  /** The cached pictures of the notes as data: URLs by their address, within MAX_INLINE_IMAGE_BYTES. */
  inline(client: VehicleApiClient, notes: ReleaseNotes): Promise<Record<string, string>>;
}

export function createReleaseNoteImages(options: {
  cache: OfflineCache;
  reads: Pick<CachedReads, 'cachedOrNull'>;
  now: () => Date;
  onProblem: (message: string, error: unknown) => void;
}): ReleaseNoteImages {
  const { cache, now, onProblem } = options;
  const cachedImage = (url: string) => options.reads.cachedOrNull(() => cache.getImage(url));

  async function cacheImages(client: VehicleApiClient, urls: string[]): Promise<void> {
    await Promise.all(
      urls.map(async (url) => {
        if (await cachedImage(url)) return;
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

  return {
    async fetchBriefly(client, notes) {
      let timer: NodeJS.Timeout | undefined;
      const patience = new Promise<void>((resolve) => (timer = setTimeout(resolve, IMAGE_WAIT_MS)));
      await Promise.race([cacheImages(client, imageUrlsOf(notes, client)), patience]);
      clearTimeout(timer);
    },

    async inline(client, notes) {
      const images: Record<string, string> = {};
      let inlined = 0;
      for (const url of imageUrlsOf(notes, client)) {
        const image = await cachedImage(url);
        if (!image || inlined + image.bytes.byteLength > MAX_INLINE_IMAGE_BYTES) continue;
        inlined += image.bytes.byteLength;
        images[url] = `data:${image.contentType};base64,${image.bytes.toString('base64')}`;
      }
      return images;
    },
  };
}
