// `node --import tsx --import ./test/support/sql-text.mjs …`: the shop's migrations are imported
// as text with Vite's `?raw` suffix (electron/main/shop/migrations/index.ts), which the app's
// bundle and vitest understand and tsx does not. These hooks give scripts run by tsx (the
// benchmarks) the same: a `.sql?raw` import is the file's text as its default export.
import { register } from 'node:module';

register('./sql-text-hooks.mjs', import.meta.url);
