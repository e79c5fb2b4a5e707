// The app's logger: electron-log's main-process logger writing to the OS's log folder
// (app.getPath('logs'): ~/.config/Vehicle Garage/logs, ~/Library/Logs/Vehicle Garage,
// %APPDATA%\Vehicle Garage\logs), rotated at 5 MiB, every message redacted (configure-logger.ts).
// electron-log's initialize() is deliberately not called: it would inject a preload for renderer
// logging, which the sandboxed renderer does not get. Importing electron-log/main still opens its
// renderer channel (ipcMain.handle and ipcMain.on, no sender check): initLogger closes it, so the
// only channels main answers are the contract's.
import { ipcMain } from 'electron';
import log from 'electron-log/main';
import { configureLogger } from '../logging/configure-logger';
import type { RecentErrors } from '../logging/recent-errors';

export interface AppLogger {
  info(...data: unknown[]): void;
  warn(...data: unknown[]): void;
  error(...data: unknown[]): void;
  debug(...data: unknown[]): void;
  /** main.log's path, for diagnostics; null if it could not be resolved. */
  filePath: string | null;
}

/** The channel electron-log/main registers on import for renderer log lines and options. */
export const ELECTRON_LOG_CHANNEL = '__ELECTRON_LOG__';

export function initLogger(options: { recentErrors: RecentErrors; dev: boolean }): AppLogger {
  ipcMain.removeHandler(ELECTRON_LOG_CHANNEL);
  ipcMain.removeAllListeners(ELECTRON_LOG_CHANNEL);
  const { filePath } = configureLogger(log, {
    recentErrors: options.recentErrors,
    fileLevel: options.dev ? 'debug' : 'info',
    consoleLevel: options.dev ? 'debug' : 'warn',
  });
  // Uncaught exceptions and rejections are logged (redacted) and recorded, never shown in a dialog
  // that could quote a secret.
  log.errorHandler.startCatching({ showDialog: false });
  return {
    info: (...data) => log.info(...data),
    warn: (...data) => log.warn(...data),
    error: (...data) => log.error(...data),
    debug: (...data) => log.debug(...data),
    filePath,
  };
}
