// Whether a bulk command skips a vehicle because the service last reported it offline. The renderer's
// dry run shows it and main checks it again when the run starts, so a car known to be offline is
// never sent to, whatever the window asked. Pure: imported by main and the renderer.
import { english, type Say } from './i18n/english';
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
  const sleep = glance?.sleep;
  if (!sleep || sleep.value !== 'offline') return null;
  const at = Date.parse(sleep.asOf);
  // A sighting dated in the future (a wrong clock) has no age to tell.
  const age = Number.isFinite(at) && at <= now + MINUTE ? Math.max(0, now - at) : null;
  return {
    reason: 'offline',
    message:
      age === null
        ? say('planSkip.offlineUnknown')
        : age < MINUTE
          ? say('planSkip.offlineJustNow')
          : say('planSkip.offline', { ago: ago(age, locale) }),
  };
}
