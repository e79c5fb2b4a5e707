// `npm start`'s first step: with Electron's binary there, silence; without it, Electron's own
// installer fetches it (through the mirror and cache the user set); only a failed download is said,
// in one line naming why and the command that tries again.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const script = path.resolve('resources/build/ensure-electron.mjs');
const electronPackage = path.resolve('node_modules/electron');
const VERSION = '45.4.1';

interface Outcome {
  status: number | null;
  stdout: string;
  stderr: string;
}

function ensure(packageDir: string, env: NodeJS.ProcessEnv = {}): Promise<Outcome> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, VG_ELECTRON_PACKAGE_DIR: packageDir, ...env };
  delete childEnv['ELECTRON_OVERRIDE_DIST_PATH'];
  if (env['ELECTRON_OVERRIDE_DIST_PATH'])
    childEnv['ELECTRON_OVERRIDE_DIST_PATH'] = env['ELECTRON_OVERRIDE_DIST_PATH'];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], { env: childEnv });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** A zip of stored (uncompressed) files: what a release's electron-vX-platform-arch.zip looks like. */
function zipOf(files: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const data = Buffer.from(text);
    const nameBytes = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(0x031e, 4); // made by Unix, so the mode below is read
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(((0o100755 << 16) >>> 0) as number, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const centralSize = centrals.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

const platform = process.platform;
const arch = process.arch;
const zipName = `electron-v${VERSION}-${platform}-${arch}.zip`;
const executable =
  platform === 'win32'
    ? 'electron.exe'
    : platform === 'darwin'
      ? 'Electron.app/Contents/MacOS/Electron'
      : 'electron';

/**
 * A copy of Electron's package (its real install.js, the real @electron/get and extractor beside
 * it) whose checksums name the test's zip: the download, the check and the extraction are Electron's.
 */
async function electronPackageCopy(dir: string, zip: Buffer): Promise<void> {
  await mkdir(path.join(dir, 'node_modules', '@electron'), { recursive: true });
  await mkdir(path.join(dir, 'node_modules', '@electron-internal'), { recursive: true });
  await writeFile(path.join(dir, 'install.js'), await readFile(path.join(electronPackage, 'install.js')));
  await writeFile(path.join(dir, 'package.json'), JSON.stringify({ name: 'electron', version: VERSION }));
  const sha256 = createHash('sha256').update(zip).digest('hex');
  await writeFile(path.join(dir, 'checksums.json'), JSON.stringify({ [zipName]: sha256 }));
  // Where npm put Electron's dependencies: nested under it, or hoisted beside it.
  const real = (name: string) =>
    [path.join(electronPackage, 'node_modules', name), path.resolve('node_modules', name)].find((dir) =>
      existsSync(path.join(dir, 'package.json')),
    ) ?? name;
  await symlink(real('@electron/get'), path.join(dir, 'node_modules', '@electron', 'get'), 'junction');
  await symlink(
    real('@electron-internal/extract-zip'),
    path.join(dir, 'node_modules', '@electron-internal', 'extract-zip'),
    'junction',
  );
}

interface Mirror {
  url: string;
  requests: string[];
  close(): Promise<void>;
}

async function mirror(files: Record<string, Buffer>): Promise<Mirror> {
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    requests.push(request.url ?? '');
    const body = files[request.url ?? ''];
    if (!body) return response.writeHead(404).end('not found');
    response.writeHead(200, { 'Content-Type': 'application/zip', 'Content-Length': body.length }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('ensure-electron (npm start)', () => {
  let root: string;
  let packageDir: string;
  let cacheDir: string;
  const zip = zipOf({ [executable]: '#!/bin/sh\necho electron\n', version: `v${VERSION}` });

  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'electron-package-'));
    packageDir = path.join(root, 'electron');
    cacheDir = path.join(root, 'cache');
    await mkdir(packageDir);
    await electronPackageCopy(packageDir, zip);
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('lets npm start go on, silently, when the binary is there', async () => {
    await writeFile(path.join(packageDir, 'path.txt'), 'electron');
    await mkdir(path.join(packageDir, 'dist'));
    await writeFile(path.join(packageDir, 'dist', 'electron'), '');
    const result = await ensure(packageDir, { ELECTRON_MIRROR: 'http://127.0.0.1:9/' });
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('');
  });

  it("fetches a missing binary through the user's mirror and cache, then lets npm start go on", async () => {
    const server = await mirror({ [`/v${VERSION}/${zipName}`]: zip });
    try {
      const result = await ensure(packageDir, {
        ELECTRON_MIRROR: server.url,
        electron_config_cache: cacheDir,
      });
      expect(result.stderr).toContain(`Downloading Electron ${VERSION}'s binary`);
      expect(result.status).toBe(0);
      expect(server.requests).toEqual([`/v${VERSION}/${zipName}`]);
      expect(await readFile(path.join(packageDir, 'path.txt'), 'utf8')).toBe(executable);
      expect(existsSync(path.join(packageDir, 'dist', executable))).toBe(true);
      // Electron's cache holds the zip: the next fresh install needs no network.
      const cached = await readdir(cacheDir, { recursive: true });
      expect(cached.some((entry) => String(entry).endsWith(zipName))).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('says in one line why the download failed and the command that tries again', async () => {
    const server = await mirror({});
    try {
      const result = await ensure(packageDir, {
        ELECTRON_MIRROR: server.url,
        electron_config_cache: cacheDir,
      });
      expect(result.status).toBe(1);
      const lines = result.stderr.trim().split('\n');
      expect(lines).toHaveLength(2);
      expect(lines[0]).toContain('Downloading');
      expect(lines[1]).toMatch(new RegExp(`^Could not download Electron ${VERSION}'s binary \\(.*404.*\\)`));
      expect(lines[1]).toContain('run `npm start` again');
      expect(existsSync(path.join(packageDir, 'path.txt'))).toBe(false);
    } finally {
      await server.close();
    }
  });

  it('names the host it could not reach when the network is down', async () => {
    const closed = await mirror({});
    await closed.close();
    const result = await ensure(packageDir, { ELECTRON_MIRROR: closed.url, electron_config_cache: cacheDir });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`(${new URL(closed.url).host} could not be reached)`);
  });

  it('does not download when ELECTRON_OVERRIDE_DIST_PATH names a missing build, and says so', async () => {
    const result = await ensure(packageDir, {
      ELECTRON_OVERRIDE_DIST_PATH: path.join(root, 'nowhere'),
      ELECTRON_MIRROR: 'http://127.0.0.1:9/',
    });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('ELECTRON_OVERRIDE_DIST_PATH');
    expect(lines[0]).toContain(path.join(root, 'nowhere'));
  });
});
