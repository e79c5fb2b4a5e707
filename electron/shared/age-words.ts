// How long ago something was seen, in the largest whole unit ("3 minutes ago", "2 days ago"): the
// words main and the window use when a decision rests on an old sighting. Pure.

import { english, type Say } from './i18n/english';

const MINUTE = 60_000;

/**
 * "less than a minute ago", "5 minutes ago", "2 days ago" for an age in milliseconds; "at an
 * unknown time" for one that is not a number, or negative beyond a minute (a time dated in the
 * future: a wrong clock has no age to tell). A whole phrase, so each language puts its own case
 * ("vor 2 Tagen", never "vor" before the nominative "2 Tage").
 */
export function agoForAge(ms: number, say: Say = english): string {
  if (!Number.isFinite(ms) || ms < -MINUTE) return say('age.atUnknownTime');
  const age = Math.max(0, ms);
  if (age < MINUTE) return say('age.underMinute');
  if (age < 60 * MINUTE) return say('age.minutes', { count: Math.floor(age / MINUTE) });
  if (age < 24 * 60 * MINUTE) return say('age.hours', { count: Math.floor(age / (60 * MINUTE)) });
  return say('age.days', { count: Math.floor(age / (24 * 60 * MINUTE)) });
}

/** agoForAge of the time `at` (Unix ms) as of `now`. */
export function agoText(at: number, now: number, say: Say = english): string {
  return agoForAge(Number.isFinite(at) ? now - at : Number.NaN, say);
}
