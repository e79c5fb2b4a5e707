import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatDateTime, formatDistance, formatTime } from '../../renderer/src/lib/format';
import { resetLanguage, t } from '../../renderer/src/lib/i18n.svelte';
import { preferences } from '../../renderer/src/lib/stores';
import { applySystemLocale } from '../../renderer/src/lib/system-locale';
import { formatPressure } from '../../renderer/src/lib/units';

describe('the system locale', () => {
  beforeEach(() => {
    localStorage.clear();
    preferences.load();
  });
  afterEach(() => resetLanguage());

  it("takes the region's units while the technician has chosen none", () => {
    applySystemLocale({ system: 'de-DE', region: 'DE' });
    expect([preferences.distanceUnit, preferences.temperatureUnit]).toEqual(['km', 'c']);
    applySystemLocale({ system: 'en-US', region: 'US' });
    expect([preferences.distanceUnit, preferences.temperatureUnit]).toEqual(['mi', 'f']);
  });

  it("shows tyre pressure in the region's unit, in its digits, unless one was chosen", async () => {
    await applySystemLocale({ system: 'en-US', region: 'US' });
    expect(preferences.pressureUnit).toBe('psi');
    expect(formatPressure(2.93)).toBe('42.5 psi');
    localStorage.clear();
    preferences.load();
    await applySystemLocale({ system: 'de-DE', region: 'DE' });
    expect(preferences.pressureUnit).toBe('bar');
    expect(formatPressure(2.93)).toBe('2,93 bar');
    preferences.setPressureUnit('kPa');
    await applySystemLocale({ system: 'en-US', region: 'US' });
    expect(formatPressure(2.93)).toBe('293 kPa');
  });

  it('never overrides a unit chosen in Settings', () => {
    preferences.setDistanceUnit('km');
    applySystemLocale({ system: 'en-US', region: 'US' });
    expect([preferences.distanceUnit, preferences.temperatureUnit]).toEqual(['km', 'f']);
    // And the choice outlives a restart.
    preferences.load();
    applySystemLocale({ system: 'en-US', region: 'US' });
    expect(preferences.distanceUnit).toBe('km');
  });

  it("keeps the service's units when the OS names no region", () => {
    applySystemLocale({ system: null, region: null });
    applySystemLocale(undefined);
    expect([preferences.distanceUnit, preferences.temperatureUnit]).toEqual(['mi', 'c']);
  });

  it('writes dates and numbers in the system locale', async () => {
    const at = '2026-11-25T14:05:00.000Z';
    await applySystemLocale({ system: 'de-DE', region: 'DE' });
    expect(formatDateTime(at)).toBe(
      new Date(at).toLocaleString('de-DE', { dateStyle: 'medium', timeStyle: 'short' }),
    );
    expect(formatDateTime(at)).toMatch(/^25\.11\.2026/);
    expect(formatDistance(1234.4, 'mi')).toBe('1.234 mi');
    await applySystemLocale({ system: 'en-GB', region: 'GB' });
    expect(formatDistance(1234.4, 'mi')).toBe('1,234 mi');
  });

  it('counts and clock times in the system locale too (garage counts, run progress, claims)', async () => {
    await applySystemLocale({ system: 'de-DE', region: 'DE' });
    // A German system speaks German too, with its digits.
    expect(t('garage.count', { count: 1000 })).toBe('1.000 Fahrzeuge');
    expect(formatTime('2026-11-25T14:05:09.000Z')).toBe(
      new Date('2026-11-25T14:05:09.000Z').toLocaleTimeString('de-DE', {
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      }),
    );
    await applySystemLocale({ system: 'en-US', region: 'US' });
    expect(t('garage.count', { count: 1000 })).toBe('1,000 vehicles');
  });
});
