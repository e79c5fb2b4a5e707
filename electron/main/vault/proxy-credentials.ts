// A manual proxy's user name and password, in the OS keychain beside the tokens (one account,
// `proxy`, for the app: the proxy setting is the machine's, not a profile's), with the address they
// were given for. The password is
// registered for redaction when stored or read, as it is written and as a URL carries it, so no log
// line, diagnostics report or error message can show it; it never crosses IPC.
import { AppError } from '../../shared/result';
import type { ProxyCredentials } from '../../shared/network-settings';
import type { SecretRegistry } from '../logging/redact';
import { keychainError } from './keychain-errors';
import type { Keychain } from './keychain-port';
import { DEFAULT_KEYCHAIN_SERVICE } from './token-vault';
import { tm } from '../i18n/main-words';

export const PROXY_CREDENTIALS_ACCOUNT = 'proxy';

/** Credentials and the proxy address they were given for: they are never sent to another proxy. */
export interface StoredProxyCredentials extends ProxyCredentials {
  proxy: string;
}

export interface ProxyCredentialsVault {
  get(): Promise<StoredProxyCredentials | null>;
  set(credentials: StoredProxyCredentials): Promise<void>;
  clear(): Promise<void>;
}

export function createProxyCredentialsVault(options: {
  keychain: Keychain;
  service?: string;
  registry: SecretRegistry;
}): ProxyCredentialsVault {
  const service = options.service ?? DEFAULT_KEYCHAIN_SERVICE;
  const { keychain, registry } = options;
  const remember = (password: string) => {
    registry.register(password);
    registry.register(encodeURIComponent(password));
  };
  return {
    async get() {
      let stored: string | null;
      try {
        stored = await keychain.getPassword(service, PROXY_CREDENTIALS_ACCOUNT);
      } catch (error) {
        throw keychainError(error, 'read');
      }
      if (!stored) return null;
      let parsed: unknown;
      try {
        parsed = JSON.parse(stored);
      } catch {
        parsed = null;
      }
      const { username, password, proxy } = (parsed ?? {}) as Partial<StoredProxyCredentials>;
      if (
        typeof username !== 'string' ||
        typeof password !== 'string' ||
        password === '' ||
        typeof proxy !== 'string'
      ) {
        throw new AppError('keychain_unavailable', tm('errors.proxyCredentialsDamaged'));
      }
      remember(password);
      return { username, password, proxy };
    },
    async set(credentials) {
      // Registered before it is written: a failure's message is redacted too.
      remember(credentials.password);
      try {
        const { username, password, proxy } = credentials;
        await keychain.setPassword(
          service,
          PROXY_CREDENTIALS_ACCOUNT,
          JSON.stringify({ username, password, proxy }),
        );
      } catch (error) {
        throw keychainError(error, 'save');
      }
    },
    async clear() {
      try {
        await keychain.deletePassword(service, PROXY_CREDENTIALS_ACCOUNT);
      } catch (error) {
        throw keychainError(error, 'delete');
      }
    },
  };
}
