// Every relative link in the documentation (README.md, SECURITY.md, docs/*.md and the READMEs beside
// the code) points to a file of the repository, and every anchor to a heading of its target (GitHub's
// slugs), so a newcomer never follows a dead link.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DOCS = [
  'README.md',
  'SECURITY.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
  'electron/main/simulator/README.md',
  'test/bench/README.md',
  'test/electron-standin/README.md',
];

/** The document without fenced code blocks and inline code, where brackets are not links. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

function links(markdown: string): string[] {
  return [...prose(markdown).matchAll(/\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1] as string);
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
export function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const match of markdown.replace(/^```[\s\S]*?^```/gm, '').matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = (match[1] as string)
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

const relative = DOCS.flatMap((doc) =>
  links(readFileSync(path.join(ROOT, doc), 'utf8'))
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target))
    .map((target) => [doc, target] as const),
);

describe('links in the documentation', () => {
  it('finds the relative links (the check has something to check)', () => {
    expect(relative.length).toBeGreaterThanOrEqual(20);
    expect(DOCS.length).toBeGreaterThanOrEqual(10);
    expect(relative.some(([, target]) => target.startsWith('#'))).toBe(true);
  });

  it('links every file of docs/ and every README beside the code from README.md', () => {
    const fromReadme = new Set(
      relative
        .filter(([doc]) => doc === 'README.md')
        .map(([, target]) => path.normalize(decodeURI(target.split('#')[0] ?? ''))),
    );
    for (const doc of DOCS.filter((d) => d !== 'README.md')) expect(fromReadme, doc).toContain(doc);
  });

  it.each(relative)('%s → %s exists', (doc, target) => {
    const [file = '', anchor] = target.split('#');
    const resolved =
      file === '' ? path.join(ROOT, doc) : path.resolve(path.dirname(path.join(ROOT, doc)), decodeURI(file));
    expect(path.relative(ROOT, resolved).startsWith('..'), `${target} leaves the repository`).toBe(false);
    expect(existsSync(resolved), `${target}: no such file`).toBe(true);
    if (anchor !== undefined && anchor !== '') {
      expect(statSync(resolved).isFile()).toBe(true);
      expect([...anchors(readFileSync(resolved, 'utf8'))], `${target}: no such heading`).toContain(anchor);
    }
  });

  it('computes anchors the way GitHub does', () => {
    const slugs = anchors(
      '# Where data and logs live\n## The simulator (demo garage and tests)\n## Notes\n## Notes\n',
    );
    expect([...slugs]).toEqual([
      'where-data-and-logs-live',
      'the-simulator-demo-garage-and-tests',
      'notes',
      'notes-1',
    ]);
  });
});
