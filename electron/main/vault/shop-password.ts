// The shop database's password per profile, in the OS keychain beside the tokens (its own account,
// `shop:<profileId>`), and the database it was typed for (host, port, database and user, in the
// account `shop-for:<profileId>`): a password goes only to the database it was given for. Every
// password stored or read is registered for redaction, so no log line, diagnostics report or error
// message can carry it; it never crosses IPC.
import { AppError } from '../../shared/result';
import { tm } from '../i18n/main-words';
import type { SecretRegistry } from '../logging/redact';
import { isProfileId } from '../storage/profile-id';
import { keychainError } from './keychain-errors';
import type { Keychain } from './keychain-port';
import { DEFAULT_KEYCHAIN_SERVICE } from './token-vault';

export interface ShopPasswordVault {
  /** Stores the password, for `target` (null: typed before any database was named). */
  set(profileId: string, password: string, target?: string | null): Promise<void>;
  /** Ties a stored password kept without a target to one. */
  bind(profileId: string, target: string): Promise<void>;
  clear(profileId: string): Promise<void>;
  get(profileId: string): Promise<string | null>;
  /** The database the stored password was typed for; null when none was named (or it was kept by an earlier version). */
  target(profileId: string): Promise<string | null>;
  has(profileId: string): Promise<boolean>;
  /**
   * The client key's passphrase (account `shop-key:<profileId>`). It opens a file on this computer
   * and is never sent anywhere, so unlike the password it is not tied to a database.
   */
  keyPassphrase: {
    set(profileId: string, passphrase: string): Promise<void>;
    get(profileId: string): Promise<string | null>;
    clear(profileId: string): Promise<void>;
  };
}

export const SHOP_PASSWORD_MAX = 1024;

export function shopPasswordAccount(profileId: string): string {
  if (!isProfileId(profileId)) throw new AppError('invalid_input', tm('errors.unknownProfileId'));
  return `shop:${profileId}`;
}

function keyAccount(profileId: string): string {
  return `shop-key:${shopPasswordAccount(profileId).slice('shop:'.length)}`;
}

function targetAccount(profileId: string): string {
  return `shop-for:${shopPasswordAccount(profileId).slice('shop:'.length)}`;
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
  async function setTarget(profileId: string, target: string | null): Promise<void> {
    const account = targetAccount(profileId);
    try {
      if (target === null) await keychain.deletePassword(service, account);
      else await keychain.setPassword(service, account, target);
    } catch (error) {
      throw keychainError(error, target === null ? 'delete' : 'save');
    }
  }
  return {
    async set(profileId, password, target = null) {
      const account = shopPasswordAccount(profileId);
      if (password === '' || password.length > SHOP_PASSWORD_MAX)
        throw new AppError(
          'invalid_input',
          tm('keychain.passwordLength', { max: String(SHOP_PASSWORD_MAX) }),
        );
      // Registered before it is written: a failure's message is redacted too.
      registry.register(password);
      // The old target goes first: a failure between the writes leaves a password tied to nothing,
      // which is used only with the settings saved for it, never an old password tied to a new host.
      await setTarget(profileId, null);
      try {
        await keychain.setPassword(service, account, password);
      } catch (error) {
        throw keychainError(error, 'save');
      }
      if (target !== null) await setTarget(profileId, target);
    },
    bind: (profileId, target) => setTarget(profileId, target),
    async clear(profileId) {
      const account = shopPasswordAccount(profileId);
      try {
        await keychain.deletePassword(service, account);
      } catch (error) {
        throw keychainError(error, 'delete');
      }
      await setTarget(profileId, null);
      // Still registered: a password once known stays masked in what this process writes.
    },
    get,
    async target(profileId) {
      try {
        return (await keychain.getPassword(service, targetAccount(profileId))) || null;
      } catch (error) {
        throw keychainError(error, 'read');
      }
    },
    has: async (profileId) => (await get(profileId)) !== null,
    keyPassphrase: {
      async set(profileId, passphrase) {
        if (passphrase === '' || passphrase.length > SHOP_PASSWORD_MAX)
          throw new AppError(
            'invalid_input',
            tm('shopIt.passphraseLength', { max: String(SHOP_PASSWORD_MAX) }),
          );
        registry.register(passphrase);
        try {
          await keychain.setPassword(service, keyAccount(profileId), passphrase);
        } catch (error) {
          throw keychainError(error, 'save');
        }
      },
      async get(profileId) {
        let passphrase: string | null;
        try {
          passphrase = await keychain.getPassword(service, keyAccount(profileId));
        } catch (error) {
          throw keychainError(error, 'read');
        }
        if (!passphrase) return null;
        registry.register(passphrase);
        return passphrase;
      },
      async clear(profileId) {
        try {
          await keychain.deletePassword(service, keyAccount(profileId));
        } catch (error) {
          throw keychainError(error, 'delete');
        }
      },
    },
  };
}
