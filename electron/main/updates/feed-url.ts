// The update feed is fixed at build time: electron.vite.config.ts defines __VG_UPDATE_FEED_URL__
// from the VG_UPDATE_FEED_URL environment variable, the same one electron-builder.yml's `publish`
// block reads. Nothing at run time (no setting, no renderer call) can point the app elsewhere.

declare const __VG_UPDATE_FEED_URL__: string | undefined;

/** An https feed URL, or plain http on the loopback interface (tests); anything else is no feed. */
export function normalizeFeedUrl(value: string | null | undefined): string | null {
  const text = value?.trim() ?? '';
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) return null;
  if (url.username || url.password) return null;
  return url.toString();
}

/** The feed baked into this build, or null (then the app makes no update request at all). */
export function buildTimeFeedUrl(): string | null {
  // Under Node (tests) nothing defines the constant: no feed.
  return normalizeFeedUrl(typeof __VG_UPDATE_FEED_URL__ === 'string' ? __VG_UPDATE_FEED_URL__ : null);
}
