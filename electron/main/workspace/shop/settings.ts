// Settings → Shop for one profile: its settings and password (the password goes in, never out),
// a test of a connection, and what the window shows of it. A change to the active profile's
// settings restarts its session; a removed profile's settings and password go with it.
import type { ShopClientFile, ShopSettingsInput, ShopTestReport, ShopView } from '../../../shared/shop';
import { tm } from '../../i18n/main-words';
import { readCaFile, readClientFile, ShopError, testConnection } from '../../shop';
import { SOLO_STATUS } from '../backend';
import { isDesk } from '../../../shared/shop-desk';
import { boundPasswords } from './bound-password';
import { checkSettings, connectionOf, passwordTargetOf } from './connection-settings';
import type { LinkState } from './link-state';
import { createConnectionFileOps, type ConnectionFileOps } from './connection-file-ops';
import { statusOf, type ShopSessionControl } from './session';

export interface ShopSettingsOps extends ConnectionFileOps {
  view(profileId: string): Promise<ShopView>;
  configure(profileId: string, input: ShopSettingsInput): Promise<ShopView>;
  setPassword(profileId: string, password: string): Promise<ShopView>;
  clearPassword(profileId: string): Promise<ShopView>;
  /**
   * Signs in with `input` (the saved settings when absent) and `password` typed with them; without
   * one, the stored password is used only if it was typed for the database `input` names.
   */
  test(profileId: string, input?: ShopSettingsInput, password?: string): Promise<ShopTestReport>;
  /**
   * Asks for the CA file with main's own dialog and checks it holds certificates; its path, or null
   * when cancelled. Settings name only a CA file chosen so (or the one saved before).
   */
  chooseCaFile(profileId: string): Promise<string | null>;
  /** The client certificate or its key, chosen as the CA file is; its path, or null when cancelled. */
  chooseClientFile(profileId: string, which: ShopClientFile): Promise<string | null>;
  /** Stores the client key's passphrase in the keychain; it never comes back. */
  setKeyPassphrase(profileId: string, passphrase: string): Promise<ShopView>;
  clearKeyPassphrase(profileId: string): Promise<ShopView>;
  /** A removed profile: its shop settings and its password go too (the shop's records stay). */
  forget(profileId: string): Promise<void>;
}

/** The database a shared desk's people sign in to (any role), or null when the settings are no desk. */
function deskDatabaseOf(settings: ShopSettingsInput): string | null {
  if (!isDesk(settings)) return null;
  const { url, host, port, database } = settings.connection;
  return JSON.stringify([url ?? '', host?.toLowerCase() ?? '', port ?? null, database ?? '']);
}

export function createShopSettingsOps(
  state: LinkState,
  session: ShopSessionControl,
  /** Told as soon as a profile's settings are saved or forgotten (the desk's gate learns them again). */
  saved: (profileId: string) => void = () => {},
): ShopSettingsOps {
  const { deps, onProblem } = state;
  const passwords = boundPasswords(deps);

  async function view(profileId: string): Promise<ShopView> {
    const settings = await deps.settings.get(profileId);
    const link = state.linked();
    return {
      ...settings,
      profileId,
      hasPassword: await passwords.has(profileId).catch(() => false),
      hasKeyPassphrase: await deps.passwords.keyPassphrase
        .get(profileId)
        .then((passphrase) => passphrase !== null)
        .catch(() => false),
      status: link?.profileId === profileId ? statusOf(link.session.status()) : SOLO_STATUS,
    };
  }

  // The CA and client files main's dialog gave, per profile: a path typed or sent by the window is
  // not read, since main would read whatever it names (a device, a pipe, another user's file) for it.
  const chosenFiles = new Map<string, Set<string>>();
  const remember = (profileId: string, path: string) => {
    const chosen = chosenFiles.get(profileId) ?? new Set<string>();
    chosen.add(path);
    chosenFiles.set(profileId, chosen);
  };

  async function checkedSettings(profileId: string, input: ShopSettingsInput): Promise<ShopSettingsInput> {
    const settings = checkSettings(input);
    const saved = (await deps.settings.get(profileId)).connection;
    for (const field of ['caFile', 'clientCertFile', 'clientKeyFile'] as const) {
      const path = settings.connection[field]?.trim();
      if (path && path !== saved[field]?.trim() && !chosenFiles.get(profileId)?.has(path))
        throw new ShopError('invalid_settings', tm('mainShop.caNotChosen'));
    }
    return settings;
  }

  const forgetDeskPasswords = (profileId: string) =>
    deps.deskPasswords?.forgetAll(profileId) ?? Promise.resolve();

  const restart = (profileId: string) =>
    state.enqueue('restarting the session', () => session.start(profileId));

  return {
    view,
    ...createConnectionFileOps(state, remember),
    async configure(profileId, input) {
      const settings = await checkedSettings(profileId, input);
      await passwords.follow(profileId, settings);
      // The passwords people asked to have remembered at this desk were for this desk's database:
      // they go when it stops being a desk, or names another database.
      const before = deskDatabaseOf(await deps.settings.get(profileId));
      if (before !== null && before !== deskDatabaseOf(settings)) await forgetDeskPasswords(profileId);
      await deps.settings.set(profileId, settings);
      saved(profileId);
      if ((await deps.activeProfileId()) === profileId) await restart(profileId);
      return view(profileId);
    },
    async setPassword(profileId, password) {
      await passwords.set(profileId, password);
      const link = state.linked();
      if (link?.profileId === profileId) link.session.reconnect();
      return view(profileId);
    },
    async clearPassword(profileId) {
      await passwords.clear(profileId);
      if (state.linked()?.profileId === profileId) await restart(profileId);
      return view(profileId);
    },
    async test(profileId, input, password) {
      const settings = input ? await checkedSettings(profileId, input) : await deps.settings.get(profileId);
      const connection = {
        ...connectionOf(settings),
        keyPassphrase: () => deps.passwords.keyPassphrase.get(profileId),
      };
      const result = await testConnection(connection, () =>
        password !== undefined ? password : passwords.for(profileId, passwordTargetOf(settings)),
      );
      if (!result.ok) throw new ShopError(result.error.kind, result.error.message);
      if (!result.value.canWriteAudit && result.value.schemaVersion > 0)
        throw new ShopError('no_privileges', tm('mainShop.noAuditGrant', { role: result.value.role }));
      return result.value;
    },
    async chooseCaFile(profileId) {
      if (!deps.chooseCaFile) throw new ShopError('invalid_settings', tm('mainShop.noChoosing'));
      const path = await deps.chooseCaFile();
      if (path === null) return null;
      await readCaFile(path);
      remember(profileId, path);
      return path;
    },
    async chooseClientFile(profileId, which) {
      if (!deps.chooseClientFile) throw new ShopError('invalid_settings', tm('shopIt.noChoosing'));
      const path = await deps.chooseClientFile(which);
      if (path === null) return null;
      await readClientFile(path, which);
      remember(profileId, path);
      return path;
    },
    async setKeyPassphrase(profileId, passphrase) {
      await deps.passwords.keyPassphrase.set(profileId, passphrase);
      const link = state.linked();
      if (link?.profileId === profileId) await restart(profileId);
      return view(profileId);
    },
    async clearKeyPassphrase(profileId) {
      await deps.passwords.keyPassphrase.clear(profileId);
      if (state.linked()?.profileId === profileId) await restart(profileId);
      return view(profileId);
    },
    async forget(profileId) {
      await deps.settings.forget(profileId);
      saved(profileId);
      await passwords
        .clear(profileId)
        .catch((error) => onProblem('Shop: the password could not be cleared', error));
      await deps.passwords.keyPassphrase
        .clear(profileId)
        .catch((error) => onProblem("Shop: the client key's passphrase could not be cleared", error));
      await forgetDeskPasswords(profileId).catch((error) =>
        onProblem("Shop: the desk's remembered passwords could not be removed", error),
      );
    },
  };
}
