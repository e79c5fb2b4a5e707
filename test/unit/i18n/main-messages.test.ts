// No message main gives the window is written in main's own code: what an error says
// (`new AppError(kind, message)`, a ShopError, `err(kind, message)`) and every `message:` it puts in
// an answer or a run's outcome comes from the catalogs through tm(). Read from each file's syntax
// tree: a string literal or template with words in it, anywhere in the message but inside a tm(…)
// call, is a hard-coded message. The simulator is left out: it plays the vehicle service, whose
// words are the service's and stay English as the real one's do.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = 'electron/main';
const SKIP = ['electron/main/simulator/'];

/**
 * Files whose messages are not moved into the catalogs yet. The list only shrinks: a file listed
 * here with no hard-coded message left fails the test until it is taken off.
 */
const NOT_YET_MOVED = new Set<string>([]);

/** The constructors and helpers whose argument at this index is a message for the window. */
const MESSAGE_ARGUMENT: Record<string, number> = { AppError: 1, ShopError: 1, err: 1 };

const hasWords = (text: string) => /\p{L}{2,}/u.test(text);

async function sourceFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (SKIP.some((skip) => `${full}/`.startsWith(skip) || full.startsWith(skip))) continue;
    if (entry.isDirectory()) out.push(...(await sourceFiles(full)));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

const calleeName = (expression: ts.Expression): string | null =>
  ts.isIdentifier(expression)
    ? expression.text
    : ts.isPropertyAccessExpression(expression)
      ? expression.name.text
      : null;

/** Literal text with words in `node`, outside tm(…) and outside comparisons. */
function literalsIn(node: ts.Node, found: string[]): void {
  if (ts.isCallExpression(node) && calleeName(node.expression) === 'tm') return;
  if (
    ts.isBinaryExpression(node) &&
    [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken].includes(
      node.operatorToken.kind,
    )
  )
    return;
  if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && hasWords(node.text)) {
    found.push(node.text);
    return;
  }
  if (ts.isTemplateExpression(node)) {
    const parts = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
    if (parts.some(hasWords)) found.push(node.getText());
  }
  ts.forEachChild(node, (child) => literalsIn(child, found));
}

/** "file:line: text" for each hard-coded message in `file`. */
function hardCoded(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const report = (node: ts.Node) => {
    const texts: string[] = [];
    literalsIn(node, texts);
    const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    for (const said of texts) found.push(`${file}:${line}: ${said.slice(0, 80)}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isNewExpression(node) || ts.isCallExpression(node)) {
      const name = calleeName(node.expression);
      const index = name === null ? undefined : MESSAGE_ARGUMENT[name];
      const message = index === undefined ? undefined : node.arguments?.[index];
      if (message) report(message);
    }
    if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && node.name.text === 'message') {
      report(node.initializer);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("main's messages", () => {
  it('are all said through tm(), but in the files not moved yet', async () => {
    const files = await sourceFiles(ROOT);
    const found: string[] = [];
    const stillListed: string[] = [];
    for (const file of files) {
      const said = hardCoded(file, await readFile(file, 'utf8'));
      if (NOT_YET_MOVED.has(file)) {
        if (said.length === 0) stillListed.push(file);
      } else found.push(...said);
    }
    expect(found).toEqual([]);
    // A moved file comes off the list, so it cannot fall back unnoticed.
    expect(stillListed).toEqual([]);
    for (const file of NOT_YET_MOVED) expect(files, file).toContain(file);
  });

  it('finds a hard-coded message in each of the forms it reads', () => {
    const sample = [
      "throw new AppError('busy', 'An export is already running.');",
      "return err('internal', `The app failed on ${vin}.`);",
      "throw new ShopError('tls', ok ? tm('errors.x') : 'The certificate is not trusted.');",
      "const outcome = { status: 'failed', message: 'Not written.' };",
      "throw new AppError('busy', tm('errors.x', { what: 'export' }));",
      "throw new AppError('internal', error.message);",
    ].join('\n');
    expect(hardCoded('sample.ts', sample).map((line) => line.split(': ')[1])).toEqual([
      'An export is already running.',
      '`The app failed on ${vin}.`',
      'The certificate is not trusted.',
      'Not written.',
    ]);
  });
});
