// Which release-note images may be cached: common raster types and SVG, at most 5 MiB, and the
// bytes must look like the declared type so a mislabelled or tampered file is not shown as an image.
import { isLoopbackHost } from '../../../shared/base-url';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** https anywhere, plain http only to this machine (the embedded simulator). */
export function imageUrlAllowed(url: string): boolean {
  if (typeof url !== 'string' || url.length > 4096) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.username !== '' || parsed.password !== '') return false;
  return parsed.protocol === 'https:' || (parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname));
}

/** The bare media type of a Content-Type header ("image/PNG; x=y" → "image/png") if allowed, else null. */
export function normalizeImageType(contentType: string): ImageType | null {
  const bare = String(contentType).split(';', 1)[0]!.trim().toLowerCase();
  return (IMAGE_TYPES as readonly string[]).includes(bare) ? (bare as ImageType) : null;
}

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  return bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);
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
