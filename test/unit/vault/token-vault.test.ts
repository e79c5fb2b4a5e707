import { describe, expect, it } from 'vitest';
import { isNoSecretServiceError, keychainError } from '../../../electron/main/vault/keychain-errors';
import { TOKEN_MAX_BYTES, tokenProblem } from '../../../electron/main/vault/token-rules';
import type { Keychain } from '../../../electron/main/vault/keychain-port';
import { createTokenVault } from '../../../electron/main/vault/token-vault';
import { AppError } from '../../../electron/shared/result';

/** An in-memory keychain; `fail` makes every call throw like keytar without a Secret Service. */
function fakeKeychain(fail?: () => Error) {
  const store = new Map<string, string>();
  const calls: string[] = [];
  const guard = (name: string) => {
    calls.push(name);
    if (fail) throw fail();
  };
  const keychain: Keychain = {
    async getPassword(service, account) {
      guard('get');
      return store.get(`${service}/${account}`) ?? null;
    },
    async setPassword(service, account, password) {
      guard('set');
      store.set(`${service}/${account}`, password);
    },
    async deletePassword(service, account) {
      guard('delete');
      return store.delete(`${service}/${account}`);
    },
  };
  return { keychain, store, calls };
}

async function errorOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const TOKEN = 'tsk_9f8e7d6c5b4a3210.ABC-def_ghi~jkl';

describe('token vault with a fake keychain', () => {
  it('stores one token per profile under the service name', async () => {
    const { keychain, store } = fakeKeychain();
    const vault = createTokenVault({ keychain });
    await vault.set('p1', TOKEN);
    await vault.set('p2', 'other');
    expect(store.get('Vehicle Garage/p1')).toBe(TOKEN);
    expect(await vault.get('p1')).toBe(TOKEN);
    expect(await vault.has('p2')).toBe(true);
    await vault.clear('p1');
    expect(await vault.has('p1')).toBe(false);
    expect(await vault.get('p1')).toBeNull();
    await vault.clear('p1'); // clearing twice is fine
    expect(await vault.get('p2')).toBe('other');
  });

  it('honours a custom service name', async () => {
    const { keychain, store } = fakeKeychain();
    await createTokenVault({ keychain, service: 'VG test' }).set('p1', TOKEN);
    expect([...store.keys()]).toEqual(['VG test/p1']);
  });

  it('treats an empty stored secret as no token', async () => {
    const { keychain, store } = fakeKeychain();
    store.set('Vehicle Garage/p1', '');
    expect(await createTokenVault({ keychain }).has('p1')).toBe(false);
  });

  it.each([
    ['empty', '', 'empty'],
    ['a space inside', 'abc def', 'spaces'],
    ['leading space', ' abc', 'spaces'],
    ['trailing newline', 'abc\n', 'line breaks'],
    ['a tab', 'abc\tdef', 'spaces'],
    ['a NUL', 'abc\u0000def', 'invisible'],
    ['DEL', 'abc\u007fdef', 'invisible'],
    ['a zero-width space', 'abc\u200bdef', 'invisible'],
    ['a no-break space', 'abc\u00a0def', 'spaces'],
    ['over 4 KiB', 'a'.repeat(TOKEN_MAX_BYTES + 1), '4 KiB'],
    ['over 4 KiB in UTF-8 bytes', 'é'.repeat(2049), '4 KiB'],
  ])(
    'refuses a token with %s, without quoting it or touching the keychain',
    async (_label, token, message) => {
      const { keychain, calls } = fakeKeychain();
      const error = await errorOf(createTokenVault({ keychain }).set('p1', token));
      expect(error.kind).toBe('invalid_input');
      expect(error.message).toContain(message);
      if (token.trim().length > 0) {
        expect(JSON.stringify(error.info)).not.toContain(token.trim().slice(0, 8));
        expect(error.stack ?? '').not.toContain(token.trim().slice(0, 8));
      }
      expect(calls).toEqual([]);
    },
  );

  it('accepts a token of exactly 4 KiB', async () => {
    const { keychain } = fakeKeychain();
    const vault = createTokenVault({ keychain });
    await vault.set('p1', 'a'.repeat(TOKEN_MAX_BYTES));
    expect(await vault.get('p1')).toHaveLength(TOKEN_MAX_BYTES);
  });

  it('refuses non-ASCII tokens, which could never be sent in a header', () => {
    expect(tokenProblem('tökén-123456')).toMatch(/non-ASCII/);
    expect(tokenProblem('tökén-123456')).not.toContain('tökén');
    expect(tokenProblem('abc-DEF_123.~+/=')).toBeNull();
  });

  it('refuses profile ids that are not ids', async () => {
    const { keychain, calls } = fakeKeychain();
    const vault = createTokenVault({ keychain });
    for (const id of ['', '../x', 'a b', 'x'.repeat(65)]) {
      expect((await errorOf(vault.get(id))).kind).toBe('invalid_input');
    }
    expect(calls).toEqual([]);
  });

  describe('no keychain available', () => {
    const linuxMessages = [
      'Cannot autolaunch D-Bus without X11 $DISPLAY',
      'The name org.freedesktop.secrets was not provided by any .service files',
      'No such interface “org.freedesktop.Secret.Collection” on object at path /org/freedesktop/secrets/collection/login',
      'GDBus.Error:org.freedesktop.DBus.Error.ServiceUnknown: The name is not activatable',
    ];

    it.each(linuxMessages)('maps %j to keychain_unavailable with what to install', async (message) => {
      const { keychain } = fakeKeychain(() => new Error(message));
      const vault = createTokenVault({ keychain, platform: 'linux', installedService: () => null });
      for (const run of [
        () => vault.set('p1', TOKEN),
        () => vault.get('p1'),
        () => vault.has('p1'),
        () => vault.clear('p1'),
      ]) {
        const error = await errorOf(run());
        expect(error.kind).toBe('keychain_unavailable');
        expect(error.message).toContain(
          'install gnome-keyring (or another Secret Service) and libsecret-1-0',
        );
        expect(error.message).toContain('log in to a desktop session');
        expect(error.message).not.toContain(message);
      }
      expect(isNoSecretServiceError(new Error(message))).toBe(true);
    });

    it('never echoes the token or the raw keytar message, even when keytar quotes it', async () => {
      const { keychain } = fakeKeychain(() => new Error(`failed to store "${TOKEN}"`));
      for (const platform of ['linux', 'darwin', 'win32'] as const) {
        const error = await errorOf(createTokenVault({ keychain, platform }).set('p1', TOKEN));
        expect(error.kind).toBe('keychain_unavailable');
        expect(JSON.stringify(error.info)).not.toContain(TOKEN);
        expect(error.message).not.toContain('failed to store');
        expect(error.cause).toBeUndefined();
      }
    });

    it('has no plaintext fallback: a failed set leaves nothing readable', async () => {
      let broken = true;
      const { keychain, store } = fakeKeychain();
      const flaky: Keychain = {
        ...keychain,
        setPassword: async (...args) => {
          if (broken) throw new Error('Cannot autolaunch D-Bus without X11 $DISPLAY');
          return keychain.setPassword(...args);
        },
      };
      const vault = createTokenVault({ keychain: flaky });
      await errorOf(vault.set('p1', TOKEN));
      expect(store.size).toBe(0);
      expect(await vault.get('p1')).toBeNull();
      broken = false;
      await vault.set('p1', TOKEN);
      expect(await vault.get('p1')).toBe(TOKEN);
    });

    it.each(linuxMessages)(
      'says %j means a Secret Service that is installed but not running, when one is',
      async (message) => {
        const { keychain } = fakeKeychain(() => new Error(message));
        const vault = createTokenVault({
          keychain,
          platform: 'linux',
          installedService: () => 'gnome-keyring',
        });
        const error = await errorOf(vault.get('p1'));
        expect(error.message).toContain('gnome-keyring is installed but not running');
        expect(error.message).not.toMatch(/\binstall gnome-keyring/);
      },
    );

    it.each([
      'The name :1.0 was not provided by any .service files',
      'The session wrapping the secret does not exist',
      'GDBus.Error:org.freedesktop.DBus.Error.NoReply: Remote peer disconnected',
    ])('says the keychain service stopped for %j, never to install it', async (message) => {
      const { keychain } = fakeKeychain(() => new Error(message));
      for (const installed of ['gnome-keyring', null]) {
        const vault = createTokenVault({ keychain, platform: 'linux', installedService: () => installed });
        for (const run of [() => vault.get('p1'), () => vault.set('p1', TOKEN), () => vault.clear('p1')]) {
          const error = await errorOf(run());
          expect(error.kind).toBe('keychain_unavailable');
          expect(error.message).toMatch(/stopped while Vehicle Garage was running/);
          expect(error.message).toContain('Restart Vehicle Garage');
          expect(error.message).not.toMatch(/\binstall\b/i);
        }
      }
    });

    it('says a locked keychain is locked, for a save that fails and for a read that finds nothing', async () => {
      const { keychain } = fakeKeychain(() => new Error('Cannot create an item in a locked collection'));
      const vault = createTokenVault({ keychain, platform: 'linux', lockState: async () => 'locked' });
      const saved = await errorOf(vault.set('p1', TOKEN));
      expect(saved.message).toMatch(/^The system keychain is locked, so the token could not be saved\./);
      expect(saved.message).toContain('then try again');

      // A locked Secret Service answers a read with "no such item", as if the token were not there.
      const quiet = fakeKeychain();
      let state: 'locked' | 'unlocked' | 'unknown' = 'locked';
      const lockable = createTokenVault({
        keychain: quiet.keychain,
        platform: 'linux',
        lockState: async () => state,
      });
      const read = await errorOf(lockable.get('p1'));
      expect(read.kind).toBe('keychain_unavailable');
      expect(read.message).toMatch(/^The system keychain is locked, so the token could not be read\./);
      expect(read.message).not.toMatch(/No API token/i);
      await expect(lockable.has('p1')).rejects.toMatchObject({ kind: 'keychain_unavailable' });
      await expect(lockable.clear('p1')).rejects.toMatchObject({ kind: 'keychain_unavailable' });
      state = 'unlocked';
      expect(await lockable.get('p1')).toBeNull(); // unlocked and empty: truly no token
      state = 'unknown';
      expect(await lockable.get('p1')).toBeNull(); // nobody to ask: as before
    });

    it('explains other platforms without Linux package names', () => {
      const mac = keychainError(new Error('User canceled'), 'save', 'darwin');
      expect(mac.kind).toBe('keychain_unavailable');
      expect(mac.message).toContain('macOS Keychain');
      expect(mac.message).not.toContain('gnome-keyring');
      const win = keychainError(new Error('Element not found'), 'read', 'win32');
      expect(win.message).toContain('Windows Credential Manager');
      expect(win.message).toContain('could not be read');
    });
  });
});
