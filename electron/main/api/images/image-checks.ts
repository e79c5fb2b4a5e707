// The release-note image fetcher's checks, on top of the shared image rules (storage/cache/
// image-rules.ts: allowed URLs, types and file signatures) and its network policy. Pure; the fetch
// itself is in fetcher.ts.
import { AppError } from '../../../shared/result';
import { tm } from '../../i18n/main-words';
import {
  bytesMatchType,
  normalizeImageType,
  sniffRasterType,
  type ImageType,
} from '../../storage/cache/image-rules';
import { sanitizeText } from '../errors';
import { invalid } from '../invalid-input';
import { imageUrlProblem, type ImageUrlPolicy } from './network-policy';

export { IMAGE_TYPES, type ImageType } from '../../storage/cache/image-rules';
export const IMAGE_MAX_REDIRECTS = 3;

/** The URL to fetch, or invalid_input saying why it may not be fetched under `policy`. */
export function validateImageUrl(input: unknown, policy: ImageUrlPolicy, field = 'url'): URL {
  const problem = typeof input === 'string' ? imageUrlProblem(input, policy, tm) : tm('api.image.urlEmpty');
  if (problem) throw invalid(field, problem);
  const url = new URL((input as string).trim());
  url.hash = '';
  return url;
}

/** The media type of a Content-Type header, lower-cased, or null when it is not an allowed image type. */
export function allowedImageType(contentType: string | string[] | undefined): ImageType | null {
  const raw = Array.isArray(contentType) ? contentType[0] : contentType;
  return raw === undefined ? null : normalizeImageType(raw);
}

/**
 * Checks the body against the declared type. A raster image mislabelled as another raster type is
 * returned with its real type; anything that is not an image of an allowed type is refused.
 */
export function checkImageBody(declared: ImageType, bytes: Uint8Array, status: number): ImageType {
  if (declared === 'image/svg+xml') {
    if (!bytesMatchType(declared, bytes)) {
      throw new AppError('bad_response', tm('api.image.notSvg'), { status });
    }
    return declared;
  }
  const real = sniffRasterType(bytes);
  if (real === null) {
    throw new AppError('bad_response', tm('api.image.notRaster', { type: declared }), { status });
  }
  return real;
}

export function notAnImageError(contentType: string | string[] | undefined, status: number): AppError {
  const raw = (Array.isArray(contentType) ? contentType[0] : contentType) ?? tm('api.image.noContentType');
  return new AppError('bad_response', tm('api.image.notAnImage', { type: sanitizeText(raw, 60) }), {
    status,
  });
}
