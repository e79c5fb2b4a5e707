// When the keychain module cannot load, the technician (diagnostics, the error a save gets) and the
// developer (test output) learn which library is missing and the command that installs it, instead
// of keytar's "Failed to load keytar native addon, checked [...]".
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDiagnostics, keychainBackendFor } from '../../../electron/main/logging/diagnostics';
import { createRecentErrors } from '../../../electron/main/logging/recent-errors';
import { KeychainLoadError } from '../../../electron/main/vault/keychain-port';
import { explainLoadFailure, lazyKeytar } from '../../../electron/main/vault/keytar-loader';
import { createTokenVault } from '../../../electron/main/vault/token-vault';

const require = createRequire(import.meta.url);
const KEYTAR_MESSAGE =
  'Failed to load keytar native addon, checked ["../build/Release","../prebuilds/linux-x64"]';
const failingLoad = () => {
  throw new Error(KEYTAR_MESSAGE);
};
const scratch = await mkdtemp(path.join(os.tmpdir(), 'keytar-loader-'));
afterAll(() => rm(scratch, { recursive: true, force: true }));

/** keytar's real addon with the library it links against renamed, so the OS loader cannot find it. */
async function addonMissing(library: string, renamed: string): Promise<string> {
  const addon = path.join(
    path.dirname(require.resolve('keytar/package.json')),
    'prebuilds',
    `${process.platform}-${process.arch}`,
    'keytar.node',
  );
  const bytes = await readFile(addon);
  const at = bytes.indexOf(library);
  expect(at, `${addon} links against ${library}`).toBeGreaterThan(0);
  bytes.write(renamed, at, 'latin1');
  const file = path.join(scratch, `${renamed}.node`);
  await writeFile(file, bytes);
  return file;
}

describe('explainLoadFailure', () => {
  it('names the missing library and the package that installs it', () => {
    const text = explainLoadFailure(
      ['libsecret-1.so.0: cannot open shared object file: No such file or directory', KEYTAR_MESSAGE],
      'linux',
    );
    expect(text).toContain('libsecret-1.so.0 is missing');
    expect(text).toContain('sudo apt-get install libsecret-1-0');
    expect(text).not.toContain('Failed to load keytar');
    expect(explainLoadFailure(['libglib-2.0.so.0: cannot open shared object file'], 'linux')).toContain(
      'sudo apt-get install libglib2.0-0',
    );
  });

  it('says what it saw and how to repair when no library is named', () => {
    expect(explainLoadFailure([KEYTAR_MESSAGE], 'darwin')).toMatch(
      /could not load \(Failed to load .*\)\. Reinstall the app; developers: npm rebuild keytar\.$/,
    );
    expect(explainLoadFailure(['bad ELF header'], 'linux')).toContain('sudo apt-get install libsecret-1-0');
  });
});

describe('lazyKeytar', () => {
  it('finds the real loader error of an addon whose library is missing', async () => {
    const addon = await addonMissing('libsecret-1.so.0', 'libsecrXt-1.so.0');
    const keychain = lazyKeytar({ load: failingLoad, addonPaths: () => [addon], platform: 'linux' });
    expect(keychain.problem()).toMatch(/^The keychain module could not load: libsecrXt-1\.so\.0 is missing/);
    await expect(keychain.getPassword('svc', 'acct')).rejects.toBeInstanceOf(KeychainLoadError);
  });

  it('turns into a save error that names libsecret and the install command, not a missing Secret Service', async () => {
    // What the OS loader says when libsecret itself is absent (the renamed-library test above shows
    // that this is the shape of a real failure).
    const real = lazyKeytar({
      load: failingLoad,
      addonPaths: () => {
        throw new Error('libsecret-1.so.0: cannot open shared object file: No such file or directory');
      },
      platform: 'linux',
    });
    const vault = createTokenVault({ keychain: real, platform: 'linux' });
    const error = await vault.set('p-one', 'tok_123').catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'keychain_unavailable' });
    const message = (error as Error).message;
    expect(message).toContain('libsecret-1.so.0 is missing');
    expect(message).toContain('sudo apt-get install libsecret-1-0');
    expect(message).toContain('the token cannot be saved');
    expect(message).not.toMatch(/Secret Service\) is available|tok_123/);
  });

  it('shows the problem in "Copy diagnostics"', async () => {
    const keychain = lazyKeytar({
      load: failingLoad,
      addonPaths: () => {
        throw new Error('libsecret-1.so.0: cannot open shared object file: No such file or directory');
      },
      platform: 'linux',
    });
    const diagnostics = createDiagnostics({
      runtime: { name: 'Vehicle Garage', version: '1.0.0', platform: 'linux', arch: 'x64', versions: {} },
      keychainBackend: keychainBackendFor('linux'),
      keychainProblem: () => keychain.problem(),
      dataDir: '/data',
      logFile: null,
      updateFeedConfigured: false,
      activeProfile: () => null,
      recentErrors: createRecentErrors(),
    });
    expect(await diagnostics.text()).toMatch(
      /^Keychain: libsecret \(Secret Service\), NOT AVAILABLE: The keychain module could not load: libsecret-1\.so\.0 is missing\. Install it with: sudo apt-get install libsecret-1-0/m,
    );
  });

  it('loads the real keytar when its libraries are there, and reports no problem', () => {
    const keychain = lazyKeytar();
    expect(keychain.problem()).toBeNull();
  });
});
