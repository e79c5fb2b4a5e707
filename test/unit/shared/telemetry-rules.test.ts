// The shared telemetry configuration rules: the known field names, the closest-name suggestion, the
// interval rule, the Gear/Location warnings and the expiry classification.
import { describe, expect, it } from 'vitest';
import { closestName, editDistance } from '../../../electron/shared/closest-name';
import {
  RECOMMENDED_TELEMETRY_FIELDS,
  TELEMETRY_FIELD_NAMES,
  isTelemetryFieldName,
  recommendedTelemetryFields,
} from '../../../electron/shared/telemetry-fields';
import {
  classifyExpiry,
  fieldProblems,
  fieldWarnings,
  intervalProblem,
  suggestFieldName,
} from '../../../electron/shared/telemetry-rules';

describe('editDistance (Damerau-Levenshtein, optimal string alignment)', () => {
  it.each([
    ['', '', 0],
    ['', 'abc', 3],
    ['abc', '', 3],
    ['Gear', 'Gear', 0],
    ['Gaer', 'Gear', 1], // one swap of neighbours
    ['Gr', 'Gear', 2],
    ['kitten', 'sitting', 3],
    ['ca', 'abc', 3], // optimal string alignment: no edit of a swapped pair
    ['Odometr', 'Odometer', 1],
  ])('%j → %j is %i', (a, b, d) => {
    expect(editDistance(a, b)).toBe(d);
    expect(editDistance(b, a)).toBe(d);
  });
});

describe('closestName', () => {
  const known = ['Gear', 'Location', 'Odometer', 'Locked'];
  it('suggests the nearest known name, ignoring case, ties to the earlier one', () => {
    expect(closestName('Gaer', known)).toBe('Gear');
    expect(closestName('location', known)).toBe('Location');
    expect(closestName('Lockd', known)).toBe('Locked');
    expect(closestName('Locaton', known)).toBe('Location');
    expect(closestName('Lock', ['Locks', 'Locked'])).toBe('Locks');
  });

  it('suggests nothing for a name far from all of them, or an empty one', () => {
    expect(closestName('Banana', known)).toBeNull();
    expect(closestName('   ', known)).toBeNull();
    expect(closestName('Gaer', [])).toBeNull();
    expect(closestName('Gxxr', known, { maxDistance: 1 })).toBeNull();
    expect(closestName('Gxxr', known, { maxDistance: 2 })).toBe('Gear');
  });
});

describe('the known field names', () => {
  it('are the fleet-telemetry Field enum without placeholders, unique, with every name the documents show', () => {
    expect(TELEMETRY_FIELD_NAMES.length).toBeGreaterThan(230);
    expect(new Set(TELEMETRY_FIELD_NAMES).size).toBe(TELEMETRY_FIELD_NAMES.length);
    for (const name of TELEMETRY_FIELD_NAMES) expect(name).toMatch(/^[A-Z][A-Za-z0-9]+$/);
    expect(TELEMETRY_FIELD_NAMES.some((n) => /^(Unknown|Deprecated_|Experimental_)/.test(n))).toBe(false);
    // prettier-ignore
    const documented = [
      'ACChargingPower', 'BatteryLevel', 'ChargeState', 'DCChargingPower', 'EnergyRemaining', 'Gear',
      'IdealBatteryRange', 'Location', 'Odometer', 'RatedRange', 'VehicleSpeed', 'ChargeLimitSoc',
      'ChargeAmps', 'TpmsPressureFl', 'TpmsPressureFr', 'TpmsPressureRl', 'TpmsPressureRr', 'InsideTemp',
      'OutsideTemp', 'Locked', 'SentryMode', 'Version', 'DoorState', 'ValetModeEnabled', 'SoftwareUpdateVersion',
    ];
    for (const name of documented) expect(isTelemetryFieldName(name), name).toBe(true);
    expect(isTelemetryFieldName('gear')).toBe(false);
    expect(isTelemetryFieldName('__proto__')).toBe(false);
    expect(isTelemetryFieldName(42)).toBe(false);
  });

  it('the recommended configuration is ten of them at 60 s, a fresh object each time', () => {
    expect(RECOMMENDED_TELEMETRY_FIELDS).toHaveLength(10);
    const a = recommendedTelemetryFields();
    expect(Object.keys(a).sort()).toEqual([...RECOMMENDED_TELEMETRY_FIELDS].sort());
    expect(Object.values(a).every((f) => f.interval_seconds === 60)).toBe(true);
    a['Gear'] = { interval_seconds: 1 };
    expect(recommendedTelemetryFields()['Gear']).toEqual({ interval_seconds: 60 });
  });

  it('every typo of a known name one edit away is suggested back (or another name as close)', () => {
    for (const name of TELEMETRY_FIELD_NAMES) {
      const typo = name.length > 3 ? name.slice(0, 1) + name.slice(2) : `${name}x`;
      const suggestion = suggestFieldName(typo);
      expect(suggestion, typo).not.toBeNull();
      expect(editDistance(typo.toLowerCase(), (suggestion as string).toLowerCase())).toBeLessThanOrEqual(1);
    }
  });
});

describe('intervalProblem', () => {
  it.each([
    [1, null],
    [60, null],
    [86_400, null],
    [0, /at least 1 second/],
    [-5, /at least 1 second/],
    [0.5, /whole number/],
    [86_401, /at most 86400/],
    [Number.NaN, /a number of seconds/],
    ['60', /a number of seconds/],
    [null, /a number of seconds/],
  ])('%j', (value, expected) => {
    const problem = intervalProblem(value);
    if (expected === null) expect(problem).toBeNull();
    else expect(problem).toMatch(expected);
  });
});

describe('fieldProblems and fieldWarnings', () => {
  it('names every unknown field with a suggestion and every bad interval, in order', () => {
    const problems = fieldProblems({
      Gaer: { interval_seconds: 10 },
      Odometer: { interval_seconds: 0 },
      Location: { interval_seconds: 30 },
      Zzzzzzzz: { interval_seconds: 10 },
      VehicleSpeed: {},
    });
    expect(problems).toEqual([
      {
        kind: 'unknown_field',
        field: 'Gaer',
        suggestion: 'Gear',
        message: "Unknown telemetry field 'Gaer'; did you mean 'Gear'?",
      },
      { kind: 'bad_interval', field: 'Odometer', message: 'Odometer: interval must be at least 1 second' },
      {
        kind: 'unknown_field',
        field: 'Zzzzzzzz',
        suggestion: null,
        message: "Unknown telemetry field 'Zzzzzzzz'",
      },
      { kind: 'bad_interval', field: 'VehicleSpeed', message: 'VehicleSpeed: interval_seconds is required' },
    ]);
    expect(fieldProblems(recommendedTelemetryFields())).toEqual([]);
  });

  it('shortens a very long unknown name in the message', () => {
    const [problem] = fieldProblems({ ['X'.repeat(500)]: { interval_seconds: 1 } });
    expect(problem?.message.length).toBeLessThan(120);
  });

  it('warns when Gear or Location would be missing', () => {
    expect(fieldWarnings(recommendedTelemetryFields())).toEqual([]);
    expect(fieldWarnings({ Location: { interval_seconds: 1 } })).toEqual(['gear_missing']);
    expect(fieldWarnings({ Gear: { interval_seconds: 1 } })).toEqual(['location_missing']);
    expect(fieldWarnings({})).toEqual(['gear_missing', 'location_missing']);
  });
});

describe('classifyExpiry', () => {
  const now = Date.UTC(2026, 4, 1);
  const day = 86_400;
  it.each([
    [now / 1000 - 1, 'past', -1],
    [now / 1000, 'past', 0],
    [now / 1000 + 1, 'soon', 0],
    [now / 1000 + 3 * day, 'soon', 3],
    [now / 1000 + 30 * day, 'soon', 30],
    [now / 1000 + 30 * day + 1, 'ok', 30],
    [now / 1000 + 200 * day, 'ok', 200],
  ])('exp %i', (exp, status, daysLeft) => {
    expect(classifyExpiry(exp, now)).toEqual({ status, expiresAt: exp * 1000, daysLeft });
  });

  it('knows nothing of a value that is not a time', () => {
    for (const bad of [undefined, null, 'soon', Number.NaN, -1]) expect(classifyExpiry(bad, now)).toBeNull();
  });
});
