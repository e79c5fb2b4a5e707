// The technician's distance unit for the vehicle view; the service reports miles.
import type { RecordUnits } from '../../../electron/shared/jobs/record-words';
import { pressureIn, type PressureUnit } from '../../../electron/shared/regional-units';
import { displayLocaleTag } from './format';
import { preferences } from './stores';

export function distanceUnit(): 'km' | 'mi' {
  return preferences.distanceUnit;
}

/** The unit the technician reads temperatures in (the job's PDF prints in it too). */
export function temperatureUnit(): 'c' | 'f' {
  return preferences.temperatureUnit;
}

/** The unit the technician reads tyre pressures in (the job's PDF prints in it too). */
export function pressureUnit(): PressureUnit {
  return preferences.pressureUnit;
}

/** Every unit the technician reads values in: a record's readings, a command's values and effects. */
export function technicianUnits(): RecordUnits {
  return { distance: distanceUnit(), temperature: temperatureUnit(), pressure: pressureUnit() };
}

/** A tyre pressure the service gave in bar, in the technician's unit and the region's digits. */
export function formatPressure(bar: number): string {
  const unit = preferences.pressureUnit;
  const { value, digits } = pressureIn(bar, unit);
  const number = new Intl.NumberFormat(displayLocaleTag(), {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
  return `${number} ${unit}`;
}
