// The Windows publisher name comes from the certificate that signs, never from the configuration:
// electron-updater refuses an update whose signer's name differs from it.
import { getConfig } from 'app-builder-lib/out/util/config/config';
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

interface PublisherModule {
  windowsPublisherName(
    env: Record<string, string>,
    io?: { readFile?: (file: string) => Buffer; run?: (command: string, args: string[]) => string },
  ): string[] | null | undefined;
  commonNameOfDn(dn: string): string | null;
}
const script = '../../../resources/build/windows-publisher.mjs'; // plain JS, run by package.mjs
let publisher: PublisherModule;
let dir: string;
let certFile: string;

beforeAll(async () => {
  publisher = (await import(script)) as PublisherModule;
  dir = await mkdtemp(path.join(os.tmpdir(), 'publisher-'));
  certFile = path.join(dir, 'signer.pem');
  // A real certificate, as a CSP-held token's public .cer would be (PEM here; DER reads the same).
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      certFile,
      '-utf8',
      '-subj',
      '/C=DE/O=Werkstatt Müller GmbH/CN=Werkstatt Müller GmbH',
    ],
    { stdio: 'ignore' },
  );
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the Windows publisher name', () => {
  it('is none for an unsigned build, so its updates are not refused for a signer it cannot have', () => {
    expect(publisher.windowsPublisherName({})).toBeNull();
  });

  it("is the signing certificate's common name when a token's certificate file is given", () => {
    expect(publisher.windowsPublisherName({ VG_WIN_SIGN_CERT_FILE: certFile })).toEqual([
      'Werkstatt Müller GmbH',
    ]);
  });

  it("is read from the Windows store's certificate named by thumbprint", () => {
    const calls: string[][] = [];
    const name = publisher.windowsPublisherName(
      { VG_WIN_SIGN_CERT_SHA1: 'AB'.repeat(20), VG_WIN_SIGN_MACHINE: '1' },
      {
        run: (command, args) => {
          calls.push([command, ...args]);
          return 'CN="Acme, Inc.", O="Acme, Inc.", L=Austin, C=US\r\n';
        },
      },
    );
    expect(name).toEqual(['Acme, Inc.']);
    expect(calls[0]!.join(' ')).toContain(`Cert:\\LocalMachine\\My\\${'AB'.repeat(20)}`);
  });

  it('is left to electron-builder for a .pfx, and an explicit name wins', () => {
    expect(publisher.windowsPublisherName({ CSC_LINK: 'signer.pfx' })).toBeUndefined();
    expect(publisher.windowsPublisherName({ CSC_LINK: 'x.pfx', VG_WIN_PUBLISHER_NAME: ' Acme ' })).toEqual([
      'Acme',
    ]);
  });

  it('fails the build rather than ship a signed build without its name', () => {
    expect(() =>
      publisher.windowsPublisherName({ VG_WIN_SIGN_CERT_FILE: path.join(dir, 'missing.cer') }),
    ).toThrow();
    expect(() =>
      publisher.windowsPublisherName(
        { VG_WIN_SIGN_CERT_SHA1: 'ab'.repeat(20) },
        { run: () => 'O=No Name\r\n' },
      ),
    ).toThrow(/no CN/);
  });

  it('reaches app-update.yml through electron-builder.yml merged with the build-time setting', async () => {
    const root = process.cwd();
    const merged = await getConfig(root, path.join(root, 'electron-builder.yml'), {
      win: { signtoolOptions: { publisherName: ['Acme'] } },
    });
    expect(merged.win?.signtoolOptions).toMatchObject({
      sign: './resources/build/sign-windows.mjs',
      publisherName: ['Acme'],
    });
    const packageScript = await readFile('resources/build/package.mjs', 'utf8');
    expect(packageScript).toContain('windowsPublisherName()');
  });
});
