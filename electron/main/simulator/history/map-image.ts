// `GET /{vin}/map`: a PNG of the streets around the car's last known position with a marker on it,
// as the service draws one (light or dark, its size, zoom and marker size from the query). The
// simulator's streets are a grid whose spacing follows the zoom and whose offset follows the
// position, so two places, or two zooms, give two different pictures. No position: 404.
import { crc32, deflateSync } from 'node:zlib';
import { error, type Reply } from '../reply';
import { location as stateLocation } from '../state-view';
import type { Check } from '../validation';
import type { VehicleRuntime } from '../vehicle-runtime';

/** The largest side the simulator draws; the real service's limit is not documented. */
export const MAP_SIDE_MAX = 2048;

type Rgb = readonly [number, number, number];

const STYLES: Record<'light' | 'dark', { ground: Rgb; street: Rgb }> = {
  light: { ground: [236, 232, 222], street: [255, 255, 255] },
  dark: { ground: [38, 41, 46], street: [70, 74, 82] },
};
const MARKER: Rgb = [227, 25, 55];
const MARKER_RING: Rgb = [255, 255, 255];

interface MapQuery {
  width: number;
  height: number;
  zoom: number;
  markerSize: number;
  style: 'light' | 'dark';
}

function intParam(
  query: Record<string, string>,
  name: string,
  fallback: number,
  min: number,
  max: number,
): Check<number> {
  const raw = query[name];
  if (raw === undefined) return { ok: true, value: fallback };
  const value = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!(value >= min && value <= max)) {
    return { ok: false, error: `${name} must be a whole number from ${min} to ${max}` };
  }
  return { ok: true, value };
}

function mapQuery(query: Record<string, string>): Check<MapQuery> {
  const width = intParam(query, 'width', 300, 1, MAP_SIDE_MAX);
  if (!width.ok) return width;
  const height = intParam(query, 'height', 300, 1, MAP_SIDE_MAX);
  if (!height.ok) return height;
  const zoom = intParam(query, 'zoom', 13, 1, 20);
  if (!zoom.ok) return zoom;
  const markerSize = intParam(query, 'marker_size', 75, 0, 500);
  if (!markerSize.ok) return markerSize;
  const style = query['style'] ?? 'light';
  if (style !== 'light' && style !== 'dark') return { ok: false, error: 'style must be light or dark' };
  return {
    ok: true,
    value: {
      width: width.value,
      height: height.value,
      zoom: zoom.value,
      markerSize: markerSize.value,
      style,
    },
  };
}

export function mapImage(vehicle: VehicleRuntime, query: Record<string, string>): Reply {
  const checked = mapQuery(query);
  if (!checked.ok) return error(400, checked.error);
  const where = stateLocation(vehicle.state);
  if (!where) return error(404, 'location not available');
  return { kind: 'send', status: 200, contentType: 'image/png', body: drawMap(checked.value, where) };
}

/** The picture, as PNG bytes (8-bit RGB, no interlace). */
export function drawMap(q: MapQuery, where: readonly [number, number]): Buffer {
  const { ground, street } = STYLES[q.style];
  // Streets closer together as the map shows more (a lower zoom), further apart zoomed in.
  const spacing = Math.max(6, Math.min(160, Math.round(6 * 1.35 ** (q.zoom - 6))));
  const offsetX = Math.floor(frac(where[1] * 997) * spacing);
  const offsetY = Math.floor(frac(where[0] * 991) * spacing);
  const cx = (q.width - 1) / 2;
  const cy = (q.height - 1) / 2;
  const radius = q.markerSize / 4;
  const stride = q.width * 3 + 1;
  const raw = Buffer.alloc(stride * q.height);
  for (let y = 0; y < q.height; y++) {
    raw[y * stride] = 0; // filter: none
    const onRow = (y + offsetY) % spacing < 2;
    for (let x = 0; x < q.width; x++) {
      const d = Math.hypot(x - cx, y - cy);
      const colour =
        radius > 0 && d <= radius
          ? MARKER
          : radius > 0 && d <= radius + Math.max(1, radius / 5)
            ? MARKER_RING
            : onRow || (x + offsetX) % spacing < 2
              ? street
              : ground;
      raw.set(colour, y * stride + 1 + x * 3);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(q.width, 0);
  header.writeUInt32BE(q.height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit depth, RGB, deflate, adaptive filtering, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const frac = (n: number) => n - Math.floor(n);

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length, 0);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed), 0);
  return Buffer.concat([length, typed, crc]);
}
