// Vitest global setup: when the keychain module cannot load, say why once at the top of the output
// (which library is missing, the command that installs it) instead of leaving every keychain test
// to fail with keytar's "Failed to load keytar native addon".
import { lazyKeytar } from '../../electron/main/vault/keytar-loader';

export default function setup(): void {
  const problem = lazyKeytar().problem();
  if (problem) process.stderr.write(`\nThe keychain tests will fail on this machine. ${problem}\n\n`);
}
