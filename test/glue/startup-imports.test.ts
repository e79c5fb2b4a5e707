// What evaluating the shipped entry loads before Electron's ready: the logger and Node's built-ins
// only. The services (core, schemas, undici, zod, the demo simulator) and electron-updater are
// imported when first needed, which keeps the start-up the main-boot benchmark measures short.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAIN_ENTRY } from '../electron-standin/boot';

const entry = process.env['GLUE_MAIN_ENTRY'] ?? MAIN_ENTRY;

async function imports(file: string): Promise<{ static: string[]; dynamic: string[] }> {
  const text = await readFile(file, 'utf8');
  return {
    static: [...text.matchAll(/^import\s+(?:[^'"]*?\s+from\s+)?["']([^"']+)["'];?$/gm)].map((m) => m[1]!),
    dynamic: [...text.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]!),
  };
}

describe('the shipped entry module', () => {
  it('loads only the logger and built-ins before ready', async () => {
    const found = await imports(entry);
    expect(found.static.length).toBeGreaterThan(0);
    const heavy = found.static.filter(
      (name) => !name.startsWith('node:') && name !== 'electron' && name !== 'electron-log/main',
    );
    expect(heavy).toEqual([]);
  });

  it('imports the services and electron-updater on demand, from files that ship beside it', async () => {
    const found = await imports(entry);
    expect(found.dynamic).toContain('electron-updater');
    const local = found.dynamic.filter((name) => name.startsWith('.'));
    expect(local.length).toBeGreaterThan(0);
    for (const name of local) expect(existsSync(path.resolve(path.dirname(entry), name))).toBe(true);
  });
});
