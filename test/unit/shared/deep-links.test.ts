// Links from other programs: a vehicle by VIN or a job by repair order; everything else is refused
// with a reason the window can word, quoting only a safe piece of what was sent.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  deepLinkInArgs,
  parseDeepLink,
  resolveDeepLink,
  showablePart,
} from '../../../electron/shared/deep-links';

describe('deep links', () => {
  it('opens a vehicle by VIN, however the other program spelled it', () => {
    expect(parseDeepLink('vehicle-garage://vehicle/5YJ3E1EB5SF455705')).toEqual({
      kind: 'vehicle',
      vin: '5YJ3E1EB5SF455705',
    });
    expect(parseDeepLink('vehicle-garage://vehicle/5yj3%20e1eb%205sf4%2055705/')).toEqual({
      kind: 'vehicle',
      vin: '5YJ3E1EB5SF455705',
    });
    expect(parseDeepLink('VEHICLE-GARAGE://Vehicle/5YJ3E1EB5SF455705')).toEqual({
      kind: 'vehicle',
      vin: '5YJ3E1EB5SF455705',
    });
  });

  it('opens a job by its repair order, spaces and punctuation included', () => {
    expect(parseDeepLink('vehicle-garage://job/RO-2026-0042')).toEqual({
      kind: 'job',
      repairOrder: 'RO-2026-0042',
    });
    expect(parseDeepLink('vehicle-garage://job/RO%2042%2FB')).toEqual({
      kind: 'job',
      repairOrder: 'RO 42/B',
    });
  });

  it("refuses a malformed VIN with the VIN rules' own words", () => {
    expect(parseDeepLink('vehicle-garage://vehicle/5YJ3E1EB5SF45570')).toEqual({
      kind: 'refused',
      reason: 'malformed-vin',
      shown: '5YJ3E1EB5SF45570',
      problem: 'VIN has 16 characters; it needs 17',
    });
    expect(parseDeepLink('vehicle-garage://vehicle/5YJ3E1EB5SF45570O')).toMatchObject({
      reason: 'malformed-vin',
      problem: expect.stringContaining('I, O or Q'),
    });
  });

  it('refuses other kinds, extra parts, queries, credentials and other schemes', () => {
    for (const link of [
      'vehicle-garage://settings/x',
      'vehicle-garage://vehicle/5YJ3E1EB5SF455705/extra',
      'vehicle-garage://vehicle/5YJ3E1EB5SF455705?then=delete',
      'vehicle-garage://vehicle/5YJ3E1EB5SF455705#x',
      'vehicle-garage://user:pw@vehicle/5YJ3E1EB5SF455705',
      'vehicle-garage://vehicle',
      'vehicle-garage://job/%E0%A4%A',
    ]) {
      expect(parseDeepLink(link), link).toMatchObject({ kind: 'refused', reason: 'unknown-kind' });
    }
    for (const link of [
      'https://example.com/vehicle/5YJ3E1EB5SF455705',
      'javascript:alert(1)',
      '',
      `vehicle-garage://job/${'x'.repeat(600)}`,
    ]) {
      expect(parseDeepLink(link), link).toMatchObject({ kind: 'refused', reason: 'not-a-link' });
    }
    expect(parseDeepLink(`vehicle-garage://job/${'R'.repeat(65)}`)).toMatchObject({
      reason: 'malformed-repair-order',
    });
    expect(parseDeepLink('vehicle-garage://job/RO%0A42')).toMatchObject({ reason: 'malformed-repair-order' });
  });

  it('quotes back only a short, printable, single-line piece of any input', () => {
    expect(showablePart('a\u202Eevil\u0000\nb')).toBe('aevilb');
    fc.assert(
      fc.property(fc.string({ maxLength: 600 }), (text) => {
        const refused = parseDeepLink(`vehicle-garage://vehicle/${encodeURIComponent(text)}`);
        if (refused.kind !== 'refused') return;
        expect(refused.shown.length).toBeLessThanOrEqual(40);
        expect(refused.shown).not.toMatch(/[\p{Cc}\p{Cf}]/u);
      }),
    );
  });

  it('finds the link among the arguments Windows and Linux start the app with', () => {
    expect(
      deepLinkInArgs(['/opt/Vehicle Garage/vehicle-garage', '--no-x', 'vehicle-garage://job/RO-1']),
    ).toBe('vehicle-garage://job/RO-1');
    expect(deepLinkInArgs(['electron', '.'])).toBeNull();
  });
});

describe('resolving a link against the active garage', () => {
  const lookups = {
    activeProfileId: async () => 'p-1',
    hasVehicle: async (_profile: string, vin: string) => vin === '5YJ3E1EB5SF455705',
    jobsByRepairOrder: async (_profile: string, ro: string) =>
      ro.toLowerCase() === 'ro-7' ? [{ id: 'job-open', vin: '5YJ3E1EB5SF455705' }] : [],
  };

  it('opens what the garage holds and refuses what it does not', async () => {
    expect(await resolveDeepLink('vehicle-garage://vehicle/5YJ3E1EB5SF455705', lookups)).toEqual({
      kind: 'open-vehicle',
      profileId: 'p-1',
      vin: '5YJ3E1EB5SF455705',
    });
    expect(await resolveDeepLink('vehicle-garage://job/RO-7', lookups)).toEqual({
      kind: 'open-job',
      profileId: 'p-1',
      vin: '5YJ3E1EB5SF455705',
      jobId: 'job-open',
    });
    expect(await resolveDeepLink('vehicle-garage://vehicle/1HGCM82633A004352', lookups)).toEqual({
      kind: 'link-refused',
      reason: 'unknown-vehicle',
      shown: '1HGCM82633A004352',
    });
    expect(await resolveDeepLink('vehicle-garage://job/RO-8', lookups)).toEqual({
      kind: 'link-refused',
      reason: 'unknown-job',
      shown: 'RO-8',
    });
  });
});
