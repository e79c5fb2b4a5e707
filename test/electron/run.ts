// `npm run test:electron`: the real Electron binary, driven by Playwright's Electron support, on the
// built app (test/electron/*.test.ts). Where the binary cannot be had (this project's CI machine:
// no network for Electron's download) it says so in one line and runs nothing; it is not part of
// `npm test`, whose end-to-end layers boot the same bundle under the stand-in. The hosted workflow
// (.github/workflows/desktop.yml) runs it on Windows, macOS and Linux.
import { spawnSync } from 'node:child_process';
import { electronBinaryPath, electronInstalled } from '../../resources/build/electron-binary.mjs';

if (!electronInstalled()) {
  console.error(
    `test:electron: Electron's binary is not installed here (${electronBinaryPath() ?? 'node_modules/electron/dist'} is missing), so nothing was run: \`npx install-electron\` (or \`npm start\` once) where the network allows, then run it again.`,
  );
  process.exit(1);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const step = (args: string[]) =>
  spawnSync(npm, args, { stdio: 'inherit', shell: process.platform === 'win32' });
const built = step(['run', 'build']);
if (built.status !== 0) process.exit(built.status ?? 1);
const tested = step(['exec', '--', 'vitest', 'run', '--project', 'electron', ...process.argv.slice(2)]);
process.exit(tested.status ?? 1);
