// Whether a bulk command skips a vehicle because the service last reported it offline. The renderer's
// dry run shows it and main checks it again when the run starts, so a car known to be offline is
// never sent to, whatever the window asked. Pure: imported by main and the renderer.
import { agoText } from './age-words';
import type { VehicleGlance } from './types';

/** Short words for a run's summary ("1 skipped (offline)") and the full sentence for its row. */
export interface OfflineSkip {
  reason: 'offline';
  message: string;
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
  return {
    reason: 'offline',
    message: `Offline (reported ${agoText(at, now)}): the service cannot reach it. Refresh its state to include it.`,
  };
}

/**
 * What the technician is told before a command goes to a car last seen offline (the same sighting
 * a bulk run skips it for), or null when it was not: the service tries to wake it for up to 90 s
 * and sends nothing unless it wakes.
 */
export function offlineCommandWarning(glance: VehicleGlance | null | undefined, now: number): string | null {
  const sleep = glance?.sleep;
  if (!sleep || sleep.value !== 'offline') return null;
  return (
    `This vehicle was offline when last seen (reported ${agoText(Date.parse(sleep.asOf), now)}). ` +
    'The service will try to wake it for up to 90 s first; nothing is sent unless it wakes, and you can cancel meanwhile.'
  );
}
