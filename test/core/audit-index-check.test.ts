// A month's index decides which months a filtered audit query reads. An index that is well formed
// but wrong (damaged, or describing other entries) must not hide entries: it is checked against its
// segment when loaded and rebuilt when they disagree.
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { indexDigest, type SegmentIndex } from '../../electron/main/audit/segment-index';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';
import { sendCommand } from '../support/send-command';

type Stored = SegmentIndex & { digest: string };
const withDigest = (index: Stored): Stored => ({ ...index, digest: indexDigest(index) });
const OTHER_VIN = '1HGCM82633A004352';

const TAMPERINGS: [string, (index: Stored) => Stored][] = [
  ['lists no VINs (its size still matches the segment)', (index) => ({ ...index, vins: {} })],
  ['lists no VINs, with a digest that matches', (index) => withDigest({ ...index, vins: {} })],
  [
    "counts another VIN's entries, consistent in itself",
    (index) => withDigest({ ...index, vins: { [OTHER_VIN]: index.entries } }),
  ],
  [
    'says the month is empty',
    (index) =>
      withDigest({
        ...index,
        entries: 0,
        vins: {},
        outcomes: { success: 0, failed: 0, error: 0, 'not-sent': 0 },
        minTime: null,
        maxTime: null,
        lastLine: null,
      }),
  ],
];

let dataDir: string;
let h: CoreHarness | undefined;

afterEach(async () => {
  await h?.close();
  h = undefined;
  await rm(dataDir, { recursive: true, force: true });
});

async function indexFiles(): Promise<string[]> {
  const folder = path.join(dataDir, 'audit', 'segments');
  return (await readdir(folder)).filter((f) => f.endsWith('.index.json')).map((f) => path.join(folder, f));
}

describe('a wrong audit index', () => {
  it.each(TAMPERINGS)('is rebuilt when it %s', async (_how, tamper) => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'garage-audit-index-'));
    h = await startCoreHarness({ dataDir });
    const vin = h.simulator.vins[0]!;
    h.simulator.setVehicleState(vin, { sleepState: 'awake' });
    for (const mph of [60, 70]) {
      expect(await sendCommand(h, vin, 'set_speed_limit', { mph })).toMatchObject({ ok: true });
    }
    const before = await h.garage.audit.list({ vin });
    expect(before.ok && before.value.map((e) => e.params['mph'])).toEqual([70, 60]);
    await h.close(); // writes the month's index
    h = undefined;

    const [file] = await indexFiles();
    const stored = JSON.parse(await readFile(file!, 'utf8')) as Stored;
    expect(stored.vins[vin]).toBe(2); // the index the app wrote was right
    await writeFile(file!, JSON.stringify(tamper(stored)));

    h = await startCoreHarness({ dataDir });
    const all = await h.garage.audit.list({ limit: 100 });
    const mine = await h.garage.audit.list({ vin });
    if (!all.ok || !mine.ok) throw new Error('audit.list failed');
    expect(all.value.filter((e) => e.vin === vin)).toHaveLength(2);
    expect(mine.value.map((e) => e.params['mph'])).toEqual([70, 60]);
    // The same for the outcome filter, which trusts the same index.
    const succeeded = await h.garage.audit.list({ vin, outcome: 'success' });
    expect(succeeded.ok && succeeded.value).toHaveLength(2);
  });

  it('is kept, not rebuilt, while it matches its segment', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'garage-audit-index-'));
    h = await startCoreHarness({ dataDir });
    const vin = h.simulator.vins[0]!;
    h.simulator.setVehicleState(vin, { sleepState: 'awake' });
    expect(await sendCommand(h, vin, 'set_speed_limit', { mph: 65 })).toMatchObject({ ok: true });
    await h.close();
    h = undefined;
    const [file] = await indexFiles();
    const written = await stat(file!);

    h = await startCoreHarness({ dataDir });
    expect(await h.garage.audit.list({ vin })).toMatchObject({ ok: true, value: [{ vin }] });
    await h.close();
    h = undefined;
    // A rebuilt index would have been saved again (a new file, renamed over the old); an accepted
    // one is left as it was.
    expect((await stat(file!)).ino).toBe(written.ino);
  });
});
