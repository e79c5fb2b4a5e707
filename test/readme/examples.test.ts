// The simulator manual's shell examples (electron/main/simulator/README.md, linked from README.md),
// run verbatim against a simulator started the way the manual says.
// Blocks fenced as `sh example-simulator` (the start command) and `sh example` (the curl calls) are
// extracted; only the port is changed (8787 → a free one) so the run never collides with anything.
// Each command is followed in the README by `# → <JSON>`: the fields its answer must carry.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseExamples, projectOnto, startCommand } from './readme-examples';
import { onEmitted, waitFor } from '../support/wait-for';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const README = readFileSync(new URL('electron/main/simulator/README.md', `file://${ROOT}/`), 'utf8');
const README_PORT = '8787';
const run = promisify(execFile);

async function freePort(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return String(port);
}

const examples = parseExamples(README);
let port = '';
let simulator: ChildProcess | undefined;
let banner = '';

beforeAll(async () => {
  port = await freePort();
  const command = startCommand(README).replaceAll(README_PORT, port);
  simulator = spawn('sh', ['-c', `exec ${command}`], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  simulator.stdout?.on('data', (d: Buffer) => (banner += d.toString()));
  await waitFor(() => banner.includes('Stop with Ctrl+C'), 'the simulator to start', {
    timeoutMs: 20_000,
    wakeOn: onEmitted(simulator.stdout!, 'data'),
  }).catch((error: Error) => {
    throw new Error(`${error.message}:\n${banner}`);
  });
}, 30_000);

afterAll(async () => {
  if (!simulator || simulator.exitCode !== null) return;
  const exited = new Promise((resolve) => simulator?.once('exit', resolve));
  simulator.kill('SIGTERM');
  await exited;
});

describe('simulator manual examples', () => {
  it('has a start command and examples, each with the answer it claims', () => {
    expect(startCommand(README)).toMatch(/^npm run simulator -- --port 8787 --token demo$/);
    expect(examples.length).toBeGreaterThanOrEqual(10);
  });

  it('uses a VIN the simulator lists as online, with the drive ids the set_tag example tags', () => {
    const setup = examples[0]?.setup ?? '';
    const vin = /VIN=([A-HJ-NPR-Z0-9]{17})/.exec(setup)?.[1];
    expect(vin).toBeDefined();
    const row = banner.split('\n').find((line) => line.includes(`${vin}`)) ?? '';
    expect(row).toMatch(/ online /);
    const tagged = examples.find((e) => e.command.includes('set_tag'))?.command ?? '';
    const ids = /"drives":"([\d,]+)"/.exec(tagged)?.[1]?.split(',') ?? [];
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) expect(row).toMatch(new RegExp(`drives [\\d,]*\\b${id}\\b`));
  });

  // In README order: later examples may depend on earlier ones (set a plate, then clear it).
  for (const example of examples) {
    it(example.command.replace(/\s+/g, ' '), async () => {
      const script = `${example.setup}\n${example.command}`.replaceAll(
        `127.0.0.1:${README_PORT}`,
        `127.0.0.1:${port}`,
      );
      const { stdout } = await run('bash', ['-c', script], { cwd: ROOT, timeout: 15_000 });
      let answer: unknown;
      try {
        answer = JSON.parse(stdout);
      } catch {
        throw new Error(`not a JSON answer: ${stdout.slice(0, 300)}`);
      }
      expect(projectOnto(answer, example.claim)).toEqual(example.claim);
    });
  }
});
