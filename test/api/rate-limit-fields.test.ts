// The pacer reads every form of rate-limit header a service may send: the older drafts'
// RateLimit-Limit/-Remaining/-Reset (+ `RateLimit-Policy: q;w=s`), the current draft's structured
// `RateLimit` and `RateLimit-Policy` fields, and ignores malformed fields without throwing. End to
// end: the simulator sends the structured form over HTTP and the client paces by it.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { parsePolicies, structuredLimit } from '../../electron/main/api/rate-limit-fields';
import { announcedLimit, RatePacer } from '../../electron/main/api/rate-pacer';
import { parseCliArgs } from '../../electron/main/simulator/cli-args';
import { startSimulator, type Simulator } from '../../electron/main/simulator';
import { awakeVin, clientFor, closeClients } from './support';

describe('the older drafts’ fields', () => {
  it('reads RateLimit-Limit/-Remaining/-Reset and an integer RateLimit-Policy', () => {
    expect(
      announcedLimit({
        'ratelimit-limit': '20',
        'ratelimit-remaining': '7',
        'ratelimit-reset': '1',
        'ratelimit-policy': '20;w=1',
      }),
    ).toEqual({ limit: 20, remaining: 7, resetSeconds: 1, windowSeconds: 1 });
    expect(
      announcedLimit({ 'ratelimit-limit': '60', 'ratelimit-policy': '60;w=60;comment="sliding"' }),
    ).toMatchObject({ limit: 60, windowSeconds: 60 });
  });
});

describe('the current draft’s structured fields', () => {
  it('reads RateLimit ("policy";r=;t=) with its RateLimit-Policy ("policy";q=;w=)', () => {
    expect(
      announcedLimit({ ratelimit: '"default";r=50;t=30', 'ratelimit-policy': '"default";q=100;w=60' }),
    ).toEqual({ limit: 100, remaining: 50, resetSeconds: 30, windowSeconds: 60 });
  });

  it('takes the policy with the fewest requests left, matched by name (token or string)', () => {
    expect(
      announcedLimit({
        ratelimit: '"burst";r=40;t=1, daily;r=3;t=3600',
        'ratelimit-policy': '"burst";q=50;w=1, "daily";q=1000;w=86400',
      }),
    ).toEqual({ limit: 1000, remaining: 3, resetSeconds: 3600, windowSeconds: 86400 });
  });

  it('reads a RateLimit-Policy on its own (the slowest policy) and a field sent on several lines', () => {
    expect(announcedLimit({ 'ratelimit-policy': '"fast";q=100;w=1, "slow";q=10;w=10' })).toMatchObject({
      limit: 100,
      windowSeconds: 1,
    });
    expect(structuredLimit({ 'ratelimit-policy': '"fast";q=100;w=1, "slow";q=10;w=10' })).toEqual({
      limit: 10,
      windowSeconds: 10,
    });
    expect(
      announcedLimit({
        ratelimit: ['"a";r=9;t=2', '"b";r=4;t=5'],
        'ratelimit-policy': ['"a";q=10;w=2', '"b";q=5;w=5'],
      }),
    ).toEqual({ limit: 5, remaining: 4, resetSeconds: 5, windowSeconds: 5 });
  });

  it('a pacer fed the structured fields paces at q per w', () => {
    const pacer = new RatePacer({ now: () => 1_000_000, headroom: 1 });
    pacer.observe(200, { ratelimit: '"default";r=3;t=1', 'ratelimit-policy': '"default";q=10;w=2' });
    expect(pacer.stats).toMatchObject({ ratePerSecond: 5, capacity: 10 });
  });
});

describe('malformed fields', () => {
  it.each([
    ['not a list at all', { ratelimit: '"default";r=', 'ratelimit-policy': ';;;' }],
    ['an unterminated string', { ratelimit: '"default;r=5;t=1', 'ratelimit-policy': '"default;q=5' }],
    ['negative and fractional numbers', { ratelimit: '"d";r=-1;t=1.5', 'ratelimit-policy': '"d";q=-5;w=0' }],
    ['parameters of the wrong type', { ratelimit: '"d";r="ten";t=?1', 'ratelimit-policy': '"d";q=?0;w="x"' }],
    ['inner lists', { ratelimit: '("a" "b");r=1', 'ratelimit-policy': '(1 2);w=1' }],
    ['non-ASCII bytes', { ratelimit: '"défaut";r=5', 'ratelimit-policy': 'ü;q=5' }],
  ])('%s: ignored, no crash', (_label, headers) => {
    expect(structuredLimit(headers)).toBeNull();
    expect(announcedLimit(headers)).toEqual({
      limit: undefined,
      remaining: undefined,
      resetSeconds: undefined,
    });
    const pacer = new RatePacer();
    expect(() => pacer.observe(200, headers)).not.toThrow();
    expect(pacer.stats).toMatchObject({ ratePerSecond: null, capacity: null });
  });

  it('keeps the older combined `RateLimit: limit=…, remaining=…` form (not a structured list)', () => {
    expect(structuredLimit({ ratelimit: 'limit=100, remaining=50, reset=30' })).toBeNull();
    expect(announcedLimit({ ratelimit: 'limit=100, remaining=50, reset=30' })).toMatchObject({
      limit: 100,
      remaining: 50,
      resetSeconds: 30,
    });
  });

  it('parsePolicies skips members without a usable quota', () => {
    expect(parsePolicies('"a";w=1, "b";q=0;w=1, 7;w=2, "c";q=3')).toEqual([
      { name: null, quota: 7, windowSeconds: 2 },
      { name: 'c', quota: 3 },
    ]);
  });
});

describe('the simulator’s structured form, end to end over HTTP', () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator({
      wakeDelayMs: 10,
      completionDelayMs: 2,
      flakiness: false,
      rateLimitPerSecond: 5,
      rateLimitHeaders: 'structured',
    });
  });
  afterAll(async () => {
    await sim.stop();
  });
  afterEach(closeClients);

  it('the CLI flag selects the form', () => {
    expect(parseCliArgs(['--rate-limit-headers', 'structured'])).toMatchObject({
      kind: 'run',
      options: { rateLimitHeaders: 'structured' },
    });
    expect(parseCliArgs(['--rate-limit-headers=draft'])).toMatchObject({
      options: { rateLimitHeaders: 'draft' },
    });
    expect(parseCliArgs(['--rate-limit-headers', 'rfc'])).toEqual({
      kind: 'error',
      message: '--rate-limit-headers must be draft or structured',
    });
  });

  it('sends RateLimit and RateLimit-Policy as structured fields, and no older-draft headers', async () => {
    const vin = awakeVin(sim);
    const res = await fetch(`${sim.baseUrl}/${vin}/status`, {
      headers: { authorization: `Bearer ${sim.token}` },
    });
    await res.arrayBuffer();
    expect(res.headers.get('ratelimit')).toMatch(/^"default";r=\d+;t=\d+$/);
    expect(res.headers.get('ratelimit-policy')).toBe('"default";q=5;w=1');
    expect(res.headers.get('ratelimit-limit')).toBeNull();
    expect(res.headers.get('ratelimit-remaining')).toBeNull();
  });

  it('the client paces by them instead of running into the limiter', async () => {
    const vin = awakeVin(sim);
    const waits: number[] = [];
    const { client } = clientFor(sim, {
      sleep: (ms) => {
        waits.push(ms);
        return new Promise((r) => setTimeout(r, ms));
      },
      retry: { maxRetries: 2 },
      maxConcurrent: 4,
      timeouts: { readMs: 15_000 },
    });
    const results = await Promise.allSettled(Array.from({ length: 24 }, () => client.telemetryConfig(vin)));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    // Learned from the structured fields only (the simulator sent no other form).
    expect(client.pacing).toMatchObject({ ratePerSecond: 5, capacity: 5 });
    // Paced, not refused: at most the one 429 of the first burst sent before anything was known.
    expect(client.pacing.rateLimited).toBeLessThanOrEqual(1);
    expect(waits.length).toBe(client.pacing.rateLimited);
  });
});
