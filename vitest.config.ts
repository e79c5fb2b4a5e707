import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vitest/config';

// Three layers, three projects: plain Node (services, simulator, contract), jsdom (Svelte components)
// and end-to-end (built renderer in real Chromium against the real main-process handlers).
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
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          globalSetup: ['test/support/keychain-preflight.ts'],
        },
      },
    ],
  },
});
