import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vitest/config';

// Node flags that load the Electron stand-in for a whole test process.
const STANDIN = ['--import', 'tsx', '--import', './test/electron-standin/register.ts'];

// Four layers, four projects: plain Node (services, simulator, contract), jsdom (Svelte components),
// end-to-end (the technician's flows) and glue (Electron's own wiring): both boot the shipped main
// bundle under the Electron stand-in (test/electron-standin/), its window a real Chromium page.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'test/unit/**/*.test.ts',
            'test/simulator/**/*.test.ts',
            'test/api/**/*.test.ts',
            'test/core/**/*.test.ts',
            'test/keychain/**/*.test.ts',
            'test/readme/**/*.test.ts',
          ],
          testTimeout: 20_000,
          globalSetup: ['test/support/keychain-preflight.ts'],
        },
      },
      {
        // The shop database layer against a real PostgreSQL: each run makes its own roles and
        // databases (test/shop/support/global-setup.ts); files one at a time, the server is shared.
        test: {
          name: 'shop',
          environment: 'node',
          include: ['test/shop/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
          fileParallelism: false,
          globalSetup: ['test/shop/support/global-setup.ts'],
        },
      },
      {
        plugins: [svelte({ configFile: false, compilerOptions: { runes: true } })],
        resolve: { conditions: ['browser'] },
        test: {
          name: 'component',
          environment: 'jsdom',
          include: ['test/component/**/*.test.ts'],
          setupFiles: ['test/component/setup.ts'],
        },
      },
      {
        // The technician's flows in the shipped app: out/main/index.js booted by launchApp() under
        // the Electron stand-in, one app per process (a fork per file).
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
          pool: 'forks',
          isolate: true,
          execArgv: STANDIN,
          testTimeout: 60_000,
          // A launch may take a minute on a loaded machine, and its clean-up some seconds more.
          hookTimeout: 90_000,
          fileParallelism: false,
          globalSetup: ['test/support/keychain-preflight.ts'],
        },
      },
      {
        // The shipped main bundle (out/main/index.js) booted unchanged under the Electron stand-in:
        // one app per process, so every file runs in its own fork with the stand-in loaded.
        test: {
          name: 'glue',
          environment: 'node',
          include: ['test/glue/**/*.test.ts'],
          pool: 'forks',
          isolate: true,
          execArgv: STANDIN,
          testTimeout: 60_000,
          // A launch may take a minute on a loaded machine, and its clean-up some seconds more.
          hookTimeout: 90_000,
          fileParallelism: false,
        },
      },
      {
        // The real Electron binary (npm run test:electron, test/electron/run.ts), where it exists:
        // not part of `npm test`, since this project's CI machine cannot download Electron.
        test: {
          name: 'electron',
          environment: 'node',
          include: ['test/electron/**/*.test.ts'],
          pool: 'forks',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
