// Every token the vault stores or reads is registered with the redaction registry, so the logger
// masks it by value wherever it might surface; a cleared token is forgotten again.
import type { SecretRegistry } from '../logging/redact';
import type { TokenVault } from './token-vault';

export function withSecretRegistry(vault: TokenVault, registry: SecretRegistry): TokenVault {
  return {
    async set(profileId, token) {
      await vault.set(profileId, token);
      registry.register(token);
    },
    async clear(profileId) {
      const previous = await vault.get(profileId).catch(() => null);
      await vault.clear(profileId);
      if (previous) registry.unregister(previous);
    },
    has: (profileId) => vault.has(profileId),
    async get(profileId) {
      const token = await vault.get(profileId);
      if (token) registry.register(token);
      return token;
    },
  };
}
