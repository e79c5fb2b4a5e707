// `npm run simulator -- ...`: argument parsing, and the real CLI serving requests until SIGTERM.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../electron/main/simulator/cli-args';
import { telemetryConfigSchema } from '../../electron/shared/wire';
import { onEmitted, waitFor } from '../support/wait-for';
import { TSX_NODE_ARGS } from '../support/tsx-node';

const CLI = fileURLToPath(new URL('../../electron/main/simulator/cli.ts', import.meta.url));

describe('parseCliArgs', () => {
  it('reads every option, in both spellings', () => {
    expect(
      parseCliArgs([
        '--port',
        '8787',
        '--token',
        'demo',
        '--seed',
        '4',
        '--vehicles=20',
        '--latency',
        '50',
        '--rate-limit',
        '10/s',
        '--wake-delay',
        '100',
        '--completion-delay=20',
        '--sleep-after',
        '60000',
        '--wake-timeout=5000',
        '--no-flakiness',
        '--host',
        '0.0.0.0',
      ]),
    ).toEqual({
      kind: 'run',
      options: {
        port: 8787,
        token: 'demo',
        seed: 4,
        vehicles: 20,
        latencyMs: 50,
        rateLimitPerSecond: 10,
        wakeDelayMs: 100,
        completionDelayMs: 20,
        sleepAfterMs: 60000,
        wakeTimeoutMs: 5000,
        flakiness: false,
        host: '0.0.0.0',
      },
    });
    expect(parseCliArgs([])).toEqual({ kind: 'run', options: { port: 8787 } });
    expect(parseCliArgs(['--rate-limit', '2.5'])).toMatchObject({ options: { rateLimitPerSecond: 2.5 } });
    expect(parseCliArgs(['--help'])).toEqual({ kind: 'help' });
  });

  it.each([
    [['--port', '70000'], /--port must be an integer from 0 to 65535/],
    [['--port', 'abc'], /--port/],
    [['--port'], /--port needs a value/],
    [['--token', ''], /--token/],
    [['--vehicles', '0'], /--vehicles/],
    [['--latency', '-1'], /--latency/],
    [['--rate-limit', 'fast'], /--rate-limit must look like 20\/s/],
    [['--rate-limit', '0/s'], /--rate-limit/],
    [['--sleep-after', '0'], /--sleep-after must be an integer from 1/],
    [['--wake-timeout', 'soon'], /--wake-timeout/],
    [['--bogus', '1'], /^unknown option --bogus$/],
    [['--bogus'], /^unknown option --bogus$/],
    [['--port', '1', '--no-such-flag=2'], /^unknown option --no-such-flag$/],
    [['serve'], /Unexpected argument 'serve'/],
  ])('%j is refused', (argv, message) => {
    const parsed = parseCliArgs(argv);
    expect(parsed.kind).toBe('error');
    expect(parsed.kind === 'error' && parsed.message).toMatch(message);
  });
});

function runCli(args: string[]) {
  const child = spawn(process.execPath, [...TSX_NODE_ARGS, CLI, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, out: () => stdout, err: () => stderr };
}

describe('the simulator CLI', () => {
  it('prints the base URL, token and VINs, serves, and stops cleanly on SIGTERM', async () => {
    const cli = runCli(['--port', '0', '--token', 'cli-token', '--vehicles', '4', '--seed', '2']);
    await waitFor(() => /Stop with Ctrl\+C/.test(cli.out()), 'the banner', {
      timeoutMs: 15_000,
      wakeOn: onEmitted(cli.child.stdout, 'data'),
    });
    const baseUrl = /Base URL: (http:\/\/127\.0\.0\.1:\d+)/.exec(cli.out())?.[1];
    expect(baseUrl).toBeDefined();
    expect(cli.out()).toMatch(/Token: +cli-token/);
    const vins = [...cli.out().matchAll(/^ {2}([A-HJ-NPR-Z0-9]{17}) /gm)].map((m) => m[1]);
    expect(vins).toHaveLength(4);
    // Each VIN with its state and its first drive ids, as the set_tag examples need them.
    expect(cli.out()).toMatch(/^ {2}[A-HJ-NPR-Z0-9]{17} {2}(online|asleep|offline) +drives \d+(,\d+)*/m);
    const res = await fetch(`${baseUrl}/${vins[0]}/fleet_telemetry_config`, {
      headers: { authorization: 'Bearer cli-token' },
    });
    expect(res.status).toBe(200);
    telemetryConfigSchema.parse(await res.json());
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  });

  it('--help lists every option and exits 0', async () => {
    const cli = runCli(['--help']);
    expect(await cli.exited).toBe(0);
    for (const flag of ['--port', '--host', '--token', '--seed', '--vehicles', '--latency', '--rate-limit'])
      expect(cli.out()).toContain(flag);
    for (const flag of [
      '--wake-delay',
      '--completion-delay',
      '--sleep-after',
      '--wake-timeout',
      '--no-flakiness',
      '--help',
    ])
      expect(cli.out()).toContain(flag);
  });

  it('exits 2 with the usage on bad arguments', async () => {
    const cli = runCli(['--port', 'nope']);
    expect(await cli.exited).toBe(2);
    expect(cli.err()).toMatch(/--port must be an integer/);
    expect(cli.err()).toMatch(/Usage: npm run simulator/);
  });
});
