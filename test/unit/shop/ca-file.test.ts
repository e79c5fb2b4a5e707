// The CA file the shop's TLS trusts is read as a small regular file of certificates, or refused by
// name: a pipe (which would block the read for ever), a device such as /dev/zero (which reads
// without end), a folder, a file far larger than any CA bundle, or one with no certificate in it.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, symlink, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CA_FILE_MAX, readCaFile, resolveSettings, sslOptions } from '../../../electron/main/shop/config';

const PEM = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'garage-ca-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the CA file', () => {
  it('reads a PEM file and hands it to TLS', async () => {
    const file = path.join(dir, 'ca.pem');
    await writeFile(file, PEM);
    expect(await readCaFile(file)).toBe(PEM);
    const tls = await sslOptions(
      resolveSettings({ host: 'h', user: 'u', database: 'd', sslmode: 'verify-full', caFile: file }),
    );
    // Beside the bundled roots and the computer's own store (os-trust.ts).
    expect(tls).toMatchObject({ rejectUnauthorized: true, ca: expect.arrayContaining([PEM]) });
  });

  it('refuses a FIFO at once instead of waiting for a writer', async () => {
    const fifo = path.join(dir, 'ca.fifo');
    execFileSync('mkfifo', [fifo]);
    await expect(readCaFile(fifo)).rejects.toThrow(/CA file is refused: it is not a regular file \(a pipe\)/);
  });

  it('refuses /dev/zero, and a link to it, without reading it', async () => {
    await expect(readCaFile('/dev/zero')).rejects.toThrow(/not a regular file \(a device\)/);
    const link = path.join(dir, 'ca-link.pem');
    await symlink('/dev/zero', link);
    await expect(readCaFile(link)).rejects.toThrow(/not a regular file \(a device\)/);
  });

  it('refuses a folder, a file larger than the cap and one with no certificate', async () => {
    await expect(readCaFile(dir)).rejects.toThrow(/not a regular file \(a folder\)/);
    const big = path.join(dir, 'big.pem');
    await writeFile(big, PEM);
    await truncate(big, CA_FILE_MAX + 1);
    await expect(readCaFile(big)).rejects.toThrow(/CA file is refused: it is larger than 1024 KiB/);
    const text = path.join(dir, 'notes.txt');
    await writeFile(text, 'not a certificate');
    await expect(readCaFile(text)).rejects.toThrow(/holds no PEM certificate/);
    await expect(readCaFile(path.join(dir, 'missing.pem'))).rejects.toThrow(
      /CA file cannot be read \(ENOENT\)/,
    );
  });
});
