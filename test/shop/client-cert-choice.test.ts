// The client certificate and key are chosen in main's own dialog as the CA file is: settings from the
// window naming any other path are refused before main reads it, a chosen file that is not PEM is
// refused by name, and the key's passphrase goes into the keychain and never comes back.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopClientFile, ShopSettingsInput } from '../../electron/shared/shop';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';

const CERT = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
const KEY = '-----BEGIN ENCRYPTED PRIVATE KEY-----\nMIIB\n-----END ENCRYPTED PRIVATE KEY-----\n';
let h: CoreHarness;
let dir: string;
const chosen: Record<ShopClientFile, string | null> = { cert: null, key: null };
const asked: ShopClientFile[] = [];

const settingsWith = (clientCertFile: string, clientKeyFile: string): ShopSettingsInput => ({
  mode: 'solo',
  connection: { host: 'db.shop.example', database: 'garage', user: 'ana', clientCertFile, clientKeyFile },
  technician: 'Ana',
  machine: 'bay-1',
});

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'garage-client-cert-'));
  h = await startCoreHarness({
    chooseClientFile: async (which) => {
      asked.push(which);
      return chosen[which];
    },
  });
});

afterAll(async () => {
  await h?.garage.shop.clearKeyPassphrase('demo');
  await h?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('choosing the client certificate and key', () => {
  it('refuses a certificate or key the window names instead of main reading it', async () => {
    const cert = path.join(dir, 'typed.crt');
    await writeFile(cert, CERT);
    const configured = await h.garage.shop.configure('demo', settingsWith(cert, '/dev/zero'));
    expect(configured).toMatchObject({ ok: false, error: { kind: 'invalid_input' } });
  });

  it('keeps the files chosen in the dialog and refuses one that is not PEM', async () => {
    const cert = path.join(dir, 'desk.crt');
    const key = path.join(dir, 'desk.key');
    await writeFile(cert, CERT);
    await writeFile(key, KEY);
    chosen.cert = key;
    const wrong = await h.garage.shop.chooseClientFile('demo', 'cert');
    expect(!wrong.ok && wrong.error.message).toMatch(/holds no PEM certificate/);
    chosen.cert = cert;
    chosen.key = key;
    expect(await h.garage.shop.chooseClientFile('demo', 'cert')).toEqual({ ok: true, value: cert });
    expect(await h.garage.shop.chooseClientFile('demo', 'key')).toEqual({ ok: true, value: key });
    expect(asked).toEqual(['cert', 'cert', 'key']);
    const configured = await h.garage.shop.configure('demo', settingsWith(cert, key));
    expect(configured).toMatchObject({
      ok: true,
      value: { connection: { clientCertFile: cert, clientKeyFile: key } },
    });
  });

  it("keeps the key's passphrase in the keychain, saying only whether one is stored", async () => {
    const stored = await h.garage.shop.setKeyPassphrase('demo', 'desk-7-passphrase');
    expect(stored).toMatchObject({ ok: true, value: { hasKeyPassphrase: true } });
    expect(JSON.stringify(stored)).not.toContain('desk-7-passphrase');
    expect(await h.garage.shop.clearKeyPassphrase('demo')).toMatchObject({
      ok: true,
      value: { hasKeyPassphrase: false },
    });
    expect(await h.garage.shop.setKeyPassphrase('demo', '')).toMatchObject({ ok: false });
  });
});
