// Turns whatever keytar throws into an AppError a technician can act on. keytar's raw messages are
// never passed on: they come from native code and could, in principle, quote what was being stored.
import { AppError } from '../../shared/result';
import { KeychainLoadError } from './keychain-port';

export const LINUX_KEYCHAIN_HINT =
  'install gnome-keyring (or another Secret Service) and libsecret-1-0, and log in to a desktop session';

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

/** True when `error` says there is no usable Secret Service, rather than some other keychain fault. */
export function isNoSecretServiceError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return NO_SECRET_SERVICE.some((pattern) => pattern.test(message));
}

export type KeychainOperation = 'read' | 'save' | 'delete';

const DONE: Record<KeychainOperation, string> = { read: 'read', save: 'saved', delete: 'deleted' };

/** The AppError 'keychain_unavailable' for a keytar failure; the raw error is deliberately dropped. */
export function keychainError(
  error: unknown,
  operation: KeychainOperation,
  platform: NodeJS.Platform = process.platform,
): AppError {
  // The module itself did not load: its message already names the missing library and the install
  // command (and contains "libsecret", which must not be read as a missing Secret Service).
  if (error instanceof KeychainLoadError) {
    return new AppError(
      'keychain_unavailable',
      `${error.message} Until then the token cannot be ${DONE[operation]}; tokens are never kept in plain files.`,
    );
  }
  const missing = isNoSecretServiceError(error);
  if (missing || platform === 'linux') {
    const detail = missing
      ? 'No system keychain (Secret Service) is available'
      : 'The system keychain failed';
    return new AppError(
      'keychain_unavailable',
      `${detail}, so the token could not be ${DONE[operation]}. ` +
        `To store tokens, ${LINUX_KEYCHAIN_HINT}. Tokens are never kept in plain files.`,
    );
  }
  const where = platform === 'darwin' ? 'the macOS Keychain' : 'the Windows Credential Manager';
  return new AppError(
    'keychain_unavailable',
    `The token could not be ${DONE[operation]} in ${where}. ` +
      'Unlock it (or allow Vehicle Garage access when asked) and try again.',
  );
}
