// A real second copy of the app holding the data folder (another install or a portable build: the
// single-instance lock does not see it) makes the shipped app refuse to start with an error box
// that says so and names that copy: its pid, since when, and its executable.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bootMain, recorded } from '../electron-standin/boot';
import { TSX_NODE_ARGS } from '../support/tsx-node';

const holderScript = path.resolve('test/unit/storage/fixtures/hold-lock.ts');

describe('data folder held by another copy, in the shipped main bundle', () => {
  let userData = '';
  const holder = { kill: () => {} };
  afterAll(async () => {
    holder.kill();
    if (userData) await rm(userData, { recursive: true, force: true });
  });

  it('shows an error box naming the copy that holds the folder, and exits 1', async () => {
    userData = await mkdtemp(path.join(os.tmpdir(), 'vg-glue-lock-'));
    const child = spawn(process.execPath, [...TSX_NODE_ARGS, holderScript, userData], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    holder.kill = () => child.kill('SIGKILL');
    const said = await new Promise<string>((resolve) => {
      let text = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
        if (text.includes('\n')) resolve(text.split('\n')[0]!);
      });
    });
    expect(said).toBe('held');

    const electron = await bootMain({ userData });
    expect(await electron.app.exited).toBe(1);
    const boxes = recorded().dialogCalls.filter((call) => call.method === 'showErrorBox');
    expect(boxes).toHaveLength(1);
    const [title, text] = boxes[0]!.args as [string, string];
    expect(title).toBe('Vehicle Garage could not start');
    expect(text).toContain(`in use by another copy of Vehicle Garage (process ${child.pid}, since `);
    expect(text).toContain(process.execPath);
    expect(text).not.toContain('could not open its data folder or start its services');
  }, 60_000);
});
