// The keyring wrapper must pass the command's exit status through and leave nothing in /tmp.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const script = resolve(__dirname, '../../support/with-keyring.sh');

function runWrapped(shellCode: string): { status: number | null; home: string; stderr: string } {
  const result = spawnSync(script, ['sh', '-c', shellCode], { encoding: 'utf8', timeout: 30_000 });
  const home = result.stdout.trim().split('\n')[0] ?? '';
  return { status: result.status, home, stderr: result.stderr };
}

describe('with-keyring.sh', () => {
  it('removes its temporary home and keyring after the command succeeds', () => {
    const { status, home, stderr } = runWrapped('echo "$HOME"; test -d "$XDG_DATA_HOME"');
    expect(status, stderr).toBe(0);
    expect(home).toMatch(/\/home$/);
    expect(existsSync(dirname(home))).toBe(false);
  });

  it('removes them after the command fails, and passes its exit status through', () => {
    const { status, home, stderr } = runWrapped('echo "$HOME"; exit 7');
    expect(status, stderr).toBe(7);
    expect(home).toMatch(/\/home$/);
    expect(existsSync(dirname(home))).toBe(false);
  });
});
