// `npm run simulator` stops when the npm process is told to, whichever signal: no tsx or node left
// serving on the port. Signals go to npm itself (not a process group), as a supervisor would send them.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { onEmitted, waitFor } from '../support/wait-for';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** True when something accepts connections on 127.0.0.1:port. */
async function listening(port: number): Promise<boolean> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(true));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(false)));
  });
}

describe('npm run simulator', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)('frees its port when the npm process gets %s', async (signal) => {
    const port = await freePort();
    const npm = spawn('npm', ['run', 'simulator', '--', '--port', String(port), '--token', 'demo'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    npm.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise<void>((resolve) => npm.on('exit', () => resolve()));
    await waitFor(() => out.includes('Stop with Ctrl+C'), 'the banner', {
      timeoutMs: 15_000,
      wakeOn: onEmitted(npm.stdout, 'data'),
    });
    expect(out).toContain(`Base URL: http://127.0.0.1:${port}`);
    expect(await listening(port)).toBe(true);

    npm.kill(signal);
    await exited;
    await waitFor(async () => !(await listening(port)), 'the port to be free', {
      timeoutMs: 5_000,
      intervalMs: 50,
    });
    expect(await listening(port)).toBe(false);
  });
});
