// Settings → Shop for one profile: its settings and password (the password goes in, never out),
// a test of a connection, and what the window shows of it. A change to the active profile's
// settings restarts its session; a removed profile's settings and password go with it.
import type { ShopSettingsInput, ShopTestReport, ShopView } from '../../../shared/shop';
import { ShopError, testConnection } from '../../shop';
import { SOLO_STATUS } from '../backend';
import { checkSettings, connectionOf } from './connection-settings';
import type { LinkState } from './link-state';
import { statusOf, type ShopSessionControl } from './session';

export interface ShopSettingsOps {
  view(profileId: string): Promise<ShopView>;
  configure(profileId: string, input: ShopSettingsInput): Promise<ShopView>;
  setPassword(profileId: string, password: string): Promise<ShopView>;
  clearPassword(profileId: string): Promise<ShopView>;
  test(profileId: string, input?: ShopSettingsInput): Promise<ShopTestReport>;
  /** A removed profile: its shop settings and its password go too (the shop's records stay). */
  forget(profileId: string): Promise<void>;
}

export function createShopSettingsOps(state: LinkState, session: ShopSessionControl): ShopSettingsOps {
  const { deps, onProblem } = state;

  async function view(profileId: string): Promise<ShopView> {
    const settings = await deps.settings.get(profileId);
    const link = state.linked();
    return {
      ...settings,
      profileId,
      hasPassword: await deps.passwords.has(profileId).catch(() => false),
      status: link?.profileId === profileId ? statusOf(link.session.status()) : SOLO_STATUS,
    };
  }

  const restart = (profileId: string) =>
    state.enqueue('restarting the session', () => session.start(profileId));

  return {
    view,
    async configure(profileId, input) {
      const settings = checkSettings(input);
      await deps.settings.set(profileId, settings);
      if ((await deps.activeProfileId()) === profileId) await restart(profileId);
      return view(profileId);
    },
    async setPassword(profileId, password) {
      await deps.passwords.set(profileId, password);
      const link = state.linked();
      if (link?.profileId === profileId) link.session.reconnect();
      return view(profileId);
    },
    async clearPassword(profileId) {
      await deps.passwords.clear(profileId);
      if (state.linked()?.profileId === profileId) await restart(profileId);
      return view(profileId);
    },
    async test(profileId, input) {
      const settings = input ?? (await deps.settings.get(profileId));
      const result = await testConnection(connectionOf(settings), () => deps.passwords.get(profileId));
      if (!result.ok) throw new ShopError(result.error.kind, result.error.message);
      if (!result.value.canWriteAudit && result.value.schemaVersion > 0)
        throw new ShopError(
          'no_privileges',
          `Signed in as ${result.value.role}, but this role may not add to the shop's audit log. ` +
            "Ask the shop's administrator to grant it (docs/shop.md).",
        );
      return result.value;
    },
    async forget(profileId) {
      await deps.settings.forget(profileId);
      await deps.passwords
        .clear(profileId)
        .catch((error) => onProblem('Shop: the password could not be cleared', error));
    },
  };
}
