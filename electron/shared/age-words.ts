// How long ago something was seen, in the largest whole unit ("3 minutes ago", "2 days ago"): the
// words main and the window use when a decision rests on an old sighting. Pure.

import { english, type Say } from './i18n/english';

const MINUTE = 60_000;

/**
 * "less than a minute ago", "5 minutes ago", "2 days ago"; "at an unknown time" for a time that is
 * not one, or one dated in the future beyond a minute (a wrong clock has no age to tell).
 */
export function agoText(at: number, now: number, say: Say = english): string {
  if (!Number.isFinite(at) || at > now + MINUTE) return say('age.atUnknownTime');
  const ms = Math.max(0, now - at);
  if (ms < MINUTE) return say('age.underMinute');
  if (ms < 60 * MINUTE) return say('age.minutes', { count: Math.floor(ms / MINUTE) });
  if (ms < 24 * 60 * MINUTE) return say('age.hours', { count: Math.floor(ms / (60 * MINUTE)) });
  return say('age.days', { count: Math.floor(ms / (24 * 60 * MINUTE)) });
}
