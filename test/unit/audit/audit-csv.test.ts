import { describe, expect, it } from 'vitest';
import {
  AUDIT_CSV_COLUMNS,
  auditCsvRow,
  csvCell,
  csvDialectFor,
  localTimeText,
  toAuditCsv,
} from '../../../electron/main/audit/audit-csv';
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
  it("quotes and defuses a whole row, in the technician's words, which parses back to the defused cells", () => {
    const csv = toAuditCsv([entry], () => ({ nickname: '=Loaner', plate: 'AB 1', model: 'Model 3' }));
    expect(csv.endsWith('\r\n')).toBe(true);
    const [header, row] = parseCsv(csv);
    expect(header).toEqual([...AUDIT_CSV_COLUMNS]);
    expect(row).toEqual([
      localTimeText('2025-03-01T10:00:00.000Z'),
      '2025-03-01T10:00:00.000Z',
      'Workshop, "North"',
      "'=Loaner",
      '5YJ3E1EA7KF000001',
      'AB 1',
      'Model 3',
      'Tag drives',
      'drives 1,2, tag Busi\nness',
      'Not done (refused)',
      'Nothing confirmed',
      "'=cmd|/C calc!A0",
      '17',
      '',
      'setDriveTag',
      'p1',
      'id-1',
    ]);
  });

  it('shows the local time with its offset beside the UTC time', () => {
    const text = localTimeText('2025-07-01T10:00:00.000Z');
    const date = new Date('2025-07-01T10:00:00.000Z');
    expect(text).toMatch(/^2025-07-01 \d{2}:00:00 \(UTC[+-]\d{2}:\d{2}\)$/);
    expect(text.slice(11, 13)).toBe(String(date.getHours()).padStart(2, '0'));
  });

  it('names commands and their values as the technician reads them, and the effect confirmed', () => {
    const command = {
      ...entry,
      operation: 'command:set_charge_limit',
      params: { waitForCompletion: true, maxAttempts: 3, percent: 80, runId: 'run-7' },
      outcome: 'success' as const,
      reason: undefined,
    };
    const [header, row] = parseCsv(toAuditCsv([command]));
    const cell = (name: string) => row![header!.indexOf(name)];
    expect(cell('Action')).toBe('Set charge limit');
    expect(cell('Values')).toBe('charge limit 80 %, wait for completion, up to 3 attempts');
    expect(cell('Outcome')).toBe('Succeeded');
    expect(cell('Confirmed effect')).toBe('Set charge limit to 80 %: done, the service confirmed');
    expect(cell('Run')).toBe('run-7');
    expect(cell('Vehicle')).toBe('');
    const unwaited = parseCsv(
      toAuditCsv([{ ...command, params: { waitForCompletion: false, maxAttempts: 1, percent: 90 } }]),
    )[1]!;
    expect(unwaited[header!.indexOf('Confirmed effect')]).toBe(
      'Set charge limit to 90 %: accepted by the service, not waited for the vehicle',
    );
  });

  it('says which plate was replaced, and names a removed vehicle from its removal entry', () => {
    const plate = {
      ...entry,
      operation: 'setPlate',
      params: { plate: 'NEW 1', previousPlate: 'OLD 9' },
      outcome: 'success' as const,
      reason: undefined,
    };
    const removed = {
      ...plate,
      operation: 'removeVehicle',
      params: { nickname: 'Loaner', plate: 'NEW 1', model: 'Model Y' },
    };
    const [header, first, second] = parseCsv(toAuditCsv([plate, removed]));
    const cell = (row: string[], name: string) => row[header!.indexOf(name)];
    expect(cell(first!, 'Values')).toBe('plate NEW 1; before: OLD 9');
    expect(cell(first!, 'Confirmed effect')).toBe('Plate set to NEW 1, was OLD 9');
    expect(cell(second!, 'Action')).toBe('Remove vehicle from the garage');
    expect(cell(second!, 'Vehicle')).toBe('Loaner');
    expect(cell(second!, 'Plate')).toBe('NEW 1');
    expect(cell(second!, 'Model')).toBe('Model Y');
  });

  it('keeps one cell per column whatever the parameters hold', () => {
    const row = auditCsvRow({
      ...entry,
      operation: 'custom',
      params: { a: { b: [1, 2] } },
      reason: undefined,
    });
    expect(row).toContain('a {""b"":[1,2]}');
    expect(parseCsv(row)[0]).toHaveLength(AUDIT_CSV_COLUMNS.length);
  });
});

describe('CSV as a spreadsheet opens it', () => {
  const entry = (): AuditEntry => ({
    id: 'e-1',
    time: '2026-11-20T09:15:00.000Z',
    profileId: 'p-1',
    profileName: 'Werkstatt Süd',
    vin: '5YJ3E1EA7KF000001',
    operation: 'command:set_temps',
    params: { driver_temp: 21.5 },
    outcome: 'success',
    durationMs: 1200,
  });

  it('starts with a UTF-8 byte order mark, so Excel reads "°" and accents as written', () => {
    const csv = toAuditCsv([entry()], () => ({ nickname: 'Zoë', plate: null, model: null }));
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(Buffer.from(csv, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(parseCsv(csv)[1]).toContain('Zoë');
  });

  it("separates with ';' where the region writes decimals with a comma, as Excel splits it there", () => {
    expect(csvDialectFor('de-DE')).toEqual({ separator: ';' });
    expect(csvDialectFor('fr-FR')).toEqual({ separator: ';' });
    expect(csvDialectFor('en-US')).toEqual({ separator: ',' });
    expect(csvDialectFor('de-CH')).toEqual({ separator: ',' });
    expect(csvDialectFor('not a locale')).toEqual({ separator: ',' });
    const csv = toAuditCsv([{ ...entry(), reason: 'a; b, c' }], undefined, { separator: ';' });
    const [header, row] = parseCsv(csv, ';');
    expect(header).toEqual([...AUDIT_CSV_COLUMNS]);
    expect(row![header!.indexOf('Reason')]).toBe('a; b, c');
    expect(row![header!.indexOf('Profile')]).toBe('Werkstatt Süd');
  });
});
