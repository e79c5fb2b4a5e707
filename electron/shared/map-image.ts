// The map of where a car is (`GET /{vin}/map`): a PNG the service draws around the car's last known
// position. The client checks the bytes are a PNG and carries them as base64, so the same value
// goes through the offline cache and IPC as any other read's answer does, and the window shows it
// as a data: URL without fetching anything itself.
import { z } from 'zod';

/** A map larger than this is refused: the service's own sizes are far below it. */
export const MAP_IMAGE_MAX_BYTES = 4 * 1024 * 1024;
/** The service's defaults (a 300 × 300 px square at zoom 13 with a 75 px marker, light style). */
export const MAP_DEFAULTS = { width: 300, height: 300, zoom: 13, markerSize: 75, style: 'light' } as const;
/** Sizes the app asks for, in pixels: enough for a card on a large screen, no poster. */
export const MAP_SIZE_MIN = 50;
export const MAP_SIZE_MAX = 1280;

/** The eight bytes every PNG file starts with. */
export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;

export function isPng(bytes: Uint8Array): boolean {
  return bytes.length > PNG_SIGNATURE.length && PNG_SIGNATURE.every((byte, i) => bytes[i] === byte);
}

export const mapImageSchema = z.strictObject({
  contentType: z.literal('image/png'),
  data: z
    .base64()
    .max(Math.ceil(MAP_IMAGE_MAX_BYTES / 3) * 4)
    .refine((data) => data.startsWith('iVBORw0KGg'), 'not a PNG'),
});
export type MapImage = z.output<typeof mapImageSchema>;

const size = z.number().int().min(MAP_SIZE_MIN).max(MAP_SIZE_MAX);

/** The map's options in the app's names (sent as width, height, zoom, marker_size, style). */
export const mapOptionsShape = {
  width: size.optional(),
  height: size.optional(),
  zoom: z.number().int().min(1).max(20).optional(),
  /** 0 draws no marker. */
  markerSize: z.number().int().min(0).max(200).optional(),
  style: z.enum(['light', 'dark']).optional(),
};
