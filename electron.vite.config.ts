import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'electron-vite';
import { resolve } from 'node:path';

export default defineConfig({
  main: {
    // The update feed, fixed at build time (electron/main/updates/feed-url.ts); the same variable
    // feeds electron-builder.yml's `publish`. Unset: the app makes no update request.
    define: { __VG_UPDATE_FEED_URL__: JSON.stringify(process.env['VG_UPDATE_FEED_URL']?.trim() ?? '') },
    build: {
      outDir: 'out/main',
      sourcemap: false,
      rolldownOptions: { input: { index: resolve('electron/main/index.ts') } },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      sourcemap: false,
      // A sandboxed preload can require only `electron`: bundle everything else into one CJS file.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve('electron/preload/index.ts') },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'renderer',
    plugins: [svelte({ configFile: resolve('svelte.config.js') })],
    // The window loads English as its own file, like any language: no catalog in the start bundle,
    // and neither English nor German carries what only main says.
    resolve: {
      alias: [
        {
          // As catalogs.ts imports it (an alias matches the specifier, not the resolved path).
          find: /^\.\/english-at-start$/,
          replacement: resolve('renderer/src/lib/english-later.ts'),
        },
        {
          find: /^\.\/german-file$/,
          replacement: resolve('renderer/src/lib/german-later.ts'),
        },
      ],
    },
    build: {
      outDir: 'out/renderer',
      minify: true,
      sourcemap: false,
      rolldownOptions: {
        input: resolve('renderer/index.html'),
        output: {
          // A language's catalog is named for its language (en-*.js, de-*.js), as the renderer
          // benchmark and anyone reading the build expect.
          chunkFileNames: (chunk) => {
            const catalog = /i18n\/(\w+)\/window-sections\.ts$/.exec(chunk.facadeModuleId ?? '');
            return `assets/${catalog ? catalog[1] : '[name]'}-[hash].js`;
          },
        },
      },
    },
  },
});
