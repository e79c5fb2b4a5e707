// What an audited write's before/after snapshots say, in words: a workshop command keeps the car's
// lock, sentry, guest mode, trunks, software update and charging as read before and after it
// (services/vehicle-access.ts), an access write the drivers or invitations listed. Said as what
// changed ("sentry mode off → on"), or that nothing did, never as the JSON the entry keeps.
import { english, type Say } from './i18n/english';

type FieldWords = { label: (say: Say) => string; value: (value: unknown, say: Say) => string };

const onOff = (value: unknown, say: Say) => say('reading.onOff', { value: String(value === true) });
const openClosed = (value: unknown, say: Say) =>
  say('jobPdf.openClosed', { value: String(typeof value === 'number' ? value !== 0 : value === true) });

const FIELDS: Record<string, FieldWords> = {
  locked: {
    label: (say) => say('reading.locked'),
    value: (value, say) => say('reading.lockedValue', { value: String(value === true) }),
  },
  sentry_mode: { label: (say) => say('reading.sentry'), value: onOff },
  guest_mode_enabled: { label: (say) => say('jobPdf.guestMode'), value: onOff },
  ft: { label: (say) => say('jobPdf.frontTrunk'), value: openClosed },
  rt: { label: (say) => say('jobPdf.rearTrunk'), value: openClosed },
  car_version: {
    label: (say) => say('reading.version'),
    // "2026.14.3 fae2af490933": the build's hash says nothing to a technician.
    value: (value) => String(value).split(' ')[0]!,
  },
  software_update: {
    label: (say) => say('jobPdf.softwareUpdate'),
    value: (value, say) => {
      const status = (value as { status?: unknown }).status;
      return say('jobPdf.updateStatus', {
        status: typeof status === 'string' && status !== '' ? status : 'none',
      });
    },
  },
  charging_state: {
    label: (say) => say('jobPdf.charging'),
    value: (value, say) => say('jobPdf.chargingState', { state: String(value) }),
  },
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** "user id s" → a field this module does not know, still in words. */
const humanized = (key: string) =>
  key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();

function fieldValue(key: string, value: unknown, say: Say): string {
  if (value === null || value === undefined) return say('jobPdf.stateUnread');
  const known = FIELDS[key];
  if (known) return known.value(value, say);
  if (Array.isArray(value)) return say('jobPdf.listed', { count: value.length });
  if (typeof value === 'boolean') return onOff(value, say);
  if (isObject(value)) return say('jobPdf.listed', { count: Object.keys(value).length });
  return String(value);
}

/**
 * The change an entry's `before` and `after` snapshots show, or null when it keeps none. `label`
 * names a list that was read whole (drivers, invitations).
 */
export function snapshotChangeText(
  params: Record<string, unknown>,
  say: Say = english,
  label?: string,
): string | null {
  if (!('before' in params) && !('after' in params)) return null;
  const { before, after } = params;
  for (const side of [before, after])
    if (isObject(side) && typeof side['unknown'] === 'string')
      return say('jobPdf.stateUnknown', { reason: side['unknown'] });
  if (same(before, after)) return say('jobPdf.stateUnchanged');
  if (!isObject(before) || !isObject(after))
    return say(label ? 'jobPdf.listChange' : 'jobPdf.stateChange', {
      label: label ?? '',
      before: fieldValue('', before, say),
      after: fieldValue('', after, say),
    }).trim();
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys
    .filter((key) => !same(before[key], after[key]))
    .map((key) =>
      say('jobPdf.stateChange', {
        label: FIELDS[key]?.label(say) ?? humanized(key),
        before: fieldValue(key, before[key], say),
        after: fieldValue(key, after[key], say),
      }),
    )
    .join(', ');
}
