// Which release-note images may be fetched and cached: common raster types and SVG, at most 5 MiB,
// bytes that look like the declared type, and URLs that cannot point main at this machine or the
// local network (a hostile service could otherwise use image URLs to probe or hit internal hosts).
// The one source of these rules for the fetcher and the cache alike; which hosts the fetcher may
// reach is its network policy (api/images/network-policy.ts), handed in as an ImageHostRule.
import { isLoopbackHost } from '../../../shared/base-url';
import { english, type Say } from '../../../shared/i18n/english';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

export const IMAGE_URL_MAX = 4096;

/** What a network policy says of an image URL's host; the cache's own rule refuses no host. */
export interface ImageHostRule {
  /** Why images may not come from this host (in `say`'s language), or null. */
  hostProblem(hostname: string, say: Say): string | null;
  /** Whether plain http may be used to this host. */
  allowsHttp(hostname: string): boolean;
}

/** The cache keeps what any profile's fetcher could have fetched: any host, http only to loopback. */
export const CACHE_HOST_RULE: ImageHostRule = { hostProblem: () => null, allowsHttp: isLoopbackHost };

/**
 * Why `url` may not be fetched as an image under `rule` (in `say`'s language: main passes tm where
 * the reason reaches a technician), or null.
 */
export function imageUrlProblem(
  url: string,
  rule: ImageHostRule = CACHE_HOST_RULE,
  say: Say = english,
): string | null {
  if (typeof url !== 'string' || url.trim() === '') return say('imageProblem.empty');
  if (url.length > IMAGE_URL_MAX) return say('imageProblem.tooLong', { max: String(IMAGE_URL_MAX) });
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return say('imageProblem.notUrl');
  }
  if (parsed.username !== '' || parsed.password !== '') return say('imageProblem.credentials');
  const refused = rule.hostProblem(parsed.hostname, say);
  if (refused !== null) return refused;
  if (parsed.protocol === 'https:') return null;
  if (parsed.protocol === 'http:' && rule.allowsHttp(parsed.hostname)) return null;
  return say('imageProblem.https');
}

/** Whether the URL may be fetched (and so cached); by default the cache's rule. */
export function imageUrlAllowed(url: string, rule: ImageHostRule = CACHE_HOST_RULE): boolean {
  return imageUrlProblem(url, rule) === null;
}

/** The bare media type of a Content-Type header ("image/PNG; x=y" → "image/png") if allowed, else null. */
export function normalizeImageType(contentType: string): ImageType | null {
  const bare = String(contentType).split(';', 1)[0]!.trim().toLowerCase();
  return (IMAGE_TYPES as readonly string[]).includes(bare) ? (bare as ImageType) : null;
}

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  return bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);
}

/** The raster type the bytes really are, by file signature, or null. */
export function sniffRasterType(bytes: Uint8Array): Exclude<ImageType, 'image/svg+xml'> | null {
  const raster = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
  return raster.find((type) => bytesMatchType(type, bytes)) ?? null;
}

/** Whether the first bytes match `type`'s file signature. */
export function bytesMatchType(type: ImageType, bytes: Uint8Array): boolean {
  switch (type) {
    case 'image/png':
      return startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case 'image/jpeg':
      return startsWith(bytes, [0xff, 0xd8, 0xff]);
    case 'image/gif':
      return startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39);
    case 'image/webp':
      return startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8);
    case 'image/svg+xml': {
      const head = new TextDecoder()
        .decode(bytes.subarray(0, 4096))
        .replace(/^\uFEFF/, '')
        .trimStart();
      return head.startsWith('<') && head.includes('<svg');
    }
  }
}

/** Why these bytes cannot be cached as an image, or null. */
export function imageProblem(contentType: string, bytes: Uint8Array): string | null {
  const type = normalizeImageType(contentType);
  if (type === null) return 'Only PNG, JPEG, GIF, WebP and SVG images are kept';
  if (bytes.byteLength === 0) return 'The image is empty';
  if (bytes.byteLength > MAX_IMAGE_BYTES) return 'The image is larger than 5 MiB';
  if (!bytesMatchType(type, bytes)) return `The image content is not ${type}`;
  return null;
}
