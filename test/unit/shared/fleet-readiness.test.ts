// The readiness rules from the Fleet API's fleet status: a car whose key is not paired while it
// requires signed commands is blocked (a bulk run skips it), one not paired that still takes
// unsigned commands is flagged, a car the status does not name is unknown (never "not paired"), and
// a car with no keys or no telemetry is flagged with what to do.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  readinessLevel,
  readinessOf,
  readinessSkip,
  readinessWarning,
} from '../../../electron/shared/fleet-readiness';
import type { FleetStatus } from '../../../electron/shared/fleet-wire';
import { loadCatalog } from '../../../electron/shared/i18n/catalogs';
import { createTranslator } from '../../../electron/shared/i18n/translator';

const PAIRED = '5YJ3E1EA7JF000001';
const UNPAIRED_SIGNED = '5YJ3E1EA7JF000002';
const UNPAIRED_LEGACY = '5YJ3E1EA7JF000003';
const MISSING = '5YJ3E1EA7JF000004';
const NO_TELEMETRY = '5YJ3E1EA7JF000005';

const info = (required: boolean, telemetry: string | null = '1.1.0', keys = 3) => ({
  firmware_version: '2025.44.25',
  vehicle_command_protocol_required: required,
  fleet_telemetry_version: telemetry,
  total_number_of_keys: keys,
});

const STATUS: FleetStatus = {
  response: {
    key_paired_vins: [PAIRED, NO_TELEMETRY],
    unpaired_vins: [UNPAIRED_SIGNED, UNPAIRED_LEGACY],
    vehicle_info: {
      [PAIRED]: info(true),
      [UNPAIRED_SIGNED]: info(true),
      [UNPAIRED_LEGACY]: info(false, '1.0.0', 0),
      [NO_TELEMETRY]: info(true, ''),
    },
  },
};

describe('readinessOf', () => {
  beforeAll(() => loadCatalog('de'));

  it('a paired car with telemetry and keys is ready, with what the status says of it', () => {
    const ready = readinessOf(STATUS, PAIRED);
    expect(ready).toEqual({
      vin: PAIRED,
      keyPaired: true,
      signedCommandsRequired: true,
      firmware: '2025.44.25',
      telemetryVersion: '1.1.0',
      keys: 3,
      issues: [],
    });
    expect(readinessLevel(ready)).toBe('ready');
    expect(readinessSkip(STATUS, PAIRED)).toBeNull();
    expect(readinessWarning(STATUS, PAIRED)).toBeNull();
  });

  it('an unpaired car that requires signed commands is blocked, with why and what to do', () => {
    const blocked = readinessOf(STATUS, UNPAIRED_SIGNED);
    expect(readinessLevel(blocked)).toBe('blocked');
    expect(blocked.issues).toEqual([
      {
        code: 'unpaired',
        blocks: true,
        message:
          'Key not paired: the car requires signed commands, so no command can work. Pair the partner key in the car.',
      },
    ]);
    expect(readinessSkip(STATUS, UNPAIRED_SIGNED)).toEqual({
      reason: 'key not paired',
      message: blocked.issues[0]!.message,
    });
    // Blocked, not merely warned of.
    expect(readinessWarning(STATUS, UNPAIRED_SIGNED)).toBeNull();
  });

  it('an unpaired car that still takes unsigned commands, with no keys, is flagged but not skipped', () => {
    const flagged = readinessOf(STATUS, UNPAIRED_LEGACY);
    expect(readinessLevel(flagged)).toBe('warning');
    expect(flagged.issues.map((issue) => [issue.code, issue.blocks])).toEqual([
      ['unpaired', false],
      ['noKeys', false],
    ]);
    expect(readinessSkip(STATUS, UNPAIRED_LEGACY)).toBeNull();
    expect(readinessWarning(STATUS, UNPAIRED_LEGACY)).toMatch(
      /^Key not paired: commands still go unsigned.+Pair the partner key in the car\. No key paired on the car/,
    );
  });

  it('a car the status names in neither list is unknown, not unpaired, and never skipped', () => {
    const unknown = readinessOf(STATUS, MISSING);
    expect(unknown).toMatchObject({ keyPaired: null, firmware: null, keys: null });
    expect(unknown.issues.map((issue) => issue.code)).toEqual(['unknown']);
    expect(readinessSkip(STATUS, MISSING)).toBeNull();
    expect(readinessOf(null, MISSING).issues[0]!.message).toMatch(/has not been read yet/);
  });

  it('a blank telemetry version is no telemetry', () => {
    const ready = readinessOf(STATUS, NO_TELEMETRY);
    expect(ready.telemetryVersion).toBeNull();
    expect(ready.issues.map((issue) => issue.code)).toEqual(['noTelemetry']);
  });

  it('is worded in the language it is given', () => {
    const de = createTranslator({ language: 'de', formatLocale: 'de-DE' });
    expect(readinessSkip(STATUS, UNPAIRED_SIGNED, (key, params) => de.t(key, params))?.message).toMatch(
      /^Schlüssel nicht gekoppelt/,
    );
  });
});
