// Item 6: permission requests are denied. The one grant, clipboard writes for "Copy diagnostics",
// goes only to our own top-level page; the Electron adapter (adapters/session.ts) routes both the
// request and the check handler through isPermissionGranted.
import { describe, expect, it } from 'vitest';
import {
  GRANTED_PERMISSIONS,
  isDevicePermissionGranted,
  isPermissionGranted,
} from '../../../electron/main/app/permission-policy';

const trusted = ['app://garage'];
const fromApp = { requestingUrl: 'app://garage/index.html', isMainFrame: true };

describe('permission policy', () => {
  it('denies every permission a page can ask for', () => {
    for (const permission of [
      'clipboard-read',
      'media',
      'geolocation',
      'notifications',
      'midiSysex',
      'openExternal',
      'pointerLock',
      'fullscreen',
      'display-capture',
      'hid',
      'serial',
      'usb',
      'fileSystem',
      'storage-access',
      'window-management',
      'unknown',
    ]) {
      expect(isPermissionGranted({ permission, ...fromApp }, trusted), permission).toBe(false);
    }
    expect(isDevicePermissionGranted()).toBe(false);
  });

  it('grants clipboard writes to our own main frame only', () => {
    expect(GRANTED_PERMISSIONS).toEqual(['clipboard-sanitized-write']);
    const permission = 'clipboard-sanitized-write';
    expect(isPermissionGranted({ permission, ...fromApp }, trusted)).toBe(true);
    expect(
      isPermissionGranted({ permission, requestingUrl: 'app://garage', isMainFrame: true }, trusted),
    ).toBe(true);
    expect(isPermissionGranted({ permission, ...fromApp, isMainFrame: false }, trusted)).toBe(false);
    expect(isPermissionGranted({ permission, ...fromApp, isMainFrame: undefined }, trusted)).toBe(false);
    expect(
      isPermissionGranted({ permission, requestingUrl: 'https://evil.example/', isMainFrame: true }, trusted),
    ).toBe(false);
    expect(isPermissionGranted({ permission, requestingUrl: undefined, isMainFrame: true }, trusted)).toBe(
      false,
    );
  });
});
