#!/usr/bin/env node
// `npm start` runs this first: electron-vite preview needs Electron's binary, which npm install
// downloads (node_modules/electron/dist) unless ELECTRON_SKIP_BINARY_DOWNLOAD was set or the
// download failed. Without it, say so in one line and how to fix it, instead of electron-vite's
// puzzling "Electron uninstall" (or a download attempt on every start).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const packageDir =
  process.env.VG_ELECTRON_PACKAGE_DIR ||
  path.dirname(createRequire(import.meta.url).resolve('electron/package.json'));

function binaryPath() {
  const pathFile = path.join(packageDir, 'path.txt');
  const executable = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : '';
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  if (override) return path.join(override, executable || 'electron');
  return executable ? path.join(packageDir, 'dist', executable) : null;
}

const binary = binaryPath();
if (!binary || !existsSync(binary)) {
  console.error(
    `Electron's binary is not installed (${binary ?? path.join(packageDir, 'dist')} is missing): run \`node node_modules/electron/install.js\` with network access, or \`npm ci\` without ELECTRON_SKIP_BINARY_DOWNLOAD, then \`npm start\` again.`,
  );
  process.exit(1);
}
