// The shop's CA file is chosen in main's own dialog: settings from the window that name any other
// path are refused before main reads it, and a chosen file that is a pipe or a device is refused
// by name at once (never a hang, never a read without end).
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopSettingsInput } from '../../electron/shared/shop';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';

const PEM = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
let h: CoreHarness;
let dir: string;
let chosen: string | null = null;

const settingsWith = (caFile: string): ShopSettingsInput => ({
  mode: 'shop',
  connection: { host: 'db.shop.example', database: 'garage', user: 'ana', sslmode: 'verify-full', caFile },
  technician: 'Ana',
  machine: 'bay-1',
});

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'garage-ca-choice-'));
  h = await startCoreHarness({ chooseCaFile: async () => chosen });
});

afterAll(async () => {
  await h?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('choosing the shop CA file', () => {
  it('refuses a CA file the window names instead of main reading it', async () => {
    for (const caFile of ['/dev/zero', path.join(dir, 'not-chosen.pem')]) {
      const configured = await h.garage.shop.configure('demo', settingsWith(caFile));
      expect(configured).toMatchObject({ ok: false, error: { kind: 'invalid_input' } });
      expect(!configured.ok && configured.error.message).toMatch(/Choose the CA file/);
      const tested = await h.garage.shop.test('demo', settingsWith(caFile));
      expect(tested).toMatchObject({ ok: false, error: { kind: 'invalid_input' } });
    }
  });

  it('refuses a pipe or a device picked in the dialog, by name', async () => {
    const fifo = path.join(dir, 'ca.fifo');
    execFileSync('mkfifo', [fifo]);
    chosen = fifo;
    const piped = await h.garage.shop.chooseCaFile('demo');
    expect(!piped.ok && piped.error.message).toMatch(/not a regular file \(a pipe\)/);
    chosen = '/dev/zero';
    const zero = await h.garage.shop.chooseCaFile('demo');
    expect(!zero.ok && zero.error.message).toMatch(/not a regular file \(a device\)/);
    // Refused in the dialog: not usable in the settings either.
    expect(await h.garage.shop.configure('demo', settingsWith('/dev/zero'))).toMatchObject({ ok: false });
  });

  it('keeps a PEM file chosen in the dialog', async () => {
    const file = path.join(dir, 'shop-ca.pem');
    await writeFile(file, PEM);
    chosen = file;
    expect(await h.garage.shop.chooseCaFile('demo')).toEqual({ ok: true, value: file });
    const configured = await h.garage.shop.configure('demo', { ...settingsWith(file), mode: 'solo' });
    expect(configured).toMatchObject({ ok: true, value: { connection: { caFile: file } } });
    chosen = null;
    expect(await h.garage.shop.chooseCaFile('demo')).toEqual({ ok: true, value: null });
  });
});
