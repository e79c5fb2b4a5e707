#!/usr/bin/env node
// `npm start` runs this first. Electron 45's package has no install script: its binary is fetched
// the first time it is needed. electron-vite preview would do that itself, but with Electron's own
// multi-line stack on failure; here the download runs through Electron's own installer (so its
// mirror and cache settings hold: ELECTRON_MIRROR, ELECTRON_CUSTOM_DIR, electron_config_cache, .npmrc
// electron_mirror, ELECTRON_GET_USE_PROXY), and only a failure is said, in one line, with the one
// command that tries again.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { electronBinaryPath, electronInstalled, electronPackageDir } from './electron-binary.mjs';

const packageDir = electronPackageDir();
const binaryPath = () => electronBinaryPath(packageDir);

function electronVersion() {
  try {
    return JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')).version ?? '';
  } catch {
    return '';
  }
}

/** The installer's own words for why it failed: the first line of its error, without the stack. */
export function failureReason(output) {
  const lines = output
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('at ') && !/^Downloading Electron/i.test(line));
  const reason = lines[0] ?? 'the installer gave no reason';
  return reason.length > 200 ? `${reason.slice(0, 199)}…` : reason;
}

/** Where Electron's installer downloads from: the mirror settings it reads, else GitHub. */
function downloadHost() {
  const env = process.env;
  const mirror =
    env.npm_config_electron_mirror ||
    env.NPM_CONFIG_ELECTRON_MIRROR ||
    env.npm_package_config_electron_mirror ||
    env.ELECTRON_MIRROR ||
    'https://github.com/';
  try {
    return new URL(mirror).host;
  } catch {
    return mirror;
  }
}

const installed = () => electronInstalled(packageDir);

if (!installed()) {
  const version = electronVersion();
  const name = version ? `Electron ${version}` : 'Electron';
  if (process.env.ELECTRON_OVERRIDE_DIST_PATH) {
    // An override names a build the user provides: nothing to download, only to say it is missing.
    console.error(
      `${name}'s binary is not at ELECTRON_OVERRIDE_DIST_PATH (${binaryPath()}): point it at an Electron build, or unset it and run \`npm start\` again to download one.`,
    );
    process.exit(1);
  }
  console.error(`Downloading ${name}'s binary (first start only)…`);
  const result = spawnSync(process.execPath, [path.join(packageDir, 'install.js')], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (result.status !== 0 || !installed()) {
    const why =
      result.error?.message ??
      (result.status === 0
        ? `the installer finished but ${binaryPath() ?? path.join(packageDir, 'dist')} is missing`
        : failureReason(`${result.stderr ?? ''}\n${result.stdout ?? ''}`));
    // Node's fetch says only "fetch failed" when the host cannot be reached at all.
    const said = /^TypeError: fetch failed$/.test(why) ? `${downloadHost()} could not be reached` : why;
    console.error(
      `Could not download ${name}'s binary (${said}): check the network (or ELECTRON_MIRROR), then run \`npm start\` again.`,
    );
    process.exit(1);
  }
}
