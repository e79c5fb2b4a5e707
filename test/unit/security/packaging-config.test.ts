// electron-builder.yml as electron-builder itself reads it (app-builder-lib's config loader): the
// fuses (not flipped by `npm run package:check`, whose stand-in binary has no fuse sentinel),
// asar, installer and signing settings, the deb's dependencies and the icons they point at.
import { getConfig } from 'app-builder-lib/out/util/config/config';
import type { Configuration } from 'electron-builder';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { packagingProblems } from '../../package/packaging-rules';
import { APP_USER_MODEL_ID } from '../../../electron/main/app/app-identity';

const root = process.cwd();
let config: Configuration;

beforeAll(async () => {
  config = await getConfig(root, path.join(root, 'electron-builder.yml'), null);
});

describe('electron-builder.yml', () => {
  it('flips every fuse the Electron security checklist asks for', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('turns file:// privileges off only because nothing loads from file://', async () => {
    const files = [
      ...(await readdir('electron', { recursive: true })).map((f) => path.join('electron', f)),
      ...(await readdir('renderer', { recursive: true })).map((f) => path.join('renderer', f)),
    ].filter((f) => /\.(ts|svelte|html)$/.test(f));
    const offenders: string[] = [];
    for (const file of files) {
      const text = await readFile(file, 'utf8');
      if (/loadFile\(|loadURL\(\s*['"`]file:|file:\/\/\//.test(text)) offenders.push(file);
    }
    expect(offenders).toEqual([]);
  });

  it('ships only the build output in an asar, native binaries unpacked, nothing rebuilt', () => {
    // The loader normalises `files` to file sets: [{ filter: [...] }].
    const patterns = (config.files as { filter: string[] }[]).flatMap((set) => set.filter);
    expect(patterns.filter((p) => !p.startsWith('!'))).toEqual(['out/**/*', 'package.json']);
    expect(patterns).toContain('!**/*.map');
    expect(config.asar).toBe(true);
    expect(config.asarUnpack).toEqual(['**/*.node']);
    expect(config.npmRebuild).toBe(false);
    expect(config.nodeGypRebuild).toBe(false);
    expect(config.buildDependenciesFromSource).toBe(false);
  });

  it('installs per user (NSIS) or per machine (MSI) on Windows, hardened and notarizable on macOS', () => {
    expect(config.productName).toBe('Vehicle Garage');
    expect(config.appId).toBe(APP_USER_MODEL_ID);
    expect(config.win?.target).toEqual([
      { target: 'nsis', arch: ['x64', 'arm64'] },
      { target: 'msi', arch: ['x64', 'arm64'] },
    ]);
    expect(config.nsis).toMatchObject({ oneClick: true, perMachine: false, allowElevation: false });
    expect(config.msi).toMatchObject({ perMachine: true });
    expect(config.mac?.target).toEqual([
      { target: 'dmg', arch: ['arm64', 'x64'] },
      { target: 'zip', arch: ['arm64', 'x64'] },
    ]);
    expect(config.mac).toMatchObject({
      hardenedRuntime: true,
      notarize: true,
      entitlements: 'resources/entitlements.mac.plist',
      entitlementsInherit: 'resources/entitlements.mac.plist',
    });
    expect(existsSync(config.mac!.entitlements!)).toBe(true);
  });

  it("lists the deb's dependencies in full: electron-builder's defaults, libsecret, gnome-keyring", async () => {
    expect(config.linux?.target).toEqual([
      { target: 'AppImage', arch: ['x64', 'arm64'] },
      { target: 'deb', arch: ['x64', 'arm64'] },
      { target: 'rpm', arch: ['x64', 'arm64'] },
    ]);
    // The defaults as electron-builder's own FpmTarget declares them, so an upgrade that adds one fails here.
    const fpm = await readFile('node_modules/app-builder-lib/out/targets/FpmTarget.js', 'utf8');
    const defaults = JSON.parse(/case "deb":\s*return (\[[^\]]*\]);/.exec(fpm)![1]!) as string[];
    expect(config.deb?.depends).toEqual(expect.arrayContaining(defaults));
    expect(config.deb?.depends).toContain('libsecret-1-0');
    expect(config.deb?.recommends).toEqual(['gnome-keyring']);
    const rpmList = /case "rpm":\s*return \[([^\]]*)\];/.exec(fpm)![1]!.replace(/\/\*[^*]*\*\//g, '');
    const rpmDefaults = [...rpmList.matchAll(/"([^"]+)"/g)].map((match) => match[1]!);
    expect(rpmDefaults.length).toBeGreaterThan(5);
    expect(config.rpm?.depends).toEqual([...rpmDefaults, 'libsecret']);
  });

  it('installs an AppArmor profile with the .deb and .rpm that lets exactly the installed app use user namespaces', async () => {
    expect(config.deb?.appArmorProfile).toBe('resources/linux/apparmor-profile.tpl');
    expect(config.rpm?.appArmorProfile).toBe('resources/linux/apparmor-profile.tpl');
    // Rendered as electron-builder renders it, with the names its after-install script copies it under.
    const template = await readFile(config.deb!.appArmorProfile!, 'utf8');
    const afterInstall = await readFile(
      'node_modules/app-builder-lib/templates/linux/after-install.tpl',
      'utf8',
    );
    expect(afterInstall).toContain("APPARMOR_PROFILE_TARGET='/etc/apparmor.d/${executable}'");
    expect(afterInstall).toContain("'/opt/${sanitizedProductName}/${executable}'");
    const rendered = template
      .replaceAll('${executable}', 'vehicle-garage')
      .replaceAll('${sanitizedProductName}', 'Vehicle Garage');
    expect(rendered).not.toMatch(/\$\{/);
    expect(rendered).toMatch(/^abi <abi\/4\.0>,$/m);
    expect(rendered).toContain(
      'profile "vehicle-garage" "/opt/Vehicle Garage/vehicle-garage" flags=(unconfined) {',
    );
    expect(rendered).toMatch(/^\s+userns,$/m);
  });

  it('names artifacts alike everywhere, matches Linux windows to their launcher, signs Windows from the environment', async () => {
    const pkg = JSON.parse(await readFile('package.json', 'utf8')) as { name: string; desktopName?: string };
    expect(packagingProblems(config, pkg, root)).toEqual([]);
    // The rules can fail: a per-target name, a missing desktopName, one Mac architecture.
    expect(
      packagingProblems(
        {
          ...config,
          nsis: { ...config.nsis, artifactName: 'x.exe' },
          mac: { ...config.mac, target: [{ target: 'dmg' }] },
          linux: { ...config.linux, target: [{ target: 'deb' }] },
          win: {
            ...config.win,
            signtoolOptions: { ...config.win?.signtoolOptions, publisherName: 'Vehicle Garage' },
          },
          rpm: { ...config.rpm, appArmorProfile: null },
        },
        { name: pkg.name },
        root,
      ),
    ).toEqual(
      expect.arrayContaining([
        'nsis.artifactName overrides the common name',
        'package.json desktopName is not "<name>.desktop"',
        'mac dmg is not built for arm64 and x64 (or universal): none',
        'linux deb is not built for arm64 and x64: none',
        'linux rpm is not built for arm64 and x64: none',
        'win.signtoolOptions.publisherName is fixed in the configuration',
        'rpm installs no AppArmor profile of ours',
      ]),
    );
  });

  it('the Windows signing script selects a hardware-held key by thumbprint, never needing a secret', async () => {
    const script = '../../../resources/build/sign-windows.mjs'; // plain JS, loaded by electron-builder
    const { hardwareSignArgs } = (await import(script)) as {
      hardwareSignArgs: (file: string, env: Record<string, string>) => string[] | null;
    };
    expect(hardwareSignArgs('a.exe', {})).toBeNull();
    const thumb = 'ab'.repeat(20);
    expect(hardwareSignArgs('a.exe', { VG_WIN_SIGN_CERT_SHA1: thumb })).toEqual([
      'sign',
      '/fd',
      'sha256',
      '/tr',
      'http://timestamp.digicert.com',
      '/td',
      'sha256',
      '/sha1',
      thumb,
      '/s',
      'My',
      'a.exe',
    ]);
    expect(
      hardwareSignArgs('a.exe', {
        VG_WIN_SIGN_KEY_CONTAINER: '[{{pin}}]=p11#abc',
        VG_WIN_SIGN_CSP: 'eToken Base Cryptographic Provider',
        VG_WIN_SIGN_CERT_FILE: 'cert.cer',
      }),
    ).toContain('/kc');
    expect(() => hardwareSignArgs('a.exe', { VG_WIN_SIGN_CERT_SHA1: 'nope' })).toThrow(/thumbprint/);
  });

  it('registers the vehicle-garage:// scheme in every installer', () => {
    expect(config.protocols).toEqual([{ name: 'Vehicle Garage link', schemes: ['vehicle-garage'] }]);
  });

  it('publishes to a generic feed whose URL comes from the build environment', () => {
    expect(config.publish).toEqual({ provider: 'generic', url: '${env.VG_UPDATE_FEED_URL}' });
  });
});

describe('icons', () => {
  const pngSize = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)];
  const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

  it('icon.png is a 1024×1024 PNG', async () => {
    const png = await readFile('resources/icon.png');
    expect(png.subarray(0, 4)).toEqual(PNG_MAGIC);
    expect(pngSize(png)).toEqual([1024, 1024]);
  });

  it('icon.ico holds PNG entries from 16 to 256', async () => {
    const ico = await readFile('resources/icon.ico');
    expect(ico.readUInt16LE(2)).toBe(1);
    const sizes: number[] = [];
    for (let i = 0; i < ico.readUInt16LE(4); i += 1) {
      const offset = ico.readUInt32LE(6 + i * 16 + 12);
      const png = ico.subarray(offset, offset + ico.readUInt32LE(6 + i * 16 + 8));
      expect(png.subarray(0, 4)).toEqual(PNG_MAGIC);
      sizes.push(pngSize(png)[0]!);
    }
    expect(sizes).toEqual([16, 24, 32, 48, 64, 128, 256]);
  });

  it('icon.icns holds PNG entries ic07 to ic10', async () => {
    const icns = await readFile('resources/icon.icns');
    expect(icns.toString('ascii', 0, 4)).toBe('icns');
    expect(icns.readUInt32BE(4)).toBe(icns.length);
    const entries: [string, number][] = [];
    for (let offset = 8; offset < icns.length; offset += icns.readUInt32BE(offset + 4)) {
      const png = icns.subarray(offset + 8, offset + icns.readUInt32BE(offset + 4));
      entries.push([icns.toString('ascii', offset, offset + 4), pngSize(png)[0]!]);
    }
    expect(entries).toEqual([
      ['ic07', 128],
      ['ic08', 256],
      ['ic09', 512],
      ['ic10', 1024],
    ]);
  });
});
