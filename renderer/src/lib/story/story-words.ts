// The Health and history tab's numbers in the technician's units and the region's digits: distances
// from the service's miles, pressures from its bar, energy in kWh, times from its Unix seconds.
import { pressureIn } from '../../../../electron/shared/regional-units';
import { displayLocaleTag, distanceIn, formatDate, formatDateTime, formatDistance } from '../format';
import { t } from '../i18n.svelte';
import { preferences } from '../stores';
import { formatPressure } from '../units';
import { unknownText } from '../vehicle-words';

const number = (value: number, digits: number) =>
  value.toLocaleString(displayLocaleTag(), { minimumFractionDigits: digits, maximumFractionDigits: digits });

export const dayOf = (seconds: number): string => formatDate(new Date(seconds * 1000));
export const timeOf = (seconds: number | null): string =>
  seconds === null ? unknownText() : formatDateTime(seconds * 1000);

export const kwh = (value: number | null, digits = 1): string =>
  value === null ? unknownText() : t('story.kwh', { value: number(value, digits) });

export const percent = (value: number | null, digits = 0): string =>
  value === null ? unknownText() : t('story.percent', { value: number(value, digits) });

export const points = (value: number | null): string =>
  value === null ? unknownText() : t('story.points', { value: number(value, 0) });

/** A share 0–1 ("25 %"). */
export const share = (fraction: number | null): string =>
  fraction === null ? unknownText() : percent(fraction * 100);

/** A distance the service gave in miles, in the technician's unit. */
export const distance = (miles: number | null): string => formatDistance(miles, preferences.distanceUnit);

/** The distance unit's number alone, for a chart's axis. */
export const distanceNumber = (miles: number): number => distanceIn(miles, preferences.distanceUnit);
export const distanceAxis = (value: number): string => `${number(value, 0)} ${preferences.distanceUnit}`;

/** A pressure the service gave in bar, in the technician's unit; its number alone for a chart. */
export const pressure = (bar: number | null): string => (bar === null ? unknownText() : formatPressure(bar));
export const pressureNumber = (bar: number): number => pressureIn(bar, preferences.pressureUnit).value;
export const pressureAxis = (value: number): string => {
  const digits = pressureIn(1, preferences.pressureUnit).digits;
  return `${number(value, Math.min(digits, 1))} ${preferences.pressureUnit}`;
};

/** A cost in the account's currency, which the service does not name: the number alone. */
export const cost = (value: number | null): string => (value === null ? unknownText() : number(value, 2));

export const count = (value: number): string => value.toLocaleString(displayLocaleTag());
