// The shop database's password per profile, in the OS keychain beside the tokens (its own account,
// `shop:<profileId>`). Every password stored or read is registered for redaction, so no log line,
// diagnostics report or error message can carry it; it never crosses IPC.
import { AppError } from '../../shared/result';
import type { SecretRegistry } from '../logging/redact';
import { isProfileId } from '../storage/profile-id';
import { keychainError } from './keychain-errors';
import type { Keychain } from './keychain-port';
import { DEFAULT_KEYCHAIN_SERVICE } from './token-vault';

export interface ShopPasswordVault {
  set(profileId: string, password: string): Promise<void>;
  clear(profileId: string): Promise<void>;
  get(profileId: string): Promise<string | null>;
  has(profileId: string): Promise<boolean>;
}

export const SHOP_PASSWORD_MAX = 1024;

export function shopPasswordAccount(profileId: string): string {
  if (!isProfileId(profileId)) throw new AppError('invalid_input', 'Unknown profile id.');
  return `shop:${profileId}`;
}

export function createShopPasswordVault(options: {
  keychain: Keychain;
  service?: string;
  registry: SecretRegistry;
}): ShopPasswordVault {
  const service = options.service ?? DEFAULT_KEYCHAIN_SERVICE;
  const { keychain, registry } = options;
  async function get(profileId: string): Promise<string | null> {
    const account = shopPasswordAccount(profileId);
    let password: string | null;
    try {
      password = await keychain.getPassword(service, account);
    } catch (error) {
      throw keychainError(error, 'read');
    }
    if (!password) return null;
    registry.register(password);
    return password;
  }
  return {
    async set(profileId, password) {
      const account = shopPasswordAccount(profileId);
      if (password === '' || password.length > SHOP_PASSWORD_MAX)
        throw new AppError('invalid_input', `The password must be 1 to ${SHOP_PASSWORD_MAX} characters.`);
      // Registered before it is written: a failure's message is redacted too.
      registry.register(password);
      try {
        await keychain.setPassword(service, account, password);
      } catch (error) {
        throw keychainError(error, 'save');
      }
    },
    async clear(profileId) {
      const account = shopPasswordAccount(profileId);
      try {
        await keychain.deletePassword(service, account);
      } catch (error) {
        throw keychainError(error, 'delete');
      }
      // Still registered: a password once known stays masked in what this process writes.
    },
    get,
    has: async (profileId) => (await get(profileId)) !== null,
  };
}
