// Where Electron's binary is (or would be) for this checkout, read the way Electron's own index.js
// reads it (path.txt beside its package, ELECTRON_OVERRIDE_DIST_PATH), without downloading anything.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export function electronPackageDir(env = process.env) {
  return env.VG_ELECTRON_PACKAGE_DIR || path.dirname(createRequire(import.meta.url).resolve('electron/package.json'));
}

/** The binary's path, or null when the package has not recorded one (never downloaded). */
export function electronBinaryPath(packageDir = electronPackageDir(), env = process.env) {
  const pathFile = path.join(packageDir, 'path.txt');
  const executable = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : '';
  const override = env.ELECTRON_OVERRIDE_DIST_PATH;
  if (override) return path.join(override, executable || 'electron');
  return executable ? path.join(packageDir, 'dist', executable) : null;
}

export function electronInstalled(packageDir = electronPackageDir(), env = process.env) {
  const binary = electronBinaryPath(packageDir, env);
  return binary !== null && existsSync(binary);
}
