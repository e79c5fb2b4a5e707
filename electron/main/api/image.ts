// Rules of the release-note image fetcher: which URLs may be fetched and which bodies are images.
// Pure; the fetch itself is in client.ts.
import { isLoopbackHost } from '../../shared/base-url';
import { AppError } from '../../shared/result';
import { sanitizeText } from './errors';
import { invalid } from './validate-input';

export const IMAGE_URL_MAX = 4096;
export const IMAGE_MAX_REDIRECTS = 3;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** https:, or http: to this machine only; no credentials in the URL. */
export function validateImageUrl(input: unknown, field = 'url'): URL {
  if (typeof input !== 'string' || input.trim() === '')
    throw invalid(field, 'image URL must be a non-empty string');
  if (input.length > IMAGE_URL_MAX)
    throw invalid(field, `image URL is longer than ${IMAGE_URL_MAX} characters`);
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw invalid(field, 'image URL is not a valid URL');
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) {
    throw invalid(field, 'images are fetched only over https (or http from 127.0.0.1, [::1] or localhost)');
  }
  if (url.username !== '' || url.password !== '')
    throw invalid(field, 'image URL may not contain credentials');
  url.hash = '';
  return url;
}

/** The media type of a Content-Type header, lower-cased, or null when it is not an allowed image type. */
export function allowedImageType(contentType: string | string[] | undefined): ImageType | null {
  const raw = Array.isArray(contentType) ? contentType[0] : contentType;
  if (raw === undefined) return null;
  const media = raw.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  return (IMAGE_TYPES as readonly string[]).includes(media) ? (media as ImageType) : null;
}

function startsWith(bytes: Uint8Array, sig: readonly number[], at = 0): boolean {
  if (bytes.byteLength < at + sig.length) return false;
  return sig.every((b, i) => bytes[at + i] === b);
}

/** The raster type the bytes really are (magic numbers), or null. */
export function sniffRasterType(bytes: Uint8Array): Exclude<ImageType, 'image/svg+xml'> | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return 'image/gif';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) {
    return 'image/webp';
  }
  return null;
}

/**
 * Checks the body against the declared type. A raster image mislabelled as another raster type is
 * returned with its real type; anything that is not an image of an allowed type is refused.
 */
export function checkImageBody(declared: ImageType, bytes: Uint8Array, status: number): ImageType {
  if (declared === 'image/svg+xml') {
    const head = new TextDecoder('utf-8').decode(bytes.subarray(0, 4096));
    if (!/<svg[\s>]/i.test(head)) {
      throw new AppError('bad_response', 'The image host sent data labelled SVG that is not an SVG image.', {
        status,
      });
    }
    return declared;
  }
  const real = sniffRasterType(bytes);
  if (real === null) {
    throw new AppError(
      'bad_response',
      `The image host sent data labelled ${declared} that is not a PNG, JPEG, GIF or WebP image.`,
      { status },
    );
  }
  return real;
}

export function notAnImageError(contentType: string | string[] | undefined, status: number): AppError {
  const raw = (Array.isArray(contentType) ? contentType[0] : contentType) ?? 'no content type';
  return new AppError(
    'bad_response',
    `The image host sent "${sanitizeText(raw, 60)}", not a PNG, JPEG, GIF, WebP or SVG image.`,
    { status },
  );
}
