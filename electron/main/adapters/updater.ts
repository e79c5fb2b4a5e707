// The real updater: electron-updater's platform AppUpdater (NSIS, DMG/zip, AppImage or deb), which
// verifies the download's sha512 from the feed's latest*.yml and, on Windows and macOS, the code
// signature. Only called by the update service when a feed is configured at build time, so the
// module (slow to load) is imported then, never at start-up.
import type { UpdaterLike } from '../updates/update-service';

export interface UpdaterLogger {
  info(...data: unknown[]): void;
  warn(...data: unknown[]): void;
  error(...data: unknown[]): void;
  debug(...data: unknown[]): void;
}

export async function createElectronUpdater(logger: UpdaterLogger): Promise<UpdaterLike> {
  const { default: electronUpdater } = await import('electron-updater');
  // A getter that picks the platform's updater on first access: touched only here.
  const updater = electronUpdater.autoUpdater;
  updater.logger = logger;
  updater.allowDowngrade = false;
  updater.allowPrerelease = false;
  // No OS notification with the release notes: the app shows its own prompt.
  return updater;
}
