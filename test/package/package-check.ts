// `npm run package:check`: packages the app as electron-builder would, on a machine that cannot
// download Electron, and inspects the resulting app.asar (test/package/asar-rules.ts).
//
// How: a stand-in Electron folder (the layout of Electron's linux-x64 zip, with a shell script as
// the binary) is passed as `electronDist`, and electron-builder runs the real electron-builder.yml
// with the `dir` target for linux-x64, overriding only what a fake binary cannot take:
//   - electronFuses: null — flipping fuses needs the sentinel inside a real Electron binary; the
//     fuse settings are checked by reading electron-builder.yml (test/unit/security/fuses.test.ts);
//   - publish: null — no update feed is baked into this throwaway build.
// Every download cache electron-builder or @electron/get could use points at an empty folder that
// must still be empty afterwards: the check proves packaging needs no network.
// Needs `npm run build` first. Exit code 0 when every rule holds, 1 otherwise.
// PACKAGE_CHECK_KEEP=1 leaves the packaged app in the temp folder it prints.
import { extractFile, getRawHeader } from '@electron/asar';
import { Arch, build, Platform } from 'electron-builder';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getConfig } from 'app-builder-lib/out/util/config/config';
import { ASAR_SIZE_BUDGET_BYTES, asarProblems } from './asar-rules';
import { packagingProblems } from './packaging-rules';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface PackageJson {
  name?: string;
  desktopName?: string;
  version?: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

async function readJson<T>(file: string): Promise<T> {
  return JSON.parse(await readFile(file, 'utf8')) as T;
}

/** Every package reachable from the project's `dependencies` (hoisted or nested under a parent). */
async function productionPackages(root: PackageJson): Promise<Set<string>> {
  const seen = new Set<string>();
  const visit = async (name: string, fromDir: string): Promise<void> => {
    // Node's resolution: nested node_modules first, then each parent's, up to the project root.
    for (let dir = fromDir; dir.startsWith(repoRoot); dir = path.dirname(dir)) {
      const manifest = path.join(dir, 'node_modules', name, 'package.json');
      if (!existsSync(manifest)) continue;
      const key = path.relative(repoRoot, path.dirname(manifest));
      if (seen.has(key)) return;
      seen.add(key);
      const pkg = await readJson<PackageJson>(manifest);
      const deps = { ...pkg.dependencies, ...pkg.optionalDependencies };
      for (const dep of Object.keys(deps)) await visit(dep, path.dirname(manifest));
      return;
    }
  };
  for (const dep of Object.keys({ ...root.dependencies, ...root.optionalDependencies }))
    await visit(dep, repoRoot);
  // By name: electron-builder hoists nested packages (electron-updater's own semver ships as
  // /node_modules/semver), so where a package sits in node_modules says nothing here.
  return new Set(
    [...seen].map((key) =>
      key
        .split(path.sep)
        .join('/')
        .replace(/^.*node_modules\//, ''),
    ),
  );
}

/** The files of Electron's linux-x64 release zip that electron-builder's `dir` target touches. */
async function fakeElectronDist(dir: string): Promise<void> {
  await mkdir(path.join(dir, 'resources'), { recursive: true });
  const binary = path.join(dir, 'electron');
  await writeFile(binary, '#!/bin/sh\necho "stand-in Electron for npm run package:check" >&2\nexit 1\n');
  await chmod(binary, 0o755);
  await writeFile(path.join(dir, 'LICENSE'), 'Stand-in for Electron LICENSE\n');
  await writeFile(path.join(dir, 'LICENSES.chromium.html'), '<p>Stand-in</p>\n');
  await writeFile(path.join(dir, 'version'), 'stand-in\n');
}

/** Every file in the archive's header, and whether electron-builder stored it in app.asar.unpacked. */
function asarEntries(archive: string): { path: string; unpacked: boolean }[] {
  type Node = { files?: Record<string, Node>; unpacked?: boolean };
  const found: { path: string; unpacked: boolean }[] = [];
  const walk = (node: Node, prefix: string) => {
    for (const [name, child] of Object.entries(node.files ?? {})) {
      const full = `${prefix}/${name}`;
      if (child.files) walk(child, full);
      else found.push({ path: full, unpacked: child.unpacked === true });
    }
  };
  walk(getRawHeader(archive).header as Node, '');
  return found;
}

async function main(): Promise<number> {
  if (!existsSync(path.join(repoRoot, 'out/main/index.js'))) {
    console.error('package:check: out/ is missing; run `npm run build` first.');
    return 1;
  }
  const rootPackage = await readJson<PackageJson>(path.join(repoRoot, 'package.json'));
  const electronVersion = (
    await readJson<PackageJson>(path.join(repoRoot, 'node_modules/electron/package.json'))
  ).version!;

  const work = await mkdtemp(path.join(os.tmpdir(), 'garage-package-check-'));
  try {
    const electronDist = path.join(work, 'electron-dist');
    const output = path.join(work, 'dist');
    const cache = path.join(work, 'download-cache');
    await fakeElectronDist(electronDist);
    await mkdir(cache);
    process.env['ELECTRON_BUILDER_CACHE'] = cache;
    process.env['electron_config_cache'] = cache;

    await build({
      projectDir: repoRoot,
      targets: Platform.LINUX.createTarget('dir', Arch.x64),
      publish: 'never',
      config: {
        electronDist,
        electronVersion,
        electronFuses: null,
        publish: null,
        npmRebuild: false,
        directories: { output },
      },
    });

    const resources = path.join(output, 'linux-unpacked', 'resources');
    const archive = path.join(resources, 'app.asar');
    const entries = asarEntries(archive);
    const files = entries.map((entry) => entry.path);
    // Marked unpacked in the header AND present on disk: what Electron will actually load.
    const unpacked = entries
      .filter((entry) => entry.unpacked && existsSync(path.join(resources, 'app.asar.unpacked', entry.path)))
      .map((entry) => entry.path);

    const problems = asarProblems({
      files,
      unpacked,
      packageJson: JSON.parse(extractFile(archive, 'package.json').toString('utf8')) as Record<
        string,
        unknown
      >,
      devDependencies: Object.keys(rootPackage.devDependencies ?? {}),
      productionPackages: await productionPackages(rootPackage),
    });

    const size = (await stat(archive)).size;
    const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;
    console.log(
      `package:check: app.asar is ${mib(size)} (budget ${mib(ASAR_SIZE_BUDGET_BYTES)}), ${files.length} files`,
    );
    const native = unpacked.filter((file) => file.endsWith('.node'));
    console.log(
      `package:check: ${unpacked.length} files unpacked, ${native.length} native: ${native.join(', ')}`,
    );
    if (size > ASAR_SIZE_BUDGET_BYTES) problems.push(`app.asar is ${mib(size)}, over the budget`);

    // Every platform's settings, as electron-builder reads them (only Linux is built here).
    const config = await getConfig(repoRoot, path.join(repoRoot, 'electron-builder.yml'), null);
    problems.push(...packagingProblems(config, rootPackage, repoRoot));
    // The packaged package.json carries desktopName: Electron reads it there for the window's app_id.
    const packaged = JSON.parse(extractFile(archive, 'package.json').toString('utf8')) as PackageJson;
    if (packaged.desktopName !== rootPackage.desktopName)
      problems.push('the packaged package.json lacks desktopName');

    const downloads = await readdir(cache);
    if (downloads.length > 0) problems.push(`electron-builder downloaded something: ${downloads.join(', ')}`);

    for (const problem of problems) console.error(`package:check: FAIL ${problem}`);
    if (problems.length === 0) console.log('package:check: OK');
    return problems.length === 0 ? 0 : 1;
  } finally {
    if (process.env['PACKAGE_CHECK_KEEP']) console.log(`package:check: kept ${work}`);
    else await rm(work, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('package:check: packaging failed:', error);
    process.exit(1);
  },
);
