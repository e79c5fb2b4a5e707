// Whether a bulk command skips a vehicle because the service last reported it offline. The renderer's
// dry run shows it and main checks it again when the run starts, so a car known to be offline is
// never sent to, whatever the window asked. Pure: imported by main and the renderer.
import type { VehicleGlance } from './types';

/** Short words for a run's summary ("1 skipped (offline)") and the full sentence for its row. */
export interface OfflineSkip {
  reason: 'offline';
  message: string;
}

const MINUTE = 60_000;

function ago(ms: number | null): string {
  if (ms === null) return 'at an unknown time';
  if (ms < MINUTE) return 'less than a minute ago';
  if (ms < 60 * MINUTE) return `${Math.floor(ms / MINUTE)} minute${ms < 2 * MINUTE ? '' : 's'} ago`;
  if (ms < 24 * 60 * MINUTE) {
    const h = Math.floor(ms / (60 * MINUTE));
    return `${h} hour${h === 1 ? '' : 's'} ago`;
  }
  const d = Math.floor(ms / (24 * 60 * MINUTE));
  return `${d} day${d === 1 ? '' : 's'} ago`;
}

/**
 * The skip for a vehicle whose last known state is "offline", with how long ago the service said so;
 * null when it was last seen awake or asleep, or never. A later read (Refresh garage, its own state)
 * that finds it back replaces the sighting and lifts the skip.
 */
export function offlineSkip(glance: VehicleGlance | null | undefined, now: number): OfflineSkip | null {
  const sleep = glance?.sleep;
  if (!sleep || sleep.value !== 'offline') return null;
  const at = Date.parse(sleep.asOf);
  // A sighting dated in the future (a wrong clock) has no age to tell.
  const age = Number.isFinite(at) && at <= now + MINUTE ? Math.max(0, now - at) : null;
  return {
    reason: 'offline',
    message: `Offline (reported ${ago(age)}): the service cannot reach it. Refresh its state to include it.`,
  };
}
