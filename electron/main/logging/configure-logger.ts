// Sets up an electron-log logger the same way in the app (electron-log/main, from the adapter) and
// in tests (electron-log/node): a rotated file in the OS's log folder, nothing sent to renderers,
// and one hook that runs every message through redactSecrets before any transport sees it.
import type { LogMessage, NodeLogger } from 'electron-log';
import type { RecentErrors } from './recent-errors';
import { redactSecrets } from './redact';

export interface LoggerOptions {
  recentErrors: RecentErrors;
  /** Rotation: past this size main.log is moved to main.old.log and a new file started. */
  maxSizeBytes?: number;
  fileLevel?: 'error' | 'warn' | 'info' | 'debug';
  consoleLevel?: 'error' | 'warn' | 'info' | 'debug' | false;
}

export const DEFAULT_MAX_LOG_BYTES = 5 * 1024 * 1024;

/** The hook: redacts every argument of every message; records error-level ones once. */
export function redactionHook(recentErrors: RecentErrors) {
  return (message: LogMessage, _transport?: unknown, transportName?: string): LogMessage => {
    const data = message.data.map((item: unknown) => redactSecrets(item));
    // Hooks run once per transport; the file transport always runs, so it does the recording.
    if (message.level === 'error' && transportName === 'file') {
      const error = data.find((item: unknown) => item instanceof Error);
      const context = data.filter((item: unknown) => typeof item === 'string').join(' ');
      recentErrors.record(error ?? context, error ? context : undefined);
    }
    return { ...message, data };
  };
}

export function configureLogger(logger: NodeLogger, options: LoggerOptions): { filePath: string | null } {
  const file = logger.transports.file;
  file.level = options.fileLevel ?? 'info';
  file.maxSize = options.maxSizeBytes ?? DEFAULT_MAX_LOG_BYTES;
  logger.transports.console.level = options.consoleLevel ?? 'warn';
  // Main's log lines stay in main: no IPC transport to renderers, no remote upload.
  for (const name of ['ipc', 'remote'] as const) {
    const transport = (logger.transports as Record<string, { level: unknown } | undefined>)[name];
    if (transport) transport.level = false;
  }
  logger.hooks.push(redactionHook(options.recentErrors));
  let filePath: string | null = null;
  try {
    filePath = file.getFile().path;
  } catch {
    // No writable log folder: the app still runs, diagnostics just say so.
  }
  return { filePath };
}
