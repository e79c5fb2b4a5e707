// The keychain the bundle sees: keytar itself (the real Secret Service, Keychain or Credential
// Vault), under a service named for the app's userData folder instead of the shipped name, so a test
// never reads or writes the tokens of an installed Vehicle Garage, and each app's tokens stay apart.
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';

interface Keytar {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
  findPassword(service: string): Promise<string | null>;
  findCredentials(service: string): Promise<{ account: string; password: string }[]>;
}

/** The keychain service the app with this userData folder stores its tokens under. */
export function keychainServiceFor(userData: string): string {
  return `Vehicle Garage test ${createHash('sha256').update(path.resolve(userData)).digest('hex').slice(0, 12)}`;
}

/**
 * keytar as the bundle gets it. Loads the real module when called, so a keychain that cannot load
 * fails the bundle's `require('keytar')` as it would in the app.
 */
export function keytarForBundle(userData: () => string): Keytar {
  const real = createRequire(import.meta.url)('keytar') as Keytar;
  const service = () => keychainServiceFor(userData());
  return {
    getPassword: (_service, account) => real.getPassword(service(), account),
    setPassword: (_service, account, password) => real.setPassword(service(), account, password),
    deletePassword: (_service, account) => real.deletePassword(service(), account),
    findPassword: () => real.findPassword(service()),
    findCredentials: () => real.findCredentials(service()),
  };
}
