// The shell commands the documentation gives a reader (every ```sh block of README.md, docs/*.md and
// the READMEs beside the code) name things that exist: npm scripts in package.json, files of the
// repository, vitest projects, simulator options its --help lists, benchmarks the runner knows. The
// simulator's curl examples are run for real (examples.test.ts), the shop's SQL too
// (test/shop/readme-admin.test.ts); the commands here launch an app or a whole test run, so they are
// checked rather than run.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { TSX_NODE_ARGS } from '../support/tsx-node';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DOCS = [
  'README.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
  'electron/main/simulator/README.md',
  'test/bench/README.md',
  'test/electron-standin/README.md',
];
const scripts = (
  JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
).scripts;
const vitestProjects = [
  ...readFileSync(path.join(ROOT, 'vitest.config.ts'), 'utf8').matchAll(/name: '([\w-]+)'/g),
].map((m) => m[1]);
const benches = [
  ...readFileSync(path.join(ROOT, 'test/bench/run.ts'), 'utf8').matchAll(/name: '([\w-]+)'/g),
].map((m) => m[1]);

/** Each command of each ```sh block (continuations joined, comments dropped, `&&` chains split). */
function commands(markdown: string): string[] {
  const out: string[] = [];
  for (const block of markdown.matchAll(/^ *```sh[^\n]*\n([\s\S]*?)^ *```/gm)) {
    const text = (block[1] as string).replace(/\\\n\s*/g, ' ');
    for (const line of text.split('\n')) {
      const code = line.replace(/(^|\s)#.*$/, '').trim();
      if (code === '') continue;
      out.push(...code.split('&&').map((c) => c.trim()));
    }
  }
  return out;
}

const all = DOCS.flatMap((doc) =>
  commands(readFileSync(path.join(ROOT, doc), 'utf8')).map((command) => [doc, command] as const),
);

/** The words of a command after its leading `VAR=value` assignments (quoted values included). */
function words(command: string): string[] {
  return command
    .replace(/^(?:[A-Z_][A-Z0-9_]*=(?:'[^']*'|"[^"]*"|\S*)\s+)+/, '')
    .split(/\s+/)
    .filter(Boolean);
}

function isRepoPath(word: string): boolean {
  return /^(test|electron|resources|renderer|docs)\//.test(word) || /^\.ci\//.test(word);
}

let simulatorHelp = '';
beforeAll(async () => {
  const { stdout, stderr } = await promisify(execFile)(
    process.execPath,
    [...TSX_NODE_ARGS, 'electron/main/simulator/cli.ts', '--help'],
    { cwd: ROOT, timeout: 15_000 },
  ).catch((e: { stdout: string; stderr: string }) => e);
  simulatorHelp = `${stdout}${stderr}`;
}, 20_000);

describe('commands in the documentation', () => {
  it('finds commands in README.md and the moved documents (the check has something to check)', () => {
    expect(all.filter(([doc]) => doc === 'README.md').length).toBeGreaterThanOrEqual(10);
    expect(all.some(([doc]) => doc === 'test/bench/README.md')).toBe(true);
    expect(all.some(([doc]) => doc === 'electron/main/simulator/README.md')).toBe(true);
    expect(simulatorHelp).toMatch(/--port/);
  });

  it.each(all)('%s: %s', (_doc, command) => {
    const w = words(command);
    const [tool, sub, name] = w;
    if (tool === 'npm' && sub === 'run') expect(Object.keys(scripts), command).toContain(name);
    if (tool === 'npm' && (sub === 'start' || sub === 'test')) expect(Object.keys(scripts)).toContain(sub);
    if (tool === 'npm' && !['run', 'start', 'test', 'install', 'ci'].includes(sub ?? ''))
      throw new Error(`an npm command this check does not know: ${command}`);
    for (const word of w.filter(isRepoPath)) {
      expect(existsSync(path.join(ROOT, word.replace(/[,;)]+$/, ''))), `${word} in: ${command}`).toBe(true);
    }
    if (tool === 'npx' && sub === 'vitest') {
      const project = w[w.indexOf('--project') + 1];
      expect(vitestProjects, command).toContain(project);
    }
    // The simulator's options: on its command line, on the option list's continuation lines, and in
    // VG_DEMO_SIMULATOR, which takes the same flags.
    const simulatorFlags =
      (tool === 'npm' && sub === 'run' && name === 'simulator') ||
      tool?.startsWith('[--') === true ||
      command.startsWith('VG_DEMO_SIMULATOR=');
    if (simulatorFlags) {
      const flags = command.split(/[\s'"]+/).filter((word) => /^\[?--[a-z]/.test(word));
      if (command.startsWith('VG_DEMO_SIMULATOR=')) expect(flags.length).toBeGreaterThan(0);
      for (const flag of flags) {
        const bare = flag.replace(/^\[/, '').replace(/\]$/, '');
        if (bare === '--') continue;
        expect(simulatorHelp, `${bare} in: ${command}`).toContain(bare);
      }
    }
    if (tool === 'npm' && sub === 'run' && name === 'bench' && w.includes('--only')) {
      for (const bench of (w[w.indexOf('--only') + 1] ?? '').split(',')) expect(benches).toContain(bench);
    }
  });
});
