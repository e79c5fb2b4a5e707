// Where the app window may go, as plain decisions the Electron adapter (adapters/window.ts) applies
// and unit tests check without Electron (Electron security checklist 13 and 14).
import { isTrustedUrl } from './trusted-origins';

/** will-navigate / will-redirect / will-frame-navigate: only our own origin. */
export function isNavigationAllowed(url: string, trustedOrigins: readonly string[]): boolean {
  return isTrustedUrl(url, trustedOrigins);
}

export interface WindowOpenDecision {
  /** Always 'deny': the app never opens a second Electron window. */
  action: 'deny';
  /** A link worth handing to the OS browser (release-note references), or null. */
  openExternally: string | null;
}

const MAX_EXTERNAL_URL = 2048;

/**
 * window.open and target=_blank: no new window; a plain https link (no credentials in it) goes to
 * the OS browser, anything else (javascript:, file:, data:, custom schemes, http) is dropped.
 */
export function decideWindowOpen(url: string): WindowOpenDecision {
  return { action: 'deny', openExternally: externalLink(url) };
}

export function externalLink(url: string): string | null {
  if (url.length > MAX_EXTERNAL_URL) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' || !parsed.hostname || parsed.username || parsed.password) return null;
  return parsed.toString();
}
