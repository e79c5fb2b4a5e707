// No two source files import each other, directly or round a longer loop: the imports of electron/
// and renderer/ (TypeScript and Svelte, type-only imports included, since a type loop is still a
// loop in the design) form a graph without cycles. The layers themselves are eslint's rule.
import { describe, expect, it } from 'vitest';
import { importGraph } from '../support/import-graph';

const ROOTS = ['electron', 'renderer'];

/** Every strongly connected group of more than one file, or a file importing itself (Tarjan). */
function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];

  function visit(node: string): void {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(group.sort());
  }

  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

describe('import cycles', () => {
  it('finds a loop of any length, and a file importing itself, in a graph that has them', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts', 'd.ts']],
      ['d.ts', []],
      ['e.ts', ['e.ts']],
      ['f.ts', ['d.ts']],
    ]);
    expect(cyclesOf(graph)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['e.ts']]);
  });

  it('resolves the imports it reads, so an empty answer means something', async () => {
    const graph = await importGraph(ROOTS);
    expect(graph.size).toBeGreaterThan(100);
    // Known edges of each kind: a folder index, a type-only import, a component's script block.
    expect(graph.get('electron/main/core/core-options.ts')).toContain('electron/main/api/index.ts');
    expect(graph.get('electron/main/vault/token-vault.ts')).toContain('electron/main/vault/keychain-port.ts');
    const app = graph.get('renderer/src/App.svelte') ?? [];
    expect(app.some((target) => target.startsWith('renderer/src/'))).toBe(true);
  });

  it('has no import cycle in electron/ or renderer/', async () => {
    expect(cyclesOf(await importGraph(ROOTS))).toEqual([]);
  });
});
