// What a packaged app.asar must and must not hold, as a pure check over its file list, so the
// rules read in one place. Paths are the asar's own: "/out/main/index.js", "/node_modules/zod/...".

/**
 * The asar stays under this; the check prints the measured size next to it. Measured at 4.9 MiB
 * when set (zod 2.2, undici 1.2, electron-updater and its dependencies 1, the app 0.2): the headroom
 * is for the app's own growth, not for another large dependency.
 */
export const ASAR_SIZE_BUDGET_BYTES = 8 * 1024 * 1024;

export interface AsarListing {
  /** Every file path inside the archive (directories excluded). */
  files: readonly string[];
  /** The subset of `files` stored outside the archive, in app.asar.unpacked. */
  unpacked: readonly string[];
  /** The package.json electron-builder wrote into the archive. */
  packageJson: Record<string, unknown>;
  /** Direct devDependencies of the project's package.json. */
  devDependencies: readonly string[];
  /** Every package in the production dependency tree (a dev dependency may also be one of those). */
  productionPackages: ReadonlySet<string>;
}

const REQUIRED = [
  '/out/main/index.js',
  '/out/preload/index.cjs',
  '/out/renderer/index.html',
  '/package.json',
];

/** Project files that must never ship: sources, tests, configs, maps. */
const FORBIDDEN_APP_FILES: readonly [RegExp, string][] = [
  [/^\/(electron|renderer|test|resources|scripts|\.ci)\//, 'source, test or build folder'],
  [/\.map$/, 'source map'],
  [/^\/[^/]*\.(ts|mts|cts|svelte)$/, 'TypeScript or Svelte source'],
  [/^\/out\/.*\.(ts|svelte)$/, 'TypeScript or Svelte source in the build output'],
  [
    /^\/(tsconfig[^/]*\.json|vitest\.config\.ts|eslint\.config\.js|electron\.vite\.config\.ts)$/,
    'dev config',
  ],
  [/^\/(electron-builder\.yml|package-lock\.json|README\.md|SECURITY\.md)$/, 'repository file'],
  [/^\/(node_modules\/\.bin|node_modules\/\.vite|\.git)\//, 'tooling folder'],
];

function packageNameOf(file: string): string | null {
  const match = /^\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file);
  return match ? match[1]! : null;
}

export function asarProblems(listing: AsarListing): string[] {
  const problems: string[] = [];
  const files = new Set(listing.files);
  for (const required of REQUIRED) if (!files.has(required)) problems.push(`missing ${required}`);
  for (const dir of ['/out/main/', '/out/preload/', '/out/renderer/']) {
    if (!listing.files.some((file) => file.startsWith(dir))) problems.push(`nothing under ${dir}`);
  }

  for (const file of listing.files) {
    for (const [pattern, what] of FORBIDDEN_APP_FILES) {
      if (pattern.test(file)) problems.push(`${what} shipped: ${file}`);
    }
  }

  const shippedPackages = new Set(listing.files.map(packageNameOf).filter((name) => name !== null));
  for (const dev of listing.devDependencies) {
    if (shippedPackages.has(dev) && !listing.productionPackages.has(dev))
      problems.push(`dev dependency shipped: ${dev}`);
  }
  for (const name of shippedPackages) {
    if (!listing.productionPackages.has(name)) problems.push(`package outside the production tree: ${name}`);
  }

  const nativeFiles = listing.files.filter((file) => file.endsWith('.node'));
  const keytarBinaries = nativeFiles.filter((file) => file.startsWith('/node_modules/keytar/'));
  if (keytarBinaries.length === 0) problems.push('the keychain module (keytar) has no .node binary');
  const unpacked = new Set(listing.unpacked);
  for (const file of nativeFiles) {
    if (!unpacked.has(file)) problems.push(`native module packed inside the asar (cannot load): ${file}`);
  }

  for (const key of ['devDependencies', 'scripts']) {
    if (key in listing.packageJson) problems.push(`package.json in the asar still has "${key}"`);
  }
  return problems;
}
