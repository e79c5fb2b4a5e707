// One bearer token per profile in the OS keychain (account = profile id). Main-process only: the
// token never crosses IPC, never lands in a plain file and never appears in an error message.
import { AppError } from '../../shared/result';
import { isProfileId } from '../storage/profile-id';
import { keychainError, keychainLockedError, type KeychainOperation } from './keychain-errors';
import type { Keychain } from './keychain-port';
import { installedSecretService, secretServiceLockState, type LockState } from './secret-service-state';
import { tokenProblem } from './token-rules';
import { tm } from '../i18n/main-words';

export interface TokenVault {
  set(profileId: string, token: string): Promise<void>;
  /** Removes the token; clearing a profile without one is not an error. */
  clear(profileId: string): Promise<void>;
  has(profileId: string): Promise<boolean>;
  /** For the API client in main only; never send the result to a renderer. */
  get(profileId: string): Promise<string | null>;
}

export interface TokenVaultOptions {
  keychain: Keychain;
  /** Keychain service name; tests pass a unique one per run. */
  service?: string;
  platform?: NodeJS.Platform;
  /**
   * Whether the keychain is locked, asked when it answers "nothing": a locked Secret Service
   * collection answers exactly as an empty one. Default on Linux: the session bus is asked.
   */
  lockState?: (() => Promise<LockState>) | null;
  /** The installed Secret Service program's name, or null; default: looked up on PATH (Linux). */
  installedService?: () => string | null;
}

export const DEFAULT_KEYCHAIN_SERVICE = 'Vehicle Garage';

function checkProfileId(profileId: unknown): string {
  if (!isProfileId(profileId)) {
    throw new AppError('invalid_input', tm('errors.unknownProfileId'));
  }
  return profileId;
}

export function createTokenVault({
  keychain,
  service = DEFAULT_KEYCHAIN_SERVICE,
  platform = process.platform,
  lockState = platform === 'linux' ? secretServiceLockState : null,
  installedService = installedSecretService,
}: TokenVaultOptions): TokenVault {
  async function call<T>(operation: KeychainOperation, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw keychainError(error, operation, platform, installedService);
    }
  }

  /** Throws when "nothing there" really means "locked": the token may well be stored. */
  async function notLocked(operation: KeychainOperation): Promise<void> {
    if (lockState && (await lockState()) === 'locked') throw keychainLockedError(operation, platform);
  }

  async function get(profileId: string): Promise<string | null> {
    const account = checkProfileId(profileId);
    const token = await call('read', () => keychain.getPassword(service, account));
    // An empty secret (written by another tool) is as good as none.
    if (typeof token === 'string' && token !== '') return token;
    await notLocked('read');
    return null;
  }

  return {
    async set(profileId, token) {
      const account = checkProfileId(profileId);
      const problem = tokenProblem(token);
      if (problem !== null)
        throw new AppError('invalid_input', problem, { issues: [{ path: 'token', message: problem }] });
      await call('save', () => keychain.setPassword(service, account, token));
    },
    async clear(profileId) {
      const account = checkProfileId(profileId);
      const removed = await call('delete', () => keychain.deletePassword(service, account));
      if (!removed) await notLocked('delete');
    },
    async has(profileId) {
      return (await get(profileId)) !== null;
    },
    get,
  };
}
