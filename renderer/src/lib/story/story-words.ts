// The Health and history tab's numbers in the technician's units and the region's digits: distances
// from the service's miles, pressures from its bar, energy in kWh, times from its Unix seconds.
// Years of history are thousands of table cells, so each Intl formatter is made once per locale and
// kept (a `toLocaleString` call makes a new one each time: 0.1–0.3 ms apiece), writing what the
// app's format helpers write.
import { distanceIn, pressureIn } from '../../../../electron/shared/regional-units';
import { displayLocaleTag } from '../format';
import { t } from '../i18n.svelte';
import { preferences } from '../stores';
import { unknownText } from '../vehicle-words';

const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function numberFormat(digits: number): Intl.NumberFormat {
  const locale = displayLocaleTag();
  const key = `${locale ?? ''}|n${digits}`;
  let format = formatters.get(key) as Intl.NumberFormat | undefined;
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
    formatters.set(key, format);
  }
  return format;
}

/** A day as formatDate writes it, or a day and time as formatDateTime does. */
function dateFormat(withTime: boolean): Intl.DateTimeFormat {
  const locale = displayLocaleTag();
  const key = `${locale ?? ''}|d${withTime ? 't' : ''}`;
  let format = formatters.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) {
    format = new Intl.DateTimeFormat(
      locale,
      withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' },
    );
    formatters.set(key, format);
  }
  return format;
}

const number = (value: number, digits: number) => numberFormat(digits).format(value);

export const dayOf = (seconds: number): string => dateFormat(false).format(seconds * 1000);
export const timeOf = (seconds: number | null): string =>
  seconds === null ? unknownText() : dateFormat(true).format(seconds * 1000);

export const kwh = (value: number | null, digits = 1): string =>
  value === null ? unknownText() : t('story.kwh', { value: number(value, digits) });

export const percent = (value: number | null, digits = 0): string =>
  value === null ? unknownText() : t('story.percent', { value: number(value, digits) });

export const points = (value: number | null): string =>
  value === null ? unknownText() : t('story.points', { value: number(value, 0) });

/** A share 0–1 ("25 %"). */
export const share = (fraction: number | null): string =>
  fraction === null ? unknownText() : percent(fraction * 100);

/** A distance the service gave in miles, in the technician's unit ("1,234 km", as formatDistance). */
export const distance = (miles: number | null): string => {
  if (miles === null || !Number.isFinite(miles)) return unknownText();
  const unit = preferences.distanceUnit;
  return `${number(distanceIn(miles, unit), 0)} ${unit}`;
};

/** The distance unit's number alone, for a chart's axis. */
export const distanceNumber = (miles: number): number => distanceIn(miles, preferences.distanceUnit);
export const distanceAxis = (value: number): string => `${number(value, 0)} ${preferences.distanceUnit}`;

/** A pressure the service gave in bar, in the technician's unit ("2.90 bar", as formatPressure). */
export const pressure = (bar: number | null): string => {
  if (bar === null) return unknownText();
  const unit = preferences.pressureUnit;
  const { value, digits } = pressureIn(bar, unit);
  return `${number(value, digits)} ${unit}`;
};
export const pressureNumber = (bar: number): number => pressureIn(bar, preferences.pressureUnit).value;
export const pressureAxis = (value: number): string => {
  const digits = pressureIn(1, preferences.pressureUnit).digits;
  return `${number(value, Math.min(digits, 1))} ${preferences.pressureUnit}`;
};

/** A cost in the account's currency, which the service does not name: the number alone. */
export const cost = (value: number | null): string => (value === null ? unknownText() : number(value, 2));

export const count = (value: number): string => number(value, 0);
