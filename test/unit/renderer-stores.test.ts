// The renderer's stores are built in one place (renderer/src/lib/stores.ts): each store module
// holds its class and a factory, takes what it needs of the other stores as arguments, and imports
// no other store (types aside, which leave nothing at run time).
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const LIB = 'renderer/src/lib';

describe('renderer stores', () => {
  it('are built only in stores.ts, and no store module imports another store', async () => {
    const modules = (await readdir(LIB)).filter((name) => name.endsWith('.svelte.ts'));
    const stores: string[] = [];
    for (const name of modules) {
      const text = await readFile(path.join(LIB, name), 'utf8');
      if (/export function create\w+\(/.test(text)) stores.push(name);
    }
    expect(stores.length).toBeGreaterThanOrEqual(8);
    const storeNames = new Set(stores.map((name) => name.replace(/\.ts$/, '')));
    const offenders: string[] = [];
    for (const name of stores) {
      const text = await readFile(path.join(LIB, name), 'utf8');
      for (const match of text.matchAll(/^import (type )?[^;]*? from '\.\/([\w.-]+)';$/gms)) {
        const [, typeOnly, target] = match;
        if (typeOnly) continue;
        if (target === 'stores' || storeNames.has(target!)) offenders.push(`${name} imports ${target}`);
      }
      // No instance is made at module level: stores.ts makes them.
      if (/^export const \w+ = (new|create)/m.test(text)) offenders.push(`${name} builds its own instance`);
    }
    expect(offenders).toEqual([]);
    const root = await readFile(path.join(LIB, 'stores.ts'), 'utf8');
    for (const name of stores) expect(root).toContain(`from './${name.replace(/\.ts$/, '')}'`);
  });
});
