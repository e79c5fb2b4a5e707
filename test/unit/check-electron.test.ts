// `npm start`'s first step: without Electron's binary, one line saying what is missing and how to
// install it, and a failing exit code; with it, silence.
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const script = path.resolve('resources/build/check-electron.mjs');

function check(packageDir: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, VG_ELECTRON_PACKAGE_DIR: packageDir };
  delete env['ELECTRON_OVERRIDE_DIST_PATH'];
  return spawnSync(process.execPath, [script], { env, encoding: 'utf8' });
}

describe('check-electron (npm start)', () => {
  let packageDir: string;
  beforeEach(async () => {
    packageDir = await mkdtemp(path.join(os.tmpdir(), 'electron-package-'));
  });
  afterEach(async () => {
    await rm(packageDir, { recursive: true, force: true });
  });

  it('says in one line that the binary is missing and how to install it', () => {
    const result = check(packageDir);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("Electron's binary is not installed");
    expect(lines[0]).toContain('node node_modules/electron/install.js');
  });

  it('names the missing executable when path.txt points at one that is gone', async () => {
    await writeFile(path.join(packageDir, 'path.txt'), 'electron');
    const result = check(packageDir);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(path.join(packageDir, 'dist', 'electron'));
  });

  it('lets npm start go on when the binary is there', async () => {
    await writeFile(path.join(packageDir, 'path.txt'), 'electron');
    await mkdir(path.join(packageDir, 'dist'));
    await writeFile(path.join(packageDir, 'dist', 'electron'), '');
    const result = check(packageDir);
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('');
  });
});
