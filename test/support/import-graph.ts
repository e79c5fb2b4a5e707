// The project's own import graph, read with TypeScript's pre-processor: for each source file of the
// given folders (TypeScript and Svelte; type-only and dynamic imports included), the project files
// it imports. Packages and assets are left out. Used by the layering and import-cycle tests.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import ts from 'typescript';

const SOURCE = /\.(ts|svelte)$/;

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name).split(path.sep).join('/'));
}

/** The module specifiers a file imports or re-exports (dynamic `import()` included). */
function specifiersOf(file: string, text: string): string[] {
  // A component's imports live in its <script> blocks.
  const code = file.endsWith('.svelte')
    ? [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]).join('\n')
    : text;
  return ts.preProcessFile(code, true, true).importedFiles.map((ref) => ref.fileName);
}

/** The file of the project a relative specifier names, or null (packages, assets). */
function resolve(from: string, specifier: string, known: ReadonlySet<string>): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  const stem = base.replace(/\.js$/, '');
  for (const candidate of [base, `${stem}.ts`, `${base}.ts`, `${base}/index.ts`]) {
    if (known.has(candidate)) return candidate;
  }
  return null;
}

/** File → the project files it imports, paths relative to the repository root with `/`. */
export async function importGraph(roots: readonly string[]): Promise<Map<string, string[]>> {
  const files = (await Promise.all(roots.map(sourceFiles))).flat();
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = await readFile(file, 'utf8');
    const targets = specifiersOf(file, text)
      .map((specifier) => resolve(file, specifier, known))
      .filter((target): target is string => target !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}
