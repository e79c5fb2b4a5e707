// The keychain port: what the vault needs from the OS keychain, and the error that says the keychain
// module could not load at all. In one file so the loader, the vault and the error wording all
// depend on it and never on each other.

/** The three keytar functions the vault needs; inject `keytar` itself in the app, a fake in tests. */
export interface Keychain {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
  /** Why the keychain cannot work at all (its module did not load), or null; for diagnostics. */
  problem?(): string | null;
}

/** A keychain that also reports why it cannot work (null when it loaded). */
export interface LoadableKeychain extends Keychain {
  problem(): string | null;
}

/** keytar could not be loaded; the message names what is missing and how to install it. */
export class KeychainLoadError extends Error {
  override name = 'KeychainLoadError';
}
