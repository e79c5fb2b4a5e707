// No component says a word of its own: every text a technician reads in a component's markup, and
// every label, title, placeholder or caption it gives an element or another component, comes from
// the message catalogs through t(). Read from each .svelte file's parsed template: text nodes,
// the user-facing attributes below, and string literals inside the expressions of either (a
// `{open ? 'Hide' : 'Show'}` is as hard-coded as plain text).
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'svelte/compiler';
import { describe, expect, it } from 'vitest';

const ROOT = 'renderer/src';

/** Attributes and component props whose value a technician reads or hears. */
const USER_FACING = new Set([
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'aria-placeholder',
  'title',
  'placeholder',
  'alt',
  'label',
  'legend',
  'caption',
  'hint',
  'what',
  'reading',
  'heading',
  'message',
  'confirmLabel',
  'cancelLabel',
  'submitLabel',
  'refreshLabel',
  'busyLabel',
]);

/**
 * Tokens with letters that are not words of any language, so the same everywhere: unit symbols as
 * written after a number, read alike in every language the app speaks.
 */
const NOT_WORDS = new Set<string>(['km', 'mi', 'km/h', 'mph', 'kW', '°C', '°F']);

interface Node {
  type: string;
  [key: string]: unknown;
}

/** True when the text has no word in it: symbols, digits, and the unit symbols above. */
const allowed = (text: string) =>
  (text.match(/°?\p{L}+(\/\p{L}+)?/gu) ?? []).every((token) => NOT_WORDS.has(token));

/** String literals in an expression that read as words, outside t(…) and outside comparisons. */
function literalsIn(node: unknown, found: string[]): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const child of node) literalsIn(child, found);
    return;
  }
  const n = node as Node;
  if (n.type === 'CallExpression') {
    const callee = n['callee'] as Node;
    // The catalog's own call: its key is not a string a technician reads.
    if (callee.type === 'Identifier' && callee['name'] === 't') return;
  }
  if (n.type === 'BinaryExpression' && ['===', '!==', '==', '!='].includes(n['operator'] as string)) return;
  if (n.type === 'Property') {
    literalsIn(n['value'], found);
    return;
  }
  if (n.type === 'MemberExpression' && !n['computed']) {
    literalsIn(n['object'], found);
    return;
  }
  if (n.type === 'Literal' && typeof n['value'] === 'string' && !allowed(n['value'])) found.push(n['value']);
  if (n.type === 'TemplateElement') {
    const raw = (n['value'] as { cooked: string }).cooked;
    if (!allowed(raw)) found.push(raw);
  }
  for (const [key, child] of Object.entries(n)) {
    if (key === 'parent' || key === 'loc' || key === 'start' || key === 'end') continue;
    if (child && typeof child === 'object') literalsIn(child, found);
  }
}

/** Every hard-coded user-facing string of one component's markup. */
export function hardCodedStrings(source: string): string[] {
  const ast = parse(source, { modern: true });
  const found: string[] = [];
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(walk);
    const n = node as Node;
    if (n.type === 'Text' && !allowed(n['data'] as string)) found.push((n['data'] as string).trim());
    if (n.type === 'ExpressionTag') literalsIn(n['expression'], found);
    if (n.type === 'Attribute') {
      const name = n['name'] as string;
      if (USER_FACING.has(name)) {
        const value = n['value'];
        const parts = Array.isArray(value) ? value : [value];
        for (const part of parts as Node[]) {
          if (part?.type === 'Text' && !allowed(part['data'] as string)) found.push(part['data'] as string);
          if (part?.type === 'ExpressionTag') literalsIn(part['expression'], found);
        }
      }
      return;
    }
    // Other attributes (class, type, role, ids, event handlers) are not read by anyone.
    if (n.type === 'SpreadAttribute' || n.type === 'OnDirective' || n.type === 'BindDirective') return;
    if (n.type === 'ClassDirective' || n.type === 'StyleDirective' || n.type === 'UseDirective') return;
    for (const [key, child] of Object.entries(n)) {
      if (key === 'parent' || key === 'metadata') continue;
      if (child && typeof child === 'object') walk(child);
    }
  };
  walk(ast.fragment);
  return found;
}

/**
 * Components whose words are still being moved into the catalogs, folder by folder. The list only
 * shrinks: a file on it with nothing left to move fails the test until it is taken off.
 */
const NOT_YET_MOVED = new Set<string>([]);

async function svelteFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) return svelteFiles(full);
      return Promise.resolve(entry.name.endsWith('.svelte') ? [full] : []);
    }),
  );
  return nested.flat().sort();
}

describe('hard-coded strings in components', () => {
  it('finds words in text, in user-facing attributes and in their expressions, not in keys or symbols', () => {
    const found = hardCodedStrings(
      [
        '<script lang="ts">let open = $state(false); const t = (k: string) => k;</script>',
        '<p class="hint">Refreshing the garage</p>',
        '<button aria-label="Dismiss" type="button" class="btn small">×</button>',
        '<button>{open ? "Hide" : "Show"} failed</button>',
        '<span title={`VIN ${open}`}>{t("garage.title")}</span>',
        '<p>{open === "yes" ? t("a") : t("b")} · 3 km</p>',
        '<Field label="Nickname" id="x" />',
      ].join('\n'),
    );
    expect(found).toEqual(['Refreshing the garage', 'Dismiss', 'Hide', 'Show', 'failed', 'VIN ', 'Nickname']);
  });

  it('none in any component: every word a technician reads comes from the catalogs', async () => {
    const problems: string[] = [];
    for (const file of await svelteFiles(ROOT)) {
      const strings = hardCodedStrings(await readFile(file, 'utf8'));
      if (NOT_YET_MOVED.has(file)) {
        if (strings.length === 0)
          problems.push(`${file}: has nothing left to move; take it off NOT_YET_MOVED`);
        continue;
      }
      for (const text of strings) problems.push(`${file}: ${JSON.stringify(text)}`);
    }
    expect(problems).toEqual([]);
  });
});
