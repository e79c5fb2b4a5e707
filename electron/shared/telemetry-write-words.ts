// A telemetry configuration write in words, as History and the exports show it: the fields sent
// ("Gear every 7 s"), or the recommended set, and what the car reported after it (in sync or not,
// and when the signed configuration expires, as a date rather than the service's Unix seconds).
import { english, type Say } from './i18n/english';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An unambiguous day for files read anywhere (the CSV); the window passes its region's format. */
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function fieldsText(fields: Record<string, unknown>, say: Say): string[] {
  return Object.entries(fields).map(([name, field]) => {
    const seconds = isObject(field) ? field['interval_seconds'] : undefined;
    return typeof seconds === 'number'
      ? say('historyValue.field', { name, seconds })
      : say('historyValue.fieldOnly', { name });
  });
}

/** "Gear every 7 s, in sync, expires 2026-12-01": the values of a telemetry write or delete. */
export function telemetryWriteText(
  params: Record<string, unknown>,
  say: Say = english,
  day: (ms: number) => string = isoDay,
): string {
  const parts: string[] = [];
  if (params['recommended'] === true) parts.push(say('historyValue.recommended'));
  if (isObject(params['fields'])) parts.push(...fieldsText(params['fields'], say));
  const read = isObject(params['after']) ? params['after'] : null;
  if (read && typeof read['unknown'] === 'string')
    parts.push(say('historyValue.afterUnknown', { reason: read['unknown'] }));
  else if (read) {
    if (typeof read['synced'] === 'boolean')
      parts.push(say(read['synced'] ? 'historyValue.synced' : 'historyValue.notSynced'));
    if (typeof read['exp'] === 'number' && Number.isFinite(read['exp']))
      parts.push(say('historyValue.expires', { date: day(read['exp'] * 1000) }));
  }
  return parts.join(', ');
}
