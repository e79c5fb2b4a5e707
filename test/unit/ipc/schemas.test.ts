import { describe, expect, it } from 'vitest';
import { ARG_SCHEMAS } from '../../../electron/shared/ipc/schemas';

const VIN = '5YJ3E1EA7KF317000';

const accepts = (op: keyof typeof ARG_SCHEMAS, args: unknown[]) => ARG_SCHEMAS[op].safeParse(args).success;

describe('argument schemas', () => {
  it('accepts the documented shapes and normalises VINs to upper case', () => {
    expect(accepts('app.info', [])).toBe(true);
    const parsed = ARG_SCHEMAS['vehicles.add'].parse([{ vin: ` ${VIN.toLowerCase()} `, nickname: 'Van 3' }]);
    expect(parsed[0].vin).toBe(VIN);
    expect(accepts('vehicles.telemetryConfig', [VIN])).toBe(true);
    expect(accepts('vehicles.telemetryConfig', [VIN, { refresh: true }])).toBe(true);
    expect(
      accepts('vehicles.releaseNotes', [VIN, { version: '2026.14.3', language: 'de', staged: false }]),
    ).toBe(true);
    expect(accepts('vehicles.command', [VIN, 'set_temperatures', { temperature: 21.5 }])).toBe(true);
    expect(accepts('vehicles.command', [VIN, 'close_windows'])).toBe(true);
    expect(accepts('vehicles.setDriveTag', [VIN, { drives: '10000, 10001', tag: 'Business' }])).toBe(true);
    expect(accepts('vehicles.setPlate', [VIN, { plate: null }])).toBe(true);
    expect(accepts('profiles.create', [{ name: 'Fleet', baseUrl: 'https://api.tessie.com' }])).toBe(true);
  });

  it('refuses extra arguments, unknown keys and wrong types', () => {
    expect(accepts('app.info', ['extra'])).toBe(false);
    expect(accepts('vehicles.add', [{ vin: VIN, color: 'red' }])).toBe(false);
    expect(accepts('vehicles.add', [{ vin: 42 }])).toBe(false);
    expect(accepts('vehicles.telemetryConfig', [VIN, { refresh: 'yes' }])).toBe(false);
    expect(accepts('profiles.setToken', ['demo', { token: 'x' }])).toBe(false);
  });

  it('refuses out-of-range command values and parameters that do not belong', () => {
    expect(accepts('vehicles.command', [VIN, 'set_temperatures', { temperature: 14.5 }])).toBe(false);
    expect(accepts('vehicles.command', [VIN, 'set_temperatures', { temperature: 28.5 }])).toBe(false);
    expect(accepts('vehicles.command', [VIN, 'set_temperatures', {}])).toBe(false);
    expect(accepts('vehicles.command', [VIN, 'set_speed_limit', { mph: 65.5 }])).toBe(false);
    expect(accepts('vehicles.command', [VIN, 'set_charge_limit', { percent: 49 }])).toBe(false);
    expect(accepts('vehicles.command', [VIN, 'close_windows', { percent: 80 }])).toBe(false);
    expect(accepts('vehicles.command', [VIN, 'close_windows', { maxAttempts: 4 }])).toBe(false);
    expect(accepts('vehicles.command', [VIN, 'close_windows', { maxAttempts: 0 }])).toBe(false);
    expect(accepts('vehicles.command', [VIN, 'honk_horn'])).toBe(false);
  });

  it('refuses bad VINs, plates, drives, versions and languages', () => {
    expect(accepts('vehicles.remove', ['5YJ3E1EA7KF31700'])).toBe(false);
    expect(accepts('vehicles.remove', ['5YJ3E1EO7KF317000'])).toBe(false);
    expect(accepts('vehicles.setPlate', [VIN, { plate: 'TOO-LONG-PLATE' }])).toBe(false);
    expect(accepts('vehicles.setDriveTag', [VIN, { drives: '10000,,10001', tag: 'x' }])).toBe(false);
    expect(accepts('vehicles.setDriveTag', [VIN, { drives: '10000,abc', tag: 'x' }])).toBe(false);
    expect(accepts('vehicles.setDriveTag', [VIN, { drives: '10000', tag: '  ' }])).toBe(false);
    expect(accepts('vehicles.releaseNotes', [VIN, { version: '14.3' }])).toBe(false);
    expect(accepts('vehicles.releaseNotes', [VIN, { language: 'english' }])).toBe(false);
    expect(accepts('profiles.create', [{ name: 'x', baseUrl: 'http://api.example.com' }])).toBe(false);
  });
});
