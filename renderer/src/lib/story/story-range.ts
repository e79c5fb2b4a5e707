// The time ranges the Health and history tab offers, and the window each one asks the service for.
// Windows end at the end of today (UTC days, as the service's Unix seconds count them) and start on a
// whole day, so every read of one day asks for, and is cached as, the same window, as the Overview's
// battery card does. "All" starts at the earliest time the reads accept: the service keeps what it
// keeps, and the tab shows all of it.
import { DRIVE_TIME_MIN } from '../../../../electron/shared/input-rules';

export type StoryRange = 'visit' | 'month' | 'year' | 'all';

export const STORY_RANGES: readonly StoryRange[] = ['visit', 'month', 'year', 'all'];

export const DAY_S = 86_400;

export interface StoryWindow {
  /** Unix seconds, inclusive. */
  from: number;
  /** Unix seconds: the end of today. */
  to: number;
}

/**
 * The window of `range` at `nowMs`. The visit starts on the day its job was opened (`visitStart`,
 * ISO), so the morning's check-in reading is inside it; without an open job there is no visit.
 */
export function storyWindow(range: StoryRange, nowMs: number, visitStart: string | null): StoryWindow | null {
  const to = (Math.floor(nowMs / 1000 / DAY_S) + 1) * DAY_S;
  switch (range) {
    case 'visit': {
      const opened = visitStart === null ? Number.NaN : Date.parse(visitStart);
      if (!Number.isFinite(opened)) return null;
      return { from: Math.min(Math.floor(opened / 1000 / DAY_S) * DAY_S, to - DAY_S), to };
    }
    case 'month':
      return { from: to - 30 * DAY_S, to };
    case 'year':
      return { from: to - 366 * DAY_S, to };
    case 'all':
      return { from: DRIVE_TIME_MIN, to };
  }
}

/** Whether a time (Unix s) falls inside the window: the alerts read has no window of its own. */
export function inWindow(window: StoryWindow, at: number): boolean {
  return at >= window.from && at < window.to;
}
