// Where the renderer may come from. `new URL('app://garage/').origin` is "null" for non-special
// schemes, so origins are compared as scheme + host explicitly.

export const APP_SCHEME = 'app';
export const APP_HOST = 'garage';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    if (!parsed.host) return null;
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return null;
  }
}

export function isTrustedUrl(url: string, trustedOrigins: readonly string[]): boolean {
  const origin = originOf(url);
  return origin !== null && trustedOrigins.includes(origin);
}
