// The layers inside electron/main, checked on the resolved import graph (dynamic imports included)
// against the same table eslint enforces per folder (eslint.config.js, MAY_IMPORT): every part of
// main has a row, and no file imports a part of main its own part may not. The shop's database
// layer is entered through its index only: on the graph, and lint refuses a deeper import.
import { readdir } from 'node:fs/promises';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { MAY_IMPORT, SHOP_FACADE } from '../../eslint.config.js';
import { importGraph } from '../support/import-graph';

const MAIN = 'electron/main/';
const table = MAY_IMPORT;

/** The part of main a file belongs to: its top folder, or the root file's name (core, index). */
function partOf(file: string): string | null {
  if (!file.startsWith(MAIN)) return null;
  const rest = file.slice(MAIN.length);
  const slash = rest.indexOf('/');
  return slash < 0 ? rest.replace(/\.ts$/, '') : rest.slice(0, slash);
}

/** Every import of a part of main that the importing file's part may not import. */
function upwardImports(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const upward: string[] = [];
  for (const [file, targets] of graph) {
    const from = partOf(file);
    if (from === null || from === 'index') continue;
    for (const target of targets) {
      const to = partOf(target);
      if (to === null || to === from || table[from]?.includes(to)) continue;
      upward.push(`${file} → ${target}`);
    }
  }
  return upward;
}

describe('layers inside electron/main', () => {
  it('has a row for every folder and root file of main (index.ts is the top)', async () => {
    const entries = await readdir(MAIN, { withFileTypes: true });
    const parts = entries
      .map((entry) => (entry.isDirectory() ? entry.name : entry.name.replace(/\.ts$/, '')))
      .filter((part) => part !== 'index');
    expect(parts.length).toBeGreaterThan(8);
    expect(parts.filter((part) => !(part in table))).toEqual([]);
  });

  it('imports only downwards', async () => {
    const graph = await importGraph(['electron/main']);
    expect(graph.size).toBeGreaterThan(50);
    expect(upwardImports(graph)).toEqual([]);
  });

  it('sees an upward import, a dynamic one included', () => {
    const graph = new Map([
      ['electron/main/storage/glance-store.ts', ['electron/main/services/vehicle-glance.ts']],
      ['electron/main/services/vehicle-reads.ts', ['electron/main/storage/cache/cache-keys.ts']],
      ['electron/main/core.ts', ['electron/main/ipc/register-handlers.ts']],
      ['electron/main/api/client.ts', ['electron/main/core.ts']],
    ]);
    expect(upwardImports(graph)).toEqual([
      'electron/main/storage/glance-store.ts → electron/main/services/vehicle-glance.ts',
      'electron/main/api/client.ts → electron/main/core.ts',
    ]);
  });
});

const SHOP = 'electron/main/shop/';

/** Every import of a file inside the shop's database layer, from outside it, other than its index. */
function pastTheShopFacade(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const past: string[] = [];
  for (const [file, targets] of graph) {
    if (file.startsWith(SHOP)) continue;
    for (const target of targets)
      if (target.startsWith(SHOP) && target !== SHOP_FACADE) past.push(`${file} → ${target}`);
  }
  return past;
}

describe('the shop database layer', () => {
  it('is imported through its index only', async () => {
    const graph = await importGraph(['electron/main']);
    const users = [...graph].filter(
      ([file, targets]) => !file.startsWith(SHOP) && targets.includes(SHOP_FACADE),
    );
    expect(users.length).toBeGreaterThan(3);
    expect(pastTheShopFacade(graph)).toEqual([]);
  });

  it('sees an import past the index', () => {
    const graph = new Map([
      ['electron/main/workspace/shop/claims.ts', ['electron/main/shop/claims.ts', SHOP_FACADE]],
      ['electron/main/shop/shop-db.ts', ['electron/main/shop/claims.ts']],
    ]);
    expect(pastTheShopFacade(graph)).toEqual([
      'electron/main/workspace/shop/claims.ts → electron/main/shop/claims.ts',
    ]);
  });

  it('is enforced by lint: a deeper import fails, the index passes', async () => {
    const eslint = new ESLint();
    const lint = async (filePath: string, from: string) => {
      const [result] = await eslint.lintText(
        `import type { ShopDb } from '${from}';\nexport type Db = ShopDb;\n`,
        {
          filePath,
        },
      );
      return result!.messages
        .filter((message) => message.ruleId === 'no-restricted-imports')
        .map((m) => m.message);
    };
    expect(await lint('electron/main/workspace/probe.ts', '../shop/shop-db')).toEqual([
      `'../shop/shop-db' import is restricted from being used by a pattern. The shop database layer is entered only through its index (${SHOP_FACADE}).`,
    ]);
    expect(await lint('electron/main/jobs/probe.ts', '../shop/shop-db')).toHaveLength(1);
    expect(await lint('electron/main/workspace/shop/probe.ts', '../../shop/shop-db')).toHaveLength(1);
    expect(await lint('electron/main/workspace/probe.ts', '../shop')).toEqual([]);
    expect(await lint('electron/main/workspace/probe.ts', '../shop/index')).toEqual([]);
    // Inside the layer itself its files import each other.
    expect(await lint('electron/main/shop/probe.ts', './shop-db')).toEqual([]);
  });
});
