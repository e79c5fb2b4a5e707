// The stored shop password as it may be used: only with the database it was typed for (host, port,
// database and user). Settings that name another database do not take it along, and a test of such
// settings never gets it: a window that names a host of its choosing would otherwise have the
// password sent there (a clear-text request hands it over as typed).
import type { ShopSettingsInput } from '../../../shared/shop';
import type { ShopLinkDeps } from './link-state';
import { passwordTargetOf } from './connection-settings';

export interface BoundPasswords {
  /** The stored password when it was typed for `target`; null otherwise. */
  for(profileId: string, target: string | null): Promise<string | null>;
  /** Whether a password is stored for the saved settings (or for the first database they name). */
  has(profileId: string): Promise<boolean>;
  /** Stores a password for the database the saved settings name. */
  set(profileId: string, password: string): Promise<void>;
  /** Before `next` is saved: the password follows only to the same database, and is forgotten otherwise. */
  follow(profileId: string, next: ShopSettingsInput): Promise<void>;
  clear(profileId: string): Promise<void>;
}

export function boundPasswords(deps: Pick<ShopLinkDeps, 'passwords' | 'settings'>): BoundPasswords {
  const { passwords, settings } = deps;

  /**
   * The stored password and its database. One kept without a database (typed before any was
   * named, or kept by an earlier version for the settings saved then) is the saved settings', and
   * is tied to them as soon as they name one.
   */
  async function stored(profileId: string): Promise<{ password: string; target: string | null } | null> {
    const password = await passwords.get(profileId);
    if (password === null) return null;
    let target = await passwords.target(profileId);
    if (target === null) {
      target = passwordTargetOf(await settings.get(profileId));
      if (target !== null) await passwords.bind(profileId, target);
    }
    return { password, target };
  }

  return {
    async for(profileId, target) {
      if (target === null) return null;
      const entry = await stored(profileId);
      return entry !== null && entry.target === target ? entry.password : null;
    },
    async has(profileId) {
      const entry = await stored(profileId);
      if (entry === null) return false;
      return entry.target === null || entry.target === passwordTargetOf(await settings.get(profileId));
    },
    async set(profileId, password) {
      await passwords.set(profileId, password, passwordTargetOf(await settings.get(profileId)));
    },
    async follow(profileId, next) {
      const entry = await stored(profileId);
      if (entry === null) return;
      const target = passwordTargetOf(next);
      if (entry.target === target) return;
      if (entry.target === null) {
        if (target !== null) await passwords.bind(profileId, target);
        return;
      }
      await passwords.clear(profileId);
    },
    clear: (profileId) => passwords.clear(profileId),
  };
}
