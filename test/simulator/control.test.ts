// Programmatic control for tests: latency, rate limit, faults, recorded requests, state access, stop().
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { commandResultSchema, releaseNotesSchema, telemetryConfigSchema } from '../../electron/shared/wire';
import {
  FAULT_KINDS,
  OVERSIZED_BYTES,
  startSimulator,
  type FaultKind,
  type Simulator,
} from '../../electron/main/simulator/index';
import { call, readyVin, simulatorPerTest } from './client';
import { ManualClock } from '../support/manual-clock';
import { passes, waitFor } from '../support/wait-for';
import { TSX_NODE_ARGS } from '../support/tsx-node';

const start = simulatorPerTest();

describe('startSimulator', () => {
  it('listens on an ephemeral loopback port with a random token by default', async () => {
    const a = await start();
    const b = await start();
    expect(a.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(a.baseUrl).not.toBe(b.baseUrl);
    expect(a.token).toMatch(/^[0-9a-f]{64}$/);
    expect(a.token).not.toBe(b.token);
    expect(a.vins).toHaveLength(12);
    expect(a.vehicles().map((v) => v.vin)).toEqual(a.vins);
  });

  it('honours the given token and fleet size', async () => {
    const sim = await start({ token: 'demo', vehicles: 3, seed: 5 });
    expect(sim.token).toBe('demo');
    expect(sim.vins).toHaveLength(3);
    const r = await call(sim, 'GET', `/${sim.vins[0]}/fleet_telemetry_config`, { token: 'demo' });
    expect(r.status).toBe(200);
  });

  it('rejects invalid options', async () => {
    await expect(startSimulator({ token: 'has space' })).rejects.toThrow(/token/);
    await expect(startSimulator({ latencyMs: -1 })).rejects.toThrow(/latencyMs/);
    await expect(startSimulator({ rateLimitPerSecond: 0 })).rejects.toThrow(/rate limit/);
  });

  it('points image URLs at assetBaseUrl when given', async () => {
    const sim = await start({ assetBaseUrl: 'https://cdn.example.com/' });
    const notes = releaseNotesSchema.parse(
      (await call(sim, 'GET', `/${sim.vins[0]}/release_notes/2026.14.3`)).json,
    );
    expect(notes.release_notes[0]?.image_url).toMatch(
      /^https:\/\/cdn\.example\.com\/_assets\/release-notes\/.+-dark\.svg$/,
    );
  });
});

describe('state access', () => {
  it('vehicleState is a deep copy', async () => {
    const sim = await start();
    const vin = sim.vins[0] as string;
    const copy = sim.vehicleState(vin);
    copy.plate = 'CHANGED';
    copy.drives.length = 0;
    copy.telemetry.config.port = 1;
    const fresh = sim.vehicleState(vin);
    expect(fresh.plate).not.toBe('CHANGED');
    expect(fresh.drives.length).toBeGreaterThan(0);
    expect(fresh.telemetry.config.port).toBe(4443);
  });

  it('setVehicleState changes what the service answers', async () => {
    const sim = await start();
    const vin = sim.vins[0] as string;
    const telemetry = sim.vehicleState(vin).telemetry;
    sim.setVehicleState(vin, { telemetry: { ...telemetry, synced: false, update_available: true } });
    const r = telemetryConfigSchema.parse((await call(sim, 'GET', `/${vin}/fleet_telemetry_config`)).json);
    expect(r).toMatchObject({ synced: false, update_available: true });
    sim.setVehicleState(vin, {
      drives: [{ id: 77, startedAt: 0, endedAt: 1, from: 'A', to: 'B', distanceMiles: 1, tag: null }],
    });
    const tagged = await call(sim, 'POST', `/${vin}/drives/set_tag`, { body: { drives: '77', tag: 'X' } });
    expect(tagged.json).toEqual({ result: true });
  });

  it('refuses unknown VINs and a VIN change', async () => {
    const sim = await start();
    expect(() => sim.vehicleState('5YJ3E1EA2KF317000')).toThrow(/no vehicle/);
    expect(() => sim.setVehicleState(sim.vins[0] as string, { vin: 'X' })).toThrow(/VIN/);
  });
});

describe('recorded requests', () => {
  it('records every request in order, including rejected ones', async () => {
    const sim = await start();
    const vin = sim.vins[0] as string;
    await call(sim, 'GET', `/${vin}/fleet_telemetry_config`, { token: null });
    await call(sim, 'POST', `/${vin}/plate`, { body: { plate: 'REC 1' } });
    await call(sim, 'POST', `/${vin}/command/set_speed_limit?mph=70&max_attempts=1`);
    await call(sim, 'GET', '/nowhere');
    expect(sim.requests.map((r) => [r.method, r.route, r.vin])).toEqual([
      ['GET', 'fleet_telemetry_config', vin],
      ['POST', 'plate', vin],
      ['POST', 'command', vin],
      ['GET', null, null],
    ]);
    const [unauth, plate, cmd] = sim.requests;
    expect(unauth?.headers['authorization']).toBeUndefined();
    expect(plate?.body).toBe('{"plate":"REC 1"}');
    expect(plate?.headers['authorization']).toBe(`Bearer ${sim.token}`);
    expect(cmd?.path).toBe(`/${vin}/command/set_speed_limit`);
    expect(cmd?.query).toEqual({ mph: '70', max_attempts: '1' });
    expect(cmd?.at).toBeGreaterThan(Date.now() - 10_000);
    sim.clearRequests();
    expect(sim.requests).toHaveLength(0);
  });

  it('keeps only the latest maxRecordedRequests', async () => {
    const sim = await start({ maxRecordedRequests: 5 });
    for (let i = 0; i < 12; i++) await call(sim, 'GET', `/nowhere/${i}`);
    expect(sim.requests.length).toBeLessThan(10);
    expect(sim.requests.at(-1)?.path).toBe('/nowhere/11');
  });
});

describe('latency', () => {
  it('is added to every response and can be changed at run time', async () => {
    const clock = new ManualClock();
    const sim = await start({ latencyMs: 120, clock });
    const vin = sim.vins[0] as string;
    let t0 = clock.now();
    expect((await clock.run(call(sim, 'GET', `/${vin}/fleet_telemetry_config`))).status).toBe(200);
    expect(clock.now() - t0).toBeGreaterThanOrEqual(115);
    t0 = clock.now();
    expect(
      (await clock.run(call(sim, 'GET', `/${vin}/fleet_telemetry_config`, { token: null }))).status,
    ).toBe(401);
    expect(clock.now() - t0).toBeGreaterThanOrEqual(115);
    sim.setLatency(0);
    t0 = clock.now();
    await clock.run(call(sim, 'GET', `/${vin}/fleet_telemetry_config`));
    expect(clock.now() - t0).toBeLessThan(100);
    expect(() => sim.setLatency(-5)).toThrow();
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After and RateLimit headers past the limit', async () => {
    const sim = await start({ rateLimitPerSecond: 3 });
    const vin = sim.vins[0] as string;
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await call(sim, 'GET', `/${vin}/fleet_telemetry_config`));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
    expect(answers[0]?.headers.get('ratelimit-limit')).toBe('3');
    expect(answers[0]?.headers.get('ratelimit-remaining')).toBe('2');
    expect(Number(answers[0]?.headers.get('ratelimit-reset'))).toBeGreaterThanOrEqual(1);
    const limited = answers[3];
    expect(limited?.json).toEqual({ error: expect.stringMatching(/Too many requests/) });
    expect(limited?.headers.get('retry-after')).toBe('1');
    expect(limited?.headers.get('ratelimit-remaining')).toBe('0');
    expect(limited?.headers.get('ratelimit-limit')).toBe('3');
    expect(Number(limited?.headers.get('ratelimit-reset'))).toBeGreaterThanOrEqual(1);
  });

  it('refills over time, and can be turned off and on at run time', async () => {
    // The simulator's clock is moved by hand: the bucket refills by the time that passed, not by
    // how long this machine took to send the burst.
    const clock = new ManualClock();
    const sim = await start({ clock });
    const vin = sim.vins[0] as string;
    const status = async () => (await call(sim, 'GET', `/${vin}/fleet_telemetry_config`)).status;
    const first = await call(sim, 'GET', `/${vin}/fleet_telemetry_config`);
    expect(first.headers.get('ratelimit-limit')).toBeNull();
    // A burst of 5 and 5 a second: with no time passing, the sixth request on is limited.
    sim.setRateLimit(5);
    const burst = [];
    for (let i = 0; i < 25; i++) burst.push(await status());
    expect(burst).toEqual([...Array<number>(5).fill(200), ...Array<number>(20).fill(429)]);
    // 250 ms at 5 a second refills one request and a quarter.
    await clock.advance(250);
    expect(await status()).toBe(200);
    expect(await status()).toBe(429);
    sim.setRateLimit(null);
    for (let i = 0; i < 30; i++) expect(await status()).toBe(200);
  });
});

describe('fault injection', () => {
  const telemetry = (sim: Simulator, vin = sim.vins[0] as string) =>
    call(sim, 'GET', `/${vin}/fleet_telemetry_config`);

  it.each([
    ['status500', 500],
    ['status401', 401],
    ['status403', 403],
    ['status404', 404],
    ['status408', 408],
    ['status429', 429],
  ] as [FaultKind, number][])('%s answers %i with a JSON error', async (fault, status) => {
    const sim = await start();
    sim.injectFault({ fault, times: 1 });
    const r = await telemetry(sim);
    expect(r.status).toBe(status);
    expect(r.json).toEqual({ error: expect.any(String) });
    if (fault === 'status429') expect(r.headers.get('retry-after')).toBe('1');
    expect((await telemetry(sim)).status).toBe(200);
  });

  it('html502 answers an HTML page', async () => {
    const sim = await start();
    sim.injectFault({ fault: 'html502' });
    const r = await telemetry(sim);
    expect(r.status).toBe(502);
    expect(r.headers.get('content-type')).toMatch(/^text\/html/);
    expect(r.text).toMatch(/^<!DOCTYPE html>/);
    expect(r.json).toBeUndefined();
  });

  it('refused answers a command with the given reason, verbatim', async () => {
    const sim = await start();
    sim.injectFault({ fault: 'refused', route: 'command', reason: 'Refused: a+b/c=', times: 1 });
    const vin = sim.vins[0] as string;
    const r = await call(sim, 'POST', `/${vin}/command/close_windows`);
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ result: false, reason: 'Refused: a+b/c=' });
    expect((await call(sim, 'POST', `/${vin}/command/close_windows`)).json).not.toEqual(r.json);
  });

  it('malformed_json answers 200 JSON that does not parse', async () => {
    const sim = await start();
    sim.injectFault({ fault: 'malformed_json' });
    const r = await telemetry(sim);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(() => JSON.parse(r.text)).toThrow();
  });

  it('wrong_shape answers valid JSON that no response schema accepts', async () => {
    const sim = await start();
    sim.injectFault({ fault: 'wrong_shape' });
    for (const path of ['fleet_telemetry_config', 'release_notes/', 'command/enable_valet']) {
      const r = await call(sim, path.startsWith('command') ? 'POST' : 'GET', `/${sim.vins[0]}/${path}`);
      expect(r.status).toBe(200);
      expect(r.json).toBeDefined();
      expect(telemetryConfigSchema.safeParse(r.json).success).toBe(false);
      expect(releaseNotesSchema.safeParse(r.json).success).toBe(false);
      expect(commandResultSchema.safeParse(r.json).success).toBe(false);
    }
  });

  it('oversized answers a body larger than 5 MiB', async () => {
    const sim = await start();
    sim.injectFault({ fault: 'oversized', times: 1 });
    const r = await telemetry(sim);
    expect(r.status).toBe(200);
    expect(Number(r.headers.get('content-length'))).toBeGreaterThan(5 * 1024 * 1024);
    expect(r.text.length).toBeGreaterThan(OVERSIZED_BYTES);
  });

  it('reset destroys the connection without an answer', async () => {
    const sim = await start();
    sim.injectFault({ fault: 'reset', times: 1 });
    await expect(telemetry(sim)).rejects.toThrow();
    expect((await telemetry(sim)).status).toBe(200);
  });

  it('hang never answers, so the client times out', async () => {
    const clock = new ManualClock();
    const sim = await start({ clock });
    sim.injectFault({ fault: 'hang', times: 1 });
    const t0 = clock.now();
    const client = new AbortController();
    const hung = call(sim, 'GET', `/${sim.vins[0]}/fleet_telemetry_config`, { signal: client.signal });
    let answered = false;
    void hung.then(
      () => (answered = true),
      () => {},
    );
    await waitFor(() => sim.requests.length === 1, 'the request to arrive');
    // A minute on the simulator's clock brings no answer; the client gives up.
    await clock.advance(60_000);
    expect(answered).toBe(false);
    client.abort();
    await expect(hung).rejects.toThrow(/timeout|aborted/i);
    expect(clock.now() - t0).toBeGreaterThanOrEqual(140);
    expect((await telemetry(sim)).status).toBe(200);
  });

  it('targets a route, a VIN or a command, for a number of times, and can be removed', async () => {
    const sim = await start();
    const [a, b] = sim.vins as [string, string];
    readyVin(sim);
    sim.injectFault({ fault: 'status500', route: 'release_notes' });
    sim.injectFault({ fault: 'status408', vin: b, times: 2 });
    const removeCmd = sim.injectFault({ fault: 'status403', route: 'command', command: 'enable_valet' });
    expect((await call(sim, 'GET', `/${a}/release_notes/`)).status).toBe(500);
    expect((await telemetry(sim, a)).status).toBe(200);
    expect((await telemetry(sim, b)).status).toBe(408);
    expect((await telemetry(sim, b)).status).toBe(408);
    expect((await telemetry(sim, b)).status).toBe(200);
    expect((await call(sim, 'POST', `/${a}/command/enable_valet`)).status).toBe(403);
    expect((await call(sim, 'POST', `/${a}/command/enable_low_power_mode`)).status).toBe(200);
    removeCmd();
    expect((await call(sim, 'POST', `/${a}/command/enable_valet`)).status).toBe(200);
    sim.clearFaults();
    expect((await call(sim, 'GET', `/${a}/release_notes/`)).status).toBe(200);
  });

  it('applies before auth (a faulty proxy answers first) and is recorded', async () => {
    const sim = await start();
    sim.injectFault({ fault: 'status500', route: '*' });
    expect((await telemetry(sim)).status).toBe(500);
    expect((await call(sim, 'GET', `/${sim.vins[0]}/fleet_telemetry_config`, { token: null })).status).toBe(
      500,
    );
    expect(sim.requests).toHaveLength(2);
  });

  it('rejects an unknown fault kind', async () => {
    const sim = await start();
    expect(FAULT_KINDS).toHaveLength(13);
    expect(() => sim.injectFault({ fault: 'bogus' as FaultKind })).toThrow(/unknown fault/);
  });
});

describe('stop()', () => {
  it('ends hung requests, pending wakes and keep-alive sockets, and frees the port', async () => {
    const sim = await startSimulator({ wakeDelayMs: 60_000, completionDelayMs: 5 });
    const vin = sim.vins[0] as string;
    sim.setVehicleState(vin, { sleepState: 'asleep' });
    await call(sim, 'GET', `/${vin}/fleet_telemetry_config`); // leaves a keep-alive socket open
    sim.injectFault({ fault: 'hang', route: 'fleet_telemetry_config' });
    // Settle into values now, so the rejections are never unhandled while stop() runs.
    const outcome = (p: Promise<unknown>) =>
      p.then(
        () => 'answered',
        (e: unknown) => e,
      );
    const before = sim.requests.length;
    const hung = outcome(call(sim, 'GET', `/${vin}/fleet_telemetry_config`));
    const waking = outcome(call(sim, 'POST', `/${vin}/command/enable_valet`));
    // Both are under way (the service has them) when it is told to stop.
    await waitFor(
      passes(() => expect(sim.requests.length).toBe(before + 2)),
      'the two requests to arrive',
      { intervalMs: 5 },
    );
    const t0 = performance.now();
    await sim.stop();
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(await hung).toBeInstanceOf(Error);
    expect(await waking).toBeInstanceOf(Error);
    await expect(fetch(`${sim.baseUrl}/${vin}/fleet_telemetry_config`)).rejects.toThrow();
    await sim.stop(); // idempotent
  });

  it('leaves nothing that holds a process open', async () => {
    const fixture = fileURLToPath(new URL('./fixtures/hang-then-stop.ts', import.meta.url));
    const child = spawn(process.execPath, [...TSX_NODE_ARGS, fixture], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        resolve(null);
      }, 10_000);
      child.on('exit', (c) => {
        clearTimeout(timer);
        resolve(c);
      });
    });
    expect(out).toMatch(/rejected: .*\nrejected: .*\nstopped/);
    expect(code).toBe(0);
  });
});
