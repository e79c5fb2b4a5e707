// Turns whatever keytar throws into an AppError a technician can act on. keytar's raw messages are
// never passed on: they come from native code and could, in principle, quote what was being stored.
// On Linux the cause is named: the keychain is locked (unlock it and try again), its service stopped
// while the app ran (restart the app; it is installed), or no Secret Service is there (install one).
import { AppError } from '../../shared/result';
import { tm } from '../i18n/main-words';
import { KeychainLoadError } from './keychain-port';

// What libsecret/D-Bus say when there is no Secret Service to talk to (headless Linux, no session bus,
// no keyring daemon installed or running).
const NO_SECRET_SERVICE = [
  /org\.freedesktop\.secrets/i,
  /cannot autolaunch d-bus/i,
  /no such interface/i,
  /not activatable/i,
  /org\.freedesktop\.dbus\.error/i,
  /dbus_session_bus_address/i,
  /secret service/i,
  /libsecret/i,
  /no such secret collection/i,
  /failed to execute child process/i,
  /unable to autolaunch/i,
];

// A locked collection: libsecret could not unlock it (no prompt, or the prompt was dismissed).
const LOCKED = [/locked collection/i, /\bis locked\b/i, /cannot unlock/i, /prompt.*dismissed/i];

// The daemon the app was talking to went away: libsecret keeps asking its old connection (":1.0")
// or an old session, and only a fresh start of the app reconnects.
const STOPPED = [
  /the name :\d+\.\d+ was not provided/i,
  /session wrapping the secret does not exist/i,
  /org\.freedesktop\.dbus\.error\.(?:noreply|disconnected)/i,
  /remote peer disconnected/i,
  /connection (?:is )?closed/i,
];

const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : '';

/** True when `error` says there is no usable Secret Service, rather than some other keychain fault. */
export function isNoSecretServiceError(error: unknown): boolean {
  const message = messageOf(error);
  return NO_SECRET_SERVICE.some((pattern) => pattern.test(message));
}

export type KeychainOperation = 'read' | 'save' | 'delete';

/** The keychain is locked: say so, and that trying again after unlocking it works. */
export function keychainLockedError(
  operation: KeychainOperation,
  platform: NodeJS.Platform = process.platform,
): AppError {
  return new AppError('keychain_unavailable', tm('keychain.locked', { operation, platform }));
}

/** The AppError 'keychain_unavailable' for a keytar failure; the raw error is deliberately dropped. */
export function keychainError(
  error: unknown,
  operation: KeychainOperation,
  platform: NodeJS.Platform = process.platform,
  /** The installed Secret Service program's name, or null (Linux only). */
  installed: () => string | null = () => null,
): AppError {
  // The module itself did not load: its message already names the missing library and the install
  // command (and contains "libsecret", which must not be read as a missing Secret Service).
  if (error instanceof KeychainLoadError) {
    return new AppError('keychain_unavailable', tm('keychain.notLoaded', { why: error.message, operation }));
  }
  const message = messageOf(error);
  if (LOCKED.some((pattern) => pattern.test(message))) return keychainLockedError(operation, platform);
  if (platform === 'linux') {
    const program = installed();
    if (STOPPED.some((pattern) => pattern.test(message))) {
      const named = program ? 'yes' : 'no';
      return new AppError(
        'keychain_unavailable',
        tm('keychain.stopped', { named, program: program ?? '', operation }),
      );
    }
    const missing = isNoSecretServiceError(error);
    if (program) {
      const key = missing ? 'keychain.notRunning' : 'keychain.programFailed';
      return new AppError('keychain_unavailable', tm(key, { program, operation }));
    }
    return new AppError(
      'keychain_unavailable',
      tm('keychain.missing', { missing: missing ? 'yes' : 'no', operation }),
    );
  }
  if (isNoSecretServiceError(error)) {
    return new AppError('keychain_unavailable', tm('keychain.missing', { missing: 'yes', operation }));
  }
  return new AppError('keychain_unavailable', tm('keychain.failed', { operation, platform }));
}
