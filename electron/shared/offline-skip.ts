// Whether a bulk command skips a vehicle because the service last reported it offline. The renderer's
// dry run shows it and main checks it again when the run starts, so a car known to be offline is
// never sent to, whatever the window asked. Pure: imported by main and the renderer.
import { english, type Say } from './i18n/english';
import type { MessageKey } from './i18n/translator';
import { relativeTime } from './i18n/intl-words';
import type { VehicleGlance } from './types';

/** Short words for a run's summary ("1 skipped (offline)") and the full sentence for its row. */
export interface OfflineSkip {
  reason: 'offline';
  message: string;
}

const MINUTE = 60_000;

/** "3 minutes ago" / "vor 3 Minuten", in whole minutes, hours or days, as Intl words it. */
function ago(ms: number, locale: string | undefined): string {
  if (ms < 60 * MINUTE) return relativeTime(-Math.floor(ms / MINUTE), 'minute', locale);
  if (ms < 24 * 60 * MINUTE) return relativeTime(-Math.floor(ms / (60 * MINUTE)), 'hour', locale);
  return relativeTime(-Math.floor(ms / (24 * 60 * MINUTE)), 'day', locale);
}

type Keys = { known: MessageKey; justNow: MessageKey; unknown: MessageKey };

/**
 * The words for a vehicle last seen offline, with how long ago the service said so, from `keys`;
 * null when it was last seen awake or asleep, or never.
 */
function offlineWords(
  glance: VehicleGlance | null | undefined,
  now: number,
  say: Say,
  locale: string | undefined,
  keys: Keys,
): string | null {
  const sleep = glance?.sleep;
  if (!sleep || sleep.value !== 'offline') return null;
  const at = Date.parse(sleep.asOf);
  // A sighting dated in the future (a wrong clock) has no age to tell.
  const age = Number.isFinite(at) && at <= now + MINUTE ? Math.max(0, now - at) : null;
  if (age === null) return say(keys.unknown);
  return age < MINUTE ? say(keys.justNow) : say(keys.known, { ago: ago(age, locale) });
}

/**
 * The skip for a vehicle whose last known state is "offline", with how long ago the service said so;
 * null when it was last seen awake or asleep, or never. A later read (Refresh garage, its own state)
 * that finds it back replaces the sighting and lifts the skip. Worded in English unless the caller
 * passes its own `say` and the `locale` its dates are written in.
 */
export function offlineSkip(
  glance: VehicleGlance | null | undefined,
  now: number,
  say: Say = english,
  locale: string | undefined = 'en-US',
): OfflineSkip | null {
  const message = offlineWords(glance, now, say, locale, {
    known: 'planSkip.offline',
    justNow: 'planSkip.offlineJustNow',
    unknown: 'planSkip.offlineUnknown',
  });
  return message === null ? null : { reason: 'offline', message };
}

/** A sentence about a car last seen offline from `keys`, worded as offlineSkip is; null when it was not. */
type OfflineSentence = (
  glance: VehicleGlance | null | undefined,
  now: number,
  say?: Say,
  locale?: string | undefined,
) => string | null;

const offlineSentence =
  (keys: Keys): OfflineSentence =>
  (glance, now, say = english, locale = 'en-US') =>
    offlineWords(glance, now, say, locale, keys);

/**
 * What a template roll-out's plan says of a car last seen offline (the same sighting), or null: a
 * write is not refused for it; the service keeps it and the car adopts it when it next connects.
 */
export const offlineRolloutNote = offlineSentence({
  known: 'rolloutOffline.known',
  justNow: 'rolloutOffline.justNow',
  unknown: 'rolloutOffline.unknown',
});

/**
 * What the technician is told before a command goes to a car last seen offline (the same sighting
 * a bulk run skips it for), or null when it was not: the service tries to wake it for up to 90 s
 * and sends nothing unless it wakes.
 */
export const offlineCommandWarning = offlineSentence({
  known: 'send.offlineWarning',
  justNow: 'send.offlineWarningJustNow',
  unknown: 'send.offlineWarningUnknown',
});
