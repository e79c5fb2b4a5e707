// When the app looks for a new version of itself, kept by main (updates.json in the data folder):
// never on its own ('off': Help → Check for updates still asks), checking and telling ('notify'),
// or checking and downloading in the background ('download'). Installing always waits for the
// technician's consent: a restart interrupts what is on screen and any command under way.

export type UpdateMode = 'off' | 'notify' | 'download';
export const UPDATE_MODES: readonly UpdateMode[] = ['off', 'notify', 'download'];

export interface UpdateSettings {
  mode: UpdateMode;
}

export const DEFAULT_UPDATE_SETTINGS: UpdateSettings = { mode: 'notify' };

/** How often a running app looks again (also at start and when the computer wakes). */
export const UPDATE_CHECK_INTERVAL_MS = 4 * 60 * 60 * 1000;
/** A wake-up this soon after a check does not check again. */
export const UPDATE_RESUME_MIN_GAP_MS = 15 * 60 * 1000;
