import * as fs from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUDIT_CSV_COLUMNS } from '../../../electron/main/audit/audit-csv';
import { createAuditLog, type AuditInput, type AuditLog } from '../../../electron/main/audit/audit-log';
import type { AtomicFs } from '../../../electron/main/storage/atomic-file';
import { AppError } from '../../../electron/shared/result';
import { parseCsv } from './parse-csv';

const VIN_A = '5YJ3E1EA7KF000001';
const VIN_B = '5YJYGDEE5MF000002';

function input(overrides: Partial<AuditInput> = {}): AuditInput {
  return {
    profileId: 'p1',
    profileName: 'Workshop',
    vin: VIN_A,
    operation: 'command:set_charge_limit',
    params: { percent: 80 },
    outcome: 'success',
    durationMs: 1234,
    ...overrides,
  };
}

describe('audit log', () => {
  let dataDir = '';
  let time = Date.parse('2025-03-01T10:00:00.000Z');
  let n = 0;
  const logPath = () => join(dataDir, 'audit', 'segments', '2025-03.jsonl');
  const legacyPath = () => join(dataDir, 'audit', 'audit.jsonl');
  /** The log exported to a file, as text. */
  const exportText = async (log: AuditLog): Promise<string> => {
    const target = join(dataDir, `export-${++n}.csv`);
    await log.exportCsvToFile(target);
    return fs.readFile(target, 'utf8');
  };
  const open = (extra: { redact?: (s: string) => string; fs?: AtomicFs } = {}): AuditLog =>
    createAuditLog({ dataDir, now: () => new Date(time), newId: () => `e${++n}`, ...extra });

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'vg-audit-'));
    time = Date.parse('2025-03-01T10:00:00.000Z');
    n = 0;
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('appends one JSON object per line and lists newest first', async () => {
    const log = open();
    const first = await log.append(input());
    time += 1000;
    await log.append(
      input({
        operation: 'setPlate',
        params: { plate: 'ABC123' },
        outcome: 'failed',
        reason: 'Vehicle refused',
      }),
    );
    time += 1000;
    await log.append(
      input({
        vin: VIN_B,
        operation: 'setDriveTag',
        params: { drives: '1,2', tag: 'Business' },
        outcome: 'error',
        errorKind: 'timeout',
      }),
    );

    expect(first).toEqual({
      id: 'e1',
      time: '2025-03-01T10:00:00.000Z',
      profileId: 'p1',
      profileName: 'Workshop',
      vin: VIN_A,
      operation: 'command:set_charge_limit',
      params: { percent: 80 },
      outcome: 'success',
      durationMs: 1234,
    });
    const lines = (await fs.readFile(logPath(), 'utf8')).split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe('');
    expect(JSON.parse(lines[0]!)).toEqual(first);

    const listed = await open().list();
    expect(listed.map((e) => e.id)).toEqual(['e3', 'e2', 'e1']);
    expect(listed[0]).toMatchObject({ outcome: 'error', errorKind: 'timeout' });
    expect(listed[1]).toMatchObject({ outcome: 'failed', reason: 'Vehicle refused' });
  });

  it('filters by VIN (case-insensitively) and limits', async () => {
    const log = open();
    for (let i = 0; i < 10; i++) await log.append(input({ vin: i % 2 ? VIN_B : VIN_A, params: { i } }));
    const forB = await log.list({ vin: VIN_B.toLowerCase() });
    expect(forB.map((e) => e.params.i)).toEqual([9, 7, 5, 3, 1]);
    expect((await log.list({ vin: VIN_A, limit: 2 })).map((e) => e.params.i)).toEqual([8, 6]);
    expect(await log.list({ limit: 0 })).toHaveLength(1);
    expect(await log.list({ vin: '5YJ3E1EA7KF999999' })).toEqual([]);
  });

  it('defaults to 200 entries and caps the limit at 10,000', async () => {
    const lines = Array.from({ length: 10_050 }, (_, i) =>
      JSON.stringify({ ...input(), id: `x${i}`, time: '2025-03-01T10:00:00.000Z', params: { i } }),
    );
    await fs.mkdir(join(dataDir, 'audit'));
    // Written as an earlier version did: one file, moved into monthly files on first use.
    await fs.writeFile(legacyPath(), lines.join('\n') + '\n');
    const log = open();
    const recent = await log.list();
    expect(recent).toHaveLength(200);
    expect(recent[0]?.params.i).toBe(10_049);
    expect(await log.list({ limit: 50_000 })).toHaveLength(10_000);
  });

  it('returns nothing for a log that does not exist yet', async () => {
    expect(await open().list()).toEqual([]);
    // The header alone, after the byte order mark every export starts with (for Excel).
    expect(await exportText(open())).toBe(`\uFEFF${AUDIT_CSV_COLUMNS.join(',')}\r\n`);
  });

  it('skips a torn last line and starts the next append on a new line', async () => {
    const log = open();
    await log.append(input({ params: { n: 1 } }));
    // The app was killed half-way through writing the second line.
    await fs.appendFile(logPath(), '{"id":"torn","time":"2025-03-01T10:00:0');
    expect((await open().list()).map((e) => e.params.n)).toEqual([1]);

    await open().append(input({ params: { n: 3 } }));
    const lines = (await fs.readFile(logPath(), 'utf8')).split('\n');
    expect(lines[1]).toBe('{"id":"torn","time":"2025-03-01T10:00:0');
    expect(JSON.parse(lines[2]!).params).toEqual({ n: 3 });
    expect((await open().list()).map((e) => e.params.n)).toEqual([3, 1]);
    expect((await exportText(open())).split('\r\n')).toHaveLength(4); // header, 2 rows, final ''
  });

  it('skips garbage lines anywhere in the file', async () => {
    await fs.mkdir(join(dataDir, 'audit'));
    const good = JSON.stringify({ ...input(), id: 'ok', time: '2025-03-01T10:00:00.000Z' });
    await fs.writeFile(legacyPath(), `not json\n${good}\n{"id":"x"}\n\n\u0000\u0000\n`);
    expect((await open().list()).map((e) => e.id)).toEqual(['ok']);
  });

  it('serializes concurrent appends: every entry on its own intact line', async () => {
    const log = open();
    await Promise.all(
      Array.from({ length: 50 }, (_, i) => log.append(input({ params: { i, pad: 'x'.repeat(300) } }))),
    );
    const text = await fs.readFile(logPath(), 'utf8');
    const lines = text.trimEnd().split('\n');
    expect(lines).toHaveLength(50);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    expect(new Set((await log.list()).map((e) => e.params.i)).size).toBe(50);
  });

  it('fsyncs each entry before append returns', async () => {
    const synced: string[] = [];
    const spyFs: AtomicFs = {
      ...fs,
      open: (async (...args: Parameters<typeof fs.open>) => {
        const handle = await fs.open(...args);
        const sync = handle.sync.bind(handle);
        handle.sync = async () => {
          synced.push(String(args[0]));
          return sync();
        };
        return handle;
      }) as AtomicFs['open'],
    };
    const log = open({ fs: spyFs });
    await log.append(input());
    await log.append(input());
    expect(synced.filter((p) => p === logPath())).toHaveLength(2);
  });

  it('records an append made after its month file was deleted behind it, and finds it by VIN', async () => {
    const log = open();
    await log.append(input({ params: { n: 1 } }));
    expect((await log.list({ vin: VIN_A })).map((e) => e.params.n)).toEqual([1]);
    await rm(join(dataDir, 'audit'), { recursive: true });
    await log.append(input({ params: { n: 2 } }));
    await log.append(input({ vin: VIN_B, params: { n: 3 } }));
    expect((await log.list()).map((e) => e.params.n)).toEqual([3, 2]);
    expect((await log.list({ vin: VIN_A })).map((e) => e.params.n)).toEqual([2]);
    expect((await open().list({ vin: VIN_B })).map((e) => e.params.n)).toEqual([3]);
    await log.close();
  });

  it('never writes a token: credential fields are masked, bearer values too', async () => {
    const log = open({ redact: (s) => s.replaceAll('SECRET-XYZ', '[redacted]') });
    const entry = await log.append(
      input({
        params: {
          token: 'tsk_live_123',
          Authorization: 'Bearer tsk_live_123',
          nested: { accessToken: 'abc', api_key: 'k', headers: { authorization: 'Bearer zzz' } },
          note: 'sent with Bearer tsk_live_123 ok',
          other: 'contains SECRET-XYZ',
          percent: 80,
        },
        reason: 'server said: Authorization: Bearer tsk_live_123 invalid',
      }),
    );
    const text = await fs.readFile(logPath(), 'utf8');
    expect(text).not.toContain('tsk_live_123');
    expect(text).not.toContain('zzz');
    expect(text).not.toContain('SECRET-XYZ');
    expect(entry.params).toEqual({
      token: '[REDACTED]',
      Authorization: '[REDACTED]',
      nested: { accessToken: '[REDACTED]', api_key: '[REDACTED]', headers: { authorization: '[REDACTED]' } },
      note: 'sent with Bearer [REDACTED] ok',
      other: 'contains [redacted]',
      percent: 80,
    });
  });

  it('refuses unknown operations and outcomes, and maps unknown error kinds', async () => {
    const log = open();
    await expect(log.append(input({ operation: '' }))).rejects.toThrow(AppError);
    await expect(log.append(input({ operation: 'x\ny' }))).rejects.toThrow(AppError);
    await expect(log.append(input({ outcome: 'maybe' as never }))).rejects.toThrow(AppError);
    const entry = await log.append(input({ outcome: 'error', errorKind: 'made_up', durationMs: -5 }));
    expect(entry.errorKind).toBe('internal');
    expect(entry.durationMs).toBe(0);
  });

  it('exports CSV oldest first, to a string and to a file', async () => {
    const log = open();
    await log.append(input({ params: { percent: 80 } }));
    time += 1000;
    await log.append(
      input({
        operation: 'setPlate',
        params: { plate: '=HYPERLINK("x")' },
        outcome: 'failed',
        reason: 'Said "no", twice',
      }),
    );
    const csv = await exportText(log);
    const [header, ...rows] = parseCsv(csv);
    expect(header).toEqual([...AUDIT_CSV_COLUMNS]);
    const cell = (row: string[], name: string) => row[header!.indexOf(name)];
    expect(rows.map((row) => cell(row, 'UTC time'))).toEqual([
      '2025-03-01T10:00:00.000Z',
      '2025-03-01T10:00:01.000Z',
    ]);
    expect(rows.map((row) => cell(row, 'Operation'))).toEqual(['command:set_charge_limit', 'setPlate']);
    expect(cell(rows[1]!, 'Values')).toBe('plate =HYPERLINK("x")');
    expect(cell(rows[1]!, 'Confirmed effect')).toBe('Nothing confirmed');
    expect(cell(rows[1]!, 'Reason')).toBe('Said "no", twice');
    expect(cell(rows[1]!, 'Entry id')).toBe('e2');
    const target = join(dataDir, 'export.csv');
    expect(await log.exportCsvToFile(target)).toBe(2);
    expect(await fs.readFile(target, 'utf8')).toBe(csv);
  });
});
