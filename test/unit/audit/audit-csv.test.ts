import { describe, expect, it } from 'vitest';
import { auditCsvRow, csvCell, toAuditCsv } from '../../../electron/main/audit/audit-csv';
import type { AuditEntry } from '../../../electron/shared/types';
import { parseCsv } from './parse-csv';

const entry: AuditEntry = {
  id: 'id-1',
  time: '2025-03-01T10:00:00.000Z',
  profileId: 'p1',
  profileName: 'Workshop, "North"',
  vin: '5YJ3E1EA7KF000001',
  operation: 'setDriveTag',
  params: { drives: '1,2', tag: 'Busi\nness' },
  outcome: 'failed',
  reason: '=cmd|/C calc!A0',
  durationMs: 17,
};

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['', ''],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\rhere', '"cr\rhere"'],
    ['=1+2', "'=1+2"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['\rx', '"\'\rx"'],
    ['=HYPERLINK("http://x","y")', '"\'=HYPERLINK(""http://x"",""y"")"'],
    ['a=1', 'a=1'],
  ])('%j → %j', (input, output) => {
    expect(csvCell(input)).toBe(output);
  });

  it('writes numbers and absent values', () => {
    expect(csvCell(42)).toBe('42');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(null)).toBe('');
  });
});

describe('audit CSV', () => {
  it('quotes and defuses a whole row, which parses back to the defused cells', () => {
    const csv = toAuditCsv([entry]);
    expect(csv.endsWith('\r\n')).toBe(true);
    const [header, row] = parseCsv(csv);
    expect(header).toEqual([
      'time',
      'profile',
      'profileId',
      'vin',
      'operation',
      'params',
      'outcome',
      'reason',
      'errorKind',
      'durationMs',
      'id',
    ]);
    expect(row).toEqual([
      '2025-03-01T10:00:00.000Z',
      'Workshop, "North"',
      'p1',
      '5YJ3E1EA7KF000001',
      'setDriveTag',
      '{"drives":"1,2","tag":"Busi\\nness"}',
      'failed',
      "'=cmd|/C calc!A0",
      '',
      '17',
      'id-1',
    ]);
  });

  it('keeps params as compact JSON in one column', () => {
    const row = auditCsvRow({ ...entry, params: { a: { b: [1, 2] } }, reason: undefined });
    expect(row).toContain('"{""a"":{""b"":[1,2]}}"');
    expect(parseCsv(row)[0]).toHaveLength(11);
  });
});
