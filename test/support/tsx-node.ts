// The arguments that let a child `node` run our TypeScript sources as the tests do: tsx for the
// TypeScript, and the `.sql?raw` hooks for the shop's migrations (imported as text the way Vite's
// bundle and vitest read them, which tsx alone cannot load). Every spawned script uses these, so a
// source import that only the bundler understands fails in one place, not in each test.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

export const TSX_NODE_ARGS: readonly string[] = [
  '--import',
  'tsx',
  '--import',
  path.join(here, 'sql-text.mjs'),
];
