// Passwords remembered at a shared desk, in the OS keychain, one entry per profile and database role
// (account `shop-desk:<profileId>:<role>`), each with the database it was typed for: only the person
// who ticked "remember on this computer" has one, and it is used only with that role on that
// database. Which roles of a profile have one is kept beside them (account `shop-desk-roles:
// <profileId>`, no secret), so that they can be listed and all removed with the profile or its shop
// link: it is written before an entry and trimmed after one goes, so it never misses one. Like the
// shop password it is registered for redaction as soon as it is known, and it
// never crosses IPC: the window only ever sends one, at sign-in.
import { AppError } from '../../shared/result';
import { tm } from '../i18n/main-words';
import type { SecretRegistry } from '../logging/redact';
import { keychainError } from './keychain-errors';
import type { Keychain } from './keychain-port';
import { shopPasswordAccount, SHOP_PASSWORD_MAX } from './shop-password';
import { DEFAULT_KEYCHAIN_SERVICE } from './token-vault';

export interface DeskPasswords {
  /** The password remembered for `role`, when it was typed for `target`; null otherwise. */
  get(profileId: string, role: string, target: string): Promise<string | null>;
  remember(profileId: string, role: string, target: string, password: string): Promise<void>;
  forget(profileId: string, role: string): Promise<void>;
  /** The roles with a password remembered for this profile on this computer. */
  remembered(profileId: string): Promise<string[]>;
  /** Removes every password remembered for this profile (the profile or its shop link goes). */
  forgetAll(profileId: string): Promise<void>;
}

/** The keychain account of a role's remembered password (the profile id checked as the shop's is). */
export function deskAccount(profileId: string, role: string): string {
  return `shop-desk:${shopPasswordAccount(profileId).slice('shop:'.length)}:${role}`;
}

function rolesAccount(profileId: string): string {
  return `shop-desk-roles:${shopPasswordAccount(profileId).slice('shop:'.length)}`;
}

function parseRoles(text: string | null): string[] {
  if (!text) return [];
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? value.filter((role): role is string => typeof role === 'string') : [];
  } catch {
    return [];
  }
}

interface Kept {
  for: string;
  password: string;
}

function parseKept(text: string): Kept | null {
  try {
    const value = JSON.parse(text) as Partial<Kept> | null;
    if (typeof value?.for !== 'string' || typeof value.password !== 'string' || !value.password) return null;
    return { for: value.for, password: value.password };
  } catch {
    return null;
  }
}

export function createDeskPasswords(options: {
  keychain: Keychain;
  service?: string;
  registry: SecretRegistry;
}): DeskPasswords {
  const service = options.service ?? DEFAULT_KEYCHAIN_SERVICE;
  const { keychain, registry } = options;
  async function roles(profileId: string): Promise<string[]> {
    try {
      return parseRoles(await keychain.getPassword(service, rolesAccount(profileId)));
    } catch (error) {
      throw keychainError(error, 'read');
    }
  }
  async function keepRoles(profileId: string, list: string[]): Promise<void> {
    try {
      if (list.length === 0) await keychain.deletePassword(service, rolesAccount(profileId));
      else await keychain.setPassword(service, rolesAccount(profileId), JSON.stringify(list));
    } catch (error) {
      throw keychainError(error, list.length === 0 ? 'delete' : 'save');
    }
  }
  async function forget(profileId: string, role: string): Promise<void> {
    try {
      await keychain.deletePassword(service, deskAccount(profileId, role));
    } catch (error) {
      throw keychainError(error, 'delete');
    }
    const known = await roles(profileId);
    if (known.includes(role))
      await keepRoles(
        profileId,
        known.filter((other) => other !== role),
      );
  }
  return {
    async get(profileId, role, target) {
      let text: string | null;
      try {
        text = await keychain.getPassword(service, deskAccount(profileId, role));
      } catch (error) {
        throw keychainError(error, 'read');
      }
      const kept = text ? parseKept(text) : null;
      if (!kept) return null;
      registry.register(kept.password);
      return kept.for === target ? kept.password : null;
    },
    async remember(profileId, role, target, password) {
      if (password === '' || password.length > SHOP_PASSWORD_MAX)
        throw new AppError(
          'invalid_input',
          tm('keychain.passwordLength', { max: String(SHOP_PASSWORD_MAX) }),
        );
      registry.register(password);
      const known = await roles(profileId);
      if (!known.includes(role)) await keepRoles(profileId, [...known, role]);
      try {
        await keychain.setPassword(
          service,
          deskAccount(profileId, role),
          JSON.stringify({ for: target, password }),
        );
      } catch (error) {
        throw keychainError(error, 'save');
      }
    },
    forget,
    remembered: roles,
    async forgetAll(profileId) {
      for (const role of await roles(profileId)) await forget(profileId, role);
      await keepRoles(profileId, []);
    },
  };
}
