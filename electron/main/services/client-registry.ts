// One API client (its own pool and its own 6-request cap) per profile and base URL. Clients are
// built lazily and replaced when a profile's address changes.
import { createVehicleApiClient, type ApiClientOptions, type VehicleApiClient } from '../api';

export interface ClientTarget {
  profileId: string;
  baseUrl: string;
  getToken: () => Promise<string | null>;
}

export interface ClientRegistry {
  clientFor(target: ClientTarget): VehicleApiClient;
  /** Closes and forgets the client of a profile (removed, or its address changed). */
  drop(profileId: string): Promise<void>;
  closeAll(): Promise<void>;
}

export function createClientRegistry(
  defaults: Omit<ApiClientOptions, 'baseUrl' | 'getToken'> = {},
): ClientRegistry {
  const clients = new Map<string, { baseUrl: string; client: VehicleApiClient }>();

  async function drop(profileId: string): Promise<void> {
    const entry = clients.get(profileId);
    clients.delete(profileId);
    await entry?.client.close();
  }

  return {
    clientFor({ profileId, baseUrl, getToken }) {
      const existing = clients.get(profileId);
      if (existing && existing.baseUrl === baseUrl) return existing.client;
      if (existing) void existing.client.close();
      const client = createVehicleApiClient({ ...defaults, baseUrl, getToken });
      clients.set(profileId, { baseUrl, client });
      return client;
    },
    drop,
    async closeAll() {
      await Promise.all([...clients.keys()].map(drop));
    },
  };
}
