// The pacer on its own: what it reads from the service's headers, and that it holds requests back
// once the announced allowance is used up, lets writes go first, and pauses for Retry-After.
import { describe, expect, it } from 'vitest';
import { announcedLimit, RatePacer } from '../../electron/main/api/rate-pacer';
import { passes, waitFor } from '../support/wait-for';

const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(() => (done = true));
  for (let i = 0; i < 5; i++) await Promise.resolve();
  return done;
};

describe('announcedLimit', () => {
  it('reads the draft headers, the combined header and the X- form', () => {
    expect(
      announcedLimit({
        'ratelimit-limit': '20',
        'ratelimit-remaining': '7',
        'ratelimit-reset': '1',
        'ratelimit-policy': '20;w=1',
      }),
    ).toEqual({ limit: 20, remaining: 7, resetSeconds: 1, windowSeconds: 1 });
    expect(announcedLimit({ ratelimit: 'limit=100, remaining=50, reset=30' })).toMatchObject({
      limit: 100,
      remaining: 50,
      resetSeconds: 30,
    });
    expect(announcedLimit({ 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '0' })).toMatchObject({
      limit: 60,
      remaining: 0,
    });
    // A reset given as a Unix time says nothing about the rate.
    expect(
      announcedLimit({ 'ratelimit-limit': '5', 'ratelimit-reset': '1795431651' }).resetSeconds,
    ).toBeUndefined();
    expect(announcedLimit({})).toEqual({ limit: undefined, remaining: undefined, resetSeconds: undefined });
  });
});

describe('RatePacer', () => {
  it('lets everything through while the service announces no limit', async () => {
    const pacer = new RatePacer();
    for (let i = 0; i < 50; i++) expect(await settled(pacer.acquire())).toBe(true);
    pacer.observe(200, {});
    expect(pacer.stats).toMatchObject({ ratePerSecond: null, capacity: null });
  });

  it('holds requests once the announced allowance is used, and writes go first', async () => {
    let clock = 1_000_000;
    const pacer = new RatePacer({ now: () => clock, headroom: 1 });
    expect(await settled(pacer.acquire())).toBe(true);
    pacer.observe(200, { 'ratelimit-limit': '2', 'ratelimit-remaining': '1', 'ratelimit-policy': '2;w=1' });
    expect(pacer.stats).toMatchObject({ ratePerSecond: 2, capacity: 2 });
    expect(await settled(pacer.acquire())).toBe(true); // the one remaining
    const read = pacer.acquire('read');
    const write = pacer.acquire('write');
    expect(await settled(read)).toBe(false);
    expect(await settled(write)).toBe(false);
    expect(pacer.stats.waiting).toBe(2);
    clock += 500; // one more allowed after half a second at 2 a second
    await write;
    expect(await settled(read)).toBe(false);
    clock += 500;
    await read;
  });

  it('tells whoever listens how long it holds requests back, with no 429, and when none wait', async () => {
    let clock = 2_000_000;
    const pacer = new RatePacer({ now: () => clock, headroom: 1 });
    const told: (number | null)[] = [];
    const stop = pacer.onHold((waitMs) => told.push(waitMs));
    // The limit was learned long before (as a start-up read would): the allowance is used up.
    pacer.observe(200, { 'ratelimit-limit': '2', 'ratelimit-remaining': '0', 'ratelimit-policy': '2;w=1' });
    expect(told).toEqual([]);
    const first = pacer.acquire();
    const second = pacer.acquire();
    expect(await settled(first)).toBe(false);
    // One waiting at 2 a second goes in half a second; with a second one, the last in a second.
    expect(told).toEqual([500, 1000]);
    clock += 1_000;
    await first;
    await second;
    await waitFor(
      passes(() => expect(told.at(-1)).toBeNull()),
      'the pacer to say the wait is over',
    );
    expect(pacer.stats.rateLimited).toBe(0);
    // Requests that go at once are no wait: nothing is told.
    stop();
    clock += 1_000;
    const count = told.length;
    pacer.onHold((waitMs) => told.push(waitMs));
    expect(await settled(pacer.acquire())).toBe(true);
    expect(told).toHaveLength(count);
  });

  it('pauses every request for Retry-After after a 429', async () => {
    let clock = 5_000_000;
    const pacer = new RatePacer({ now: () => clock });
    pacer.observe(429, { 'retry-after': '2' });
    expect(pacer.stats.rateLimited).toBe(1);
    const next = pacer.acquire('write');
    expect(await settled(next)).toBe(false);
    clock += 2_000;
    await next;
  });

  it('fails waiting requests when the client closes', async () => {
    const pacer = new RatePacer();
    pacer.observe(429, { 'retry-after': '1' });
    const waiting = pacer.acquire();
    pacer.rejectWaiting(new Error('closed'));
    await expect(waiting).rejects.toThrow('closed');
  });
});
