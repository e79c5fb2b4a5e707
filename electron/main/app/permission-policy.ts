// Which web permissions the renderer gets (Electron security checklist 5): none, except writing
// text to the clipboard ("Copy diagnostics", "Copy JSON") from our own top-level page. Reading the
// clipboard, camera, microphone, geolocation, notifications, HID/USB/serial devices: all refused.

export const GRANTED_PERMISSIONS: readonly string[] = ['clipboard-sanitized-write'];

export interface PermissionRequest {
  permission: string;
  /** The URL (request handler) or origin (check handler) asking. */
  requestingUrl: string | undefined;
  isMainFrame: boolean | undefined;
}

function originOfRequest(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.host ? `${parsed.protocol}//${parsed.host}` : null;
  } catch {
    return null;
  }
}

export function isPermissionGranted(request: PermissionRequest, trustedOrigins: readonly string[]): boolean {
  if (!GRANTED_PERMISSIONS.includes(request.permission)) return false;
  // Electron leaves isMainFrame undefined in some check-handler calls: only an explicit main frame counts.
  if (request.isMainFrame !== true) return false;
  const origin = originOfRequest(request.requestingUrl);
  return origin !== null && trustedOrigins.includes(origin);
}

/** USB, HID, serial and Bluetooth device access: never. */
export function isDevicePermissionGranted(): boolean {
  return false;
}
