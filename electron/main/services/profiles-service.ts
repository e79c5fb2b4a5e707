// Profiles as the renderer sees them (never with a token), the keychain behind them, and the
// active profile's context for the vehicle operations. The demo profile's address and token are
// the embedded simulator's and live only in memory.
import { baseUrlProblem, normalizeBaseUrl } from '../../shared/base-url';
import { AppError } from '../../shared/result';
import type { ConnectionTest, Profile, TokenTest } from '../../shared/types';
import type { VehicleApiClient } from '../api';
import { NO_FACTS, type FactPort } from '../events/domain-events';
import type { OfflineCache } from '../storage/cache/offline-cache';
import type { GarageStore } from '../storage/garage-store';
import type { ProfileRecord, ProfilesStore } from '../storage/profiles-store';
import type { TokenVault } from '../vault/token-vault';
import type { ClientRegistry } from './client-registry';
import type { VehicleStatusBook } from './vehicle-status';
import { tm } from '../i18n/main-words';

export interface DemoEndpoint {
  baseUrl: string;
  token: string;
}

export interface ActiveContext {
  profileId: string;
  profileName: string;
  demo: boolean;
  client: VehicleApiClient;
  /** False once this client was dropped (address changed, profile removed). */
  isCurrent: () => boolean;
}

export interface ProfilesServiceOptions {
  store: ProfilesStore;
  vault: TokenVault;
  clients: ClientRegistry;
  garage: GarageStore;
  cache: OfflineCache;
  status: VehicleStatusBook;
  /** The garage's glances, forgotten with the profile or its old address. */
  glance?: { forget(profileId: string): void };
  /** What the app saw of the cars' alerts: another service's cars, or none, once the profile goes. */
  alertSightings?: { forgetProfile(profileId: string): Promise<void> };
  /** Null when the embedded simulator could not start. */
  demo: DemoEndpoint | null;
  onProblem?: (message: string, error: unknown) => void;
  /** Told `profile.*` after each change, and `profile.tested` with each test's outcome. */
  facts?: FactPort;
}

export interface ProfilesService {
  list(): Promise<Profile[]>;
  create(input: { name: string; baseUrl?: string }): Promise<Profile>;
  update(id: string, patch: { name?: string; baseUrl?: string }): Promise<Profile>;
  remove(id: string): Promise<void>;
  activate(id: string): Promise<Profile>;
  setToken(id: string, token: string): Promise<Profile>;
  clearToken(id: string): Promise<Profile>;
  active(): Promise<ActiveContext>;
  /** The service context of any profile (its own address and token), e.g. to test it before use. */
  contextOf(id: string): Promise<ActiveContext>;
  /**
   * One authenticated read with the profile's own address and token (the account's vehicles),
   * whether or not it is in use; the outcome is kept with the profile (`lastTest`).
   */
  testConnection(id: string): Promise<ConnectionTest>;
  /** The active profile's address and token, for a client of its own (Settings → Network → Test). */
  probeTarget(): Promise<{ baseUrl: string; getToken: () => Promise<string | null> }>;
}

const DEMO_UNAVAILABLE =
  'The built-in demo service is not running. Restart the app, or switch to another profile.';

export function createProfilesService(options: ProfilesServiceOptions): ProfilesService {
  const { store, vault, clients, garage, cache, status, demo } = options;
  const onProblem = options.onProblem ?? (() => {});
  const facts = options.facts ?? NO_FACTS;

  async function tokenState(record: ProfileRecord): Promise<{ hasToken: boolean; keychainProblem?: string }> {
    if (record.demo) return { hasToken: demo !== null };
    try {
      return { hasToken: await vault.has(record.id) };
    } catch (error) {
      // The list must still show, saying why it cannot tell (a locked keychain is not an empty one).
      onProblem('Keychain lookup failed', error);
      return error instanceof AppError
        ? { hasToken: false, keychainProblem: error.message }
        : { hasToken: false, keychainProblem: 'The system keychain could not be asked.' };
    }
  }

  async function view(record: ProfileRecord, activeId?: string): Promise<Profile> {
    const active = activeId ?? (await store.active()).id;
    return {
      id: record.id,
      name: record.name,
      baseUrl: record.demo ? (demo?.baseUrl ?? '') : (record.baseUrl ?? ''),
      demo: record.demo,
      ...(await tokenState(record)),
      active: record.id === active,
      lastTest: record.lastTest ?? null,
    };
  }

  async function existing(id: string): Promise<ProfileRecord> {
    const record = await store.get(id);
    if (!record) throw new AppError('not_found', tm('errors.profileGone'));
    return record;
  }

  /** Keeping the result is a convenience: a profile removed meanwhile, or a full disk, is only logged. */
  const keepTest = (id: string, test: TokenTest | null) =>
    store.noteTest(id, test).catch((error) => onProblem('Could not keep the connection test', error));
  const forgetTest = (id: string) => keepTest(id, null);
  const forgetSightings = (id: string) =>
    options.alertSightings
      ?.forgetProfile(id)
      .catch((error) => onProblem('Could not forget the alerts seen', error));

  const current = (profileId: string, client: VehicleApiClient) => () => clients.isCurrent(profileId, client);

  function refuseDemoToken(record: ProfileRecord): void {
    if (record.demo) {
      throw new AppError('invalid_input', tm('errors.demoNeedsNoToken'));
    }
  }

  function contextFor(record: ProfileRecord): ActiveContext {
    if (record.demo) {
      if (!demo) throw new AppError('network', DEMO_UNAVAILABLE);
      const client = clients.clientFor({
        profileId: record.id,
        baseUrl: demo.baseUrl,
        getToken: async () => demo.token,
      });
      return {
        profileId: record.id,
        profileName: record.name,
        demo: true,
        client,
        isCurrent: current(record.id, client),
      };
    }
    const client = clients.clientFor({
      profileId: record.id,
      baseUrl: record.baseUrl ?? '',
      getToken: () => vault.get(record.id),
    });
    return {
      profileId: record.id,
      profileName: record.name,
      demo: false,
      client,
      isCurrent: current(record.id, client),
    };
  }

  return {
    async list() {
      const [records, active] = await Promise.all([store.list(), store.active()]);
      return Promise.all(records.map((record) => view(record, active.id)));
    },
    async create(input) {
      const created = await store.create(input);
      facts.publish('profile.changed', { profileId: created.id });
      return view(created);
    },
    async update(id, patch) {
      const before = await existing(id);
      // The token was issued for the old address: it must never follow a changed URL to another
      // host (a mistyped address, or a compromised renderer pointing it at its own server). It is
      // cleared before the new address is saved, so a keychain that fails to delete it leaves the
      // profile at its old address instead of sending the token to the new one.
      const moving =
        !before.demo &&
        patch.baseUrl !== undefined &&
        baseUrlProblem(patch.baseUrl) === null &&
        normalizeBaseUrl(patch.baseUrl) !== before.baseUrl;
      if (moving) await vault.clear(id);
      const updated = await store.update(id, patch);
      // A test of the old address says nothing about the new one.
      if (before.baseUrl !== updated.baseUrl) await forgetTest(id);
      if (before.baseUrl !== updated.baseUrl) {
        if (!moving) await vault.clear(id);
        // Requests under way finish against the old address; their answers are not cached.
        void clients.drop(id).catch((error) => onProblem('Could not close the old connection', error));
        await cache.clearProfile(id).catch((error) => onProblem('Could not clear the cache', error));
        await forgetSightings(id);
        status.forget(id);
        options.glance?.forget(id);
      }
      facts.publish('profile.changed', { profileId: id });
      return view(updated);
    },
    async remove(id) {
      const record = await existing(id);
      await store.remove(id);
      if (record.demo) return facts.publish('profile.removed', { profileId: id });
      void clients.drop(id).catch((error) => onProblem('Could not close the connection', error));
      await vault
        .clear(id)
        .catch((error) => onProblem('Could not remove the token from the keychain', error));
      await garage.forget(id).catch((error) => onProblem('Could not remove the garage file', error));
      await cache.clearProfile(id).catch((error) => onProblem('Could not clear the cache', error));
      await forgetSightings(id);
      status.forget(id);
      options.glance?.forget(id);
      facts.publish('profile.removed', { profileId: id });
    },
    async activate(id) {
      const active = await store.activate(id);
      facts.publish('profile.activated', { profileId: id });
      return view(active);
    },
    async setToken(id, token) {
      const record = await existing(id);
      refuseDemoToken(record);
      await vault.set(id, token);
      // A new token is untested until tested: the last result was of the one it replaced.
      await forgetTest(id);
      const updated = await existing(id);
      facts.publish('profile.tokenSet', { profileId: id });
      return view(updated);
    },
    async clearToken(id) {
      const record = await existing(id);
      refuseDemoToken(record);
      await vault.clear(id);
      await forgetTest(id);
      const updated = await existing(id);
      facts.publish('profile.changed', { profileId: id });
      return view(updated);
    },
    async testConnection(id) {
      const { client } = contextFor(await existing(id));
      const started = performance.now();
      let test: TokenTest;
      try {
        // Read directly, not through the account service: a test of a profile not in use must not
        // touch its garage or glances.
        const answer = await client.accountVehicles({ onlyActive: false });
        const result: ConnectionTest = {
          vehicles: answer.results.length,
          at: new Date().toISOString(),
          ms: Math.round(performance.now() - started),
        };
        test = { ok: true, at: result.at, vehicles: result.vehicles };
        facts.publish('profile.tested', { profileId: id, failure: null });
        await keepTest(id, test);
        return result;
      } catch (error) {
        if (error instanceof AppError) {
          const { kind, message, status } = error.info;
          test = {
            ok: false,
            at: new Date().toISOString(),
            error: { kind, message, ...(status ? { status } : {}) },
          };
          facts.publish('profile.tested', { profileId: id, failure: { kind, message, status } });
          await keepTest(id, test);
        }
        throw error;
      }
    },
    async active() {
      return contextFor(await store.active());
    },
    async probeTarget() {
      const record = await store.active();
      if (record.demo) return { baseUrl: demo?.baseUrl ?? '', getToken: async () => demo?.token ?? null };
      return { baseUrl: record.baseUrl ?? '', getToken: () => vault.get(record.id) };
    },
    async contextOf(id) {
      return contextFor(await existing(id));
    },
  };
}
