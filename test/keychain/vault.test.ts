// Runs the token vault against the real OS keychain through real keytar. CI runs it inside
// `dbus-run-session` with an unlocked gnome-keyring; without a Secret Service it fails on purpose
// (see the first test), because a skipped test would hide a broken keychain setup.
import { randomUUID } from 'node:crypto';
import keytar from 'keytar';
import { afterAll, describe, expect, it } from 'vitest';
import { createTokenVault } from '../../electron/main/vault/token-vault';
import { AppError } from '../../electron/shared/result';

const service = `Vehicle Garage test ${randomUUID()}`;
const vault = createTokenVault({ keychain: keytar, service });
const profiles = ['p-one', 'p-two', 'demo'];

afterAll(async () => {
  for (const account of profiles) await keytar.deletePassword(service, account).catch(() => false);
  const left = await keytar.findCredentials(service).catch(() => []);
  expect(left).toEqual([]);
});

describe('token vault on the real keychain', () => {
  it('has a Secret Service to talk to (run inside dbus-run-session with gnome-keyring unlocked)', async () => {
    const probe = await vault.has('p-one').then(
      (value) => ({ ok: true as const, value }),
      (error: unknown) => ({ ok: false as const, error }),
    );
    if (!probe.ok) {
      expect.fail(
        `No usable keychain: ${probe.error instanceof AppError ? probe.error.message : String(probe.error)}`,
      );
    }
    expect(probe.value).toBe(false);
  });

  it('stores, reads and clears a token per profile', async () => {
    const token = `tsk_${randomUUID()}`;
    await vault.set('p-one', token);
    expect(await vault.has('p-one')).toBe(true);
    expect(await vault.get('p-one')).toBe(token);
    expect(await keytar.getPassword(service, 'p-one')).toBe(token);
    expect(await vault.has('p-two')).toBe(false);

    await vault.clear('p-one');
    expect(await vault.has('p-one')).toBe(false);
    expect(await vault.get('p-one')).toBeNull();
  });

  it('keeps profiles apart and replaces a token', async () => {
    await vault.set('p-one', 'first-token');
    await vault.set('p-two', 'second-token');
    await vault.set('p-one', 'replaced-token');
    expect(await vault.get('p-one')).toBe('replaced-token');
    expect(await vault.get('p-two')).toBe('second-token');
    const stored = (await keytar.findCredentials(service)).map((c) => c.account).sort();
    expect(stored).toEqual(['p-one', 'p-two']);
  });

  it('round-trips a 4 KiB token with every printable ASCII character', async () => {
    let printable = '';
    for (let c = 0x21; c < 0x7f; c++) printable += String.fromCharCode(c);
    const token = printable.repeat(Math.ceil(4096 / printable.length)).slice(0, 4096);
    await vault.set('demo', token);
    expect(await vault.get('demo')).toBe(token);
  });

  it('refuses invalid tokens before reaching the keychain', async () => {
    await expect(vault.set('p-two', 'with space')).rejects.toMatchObject({ kind: 'invalid_input' });
    expect(await vault.get('p-two')).toBe('second-token');
  });

  it('clearing a profile without a token is not an error', async () => {
    await vault.clear('p-never');
    expect(await vault.has('p-never')).toBe(false);
  });
});
