// Every relative link in README.md and SECURITY.md points to a file of the repository, and every
// anchor to a heading of its target (GitHub's slugs), so a newcomer never follows a dead link.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DOCS = ['README.md', 'SECURITY.md'];

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
    expect(relative.length).toBeGreaterThanOrEqual(3);
    expect(relative.some(([, target]) => target.startsWith('#'))).toBe(true);
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
