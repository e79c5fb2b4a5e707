import { fireEvent, render, screen } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import UnitsFieldset from '../../renderer/src/components/preferences/UnitsFieldset.svelte';
import {
  celsiusFrom,
  formatDistance,
  formatSpeed,
  formatTemperature,
  temperatureIn,
} from '../../renderer/src/lib/format';
import { distanceUnit } from '../../renderer/src/lib/units';
import { preferences } from '../../renderer/src/lib/stores';

describe('display units', () => {
  beforeEach(() => {
    localStorage.clear();
    preferences.load();
  });

  it('formats what the service gives (miles, mph, °C) in the chosen unit, and says Unknown for no number', () => {
    expect(formatDistance(100, 'mi')).toBe('100 mi');
    expect(formatDistance(100, 'km')).toBe('161 km');
    expect(formatDistance(null, 'km')).toBe('Unknown');
    expect(formatSpeed(65, 'km')).toBe('105 km/h');
    expect(formatSpeed(65, 'mi')).toBe('65 mph');
    expect(formatTemperature(21.5, 'c')).toBe('21.5 °C');
    expect(formatTemperature(21.5, 'f')).toBe('70.7 °F');
    expect(formatTemperature(Number.NaN, 'f')).toBe('Unknown');
    expect(celsiusFrom(temperatureIn(18, 'f'), 'f')).toBeCloseTo(18, 10);
  });

  it('starts in the service’s own units, and keeps the technician’s choice across restarts', async () => {
    expect(preferences.distanceUnit).toBe('mi');
    expect(preferences.temperatureUnit).toBe('c');
    render(UnitsFieldset);
    await fireEvent.click(screen.getByRole('radio', { name: 'Kilometres (km)' }));
    await fireEvent.click(screen.getByRole('radio', { name: 'Fahrenheit (°F)' }));
    expect(distanceUnit()).toBe('km');
    preferences.load();
    expect(preferences.distanceUnit).toBe('km');
    expect(preferences.temperatureUnit).toBe('f');
    expect(screen.getByRole('group', { name: 'Distance and speed' })).toBeTruthy();
  });

  it('ignores a stored value it does not know', () => {
    localStorage.setItem('garage.distanceUnit', 'furlongs');
    preferences.load();
    expect(preferences.distanceUnit).toBe('mi');
  });
});
