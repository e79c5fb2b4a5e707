// Turns whatever keytar throws into an AppError a technician can act on. keytar's raw messages are
// never passed on: they come from native code and could, in principle, quote what was being stored.
// On Linux the cause is named: the keychain is locked (unlock it and try again), its service stopped
// while the app ran (restart the app; it is installed), or no Secret Service is there (install one).
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

const DONE: Record<KeychainOperation, string> = { read: 'read', save: 'saved', delete: 'deleted' };

/** The keychain is locked: say so, and that trying again after unlocking it works. */
export function keychainLockedError(
  operation: KeychainOperation,
  platform: NodeJS.Platform = process.platform,
): AppError {
  const how =
    platform === 'darwin'
      ? 'Unlock it in Keychain Access'
      : platform === 'win32'
        ? 'Unlock the Windows Credential Manager (sign in to Windows again)'
        : 'Unlock your login keyring (for example in “Passwords and Keys”, or by logging in to the desktop again)';
  return new AppError(
    'keychain_unavailable',
    `The system keychain is locked, so the token could not be ${DONE[operation]}. ${how}, then try again. ` +
      'The token is still stored.',
  );
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
    return new AppError(
      'keychain_unavailable',
      `${error.message} Until then the token cannot be ${DONE[operation]}; tokens are never kept in plain files.`,
    );
  }
  const message = messageOf(error);
  if (LOCKED.some((pattern) => pattern.test(message))) return keychainLockedError(operation, platform);
  if (platform === 'linux') {
    const program = installed();
    if (STOPPED.some((pattern) => pattern.test(message))) {
      return new AppError(
        'keychain_unavailable',
        `The keychain service (Secret Service${program ? `, ${program}` : ''}) stopped while Vehicle Garage ` +
          `was running, so the token could not be ${DONE[operation]}. Restart Vehicle Garage to reconnect to ` +
          'it; if it still fails, log out and back in to start the keychain again.',
      );
    }
    const missing = isNoSecretServiceError(error);
    if (program) {
      const what = missing
        ? `No keychain service (Secret Service) is running in this session, so the token could not be ${DONE[operation]}. ` +
          `${program} is installed but not running: log in to a desktop session that starts it, then restart Vehicle Garage.`
        : `The system keychain (${program}) failed, so the token could not be ${DONE[operation]}. Try again, or restart Vehicle Garage.`;
      return new AppError('keychain_unavailable', `${what} Tokens are never kept in plain files.`);
    }
    const detail = missing
      ? 'No system keychain (Secret Service) is available'
      : 'The system keychain failed';
    return new AppError(
      'keychain_unavailable',
      `${detail}, so the token could not be ${DONE[operation]}. ` +
        `To store tokens, ${LINUX_KEYCHAIN_HINT}. Tokens are never kept in plain files.`,
    );
  }
  if (isNoSecretServiceError(error)) {
    return new AppError(
      'keychain_unavailable',
      `No system keychain (Secret Service) is available, so the token could not be ${DONE[operation]}. ` +
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
