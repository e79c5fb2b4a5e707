// "Only electron/main/index.ts and the thin adapters import electron": checked over the source tree.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ALLOWED = ['electron/main/index.ts', 'electron/preload/index.ts'];
const ALLOWED_DIRS = ['electron/main/adapters/'];

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && /\.(ts|svelte)$/.test(entry.name))
    .map((entry) =>
      path.relative(process.cwd(), path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
    );
}

describe('runtime layering', () => {
  it('keeps `electron` imports inside the thin adapters', async () => {
    const files = [...(await sourceFiles('electron')), ...(await sourceFiles('renderer'))];
    expect(files.length).toBeGreaterThan(10);
    const offenders: string[] = [];
    for (const file of files) {
      const text = await readFile(file, 'utf8');
      if (!/from ['"]electron['"]|require\(['"]electron['"]\)/.test(text)) continue;
      if (ALLOWED.includes(file) || ALLOWED_DIRS.some((dir) => file.startsWith(dir))) continue;
      offenders.push(file);
    }
    expect(offenders).toEqual([]);
  });

  it('keeps Node built-ins out of the shared and renderer layers', async () => {
    const files = [...(await sourceFiles('electron/shared')), ...(await sourceFiles('renderer'))];
    const offenders: string[] = [];
    for (const file of files) {
      if (/from ['"]node:|from ['"](fs|path|os|http|crypto)['"]/.test(await readFile(file, 'utf8')))
        offenders.push(file);
    }
    expect(offenders).toEqual([]);
  });
});
