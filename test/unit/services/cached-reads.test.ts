// The one read path every vehicle read takes, over a real offline cache in a temporary folder: each
// kind answers from a copy younger than its row of the freshness table, asks the service otherwise,
// stands a saved copy of any age in for a failed service (marked stale, badge told), and without a
// saved copy fails with the service's own error rather than pretending to have one.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VehicleApiClient } from '../../../electron/main/api';
import { createCachedReads } from '../../../electron/main/services/cached-reads';
import { drawMap } from '../../../electron/main/simulator/history/map-image';
import { cachedValueOf } from '../../../electron/main/storage/cache/cached-values';
import { createVehicleStatusBook } from '../../../electron/main/services/vehicle-status';
import {
  entryFileName,
  READ_KINDS,
  releaseNotesVariant,
  type ReadKind,
  type ReadValues,
} from '../../../electron/main/storage/cache/cache-keys';
import { encodeEntry } from '../../../electron/main/storage/cache/entry-codec';
import { createOfflineCache, type OfflineCache } from '../../../electron/main/storage/cache/offline-cache';
import { AppError } from '../../../electron/shared/result';
import { releaseNotes, telemetry, VIN } from '../storage/cache/fixtures';
import { manualClock, useTempFolder } from '../storage/temp-folder';

/** A small map as the client hands it on. */
function pngOf(style: 'light' | 'dark') {
  const png = drawMap({ width: 4, height: 3, zoom: 13, markerSize: 4, style }, [37.44, -122.14]);
  return { contentType: 'image/png' as const, data: png.toString('base64') };
}

/** Two distinct valid answers per kind: the first is cached, the second comes from the "service". */
const ANSWERS: { [Kind in ReadKind]: [ReadValues[Kind], ReadValues[Kind]] } = {
  telemetry: [telemetry(443), telemetry(8443)],
  'release-notes': [releaseNotes('First'), releaseNotes('Second')],
  state: [{ state: 'online' }, { state: 'asleep' }],
  status: [{ status: 'awake' }, { status: 'asleep' }],
  plate: [{ result: 'AB 123' }, { result: 'CD 456' }],
  drives: [{ results: [] }, { results: [{ id: 1, started_at: 1_700_000_000, ended_at: 1_700_000_600 }] }],
  'firmware-alerts': [{ results: [] }, { results: [{ timestamp: 1_700_000_000, name: 'VCFRONT_a361' }] }],
  'tire-pressure': [{ front_left: 2.9 }, { front_left: 2.1 }],
  'battery-health': [
    { result: { max_range: 310, max_ideal_range: 260.4, capacity: 74.1 } },
    {
      results: [
        {
          timestamp: 1_700_006_400,
          odometer: 31_000,
          max_range: 309,
          max_ideal_range: 259.6,
          capacity: 73.9,
        },
      ],
    },
  ],
  battery: [
    { timestamp: 1_700_000_000, battery_level: 80, ideal_battery_range: null },
    { timestamp: 1_700_000_600, battery_level: 79, ideal_battery_range: 240 },
  ],
  charges: [
    { results: [] },
    { results: [{ id: 7, started_at: 1_700_000_000, ended_at: 1_700_003_600, is_supercharger: true }] },
  ],
  states: [
    { results: [{ timestamp: 1_700_000_000, locked: true, ideal_battery_range: null }] },
    { results: { timestamps: [1_700_000_000], charger_phasess: [3] } },
  ],
  idles: [{ results: [] }, { results: [{ id: 8, started_at: 1_700_000_000, ended_at: 1_700_003_600 }] }],
  'last-idle-state': [
    { result: { timestamp: 1_700_000_000, battery_level: 68, ideal_battery_range: null } },
    { result: { timestamp: 1_700_086_400, battery_level: 61, ideal_battery_range: null } },
  ],
  consumption: [
    { last_charge_at: 1_700_000_000, distance_driven: 10.4, energy_used: 7.56 },
    { last_charge_at: 1_700_086_400, distance_driven: 0, energy_used: 0.4 },
  ],
  location: [
    { latitude: 37.4419, longitude: -122.143, address: 'Home', saved_location: 'Home' },
    { latitude: 37.4275, longitude: -121.9066, address: 'Service Center', saved_location: null },
  ],
  path: [{ results: ['37.4419,-122.143'] }, { results: [[{ timestamp: 1_700_000_000, latitude: 37.4 }]] }],
  map: [pngOf('light'), pngOf('dark')],
  weather: [
    { location: 'Palo Alto', condition: 'Clear', temperature: 21 },
    { location: 'Palo Alto', condition: 'Rain', temperature: 14 },
  ],
  'fleet-battery-health': [
    { results: [{ vin: VIN, health_percent: 99.5, degradation_percent: 0.5 }] },
    { results: [{ vin: VIN, health_percent: 97.1, degradation_percent: 2.9 }] },
  ],
  'fleet-status': [
    { response: { key_paired_vins: [VIN], unpaired_vins: [], vehicle_info: {} } },
    { response: { key_paired_vins: [], unpaired_vins: [VIN], vehicle_info: {} } },
  ],
};

/** The notes' key names their version and language; the other kinds need no variant here. */
const variantOf = (kind: ReadKind) => (kind === 'release-notes' ? releaseNotesVariant('current', 'en') : '');

// The path never touches the client; the context only carries it to the live read.
const ctx = { profileId: 'p1', client: {} as VehicleApiClient };

describe('the cached-read path', () => {
  const dir = useTempFolder();
  const caches: OfflineCache[] = [];

  // Ages come from the manual clock; the cache index's own write-behind timer is faked too, so a
  // slow machine cannot have it write into the folder mid-test or while the folder is removed.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(async () => {
    await Promise.all(caches.splice(0).map((cache) => cache.close()));
    vi.useRealTimers();
  });

  function setup() {
    const clock = manualClock();
    const cache = createOfflineCache({ dataDir: dir.path, now: clock.now });
    caches.push(cache);
    const status = createVehicleStatusBook();
    const problems: string[] = [];
    const reads = createCachedReads({
      cache,
      status,
      now: clock.now,
      onProblem: (message) => problems.push(message),
    });
    return { clock, cache, status, reads, problems };
  }

  it.each(READ_KINDS)('%s: fresh for its row of the table, then asked again', async (kind) => {
    const { clock, reads } = setup();
    const [first, second] = ANSWERS[kind];
    let asked = 0;
    const live = (value: unknown) => async () => {
      asked++;
      return value as never;
    };
    expect(
      await reads.read(ctx, VIN, kind, live(first), { refresh: false, variant: variantOf(kind) }),
    ).toMatchObject({
      value: first,
      source: 'live',
    });
    await reads.drain();
    clock.advance(cachedValueOf(kind).freshForMs - 1);
    expect(
      await reads.read(ctx, VIN, kind, live(second), { refresh: false, variant: variantOf(kind) }),
    ).toMatchObject({
      value: first,
      source: 'cache',
    });
    expect(asked).toBe(1);
    clock.advance(1);
    expect(
      await reads.read(ctx, VIN, kind, live(second), { refresh: false, variant: variantOf(kind) }),
    ).toMatchObject({
      value: second,
      source: 'live',
    });
    expect(asked).toBe(2);
  });

  it.each(READ_KINDS)('%s: a saved copy of any age stands in for a failed service', async (kind) => {
    const { clock, reads, status } = setup();
    const [first] = ANSWERS[kind];
    await reads.read(ctx, VIN, kind, async () => first, { refresh: false, variant: variantOf(kind) });
    await reads.drain();
    clock.advance(30 * 24 * 3600_000);
    const offline = async (): Promise<never> => {
      throw new AppError('network', 'The service cannot be reached.');
    };
    const answer = await reads.read(ctx, VIN, kind, offline, { refresh: true, variant: variantOf(kind) });
    expect(answer).toMatchObject({ value: first, source: 'cache', stale: { kind: 'network' } });
    expect(status.get('p1', VIN)).toMatchObject({ lastSource: 'cache' });
  });

  it('without a saved copy, fails with what the service said', async () => {
    const { reads, status } = setup();
    const offline = async (): Promise<never> => {
      throw new AppError('network', 'The service cannot be reached.');
    };
    await expect(reads.read(ctx, VIN, 'plate', offline, { refresh: false })).rejects.toMatchObject({
      kind: 'network',
    });
    expect(status.get('p1', VIN)).toMatchObject({ lastSource: null });
  });

  it('keeps variants apart and drops answers `keep` refuses', async () => {
    const { reads } = setup();
    const offline = async (): Promise<never> => {
      throw new AppError('timeout', 'No answer in time.');
    };
    await reads.read(ctx, VIN, 'drives', async () => ANSWERS.drives[1], { refresh: false, variant: 'a' });
    await reads.read(ctx, VIN, 'state', async () => ({ state: 'asleep' }) as const, {
      refresh: false,
      keep: () => false,
    });
    await reads.drain();
    expect(await reads.read(ctx, VIN, 'drives', offline, { refresh: true, variant: 'a' })).toMatchObject({
      value: ANSWERS.drives[1],
    });
    await expect(reads.read(ctx, VIN, 'drives', offline, { refresh: true, variant: 'b' })).rejects.toThrow(
      AppError,
    );
    await expect(reads.read(ctx, VIN, 'state', offline, { refresh: true })).rejects.toThrow(AppError);
  });

  it('answers offline from a telemetry copy saved under the key text used before (no variant)', async () => {
    const { reads } = setup();
    const key = { kind: 'telemetry', profileId: 'p1', vin: VIN } as const;
    const oldText = `telemetry|p1|${VIN}`;
    const fetchedAt = new Date('2025-01-01T00:00:00.000Z');
    const entries = join(dir.path, 'cache', 'entries');
    await mkdir(entries, { recursive: true });
    const saved = encodeEntry(key, telemetry(7443), fetchedAt).replace(`"${oldText}|"`, `"${oldText}"`);
    await writeFile(join(entries, entryFileName(key, oldText)), saved);
    const offline = async (): Promise<never> => {
      throw new AppError('network', 'The service cannot be reached.');
    };
    expect(await reads.read(ctx, VIN, 'telemetry', offline, { refresh: false })).toMatchObject({
      value: telemetry(7443),
      source: 'cache',
      fetchedAt: fetchedAt.toISOString(),
      stale: { kind: 'network' },
    });
  });

  it('the saved copy is the one a write under way carries, given without waiting for the write', async () => {
    const clock = manualClock();
    const real = createOfflineCache({ dataDir: dir.path, now: clock.now });
    caches.push(real);
    // A cache whose writes land only when the test lets them.
    let land = () => {};
    const cache: OfflineCache = {
      ...real,
      put: (...args) => new Promise<void>((resolve) => (land = resolve)).then(() => real.put(...args)),
    };
    const reads = createCachedReads({ cache, status: createVehicleStatusBook(), now: clock.now });
    const key = { kind: 'state', profileId: 'p1', vin: VIN, variant: '' } as const;
    await reads.read(ctx, VIN, 'state', async () => ANSWERS.state[1], { refresh: true });
    const saved = await reads.saved(key);
    expect(saved).toEqual({ value: ANSWERS.state[1], fetchedAt: clock.now().toISOString() });
    // A copy of its own: changing it changes nothing kept.
    (saved!.value as { state: string }).state = 'changed';
    expect(await reads.saved(key)).toMatchObject({ value: ANSWERS.state[1] });
    // Landed, the file answers the same.
    land();
    await reads.drain();
    expect(await reads.saved(key)).toEqual({ value: ANSWERS.state[1], fetchedAt: clock.now().toISOString() });
  });
});
