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
    expect(accepts('runs.startVehicleCommand', [VIN, 'set_temperatures', { temperature: 21.5 }])).toBe(true);
    expect(accepts('runs.startVehicleCommand', [VIN, 'close_windows'])).toBe(true);
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
    expect(accepts('runs.startVehicleCommand', [VIN, 'set_temperatures', { temperature: 14.5 }])).toBe(false);
    expect(accepts('runs.startVehicleCommand', [VIN, 'set_temperatures', { temperature: 28.5 }])).toBe(false);
    expect(accepts('runs.startVehicleCommand', [VIN, 'set_temperatures', {}])).toBe(false);
    expect(accepts('runs.startVehicleCommand', [VIN, 'set_speed_limit', { mph: 65.5 }])).toBe(false);
    expect(accepts('runs.startVehicleCommand', [VIN, 'set_charge_limit', { percent: 49 }])).toBe(false);
    expect(accepts('runs.startVehicleCommand', [VIN, 'close_windows', { percent: 80 }])).toBe(false);
    expect(accepts('runs.startVehicleCommand', [VIN, 'close_windows', { maxAttempts: 4 }])).toBe(false);
    expect(accepts('runs.startVehicleCommand', [VIN, 'close_windows', { maxAttempts: 0 }])).toBe(false);
    expect(accepts('runs.startVehicleCommand', [VIN, 'honk_horn'])).toBe(false);
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

/** The path of the first issue, as the IPC edge names it ('1.plate'), or null when accepted. */
function refusedAt(op: keyof typeof ARG_SCHEMAS, args: unknown[]): string | null {
  const result = ARG_SCHEMAS[op].safeParse(args);
  return result.success ? null : result.error.issues[0]!.path.join('.');
}

// The one check of what the API client is given: these cases were once checked a second time inside
// main; the edge is now the only place, so each rule is pinned here.
describe('argument schemas: the rules the client trusts', () => {
  it('VIN: 17 characters without I, O, Q or symbols', () => {
    for (const bad of ['5YJ3E1EA7KF31700', '5YJ3E1EA7KF31700O', '5YJ3E1EA7KF31700/', 42])
      expect(refusedAt('vehicles.telemetryConfig', [bad])).toBe('0');
  });

  it('commands: known name, own parameter in range, attempts and wait', () => {
    expect(refusedAt('runs.startVehicleCommand', [VIN, 'set_temperatures', { temperature: 28 }])).toBeNull();
    expect(refusedAt('runs.startVehicleCommand', [VIN, 'self_destruct'])).toBe('1');
    for (const [name, options, path] of [
      ['set_temperatures', {}, '2.temperature'],
      ['set_temperatures', { temperature: 14.9 }, '2.temperature'],
      ['set_temperatures', { temperature: 28.1 }, '2.temperature'],
      ['set_temperatures', { temperature: Number.NaN }, '2.temperature'],
      ['set_charging_amps', { amps: 0 }, '2.amps'],
      ['set_charging_amps', { amps: 49 }, '2.amps'],
      ['set_charge_limit', { percent: 101 }, '2.percent'],
      ['set_speed_limit', { mph: 121 }, '2.mph'],
      ['close_windows', { temperature: 20 }, '2.temperature'],
      ['set_charge_limit', { percent: 80, amps: 16 }, '2.amps'],
      ['close_windows', { maxAttempts: 2.5 }, '2.maxAttempts'],
      ['close_windows', { waitForCompletion: 'yes' }, '2.waitForCompletion'],
    ] as const)
      expect(refusedAt('runs.startVehicleCommand', [VIN, name, options])).toBe(path);
  });

  it('drives and tag: checked, and the drives normalised to the form the service takes', () => {
    const parsed = ARG_SCHEMAS['vehicles.setDriveTag'].parse([
      VIN,
      { drives: ' 10000 , 10001,10002 ', tag: 'Business' },
    ]);
    expect(parsed[1]).toEqual({ drives: '10000,10001,10002', tag: 'Business' });
    for (const drives of ['10000,10000', '', Array.from({ length: 1001 }, (_, i) => 10000 + i).join(',')])
      expect(refusedAt('vehicles.setDriveTag', [VIN, { drives, tag: 'x' }])).toBe('1.drives');
    const max = Array.from({ length: 1000 }, (_, i) => 10000 + i).join(',');
    expect(refusedAt('vehicles.setDriveTag', [VIN, { drives: max, tag: 'x' }])).toBeNull();
    expect(refusedAt('vehicles.setDriveTag', [VIN, { drives: '1', tag: '' }])).toBe('1.tag');
    expect(refusedAt('vehicles.setDriveTag', [VIN, { drives: '1', tag: 'x'.repeat(65) }])).toBe('1.tag');
    expect(refusedAt('vehicles.setDriveTag', [VIN, { drives: '1', tag: 'x'.repeat(64) }])).toBeNull();
  });

  it('plate: 1..10 letters, digits, spaces, dashes, or null', () => {
    expect(refusedAt('vehicles.setPlate', [VIN, { plate: 'ABC-123' }])).toBeNull();
    for (const plate of ['', 'ABCDEFGHIJK', 'AB_12', 12])
      expect(refusedAt('vehicles.setPlate', [VIN, { plate }])).toBe('1.plate');
    expect(refusedAt('vehicles.setPlate', [VIN, {}])).toBe('1.plate');
  });

  it('release notes: version, language and staged', () => {
    expect(refusedAt('vehicles.releaseNotes', [VIN, {}])).toBeNull();
    expect(refusedAt('vehicles.releaseNotes', [VIN, { language: 'en-GB' }])).toBeNull();
    for (const version of ['2026.14', '../x'])
      expect(refusedAt('vehicles.releaseNotes', [VIN, { version }])).toBe('1.version');
    for (const language of ['english', 'EN', 'en_US'])
      expect(refusedAt('vehicles.releaseNotes', [VIN, { language }])).toBe('1.language');
    expect(refusedAt('vehicles.releaseNotes', [VIN, { staged: 'true' }])).toBe('1.staged');
  });

  it("access: service ids as digit strings, telemetry fields by name, workshop commands' options", () => {
    for (const id of [2300000000000001, '23e4', ''])
      expect(refusedAt('vehicles.removeDriver', [VIN, id])).toBe('1');
    expect(refusedAt('vehicles.removeDriver', ['NOT A VIN', '1'])).toBe('0');
    const fields = ARG_SCHEMAS['vehicles.writeTelemetryConfig'].safeParse([
      VIN,
      { fields: { Gaer: { interval_seconds: 5 }, Odometer: { interval_seconds: 0 } } },
    ]);
    expect(fields.success).toBe(false);
    expect(fields.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['1.fields.Gaer', "Unknown telemetry field 'Gaer'; did you mean 'Gear'?"],
      ['1.fields.Odometer', 'Odometer: interval must be at least 1 second'],
    ]);
    for (const [name, options, path] of [
      ['flash_lights', undefined, '1'],
      ['lock', { inSeconds: 5 }, '2.inSeconds'],
      ['lock', { waitForCompletion: 'yes' }, '2.waitForCompletion'],
      ['lock', { temperature: 20 }, '2.temperature'],
      ['lock', { open: true }, '2'],
      ['schedule_software_update', {}, '2.inSeconds'],
      ['schedule_software_update', { inSeconds: 90_000 }, '2.inSeconds'],
    ] as const)
      expect(refusedAt('runs.startVehicleCommand', [VIN, name, options])).toBe(path);
  });
});
