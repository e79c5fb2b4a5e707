import { describe, expect, it } from 'vitest';
import {
  VIN_LENGTH,
  computeCheckDigit,
  decodeVin,
  hasValidCheckDigit,
  normalizeVin,
  vinProblem,
  vinWithCheckDigit,
} from '../../electron/shared/vin';

describe('normalizeVin', () => {
  it('trims and upper-cases but keeps inner characters', () => {
    expect(normalizeVin('  5yj3e1ea7kf317002 \n')).toBe('5YJ3E1EA7KF317002');
    expect(normalizeVin('5YJ 3E1')).toBe('5YJ 3E1');
  });
});

describe('vinProblem', () => {
  it('accepts 17 characters of the VIN alphabet', () => {
    expect(VIN_LENGTH).toBe(17);
    expect(vinProblem('1M8GDM9AXKP042788')).toBeNull();
    expect(vinProblem('ABCDEFGHJKLMNPRST')).toBeNull();
  });

  it('names the length', () => {
    expect(vinProblem('5YJ3E1EA7KF31700')).toBe('VIN has 16 characters; it needs 17');
    expect(vinProblem('5YJ3E1EA7KF3170000')).toBe('VIN has 18 characters; it needs 17');
    expect(vinProblem('5')).toBe('VIN has 1 character; it needs 17');
    expect(vinProblem('')).toMatch(/empty/);
  });

  it('points at I, O or Q with its position', () => {
    expect(vinProblem('5YJ3O1EA7KF317000')).toBe("VIN may not contain I, O or Q (found 'O' at position 5)");
    expect(vinProblem('I1111111111111111')).toBe("VIN may not contain I, O or Q (found 'I' at position 1)");
    expect(vinProblem('1111111111111111Q')).toMatch(/'Q' at position 17/);
  });

  it('points at lower-case letters and other characters', () => {
    expect(vinProblem('5yJ3E1EA7KF317000')).toBe("VIN must be in capital letters (found 'y' at position 2)");
    expect(vinProblem('5YJ3E1EA7KF3170-0')).toMatch(/only letters A–Z.*'-' at position 16/);
    expect(vinProblem('5YJ3E1EA7KF3170 0')).toMatch(/' ' at position 16/);
  });
});

describe('check digit', () => {
  it('matches known valid VINs', () => {
    // The textbook example (49 CFR 565 style), whose check digit is X.
    expect(computeCheckDigit('1M8GDM9AXKP042788')).toBe('X');
    expect(hasValidCheckDigit('1M8GDM9AXKP042788')).toBe(true);
    expect(hasValidCheckDigit('11111111111111111')).toBe(true);
    expect(hasValidCheckDigit('1HGCM82633A004352')).toBe(true);
    expect(hasValidCheckDigit('JH4KA7561PC008269')).toBe(true);
  });

  it('ignores what is at position 9 when computing', () => {
    expect(computeCheckDigit('1M8GDM9A0KP042788')).toBe('X');
    expect(computeCheckDigit('5YJ3E1EA0KF317000')).toBe(computeCheckDigit('5YJ3E1EA9KF317000'));
  });

  it('rejects a wrong check digit and a single changed character', () => {
    expect(hasValidCheckDigit('1M8GDM9A1KP042788')).toBe(false);
    expect(hasValidCheckDigit('1M8GDM9AXKP042789')).toBe(false);
    expect(hasValidCheckDigit('1HGCM82633A004353')).toBe(false);
    expect(hasValidCheckDigit('short')).toBe(false);
  });

  it('vinWithCheckDigit repairs position 9 only', () => {
    const fixed = vinWithCheckDigit('5YJ3E1EA0KF317000');
    expect(fixed).toMatch(/^5YJ3E1EA[0-9X]KF317000$/);
    expect(hasValidCheckDigit(fixed)).toBe(true);
    expect(fixed).toBe('5YJ3E1EA2KF317000');
    expect(vinWithCheckDigit('1M8GDM9A0KP042788')).toBe('1M8GDM9AXKP042788');
  });

  it('throws on text that is not a VIN', () => {
    expect(() => computeCheckDigit('5YJ3O1EA7KF317000')).toThrow(/I, O or Q/);
  });
});

describe('decodeVin', () => {
  it('decodes a Fremont-built Tesla', () => {
    expect(decodeVin('5YJ3E1EA2KF317000', 2026)).toEqual({
      wmi: '5YJ',
      maker: 'Tesla',
      region: 'North America',
      country: 'United States',
      modelYear: 2019,
      plant: 'Fremont, California',
      serial: '317000',
      northAmerican: true,
      checkDigitValid: true,
    });
  });

  it('uses position 7 to tell 1989 from 2019', () => {
    // Position 7 is a digit ('9'): the 1980–2009 cycle.
    expect(decodeVin('1M8GDM9AXKP042788').modelYear).toBe(1989);
    expect(decodeVin('1HGCM82633A004352').modelYear).toBe(2003);
  });

  it('decodes Tesla plants and origins', () => {
    const shanghai = decodeVin(vinWithCheckDigit('LRW3E1EA0PC123456'), 2026);
    expect(shanghai).toMatchObject({
      maker: 'Tesla',
      country: 'China',
      region: 'Asia',
      plant: 'Shanghai, China',
    });
    expect(shanghai.northAmerican).toBe(false);
    expect(shanghai.modelYear).toBe(2023);
    expect(decodeVin(vinWithCheckDigit('XP7YG1EB0RB123456'), 2026)).toMatchObject({
      maker: 'Tesla',
      country: 'Germany',
      plant: 'Berlin-Brandenburg, Germany',
      modelYear: 2024,
    });
    expect(decodeVin(vinWithCheckDigit('7SAYG1EB0SA123456'), 2026).plant).toBe('Austin, Texas');
  });

  it('outside North America picks the latest year not after next year', () => {
    // 'X' is 1999 or 2029; in 2026, 2029 is too far ahead.
    expect(decodeVin('WVWZZZ1JZXW000001', 2026).modelYear).toBe(1999);
    // 'T' is 1996 or 2026.
    expect(decodeVin('WP0ZZZ99ZTS392124', 2026).modelYear).toBe(2026);
    // 'T' in 2024: 2026 is after next year, so 1996.
    expect(decodeVin('WP0ZZZ99ZTS392124', 2024).modelYear).toBe(1996);
  });

  it('knows makers by WMI, including two-character prefixes', () => {
    expect(decodeVin('JTDKN3DU0A0123456').maker).toBe('Toyota');
    expect(decodeVin('WBA3A5C51CF256651').maker).toBe('BMW');
    expect(decodeVin('YV1MS382X62123456').maker).toBe('Volvo');
    expect(decodeVin('7FCTGAAA0NN123456').maker).toBe('Rivian');
    expect(decodeVin('1FTFW1ET5DFC10312').maker).toBe('Ford');
  });

  it('leaves unknown things null', () => {
    const d = decodeVin('9BWZZZ377VT004251', 2026);
    expect(d.maker).toBeNull();
    expect(d.region).toBe('South America');
    expect(d.plant).toBeNull();
    // An invalid year code (U, Z and 0 are never used).
    expect(decodeVin('1M8GDM9AXUP042788').modelYear).toBeNull();
  });

  it('does not decode text with problems', () => {
    const d = decodeVin('5YJ3O1EA7KF317000');
    expect(d.checkDigitValid).toBe(false);
    expect(d.modelYear).toBeNull();
    expect(d.maker).toBeNull();
  });
});
