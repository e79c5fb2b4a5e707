// Release-note pictures: small SVGs generated on first request and cached. Served without auth, like
// a CDN, so an <img> tag can load them.
import { hashString } from './prng';
import { imageTitle } from './release-notes-library';

const ASSET_RE = /^\/_assets\/release-notes\/([a-z0-9-]+)-(dark|light)\.svg$/;

const PALETTES = {
  dark: { bg: '#16181d', panel: '#23262e', text: '#f2f3f5', muted: '#9aa0ab' },
  light: { bg: '#f4f5f7', panel: '#ffffff', text: '#16181d', muted: '#5c6270' },
} as const;

const cache = new Map<string, Buffer>();

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function render(slug: string, variant: 'dark' | 'light', title: string): string {
  const p = PALETTES[variant];
  const hue = hashString(slug) % 360;
  const accent = `hsl(${hue} 70% ${variant === 'dark' ? 60 : 45}%)`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360" role="img" aria-label="${escapeXml(title)}">
<rect width="640" height="360" fill="${p.bg}"/>
<rect x="32" y="32" width="576" height="296" rx="24" fill="${p.panel}"/>
<circle cx="160" cy="180" r="72" fill="none" stroke="${accent}" stroke-width="12"/>
<path d="M124 180h72M160 144v72" stroke="${accent}" stroke-width="12" stroke-linecap="round"/>
<text x="272" y="176" font-family="system-ui, sans-serif" font-size="30" font-weight="600" fill="${p.text}">${escapeXml(title)}</text>
<text x="272" y="214" font-family="system-ui, sans-serif" font-size="18" fill="${p.muted}">Vehicle Garage simulator</text>
</svg>
`;
}

/** The SVG for an asset path, or null when the path names no image. */
export function assetFor(path: string): Buffer | null {
  const hit = cache.get(path);
  if (hit) return hit;
  const m = ASSET_RE.exec(path);
  if (!m) return null;
  const slug = m[1] as string;
  const variant = m[2] as 'dark' | 'light';
  const title = imageTitle(slug);
  if (title === null) return null;
  const svg = Buffer.from(render(slug, variant, title));
  cache.set(path, svg);
  return svg;
}

export function isAssetPath(path: string): boolean {
  return path.startsWith('/_assets/');
}
