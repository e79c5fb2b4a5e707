// The window downloads its catalogs without the sections only main speaks (en|de/main-only.ts). That
// holds only while no code the window runs asks for one of their keys: neither the renderer nor the
// shared code it imports may name such a key, whole or as a prefix the key is built from.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DE_MAIN_ONLY_SECTIONS } from '../../../electron/shared/i18n/de/main-only';
import { DE_WINDOW_SECTIONS } from '../../../electron/shared/i18n/de/window-sections';
import { EN_MAIN_ONLY_SECTIONS } from '../../../electron/shared/i18n/en/main-only';
import { EN_WINDOW_SECTIONS } from '../../../electron/shared/i18n/en/window-sections';

const root = path.resolve(__dirname, '../../..');

function sources(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) return full.endsWith(path.join('shared', 'i18n')) ? [] : sources(full);
    return /\.(ts|svelte)$/.test(name) ? [full] : [];
  });
}

const windowCode = [
  ...sources(path.join(root, 'renderer/src')),
  ...sources(path.join(root, 'electron/shared')),
].map((file) => ({ file: path.relative(root, file), text: readFileSync(file, 'utf8') }));

const mainOnlyKeys = Object.values(EN_MAIN_ONLY_SECTIONS).flatMap((section) => Object.keys(section));

describe("the window's catalogs", () => {
  it('split every language the same way', () => {
    expect(Object.keys(DE_MAIN_ONLY_SECTIONS).sort()).toEqual(Object.keys(EN_MAIN_ONLY_SECTIONS).sort());
    expect(Object.keys(DE_WINDOW_SECTIONS).sort()).toEqual(Object.keys(EN_WINDOW_SECTIONS).sort());
    expect(mainOnlyKeys.length).toBeGreaterThan(100);
  });

  it('leave out no key the renderer or the shared code names', () => {
    const named = mainOnlyKeys.flatMap((key) =>
      windowCode
        .filter(({ text }) => [`'${key}'`, `"${key}"`, `\`${key}\``].some((quoted) => text.includes(quoted)))
        .map(({ file }) => `${key} in ${file}`),
    );
    expect(named).toEqual([]);
  });

  it('leave out no key the window could build from a prefix', () => {
    const prefixes = [...new Set(mainOnlyKeys.map((key) => key.slice(0, key.lastIndexOf('.') + 1)))];
    const built = prefixes.flatMap((prefix) =>
      windowCode
        .filter(({ text }) =>
          [`\`${prefix}\${`, `'${prefix}' +`, `"${prefix}" +`].some((form) => text.includes(form)),
        )
        .map(({ file }) => `${prefix} in ${file}`),
    );
    expect(built).toEqual([]);
  });
});
