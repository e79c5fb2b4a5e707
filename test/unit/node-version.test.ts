// The Node range the project declares: package.json `engines`, `.nvmrc` and the Node running the
// tests agree (CI runs this layer under this machine's Node 20 and again under Node 24, the Node
// Electron 45's main process runs).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url);
const engines = (
  JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { engines: { node: string } }
).engines.node;

/** [major, minor, patch] of "24.11.0" or "v24.11.0". */
function parse(version: string): [number, number, number] {
  const [major = NaN, minor = NaN, patch = NaN] = version.replace(/^v/, '').split('.').map(Number);
  return [major, minor, patch];
}

/** The one grammar `engines` uses here: alternatives of `>=x.y.z` and `^x.y.z`. */
function satisfies(version: string, range: string): boolean {
  const [major, minor, patch] = parse(version);
  return range.split('||').some((part) => {
    const match = /^\s*(>=|\^)(\d+\.\d+\.\d+)\s*$/.exec(part);
    if (!match) throw new Error(`unsupported range part '${part}'`);
    const [bMajor, bMinor, bPatch] = parse(match[2] as string);
    const atLeast =
      major > bMajor || (major === bMajor && (minor > bMinor || (minor === bMinor && patch >= bPatch)));
    return match[1] === '^' ? atLeast && major === bMajor : atLeast;
  });
}

describe('supported Node versions', () => {
  it('engines covers the Node that Electron 45 runs (24.x) and the Node running these tests', () => {
    expect(satisfies('24.0.0', engines)).toBe(true);
    expect(satisfies('24.21.0', engines)).toBe(true);
    // Node 22 is no longer claimed: no layer runs on it. Node 20 only from 20.19 (this machine's).
    expect(satisfies('22.13.0', engines)).toBe(false);
    expect(satisfies('20.19.0', engines)).toBe(true);
    expect(satisfies('20.18.0', engines)).toBe(false);
    expect(satisfies(process.versions.node, engines)).toBe(true);
  });

  it('.nvmrc names a major version inside engines', () => {
    const nvmrc = readFileSync(new URL('.nvmrc', root), 'utf8').trim();
    expect(nvmrc).toBe('24');
    expect(satisfies(`${nvmrc}.99.0`, engines)).toBe(true);
  });
});
