// Spelling is checked where a technician writes sentences (notes, complaints, claims, template
// notes) and not where a field holds a code: every multi-line field says which it is, and the
// note and complaint fields check spelling.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = 'renderer/src';
const sources = (readdirSync(ROOT, { recursive: true }) as string[])
  .filter((file) => file.endsWith('.svelte'))
  .map((file) => ({ file: path.join(ROOT, file), text: readFileSync(path.join(ROOT, file), 'utf8') }));

const textareas = sources.flatMap(({ file, text }) =>
  [...text.matchAll(/<textarea\b([^>]*)>/gs)].map((match) => ({ file, attributes: match[1]! })),
);

describe('spell checking in the window', () => {
  it('every multi-line field says whether its text is checked', () => {
    expect(textareas.length).toBeGreaterThan(3);
    expect(textareas.filter(({ attributes }) => !/\bspellcheck="(true|false)"/.test(attributes))).toEqual([]);
  });

  it('checks the job note, the complaint and template notes, and not pasted VINs', () => {
    const spelling = (pattern: RegExp) =>
      textareas
        .filter(({ attributes }) => pattern.test(attributes))
        .map(({ attributes }) => /spellcheck="true"/.test(attributes));
    expect(spelling(/bind:value=\{note\}/)).toEqual([true]);
    expect(spelling(/bind:value=\{complaint\}/)).toEqual([true]);
    expect(spelling(/bind:value=\{notes\}/)).toEqual([true]);
    const paste = textareas.find(({ file }) => file.endsWith('PasteVinsDialog.svelte'))!;
    expect(paste.attributes).toMatch(/spellcheck="false"/);
  });
});
