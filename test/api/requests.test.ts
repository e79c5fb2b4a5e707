import { describe, expect, it } from 'vitest';

import {
  commandRequest,
  releaseNotesRequest,
  requestTarget,
  setDriveTagRequest,
  setPlateRequest,
  vehicleReadRequest,
} from '../../electron/main/api/requests';
import { commandCall, releaseNotesCall } from '../../electron/main/api/call-args';

const VIN = '5YJ3E1EA7KF317000';

describe('request building', () => {
  it('telemetry config is a GET without query or body', () => {
    const r = vehicleReadRequest('telemetryConfig', VIN);
    expect(r).toMatchObject({
      method: 'GET',
      path: `/${VIN}/fleet_telemetry_config`,
      body: null,
      requestClass: 'read',
    });
    expect(r.query).toEqual([]);
  });

  it('release notes always send language and staged; an empty version keeps the trailing slash', () => {
    const r = releaseNotesRequest(VIN, releaseNotesCall(undefined));
    expect(r.path).toBe(`/${VIN}/release_notes/`);
    expect(r.query).toEqual([
      ['language', 'en'],
      ['staged', 'false'],
    ]);
    const r2 = releaseNotesRequest(
      VIN,
      releaseNotesCall({ version: '2026.14.3.1', language: 'en-GB', staged: true }),
    );
    expect(r2.path).toBe(`/${VIN}/release_notes/2026.14.3.1`);
    expect(r2.query).toEqual([
      ['language', 'en-GB'],
      ['staged', 'true'],
    ]);
  });

  it('set_tag and plate are JSON POSTs', () => {
    const tag = setDriveTagRequest(VIN, { drives: '10000,10001', tag: 'Business' });
    expect(tag).toMatchObject({ method: 'POST', path: `/${VIN}/drives/set_tag`, requestClass: 'write' });
    expect(tag.body).toBe('{"drives":"10000,10001","tag":"Business"}');
    expect(setPlateRequest(VIN, 'ABC123').body).toBe('{"plate":"ABC123"}');
    expect(setPlateRequest(VIN, null).body).toBe('{"plate":null}');
    expect(setPlateRequest(VIN, null).path).toBe(`/${VIN}/plate`);
  });

  it('commands have no body and send both common parameters explicitly', () => {
    const r = commandRequest(VIN, commandCall('close_windows', undefined));
    expect(r).toMatchObject({
      method: 'POST',
      path: `/${VIN}/command/close_windows`,
      body: null,
      requestClass: 'command',
    });
    expect(r.query).toEqual([
      ['wait_for_completion', 'true'],
      ['max_attempts', '3'],
    ]);
    const t = commandRequest(
      VIN,
      commandCall('set_temperatures', { temperature: 21.5, waitForCompletion: false, maxAttempts: 1 }),
    );
    expect(t.query).toEqual([
      ['wait_for_completion', 'false'],
      ['max_attempts', '1'],
      ['temperature', '21.5'],
    ]);
    expect(commandRequest(VIN, commandCall('set_speed_limit', { mph: 65 })).query).toContainEqual([
      'mph',
      '65',
    ]);
    expect(commandRequest(VIN, commandCall('set_charging_amps', { amps: 16 })).query).toContainEqual([
      'amps',
      '16',
    ]);
    expect(commandRequest(VIN, commandCall('set_charge_limit', { percent: 80 })).query).toContainEqual([
      'percent',
      '80',
    ]);
  });

  it('joins a base path prefix without doubling or dropping slashes', () => {
    const r = releaseNotesRequest(VIN, releaseNotesCall({ language: 'de' }));
    expect(requestTarget('', r)).toBe(`/${VIN}/release_notes/?language=de&staged=false`);
    expect(requestTarget('/api/v1', r)).toBe(`/api/v1/${VIN}/release_notes/?language=de&staged=false`);
    expect(requestTarget('/api/v1/', vehicleReadRequest('telemetryConfig', VIN))).toBe(
      `/api/v1/${VIN}/fleet_telemetry_config`,
    );
  });
});
