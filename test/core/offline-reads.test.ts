// Reads and the offline cache through the real IPC handlers and the real cache on disk: release
// notes edge cases, pictures served offline, a damaged entry, and the size bound with LRU eviction.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CorruptReport } from '../../electron/main/storage/atomic-file';
import { entryFileName } from '../../electron/main/storage/cache/cache-keys';
import { encodeEntry } from '../../electron/main/storage/cache/entry-codec';
import type { TelemetryConfig } from '../../electron/shared/wire';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';

// Backoff waits are skipped: how a read ends is what matters here, not how long it waited.
const client = { sleep: async () => {} };
const entriesOf = (harness: CoreHarness) => path.join(harness.dataDir, 'cache', 'entries');
const telemetryFile = (harness: CoreHarness, vin: string) =>
  path.join(entriesOf(harness), entryFileName({ kind: 'telemetry', profileId: 'demo', vin }));

let h: CoreHarness;
const problems: { message: string; detail: unknown }[] = [];

beforeAll(async () => {
  h = await startCoreHarness({
    client,
    onProblem: (message, detail) => problems.push({ message, detail }),
  });
  for (const vin of h.simulator.vins) h.simulator.setVehicleState(vin, { sleepState: 'awake' });
});
afterAll(() => h.close());

describe('release notes', () => {
  it('staged with nothing staged: no notes, and that answer never stands in for the current notes', async () => {
    const vin = h.simulator.vins[0]!;
    h.simulator.setVehicleState(vin, { stagedVersion: null });
    h.simulator.clearRequests();
    const staged = await h.garage.vehicles.releaseNotes(vin, { staged: true });
    expect(staged).toMatchObject({
      ok: true,
      source: 'live',
      value: { staged_version: null, release_notes: [], images: {} },
    });
    expect(h.simulator.requests).toMatchObject([
      { path: `/${vin}/release_notes/`, query: { language: 'en', staged: 'true' } },
    ]);
    const current = await h.garage.vehicles.releaseNotes(vin);
    expect(current).toMatchObject({ ok: true, source: 'live' });
    expect(current.ok && current.value.release_notes.length).toBeGreaterThan(0);
    expect(current.ok && current.value.deployed_version).toBe(h.simulator.vehicleState(vin).deployedVersion);
  });

  it('an unknown version is not_found, asked once, and no cached notes stand in for it', async () => {
    const vin = h.simulator.vins[1]!;
    expect(await h.garage.vehicles.releaseNotes(vin)).toMatchObject({ ok: true, source: 'live' });
    h.simulator.clearRequests();
    const unknown = await h.garage.vehicles.releaseNotes(vin, { version: '2001.1.1' });
    expect(unknown).toMatchObject({ ok: false, error: { kind: 'not_found', status: 404 } });
    expect(h.simulator.requests.filter((r) => r.route === 'release_notes')).toHaveLength(1);
    // The same for a 404 on the current notes, which are cached: the error is not hidden.
    h.simulator.injectFault({ fault: 'status404', route: 'release_notes', vin, times: 1 });
    expect(await h.garage.vehicles.releaseNotes(vin, { refresh: true })).toMatchObject({
      ok: false,
      error: { kind: 'not_found' },
    });
  });
});

describe('a damaged cache entry, through the read path', () => {
  it('is set aside and reported; an offline read then has no copy instead of failing oddly', async () => {
    const vin = h.simulator.vins[2]!;
    expect(await h.garage.vehicles.telemetryConfig(vin)).toMatchObject({ ok: true, source: 'live' });
    // Within a minute a read is answered from the cache, after its write has finished.
    expect(await h.garage.vehicles.telemetryConfig(vin)).toMatchObject({ ok: true, source: 'cache' });
    const file = telemetryFile(h, vin);
    const stored = await readFile(file, 'utf8');
    await writeFile(file, stored.slice(0, stored.length / 2));

    problems.length = 0;
    h.simulator.injectFault({ fault: 'status500', route: 'fleet_telemetry_config', vin });
    const offline = await h.garage.vehicles.telemetryConfig(vin, { refresh: true });
    expect(offline).toMatchObject({ ok: false, error: { kind: 'server_error', status: 500 } });
    const reports = problems.map((p) => p.detail as CorruptReport).filter((r) => r.path === file);
    expect(reports).toHaveLength(1);
    expect(reports[0]!.setAsidePath).toMatch(/\.corrupt-\d{8}T\d{9}Z$/);
    expect(await readFile(reports[0]!.setAsidePath!, 'utf8')).toBe(stored.slice(0, stored.length / 2));

    // The next live read writes a good copy, which then answers offline again.
    h.simulator.clearFaults();
    expect(await h.garage.vehicles.telemetryConfig(vin, { refresh: true })).toMatchObject({
      ok: true,
      source: 'live',
    });
    h.simulator.injectFault({ fault: 'status500', route: 'fleet_telemetry_config', vin });
    const again = await h.garage.vehicles.telemetryConfig(vin, { refresh: true });
    expect(again).toMatchObject({ ok: true, source: 'cache', stale: { kind: 'server_error' } });
    expect(again.ok && again.value.config.hostname).toBe(
      h.simulator.vehicleState(vin).telemetry.config.hostname,
    );
    h.simulator.clearFaults();
  });

  it('a damaged fresh copy is not served: the read goes to the service', async () => {
    const vin = h.simulator.vins[3]!;
    expect(await h.garage.vehicles.telemetryConfig(vin)).toMatchObject({ ok: true, source: 'live' });
    expect(await h.garage.vehicles.telemetryConfig(vin)).toMatchObject({ ok: true, source: 'cache' });
    await writeFile(
      telemetryFile(h, vin),
      '{"v":1,"key":"telemetry|demo|x","fetchedAt":"2020-01-01T00:00:00Z"}',
    );
    h.simulator.clearRequests();
    expect(await h.garage.vehicles.telemetryConfig(vin)).toMatchObject({ ok: true, source: 'live' });
    expect(h.simulator.requests.filter((r) => r.route === 'fleet_telemetry_config')).toHaveLength(1);
  });
});

describe('pictures of the notes', () => {
  let o: CoreHarness;
  beforeAll(async () => {
    o = await startCoreHarness({ client });
  });
  afterAll(() => o.close());

  it('are cached with the notes and still shown when the service is gone', async () => {
    const vin = o.simulator.vins[0]!;
    const live = await o.garage.vehicles.releaseNotes(vin, { language: 'de' });
    if (!live.ok) throw new Error(live.error.message);
    const urls = Object.keys(live.value.images);
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) expect(live.value.images[url]).toMatch(/^data:image\/svg\+xml;base64,.{20}/);
    const onDisk = (await readdir(entriesOf(o))).filter((name) => name.startsWith('img-'));
    expect(onDisk).toHaveLength(urls.length);

    // A later live read uses the cached pictures instead of downloading them again.
    o.simulator.clearRequests();
    const again = await o.garage.vehicles.releaseNotes(vin, { language: 'de', refresh: true });
    expect(again).toMatchObject({ ok: true, source: 'live' });
    expect(again.ok && again.value.images).toEqual(live.value.images);
    expect(o.simulator.requests.map((r) => r.route)).toEqual(['release_notes']);

    await o.simulator.stop();
    const offline = await o.garage.vehicles.releaseNotes(vin, { language: 'de', refresh: true });
    expect(offline).toMatchObject({ ok: true, source: 'cache', stale: { kind: 'network' } });
    expect(offline.ok && offline.value.images).toEqual(live.value.images);
    expect(offline.ok && offline.value.release_notes).toEqual(live.value.release_notes);
    // Notes never fetched are not invented.
    expect(await o.garage.vehicles.releaseNotes(vin, { language: 'fr', refresh: true })).toMatchObject({
      ok: false,
      error: { kind: 'network' },
    });
  });
});

describe('the size bound, through the read path', () => {
  let small: CoreHarness;
  let vins: [string, string, string];
  let cap = 0;

  beforeAll(async () => {
    // The exact size of each entry, from the same seeded fleet read through the main harness.
    vins = h.simulator.vins.slice(4, 7) as [string, string, string];
    const sizes: number[] = [];
    for (const vin of vins) {
      const read = await h.garage.vehicles.telemetryConfig(vin, { refresh: true });
      if (!read.ok) throw new Error(read.error.message);
      const entry = encodeEntry(
        { kind: 'telemetry', profileId: 'demo', vin },
        read.value as TelemetryConfig,
        new Date(read.fetchedAt),
      );
      sizes.push(Buffer.byteLength(entry));
    }
    // Room for any two of the three entries, never all three.
    cap = sizes[0]! + sizes[1]! + sizes[2]! - 1;
    // Every use gets its own millisecond, so "least recently used" is never a tie.
    let tick = Date.now();
    small = await startCoreHarness({ client, cacheMaxBytes: cap, now: () => new Date(tick++) });
    for (const vin of vins) small.simulator.setVehicleState(vin, { sleepState: 'awake' });
  });
  afterAll(() => small.close());

  /** A live read, then a read from the cache (which waits for the write) to mark the use. */
  async function readAndUse(vin: string) {
    expect(await small.garage.vehicles.telemetryConfig(vin, { refresh: true })).toMatchObject({
      source: 'live',
    });
    expect(await small.garage.vehicles.telemetryConfig(vin)).toMatchObject({ source: 'cache' });
  }

  it('evicts the least recently read entry and stays under the bound on disk', async () => {
    const [a, b, c] = vins;
    await readAndUse(a);
    await readAndUse(b);
    // a is read again (from the cache), so b is now the least recently used.
    expect(await small.garage.vehicles.telemetryConfig(a)).toMatchObject({ ok: true, source: 'cache' });
    await readAndUse(c);

    const names = await readdir(entriesOf(small));
    const sizes = await Promise.all(
      names.map(async (name) => (await stat(path.join(entriesOf(small), name))).size),
    );
    expect(names).toHaveLength(2);
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBeLessThanOrEqual(cap);

    small.simulator.injectFault({ fault: 'status500', route: 'fleet_telemetry_config' });
    for (const vin of [a, c]) {
      expect(await small.garage.vehicles.telemetryConfig(vin, { refresh: true })).toMatchObject({
        ok: true,
        source: 'cache',
        stale: { kind: 'server_error' },
      });
    }
    expect(await small.garage.vehicles.telemetryConfig(b, { refresh: true })).toMatchObject({
      ok: false,
      error: { kind: 'server_error' },
    });
  });
});
