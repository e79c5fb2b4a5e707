// The rules `npm run package:check` applies to app.asar, fed listings that break each one.
import { describe, expect, it } from 'vitest';
import { asarProblems, type AsarListing } from '../../package/asar-rules';

const good: AsarListing = {
  files: [
    '/package.json',
    '/out/main/index.js',
    '/out/preload/index.cjs',
    '/out/renderer/index.html',
    '/out/renderer/assets/index-abc.js',
    '/node_modules/keytar/lib/keytar.js',
    '/node_modules/keytar/prebuilds/linux-x64/keytar.node',
    '/node_modules/zod/index.js',
    '/node_modules/semver/index.js',
  ],
  unpacked: ['/node_modules/keytar/prebuilds/linux-x64/keytar.node'],
  packageJson: { name: 'vehicle-garage', version: '0.1.0', main: './out/main/index.js' },
  devDependencies: ['electron', 'vitest', 'semver'],
  productionPackages: new Set(['keytar', 'zod', 'semver']),
};

const withFiles = (...extra: string[]): AsarListing => ({ ...good, files: [...good.files, ...extra] });

describe('asar rules', () => {
  it('accept a clean package (a dev dependency that production also needs is fine)', () => {
    expect(asarProblems(good)).toEqual([]);
  });

  it('reject sources, tests, maps, configs and dev dependencies', () => {
    const problems = asarProblems(
      withFiles(
        '/electron/main/index.ts',
        '/renderer/src/App.svelte',
        '/test/e2e/shell.test.ts',
        '/out/main/index.js.map',
        '/tsconfig.json',
        '/node_modules/vitest/index.js',
        '/node_modules/left-pad/index.js',
      ),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        'source, test or build folder shipped: /electron/main/index.ts',
        'source, test or build folder shipped: /renderer/src/App.svelte',
        'source, test or build folder shipped: /test/e2e/shell.test.ts',
        'source map shipped: /out/main/index.js.map',
        'dev config shipped: /tsconfig.json',
        'dev dependency shipped: vitest',
        'package outside the production tree: left-pad',
      ]),
    );
  });

  it('reject a missing entry point, a packed native module and a package.json with scripts', () => {
    const problems = asarProblems({
      ...good,
      files: good.files.filter((file) => file !== '/out/preload/index.cjs'),
      unpacked: [],
      packageJson: { ...good.packageJson, scripts: { test: 'vitest' } },
    });
    expect(problems).toEqual([
      'missing /out/preload/index.cjs',
      'nothing under /out/preload/',
      'native module packed inside the asar (cannot load): /node_modules/keytar/prebuilds/linux-x64/keytar.node',
      'package.json in the asar still has "scripts"',
    ]);
  });
});
