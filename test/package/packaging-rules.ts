// What electron-builder.yml must say for every platform, as electron-builder reads it: one
// hyphenated artifact name, a Linux desktop name that matches the window, macOS builds for Apple
// silicon and Intel, Windows and Linux builds for x64 and arm64, our AppArmor profile in the Linux
// packages, and Windows signing through the script that can use a hardware-held key, with no
// secret and no fixed publisher name in the configuration. Used by `npm run package:check` and the unit tests.
import type { Configuration } from 'electron-builder';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const ARTIFACT_NAME = '${name}-${version}-${os}-${arch}.${ext}';
export const WINDOWS_SIGN_SCRIPT = './resources/build/sign-windows.mjs';

type Targets = Configuration['mac'] extends infer M ? (M extends { target?: infer T } ? T : never) : never;

function archsOf(targets: Targets | undefined | null, name: string): string[] {
  const list = Array.isArray(targets) ? targets : [];
  const entry = list.find(
    (t) => typeof t === 'object' && t !== null && 'target' in t && t.target === name,
  ) as { arch?: string | string[] } | undefined;
  return [entry?.arch ?? []].flat();
}

/** Every way the configuration breaks these rules (empty when it holds). */
export function packagingProblems(
  config: Configuration,
  packageJson: { name?: string; desktopName?: string },
  root: string,
): string[] {
  const problems: string[] = [];
  if (config.artifactName !== ARTIFACT_NAME) problems.push(`artifactName is not ${ARTIFACT_NAME}`);
  // A per-platform or per-target name would break "the same name on every platform".
  for (const key of ['win', 'mac', 'linux', 'nsis', 'msi', 'dmg', 'appImage', 'deb', 'rpm', 'zip'] as const) {
    const section = (config as Record<string, unknown>)[key] as { artifactName?: unknown } | null | undefined;
    if (section?.artifactName !== undefined) problems.push(`${key}.artifactName overrides the common name`);
  }
  if (packageJson.desktopName !== `${packageJson.name}.desktop`) {
    problems.push('package.json desktopName is not "<name>.desktop"');
  }
  if (config.linux?.syncDesktopName !== true) problems.push('linux.syncDesktopName is not true');
  // Windows and Linux ship for Intel/AMD and ARM machines alike.
  const perArch: [string, Targets | undefined, string][] = [
    ['win', config.win?.target as Targets, 'nsis'],
    ['win', config.win?.target as Targets, 'msi'],
    ['linux', config.linux?.target as Targets, 'AppImage'],
    ['linux', config.linux?.target as Targets, 'deb'],
    ['linux', config.linux?.target as Targets, 'rpm'],
  ];
  for (const [os, targets, target] of perArch) {
    const archs = archsOf(targets, target).sort();
    if (archs.join(',') !== 'arm64,x64')
      problems.push(`${os} ${target} is not built for arm64 and x64: ${archs.join(',') || 'none'}`);
  }
  for (const target of ['deb', 'rpm'] as const) {
    const profile = config[target]?.appArmorProfile;
    if (!profile || !existsSync(path.join(root, profile)))
      problems.push(`${target} installs no AppArmor profile of ours`);
  }
  for (const target of ['dmg', 'zip']) {
    const archs = archsOf(config.mac?.target as Targets, target).sort();
    if (archs.join(',') !== 'arm64,x64' && archs.join(',') !== 'universal') {
      problems.push(
        `mac ${target} is not built for arm64 and x64 (or universal): ${archs.join(',') || 'none'}`,
      );
    }
  }
  const signtool = config.win?.signtoolOptions;
  if (signtool?.sign !== WINDOWS_SIGN_SCRIPT)
    problems.push(`win.signtoolOptions.sign is not ${WINDOWS_SIGN_SCRIPT}`);
  if (!existsSync(path.join(root, WINDOWS_SIGN_SCRIPT))) problems.push(`${WINDOWS_SIGN_SCRIPT} is missing`);
  if (signtool?.certificatePassword || signtool?.certificateFile || signtool?.certificateSha1) {
    problems.push('win.signtoolOptions holds a certificate or password: they come from the environment');
  }
  // Written at build time from the signing certificate (resources/build/windows-publisher.mjs).
  if (signtool?.publisherName !== undefined)
    problems.push('win.signtoolOptions.publisherName is fixed in the configuration');
  const yml = readFileSync(path.join(root, 'electron-builder.yml'), 'utf8');
  if (/(password|secret|CSC_KEY_PASSWORD)\s*:/i.test(yml))
    problems.push('electron-builder.yml names a password');
  return problems;
}
