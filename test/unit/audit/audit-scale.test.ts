// The audit log in monthly files: filtered queries across months, the month indexes (kept,
// extended, rebuilt), moving an earlier version's single file, filtered export, and the kill test:
// appends SIGKILLed again and again lose nothing acknowledged and leave nothing unreadable.
import { spawn } from 'node:child_process';
import * as fs from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAuditLog, parseAuditLine, type AuditInput } from '../../../electron/main/audit/audit-log';
import { TSX_NODE_ARGS } from '../../support/tsx-node';

const VINS = ['5YJ3E1EA7KF000001', '5YJYGDEE5MF000002', '7SAYGDEF1NF000003'];
let dataDir = '';
let n = 0;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'vg-audit-scale-'));
  n = 0;
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const open = () => createAuditLog({ dataDir, newId: () => `e${++n}` });
const segments = () => join(dataDir, 'audit', 'segments');

function input(i: number, time: string): AuditInput {
  return {
    time: new Date(time),
    profileId: 'p1',
    profileName: 'Workshop',
    vin: VINS[i % 3]!,
    operation: 'command:enable_valet',
    params: { i },
    outcome: i % 4 === 0 ? 'failed' : 'success',
    durationMs: 5,
  };
}

/** 36 entries, 12 a month in January, February and March 2025. */
async function fill(): Promise<void> {
  const log = open();
  for (let i = 0; i < 36; i++) {
    const month = 1 + Math.floor(i / 12);
    await log.append(input(i, `2025-0${month}-${String(1 + (i % 12)).padStart(2, '0')}T08:00:00.000Z`));
  }
  await log.flush();
}

describe('audit log in monthly files', () => {
  it('writes one file per month and answers filters by VIN, range and outcome, newest first', async () => {
    await fill();
    expect((await fs.readdir(segments())).sort()).toEqual([
      '2025-01.index.json',
      '2025-01.jsonl',
      '2025-02.index.json',
      '2025-02.jsonl',
      '2025-03.index.json',
      '2025-03.jsonl',
    ]);
    const log = open();
    const all = await log.list({ limit: 100 });
    expect(all.map((e) => e.params.i)).toEqual(Array.from({ length: 36 }, (_, i) => 35 - i));
    const vin = await log.list({ vin: VINS[1]!.toLowerCase(), limit: 100 });
    expect(vin.map((e) => e.params.i)).toEqual(all.filter((e) => e.vin === VINS[1]).map((e) => e.params.i));
    const feb = await log.list({ from: '2025-02-01', to: '2025-02-28', limit: 100 });
    expect(feb.map((e) => e.params.i)).toEqual(Array.from({ length: 12 }, (_, i) => 23 - i));
    const failedInRange = await log.list({
      outcome: 'failed',
      from: '2025-01-05T00:00:00.000Z',
      to: '2025-03-04',
      limit: 100,
    });
    expect(failedInRange.map((e) => e.params.i)).toEqual([24, 20, 16, 12, 8, 4]);
    expect(await log.list({ vin: VINS[0], from: '2025-04-01' })).toEqual([]);
    expect((await log.list({ vin: VINS[2], limit: 2 })).map((e) => e.params.i)).toEqual([35, 32]);
  });

  it('keeps the indexes in step with appends, and rebuilds a damaged or stale one', async () => {
    await fill();
    // Another run appended after the index was saved; and one index is garbage.
    await open().append(input(36, '2025-03-20T08:00:00.000Z'));
    await fs.writeFile(join(segments(), '2025-01.index.json'), '{"version":1,"bytes":');
    const log = open();
    expect((await log.list({ vin: VINS[0], limit: 100 })).map((e) => e.params.i)).toContain(36);
    expect(await log.list({ vin: VINS[0], from: '2025-01-01', to: '2025-01-31', limit: 100 })).toHaveLength(
      4,
    );
    await log.flush();
    const index = JSON.parse(await fs.readFile(join(segments(), '2025-01.index.json'), 'utf8'));
    expect(index).toMatchObject({ entries: 12, outcomes: { failed: 3, success: 9, error: 0 } });
  });

  it('moves the single file of an earlier version into months, once, and forgets it', async () => {
    const lines = Array.from({ length: 30 }, (_, i) =>
      JSON.stringify({
        id: `old${i}`,
        time: `2024-1${i % 3}-02T00:00:00.000Z`,
        profileId: 'p1',
        profileName: 'Workshop',
        vin: VINS[i % 3],
        operation: 'setPlate',
        params: {},
        outcome: 'success',
        durationMs: 1,
      }),
    );
    await fs.mkdir(join(dataDir, 'audit'));
    await fs.writeFile(join(dataDir, 'audit', 'audit.jsonl'), lines.join('\n') + '\n{"torn');
    // A migration killed half-way left its work folder behind: it is started over.
    await fs.mkdir(join(dataDir, 'audit', 'segments.migrating'));
    await fs.writeFile(join(dataDir, 'audit', 'segments.migrating', '2024-10.jsonl'), lines[0] + '\n');
    const log = open();
    expect(await log.list({ limit: 100 })).toHaveLength(30);
    expect((await fs.readdir(join(dataDir, 'audit'))).sort()).toEqual(['segments']);
    expect((await log.list({ vin: VINS[1], limit: 100 })).map((e) => e.id).sort()).toEqual(
      lines
        .map((_, i) => `old${i}`)
        .filter((_, i) => i % 3 === 1)
        .sort(),
    );
    // Killed after the move but before the old file was removed: the old file is only removed.
    await fs.writeFile(join(dataDir, 'audit', 'audit.jsonl'), lines.join('\n') + '\n');
    expect(await open().list({ limit: 100 })).toHaveLength(30);
    expect((await fs.readdir(join(dataDir, 'audit'))).sort()).toEqual(['segments']);
  });

  it('exports only the entries of a VIN and a date range, oldest first', async () => {
    await fill();
    const target = join(dataDir, 'repair-order.csv');
    const rows = await open().exportCsvToFile(target, { vin: VINS[0], from: '2025-01-10', to: '2025-02-10' });
    const lines = (await fs.readFile(target, 'utf8')).trimEnd().split('\r\n');
    expect(rows).toBe(lines.length - 1);
    // The UTC time is the second column (the local time, first, carries a comma-free offset).
    expect(lines.slice(1).map((line) => line.split(',')[1])).toEqual([
      '2025-01-10T08:00:00.000Z',
      '2025-02-01T08:00:00.000Z',
      '2025-02-04T08:00:00.000Z',
      '2025-02-07T08:00:00.000Z',
      '2025-02-10T08:00:00.000Z',
    ]);
  });
});

describe('audit log under SIGKILL', () => {
  const fixture = join(__dirname, 'fixtures', 'append-forever.ts');
  const ROUNDS = 8;

  function runAndKill(round: number, killAfterAcks: number): Promise<string[]> {
    return new Promise((resolve, reject) => {
      // Odd rounds stay in one month, so the kill lands while its file is kept open between
      // appends; even rounds switch month with every append, so it lands around opens and closes.
      const months = round % 2 === 1 ? '1' : '3';
      const child = spawn(process.execPath, [...TSX_NODE_ARGS, fixture, dataDir, `r${round}`, months], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const acked: string[] = [];
      let buffered = '';
      child.stdout.on('data', (chunk: Buffer) => {
        buffered += chunk.toString('utf8');
        const lines = buffered.split('\n');
        buffered = lines.pop()!;
        for (const line of lines) if (line.startsWith('ack ')) acked.push(line.slice(4));
        if (acked.length >= killAfterAcks) child.kill('SIGKILL');
      });
      child.on('error', reject);
      child.on('exit', () => resolve(acked));
    });
  }

  it('loses no acknowledged entry and leaves every file readable after repeated kills', async () => {
    const acked: string[] = [];
    for (let round = 0; round < ROUNDS; round++)
      acked.push(...(await runAndKill(round, 20 + ((round * 37) % 60))));
    expect(acked.length).toBeGreaterThan(ROUNDS * 20);

    const log = open();
    const listed = new Set((await log.list({ limit: 10_000 })).map((e) => e.id));
    for (const id of acked) expect(listed.has(id), `acknowledged ${id} lost`).toBe(true);
    // The indexes agree with the files: every VIN's entries are found through them.
    let byVin = 0;
    for (let v = 0; v < 7; v++)
      byVin += (await log.list({ vin: `5YJ3E1EA7KF00000${v}`, limit: 10_000 })).length;
    expect(byVin).toBe(listed.size);
    // Nothing unreadable: at most one torn line per kill, every other line a whole entry.
    let torn = 0;
    for (const name of await fs.readdir(segments())) {
      if (!name.endsWith('.jsonl')) continue;
      const lines = (await fs.readFile(join(segments(), name), 'utf8')).split('\n').filter(Boolean);
      torn += lines.filter((line) => parseAuditLine(line) === null).length;
    }
    expect(torn).toBeLessThanOrEqual(ROUNDS);
  }, 120_000);
});
