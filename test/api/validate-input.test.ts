import { describe, expect, it } from 'vitest';

import {
  validateCommand,
  validateDriveTag,
  validatePlate,
  validateReleaseNotesQuery,
  validateVin,
} from '../../electron/main/api/validate-input';
import { AppError } from '../../electron/shared/result';

function issuePath(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).kind).toBe('invalid_input');
    return (e as AppError).info.issues?.[0]?.path;
  }
  throw new Error('expected invalid_input');
}

describe('input validation', () => {
  it('VIN: 17 characters without I, O, Q', () => {
    expect(validateVin('5YJ3E1EA7KF317000')).toBe('5YJ3E1EA7KF317000');
    expect(issuePath(() => validateVin('5YJ3E1EA7KF31700'))).toBe('vin');
    expect(issuePath(() => validateVin('5YJ3E1EA7KF31700O'))).toBe('vin');
    expect(issuePath(() => validateVin('5YJ3E1EA7KF31700/'))).toBe('vin');
    expect(issuePath(() => validateVin(42))).toBe('vin');
  });

  it('commands: known name, defaults, parameter rules', () => {
    expect(validateCommand('open_charge_port', undefined)).toEqual({
      name: 'open_charge_port',
      waitForCompletion: true,
      maxAttempts: 3,
      param: null,
    });
    expect(issuePath(() => validateCommand('honk_horn', undefined))).toBe('name');
    expect(issuePath(() => validateCommand('set_temperatures', {}))).toBe('temperature');
    expect(issuePath(() => validateCommand('set_temperatures', { temperature: 14.9 }))).toBe('temperature');
    expect(issuePath(() => validateCommand('set_temperatures', { temperature: 28.1 }))).toBe('temperature');
    expect(validateCommand('set_temperatures', { temperature: 28 }).param).toEqual({
      name: 'temperature',
      value: 28,
    });
    expect(issuePath(() => validateCommand('set_temperatures', { temperature: Number.NaN }))).toBe(
      'temperature',
    );
    expect(issuePath(() => validateCommand('set_charging_amps', { amps: 0 }))).toBe('amps');
    expect(issuePath(() => validateCommand('set_charging_amps', { amps: 49 }))).toBe('amps');
    expect(issuePath(() => validateCommand('set_charge_limit', { percent: 49 }))).toBe('percent');
    expect(issuePath(() => validateCommand('set_charge_limit', { percent: 101 }))).toBe('percent');
    expect(issuePath(() => validateCommand('set_speed_limit', { mph: 65.5 }))).toBe('mph');
    expect(issuePath(() => validateCommand('set_speed_limit', { mph: 121 }))).toBe('mph');
    expect(issuePath(() => validateCommand('close_windows', { temperature: 20 }))).toBe('temperature');
    expect(issuePath(() => validateCommand('set_charge_limit', { percent: 80, amps: 16 }))).toBe('amps');
    expect(issuePath(() => validateCommand('close_windows', { maxAttempts: 0 }))).toBe('maxAttempts');
    expect(issuePath(() => validateCommand('close_windows', { maxAttempts: 4 }))).toBe('maxAttempts');
    expect(issuePath(() => validateCommand('close_windows', { maxAttempts: 2.5 }))).toBe('maxAttempts');
    expect(issuePath(() => validateCommand('close_windows', { waitForCompletion: 'yes' }))).toBe(
      'waitForCompletion',
    );
  });

  it('drives and tag', () => {
    expect(validateDriveTag({ drives: ' 10000 , 10001,10002 ', tag: 'Business' })).toEqual({
      drives: '10000,10001,10002',
      tag: 'Business',
    });
    expect(issuePath(() => validateDriveTag({ drives: '10000,,10001', tag: 'x' }))).toBe('drives');
    expect(issuePath(() => validateDriveTag({ drives: '10000,10000', tag: 'x' }))).toBe('drives');
    expect(issuePath(() => validateDriveTag({ drives: '10000,abc', tag: 'x' }))).toBe('drives');
    expect(issuePath(() => validateDriveTag({ drives: '', tag: 'x' }))).toBe('drives');
    const many = Array.from({ length: 1001 }, (_, i) => String(10000 + i)).join(',');
    expect(issuePath(() => validateDriveTag({ drives: many, tag: 'x' }))).toBe('drives');
    const max = Array.from({ length: 1000 }, (_, i) => String(10000 + i)).join(',');
    expect(validateDriveTag({ drives: max, tag: 'x' }).drives).toBe(max);
    expect(issuePath(() => validateDriveTag({ drives: '1', tag: '' }))).toBe('tag');
    expect(issuePath(() => validateDriveTag({ drives: '1', tag: 'x'.repeat(65) }))).toBe('tag');
    expect(validateDriveTag({ drives: '1', tag: 'x'.repeat(64) }).tag).toHaveLength(64);
  });

  it('plate: 1..10 letters, digits, spaces, dashes, or null', () => {
    expect(validatePlate({ plate: 'ABC-123' })).toBe('ABC-123');
    expect(validatePlate({ plate: null })).toBeNull();
    expect(issuePath(() => validatePlate({ plate: '' }))).toBe('plate');
    expect(issuePath(() => validatePlate({ plate: 'ABCDEFGHIJK' }))).toBe('plate');
    expect(issuePath(() => validatePlate({ plate: 'AB_12' }))).toBe('plate');
    expect(issuePath(() => validatePlate({ plate: 12 }))).toBe('plate');
    expect(issuePath(() => validatePlate({}))).toBe('plate');
  });

  it('release notes query', () => {
    expect(validateReleaseNotesQuery({})).toEqual({ version: '', language: 'en', staged: false });
    expect(issuePath(() => validateReleaseNotesQuery({ version: '2026.14' }))).toBe('version');
    expect(issuePath(() => validateReleaseNotesQuery({ version: '../x' }))).toBe('version');
    expect(issuePath(() => validateReleaseNotesQuery({ language: 'english' }))).toBe('language');
    expect(issuePath(() => validateReleaseNotesQuery({ language: 'EN' }))).toBe('language');
    expect(validateReleaseNotesQuery({ language: 'en-GB' }).language).toBe('en-GB');
    expect(issuePath(() => validateReleaseNotesQuery({ staged: 'true' }))).toBe('staged');
  });
});
