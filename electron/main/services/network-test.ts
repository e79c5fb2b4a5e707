// Settings → Network → Test: one read of the active profile's service through a proxy setting (the
// one typed, or the saved one), with a client of its own that is closed after; nothing is kept.
import type { NetworkSettingsInput, NetworkTest } from '../../shared/network-settings';
import { AppError } from '../../shared/result';
import type { ClientRegistry, ClientTarget } from './client-registry';
import type { NetworkSettingsService } from './network-settings';

export interface NetworkTester {
  test(input?: NetworkSettingsInput): Promise<NetworkTest>;
}

export function createNetworkTester(deps: {
  settings: Pick<NetworkSettingsService, 'candidate'>;
  clients: Pick<ClientRegistry, 'probe'>;
  /** The active profile's address and token. */
  target: () => Promise<Omit<ClientTarget, 'profileId'>>;
  now?: () => Date;
}): NetworkTester {
  const now = deps.now ?? (() => new Date());
  return {
    async test(input) {
      const candidate = deps.settings.candidate(input);
      const { client, route } = deps.clients.probe(await deps.target(), candidate);
      const started = performance.now();
      const { host, proxy } = await route();
      const answered = (note: string | null): NetworkTest => ({
        host,
        proxy,
        at: now().toISOString(),
        ms: Math.round(performance.now() - started),
        note,
      });
      try {
        await client.accountVehicles({ onlyActive: false });
        return answered(null);
      } catch (error) {
        // The service answered: the network path works, whatever it thinks of the token.
        if (
          error instanceof AppError &&
          (error.info.kind === 'unauthorized' || error.info.kind === 'forbidden')
        )
          return answered(`The service answered, but refused this profile's token (${error.info.message})`);
        throw error;
      } finally {
        await client.close().catch(() => undefined);
      }
    },
  };
}
