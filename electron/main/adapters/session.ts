// Session-wide hardening: every permission request and check goes through the permission policy,
// which grants only clipboard writes from our own top-level page (app/permission-policy.ts).
import type { Session } from 'electron';
import { isDevicePermissionGranted, isPermissionGranted } from '../app/permission-policy';
import { APP_ORIGIN } from '../app/trusted-origins';

export function hardenSession(session: Session, trustedOrigins: readonly string[] = [APP_ORIGIN]): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    callback(
      isPermissionGranted(
        { permission, requestingUrl: details.requestingUrl, isMainFrame: details.isMainFrame },
        trustedOrigins,
      ),
    );
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin, details) =>
    isPermissionGranted(
      {
        permission,
        requestingUrl: details.requestingUrl ?? requestingOrigin,
        isMainFrame: details.isMainFrame,
      },
      trustedOrigins,
    ),
  );
  session.setDevicePermissionHandler(() => isDevicePermissionGranted());
}
