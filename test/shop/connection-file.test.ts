// The shop connection file from one app to another: an admin's app exports the saved settings (the
// CA's certificate inside, no user, no password), a desk's app imports it through main's own dialog,
// keeps the CA as its own file, and its settings then save with that CA file and connect.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';

const CA = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
let admin: CoreHarness;
let desk: CoreHarness;
let dir: string;
let caPicked: string | null = null;
let savedTo: string | null = null;
let opened: string | null = null;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'garage-connection-file-'));
  admin = await startCoreHarness({ chooseCaFile: async () => caPicked, chooseSaveFile: async () => savedTo });
  desk = await startCoreHarness({ chooseConnectionFile: async () => opened });
});

afterAll(async () => {
  await admin?.close();
  await desk?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the shop connection file', () => {
  it("goes from an admin's saved settings to a desk's form, CA included, never a user or password", async () => {
    caPicked = path.join(dir, 'shop-ca.pem');
    await writeFile(caPicked, CA);
    expect(await admin.garage.shop.chooseCaFile('demo')).toEqual({ ok: true, value: caPicked });
    const saved = await admin.garage.shop.configure('demo', {
      mode: 'solo',
      connection: {
        host: 'db.shop.example',
        port: 6432,
        database: 'garage',
        user: 'fred',
        sslmode: 'verify-full',
        caFile: caPicked,
      },
      technician: 'Fred',
      machine: 'office',
    });
    expect(saved.ok).toBe(true);
    await admin.garage.shop.setPassword('demo', 'fred-secret-pw');

    savedTo = path.join(dir, 'shop-connection.json');
    expect(await admin.garage.shop.exportConnectionFile('demo')).toEqual({ ok: true, value: savedTo });
    const text = await readFile(savedTo, 'utf8');
    expect(JSON.parse(text)).toEqual({
      format: 'vehicle-garage-shop-connection',
      version: 1,
      host: 'db.shop.example',
      port: 6432,
      database: 'garage',
      sslmode: 'verify-full',
      ca: CA,
    });
    expect(text).not.toContain('fred');

    opened = savedTo;
    const read = await desk.garage.shop.importConnectionFile('demo');
    expect(read).toMatchObject({
      ok: true,
      value: {
        connection: { host: 'db.shop.example', port: 6432, database: 'garage', sslmode: 'verify-full' },
        garage: null,
      },
    });
    const caFile = read.ok ? read.value?.connection.caFile : undefined;
    expect(caFile).toBeDefined();
    expect(await readFile(caFile!, 'utf8')).toBe(CA);
    // The CA file main wrote is one it chose: the desk's settings save with it.
    const configured = await desk.garage.shop.configure('demo', {
      mode: 'solo',
      connection: { ...(read.ok ? read.value!.connection : {}), user: 'ana' },
      technician: 'Ana',
      machine: 'bay-2',
    });
    expect(configured).toMatchObject({ ok: true, value: { connection: { caFile, user: 'ana' } } });
  });

  it('refuses a file with a password in it, by name, and keeps nothing', async () => {
    opened = path.join(dir, 'leaky.json');
    await writeFile(
      opened,
      JSON.stringify({
        format: 'vehicle-garage-shop-connection',
        version: 1,
        host: 'db',
        port: 5432,
        database: 'g',
        sslmode: 'verify-full',
        password: 'x',
      }),
    );
    const read = await desk.garage.shop.importConnectionFile('demo');
    expect(read).toMatchObject({ ok: false, error: { kind: 'invalid_input' } });
    expect(!read.ok && read.error.message).toMatch(/carries "password"/);
    opened = null;
    expect(await desk.garage.shop.importConnectionFile('demo')).toEqual({ ok: true, value: null });
  });
});
