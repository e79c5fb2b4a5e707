#!/usr/bin/env node
// Draws the app icon (a rounded square with a garage roof over a car) and writes the files
// electron-builder picks up from resources/: icon.png (1024×1024), icon.ico (PNG entries 16–256)
// and icon.icns (PNG entries ic07–ic10). No image tools exist on CI, so this uses only Node and zlib.
// Shapes are signed-distance functions in a 1024-unit canvas, so every size is rendered natively
// (crisp, anti-aliased edges) instead of being downscaled.
//
//   node resources/icons/generate.mjs   # rewrites the three files and electron/main/app/tray-icon.ts; commit them
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const outDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// ---- signed-distance shapes (negative inside), in 1024-unit coordinates ----

const length = (x, y) => Math.hypot(x, y);

function roundedBox(px, py, cx, cy, hw, hh, r) {
  const qx = Math.abs(px - cx) - hw + r;
  const qy = Math.abs(py - cy) - hh + r;
  return length(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
}

function capsule(px, py, ax, ay, bx, by, radius) {
  const pax = px - ax;
  const pay = py - ay;
  const bax = bx - ax;
  const bay = by - ay;
  const h = Math.min(Math.max((pax * bax + pay * bay) / (bax * bax + bay * bay), 0), 1);
  return length(pax - bax * h, pay - bay * h) - radius;
}

const circle = (px, py, cx, cy, r) => length(px - cx, py - cy) - r;

/** Half-plane through (ax, ay) with outward normal (nx, ny). */
function halfPlane(px, py, ax, ay, nx, ny) {
  const n = Math.hypot(nx, ny);
  return ((px - ax) * nx + (py - ay) * ny) / n;
}

// ---- the picture: layers painted back to front ----

const mix = (a, b, t) => a + (b - a) * t;
const hex = (value) => [1, 3, 5].map((i) => parseInt(value.slice(i, i + 2), 16));

const BODY = hex('#e9eef4');
const WINDOW = hex('#20384f');
const ROOF = hex('#f5a524');
const TYRE = hex('#0f1a26');
const HUB = hex('#9fb3c8');
const LIGHT = hex('#ffd37a');

/** The cabin: a rounded box cut by two slanted sides (a trapezoid with soft corners). */
function cabin(px, py, inset) {
  const box = roundedBox(px, py, 512, 522, 150 - inset, 66 - inset, 34 - Math.min(inset, 20));
  const left = halfPlane(px, py, 372 + inset * 1.4, 588, -1, -0.62);
  const right = halfPlane(px, py, 652 - inset * 1.4, 588, 1, -0.62);
  return Math.max(box, left, right);
}

const layers = [
  // Garage roof: a thick amber chevron.
  { color: ROOF, sdf: (x, y) => Math.min(capsule(x, y, 236, 432, 512, 236, 40), capsule(x, y, 512, 236, 788, 432, 40)) },
  // Car body and cabin.
  { color: BODY, sdf: (x, y) => Math.min(roundedBox(x, y, 512, 640, 250, 70, 56), cabin(x, y, 0)) },
  // Side windows, split by a pillar.
  {
    color: WINDOW,
    sdf: (x, y) => Math.max(cabin(x, y, 22), -roundedBox(x, y, 512, 540, 12, 80, 0), y - 586),
  },
  // Headlight and tail light.
  { color: LIGHT, sdf: (x, y) => roundedBox(x, y, 738, 618, 16, 14, 8) },
  { color: LIGHT, sdf: (x, y) => roundedBox(x, y, 286, 618, 16, 14, 8) },
  // Wheels with hubs.
  { color: TYRE, sdf: (x, y) => Math.min(circle(x, y, 378, 708, 62), circle(x, y, 646, 708, 62)) },
  { color: HUB, sdf: (x, y) => Math.min(circle(x, y, 378, 708, 24), circle(x, y, 646, 708, 24)) },
];

/** Background tile: Apple's 824-unit grid inside 1024, with a top-to-bottom blue gradient. */
const tile = (x, y) => roundedBox(x, y, 512, 512, 412, 412, 186);
const tileColor = (y) => {
  const t = Math.min(Math.max((y - 100) / 824, 0), 1);
  return [mix(44, 16, t), mix(96, 40, t), mix(146, 68, t)];
};

function render(size) {
  const scale = 1024 / size;
  const pixels = Buffer.alloc(size * size * 4);
  for (let j = 0; j < size; j += 1) {
    for (let i = 0; i < size; i += 1) {
      const x = (i + 0.5) * scale;
      const y = (j + 0.5) * scale;
      // Coverage from the distance, one output pixel wide: analytic anti-aliasing.
      const cover = (d) => Math.min(Math.max(0.5 - d / scale, 0), 1);
      const alpha = cover(tile(x, y));
      let [r, g, b] = tileColor(y);
      for (const layer of layers) {
        const a = cover(layer.sdf(x, y));
        if (a === 0) continue;
        r = mix(r, layer.color[0], a);
        g = mix(g, layer.color[1], a);
        b = mix(b, layer.color[2], a);
      }
      const o = (j * size + i) * 4;
      pixels[o] = Math.round(r);
      pixels[o + 1] = Math.round(g);
      pixels[o + 2] = Math.round(b);
      pixels[o + 3] = Math.round(alpha * 255);
    }
  }
  return encodePng(size, pixels);
}

// ---- file formats ----

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

function encodePng(size, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, deflate, no filter method, no interlace
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let j = 0; j < size; j += 1) rgba.copy(rows, j * (size * 4 + 1) + 1, j * size * 4, (j + 1) * size * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** ICO with PNG-compressed entries (Windows Vista and later read them at every size). */
function encodeIco(entries) {
  const header = Buffer.alloc(6 + entries.length * 16);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(entries.length, 4);
  let offset = header.length;
  entries.forEach(({ size, png }, index) => {
    const at = 6 + index * 16;
    header.writeUInt8(size >= 256 ? 0 : size, at); // 0 means 256
    header.writeUInt8(size >= 256 ? 0 : size, at + 1);
    header.writeUInt16LE(1, at + 4); // colour planes
    header.writeUInt16LE(32, at + 6); // bits per pixel
    header.writeUInt32LE(png.length, at + 8);
    header.writeUInt32LE(offset, at + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...entries.map((entry) => entry.png)]);
}

/** ICNS with PNG entries: ic07 128, ic08 256, ic09 512, ic10 1024 (512@2x). */
function encodeIcns(entries) {
  const blocks = entries.map(({ type, png }) => {
    const head = Buffer.alloc(8);
    head.write(type, 0, 'ascii');
    head.writeUInt32BE(png.length + 8, 4);
    return Buffer.concat([head, png]);
  });
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'ascii');
  head.writeUInt32BE(8 + blocks.reduce((sum, block) => sum + block.length, 0), 4);
  return Buffer.concat([head, ...blocks]);
}

const sizes = [16, 24, 32, 48, 64, 128, 256, 512, 1024];
const png = Object.fromEntries(sizes.map((size) => [size, render(size)]));

writeFileSync(path.join(outDir, 'icon.png'), png[1024]);
writeFileSync(
  path.join(outDir, 'icon.ico'),
  encodeIco([16, 24, 32, 48, 64, 128, 256].map((size) => ({ size, png: png[size] }))),
);
writeFileSync(
  path.join(outDir, 'icon.icns'),
  encodeIcns([
    { type: 'ic07', png: png[128] },
    { type: 'ic08', png: png[256] },
    { type: 'ic09', png: png[512] },
    { type: 'ic10', png: png[1024] },
  ]),
);
// The tray icon (Windows and Linux, while a run goes on with the window closed): embedded in main's
// bundle, since only out/ ships and a tray needs its image before any window exists.
writeFileSync(
  path.join(outDir, '..', 'electron', 'main', 'app', 'tray-icon.ts'),
  `// Generated by resources/icons/generate.mjs: the app icon at 16 and 32 pixels (1x and 2x), for the tray.
export const TRAY_ICON_PNG_BASE64 = {
  x1: '${png[16].toString('base64')}',
  x2: '${png[32].toString('base64')}',
};
`,
);
console.log(`Wrote icon.png, icon.ico, icon.icns and the tray icon to ${path.relative(process.cwd(), outDir) || '.'}`);
