// One API client (its own pool and its own 6-request cap) per profile and base URL. Clients are
// built lazily and replaced when a profile's address changes.
import { AppError } from '../../shared/result';
import { createVehicleApiClient, type ApiClientOptions, type VehicleApiClient } from '../api';
import { chooseProxy, proxyLabel, type ProxyChoice } from '../api/network/proxy-choice';
import { tm } from '../i18n/main-words';

export interface ClientTarget {
  profileId: string;
  baseUrl: string;
  getToken: () => Promise<string | null>;
}

export interface NetworkProbe {
  /** A client of the active profile's service that goes through `proxy` (the client's setting form). */
  client: VehicleApiClient;
  /** Where a request to that service goes: its host, and the proxy (host:port) or null. */
  route(): Promise<{ host: string; proxy: string | null }>;
}

export interface ClientRegistry {
  clientFor(target: ClientTarget): VehicleApiClient;
  /** Whether `client` is still the profile's client (not dropped or replaced since). */
  isCurrent(profileId: string, client: VehicleApiClient): boolean;
  /**
   * Forgets the client of a profile (removed, or its address changed). Requests under way finish
   * (a command is never cut off mid-flight); the promise settles when they have.
   */
  drop(profileId: string): Promise<void>;
  /**
   * A client of its own (not kept, the caller closes it) going through `proxy` (a proxy URL,
   * "direct", or null for the system's) instead of the app's setting: "Test connection".
   */
  probe(target: Omit<ClientTarget, 'profileId'>, proxy: string | null): NetworkProbe;
  /** The proxy a request to `baseUrl` goes through now (host:port, or null) and why, for diagnostics. */
  proxyInUse(baseUrl: string): Promise<{ proxy: string | null; source: ProxyChoice['source'] }>;
  /** Aborts whatever is still under way and refuses new clients (quitting). */
  destroyAll(): Promise<void>;
}

export function createClientRegistry(
  defaults: Omit<ApiClientOptions, 'baseUrl' | 'getToken'> = {},
): ClientRegistry {
  const clients = new Map<string, { baseUrl: string; client: VehicleApiClient }>();
  // Dropped clients still finishing their requests; quitting aborts them too.
  const draining = new Set<VehicleApiClient>();
  let destroyed = false;

  async function drop(profileId: string): Promise<void> {
    const entry = clients.get(profileId);
    if (!entry) return;
    clients.delete(profileId);
    draining.add(entry.client);
    await entry.client.close().finally(() => draining.delete(entry.client));
  }

  return {
    clientFor({ profileId, baseUrl, getToken }) {
      if (destroyed) throw new AppError('internal', tm('errors.shuttingDown'));
      const existing = clients.get(profileId);
      if (existing && existing.baseUrl === baseUrl) return existing.client;
      if (existing) void drop(profileId);
      const client = createVehicleApiClient({ ...defaults, baseUrl, getToken });
      clients.set(profileId, { baseUrl, client });
      return client;
    },
    probe({ baseUrl, getToken }, proxy) {
      if (destroyed) throw new AppError('internal', tm('errors.shuttingDown'));
      const network = { ...defaults.network, proxy };
      const client = createVehicleApiClient({ ...defaults, network, baseUrl, getToken });
      return {
        client,
        async route() {
          const target = new URL(baseUrl);
          const choice = await chooseProxy(target, {
            setting: proxy,
            env: network.env ?? process.env,
            ...(network.resolveProxy ? { resolveProxy: network.resolveProxy } : {}),
          });
          return { host: target.host, proxy: choice.proxy === null ? null : proxyLabel(choice.proxy) };
        },
      };
    },
    async proxyInUse(baseUrl) {
      const network = defaults.network ?? {};
      const choice = await chooseProxy(new URL(baseUrl), {
        setting: (typeof network.proxy === 'function' ? network.proxy() : network.proxy) ?? null,
        env: network.env ?? process.env,
        ...(network.resolveProxy ? { resolveProxy: network.resolveProxy } : {}),
      });
      return { proxy: choice.proxy === null ? null : proxyLabel(choice.proxy), source: choice.source };
    },
    isCurrent: (profileId, client) => clients.get(profileId)?.client === client,
    drop,
    async destroyAll() {
      destroyed = true;
      const all = [...[...clients.values()].map((entry) => entry.client), ...draining];
      clients.clear();
      await Promise.all(all.map((client) => client.destroy()));
    },
  };
}
