// Session-wide hardening: every permission request and check is denied (the app needs none).
import type { Session } from 'electron';

export function hardenSession(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
}
