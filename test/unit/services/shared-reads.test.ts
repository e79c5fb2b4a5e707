// One read serves the shop, on the read path every vehicle read takes (a real offline cache in a
// temporary folder, the shop's answers behind the port): a colleague's answer of a shared read
// answers while it is as fresh as a cached copy must be, with its own time and reader; a stale one,
// one of the future, a forced refresh and a read that is not shared ask the service; the app's own
// refreshes take it; a malformed one is refused; and what this app read live is shared, once.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VehicleApiClient } from '../../../electron/main/api';
import { createCachedReads, type SharedAnswersPort } from '../../../electron/main/services/cached-reads';
import { createVehicleStatusBook } from '../../../electron/main/services/vehicle-status';
import { cachedValueOf } from '../../../electron/main/storage/cache/cached-values';
import type { ReadKind } from '../../../electron/main/storage/cache/cache-keys';
import { createOfflineCache, type OfflineCache } from '../../../electron/main/storage/cache/offline-cache';
import { VIN } from '../storage/cache/fixtures';
import { manualClock, useTempFolder } from '../storage/temp-folder';

const ctx = { profileId: 'p1', client: {} as VehicleApiClient };
const ANA = { technician: 'Ana', role: 'garage_ana' };

describe("a colleague's shared answer", () => {
  const dir = useTempFolder();
  const caches: OfflineCache[] = [];
  const drains: (() => Promise<void>)[] = [];

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(async () => {
    // The cache is written behind the answers: done before its folder goes.
    await Promise.all(drains.splice(0).map((drain) => drain()));
    await Promise.all(caches.splice(0).map((cache) => cache.close()));
    vi.useRealTimers();
  });

  function setup() {
    const clock = manualClock();
    const cache = createOfflineCache({ dataDir: dir.path, now: clock.now });
    caches.push(cache);
    const kept = new Map<string, { answer: unknown; fetchedAt: string; technician: string; role: string }>();
    const shares: { kind: ReadKind; answer: unknown; fetchedAt: string }[] = [];
    const asked: ReadKind[] = [];
    const shared: SharedAnswersPort = {
      latest: async (_profileId, _vin, kind) => {
        asked.push(kind);
        return kept.get(kind) ?? null;
      },
      share: (_profileId, _vin, kind, answer, fetchedAt) => void shares.push({ kind, answer, fetchedAt }),
    };
    const problems: string[] = [];
    const reads = createCachedReads({
      cache,
      status: createVehicleStatusBook(),
      now: clock.now,
      onProblem: (message) => problems.push(message),
      shared,
    });
    drains.push(() => reads.drain());
    let serviceCalls = 0;
    const service = (value: unknown) => async () => {
      serviceCalls++;
      return value as never;
    };
    /** Ana's app read it `ageMs` before now. */
    const anaRead = (kind: ReadKind, answer: unknown, ageMs: number) =>
      kept.set(kind, { answer, fetchedAt: new Date(clock.now().getTime() - ageMs).toISOString(), ...ANA });
    return { clock, reads, kept, shares, asked, problems, service, anaRead, calls: () => serviceCalls };
  }

  it('answers within its freshness, with its own time and who read it, without asking the service', async () => {
    const { reads, service, anaRead, calls, clock, shares } = setup();
    anaRead('state', { state: 'online', charge_state: { battery_level: 64 } }, 4_000);
    const answer = await reads.read(ctx, VIN, 'state', service({ state: 'asleep' }), { refresh: false });
    expect(answer).toEqual({
      value: { state: 'online', charge_state: { battery_level: 64 } },
      source: 'cache',
      fetchedAt: new Date(clock.now().getTime() - 4_000).toISOString(),
      readBy: ANA,
    });
    expect(calls()).toBe(0);
    // Not this app's read: it is not shared back.
    expect(shares).toEqual([]);
  });

  it('is not used once it is as old as its freshness, nor when dated ahead of this clock', async () => {
    const { reads, service, anaRead, calls, shares, clock } = setup();
    anaRead('firmware-alerts', { results: [] }, cachedValueOf('firmware-alerts').freshForMs);
    const stale = await reads.read(ctx, VIN, 'firmware-alerts', service({ results: [] }), { refresh: false });
    expect(stale).toMatchObject({ source: 'live' });
    expect(stale.readBy).toBeUndefined();
    expect(calls()).toBe(1);
    // The service's answer goes to the shop, with when this app had it.
    expect(shares).toEqual([
      { kind: 'firmware-alerts', answer: { results: [] }, fetchedAt: clock.now().toISOString() },
    ]);
    anaRead('status', { status: 'asleep' }, -5_000);
    expect(
      await reads.read(ctx, VIN, 'status', service({ status: 'awake' }), { refresh: false }),
    ).toMatchObject({
      value: { status: 'awake' },
      source: 'live',
    });
    expect(calls()).toBe(2);
  });

  it("a technician's Refresh asks the service; the app's own refresh takes the colleague's answer", async () => {
    const { reads, service, anaRead, calls, asked } = setup();
    anaRead('tire-pressure', { front_left: 2.9 }, 1_000);
    const forced = await reads.read(ctx, VIN, 'tire-pressure', service({ front_left: 2.1 }), {
      refresh: true,
    });
    expect(forced).toMatchObject({ value: { front_left: 2.1 }, source: 'live' });
    expect(calls()).toBe(1);
    expect(asked).toEqual([]);
    anaRead('tire-pressure', { front_left: 2.9 }, 1_000);
    const byApp = await reads.read(ctx, VIN, 'tire-pressure', service({ front_left: 2.1 }), {
      refresh: true,
      colleagues: true,
    });
    expect(byApp).toMatchObject({ value: { front_left: 2.9 }, source: 'cache', readBy: ANA });
    expect(calls()).toBe(1);
  });

  it("this app's own fresh copy comes first; the shop is asked only past it", async () => {
    const { reads, service, anaRead, calls, asked, clock } = setup();
    await reads.read(
      ctx,
      VIN,
      'battery',
      service({ timestamp: 1, battery_level: 80, ideal_battery_range: null }),
      {
        refresh: false,
      },
    );
    await reads.drain();
    asked.length = 0;
    anaRead('battery', { timestamp: 2, battery_level: 79, ideal_battery_range: null }, 0);
    expect(await reads.read(ctx, VIN, 'battery', service({}), { refresh: false })).toMatchObject({
      value: { battery_level: 80 },
      source: 'cache',
    });
    expect(asked).toEqual([]);
    clock.advance(cachedValueOf('battery').freshForMs);
    anaRead('battery', { timestamp: 3, battery_level: 78, ideal_battery_range: null }, 2_000);
    expect(await reads.read(ctx, VIN, 'battery', service({}), { refresh: false })).toMatchObject({
      value: { battery_level: 78 },
      readBy: ANA,
    });
    expect(calls()).toBe(1);
  });

  it('is never asked for a read the shop does not share, nor a variant of one', async () => {
    const { reads, service, asked, shares } = setup();
    await reads.read(ctx, VIN, 'plate', service({ result: 'AB 123' }), { refresh: false });
    await reads.read(ctx, VIN, 'firmware-alerts', service({ results: [] }), { refresh: false, variant: 'x' });
    expect(asked).toEqual([]);
    expect(shares).toEqual([]);
  });

  it('refuses an answer that is not what the read answers, and asks the service', async () => {
    const { reads, service, anaRead, calls, problems } = setup();
    anaRead('status', { status: 42 }, 1_000);
    expect(
      await reads.read(ctx, VIN, 'status', service({ status: 'awake' }), { refresh: false }),
    ).toMatchObject({
      value: { status: 'awake' },
      source: 'live',
    });
    expect(calls()).toBe(1);
    expect(problems).toContain('A shared answer is not what its read answers');
  });

  it('shares only what `keep` keeps (a live read of a sleeping car holds no state)', async () => {
    const { reads, service, shares } = setup();
    await reads.read(ctx, VIN, 'state', service({ state: 'asleep' }), { refresh: true, keep: () => false });
    expect(shares).toEqual([]);
  });

  it('shares an unchanged answer again only once half its freshness has passed, a changed one at once', async () => {
    const { reads, service, shares, clock } = setup();
    const freshFor = cachedValueOf('status').freshForMs;
    const read = (answer: unknown) => reads.read(ctx, VIN, 'status', service(answer), { refresh: true });
    await read({ state: 'online' });
    clock.advance(freshFor / 2 - 1_000);
    // The same answer: colleagues still find the copy shared first fresh.
    await read({ state: 'online' });
    expect(shares.map((s) => s.answer)).toEqual([{ state: 'online' }]);
    // Another answer goes at once.
    await read({ state: 'asleep' });
    expect(shares.map((s) => s.answer)).toEqual([{ state: 'online' }, { state: 'asleep' }]);
    // The same answer again, once half its freshness has passed since it was shared.
    clock.advance(freshFor / 2);
    await read({ state: 'asleep' });
    expect(shares.map((s) => s.answer)).toEqual([
      { state: 'online' },
      { state: 'asleep' },
      { state: 'asleep' },
    ]);
  });
});
