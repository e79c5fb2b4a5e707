// The project's own import graph, read with TypeScript's pre-processor: for each source file of the
// given folders (TypeScript and Svelte; type-only and dynamic imports included), the project files
// it imports. Packages and assets are left out. Used by the layering and import-cycle tests. Also
// the graph of what loads with a file (its value imports only, packages named), for the test that
// keeps the window's lazily loaded views out of its start bundle.
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

/** What a file loads with it: the project files and the packages its value imports name. */
export interface StaticImports {
  files: string[];
  packages: string[];
}

/**
 * The specifiers a file loads as soon as it runs: its import and re-export declarations, not a
 * dynamic `import()` (loaded when called) nor an `import type` (erased). An import whose names are
 * each marked `type` still counts: under verbatimModuleSyntax it stays an import of the module.
 */
function staticSpecifiersOf(file: string, text: string): string[] {
  const code = file.endsWith('.svelte')
    ? [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]).join('\n')
    : text;
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  return source.statements.flatMap((statement) => {
    if (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly)
      return [(statement.moduleSpecifier as ts.StringLiteral).text];
    if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly)
      return [(statement.moduleSpecifier as ts.StringLiteral).text];
    return [];
  });
}

/** The package a bare specifier names ("uplot", "@scope/name"), without its subpath. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** File → what it loads with it (project files and packages), for the given folders. */
export async function staticImportGraph(roots: readonly string[]): Promise<Map<string, StaticImports>> {
  const files = (await Promise.all(roots.map(sourceFiles))).flat();
  const known = new Set(files);
  const graph = new Map<string, StaticImports>();
  for (const file of files) {
    const specifiers = staticSpecifiersOf(file, await readFile(file, 'utf8'));
    const targets = specifiers.map((specifier) => resolve(file, specifier, known));
    graph.set(file, {
      files: [...new Set(targets.filter((target): target is string => target !== null))],
      packages: [...new Set(specifiers.filter((s) => !s.startsWith('.')).map(packageOf))],
    });
  }
  return graph;
}
