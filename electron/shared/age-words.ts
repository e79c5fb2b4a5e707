// How long ago something was seen, in the largest whole unit ("3 minutes ago", "2 days ago"): the
// words main and the window use when a decision rests on an old sighting. Pure.

const MINUTE = 60_000;

/**
 * "less than a minute ago", "5 minutes ago", "2 days ago"; "at an unknown time" for a time that is
 * not one, or one dated in the future beyond a minute (a wrong clock has no age to tell).
 */
export function agoText(at: number, now: number): string {
  if (!Number.isFinite(at) || at > now + MINUTE) return 'at an unknown time';
  const ms = Math.max(0, now - at);
  if (ms < MINUTE) return 'less than a minute ago';
  if (ms < 60 * MINUTE) return `${Math.floor(ms / MINUTE)} minute${ms < 2 * MINUTE ? '' : 's'} ago`;
  if (ms < 24 * 60 * MINUTE) {
    const h = Math.floor(ms / (60 * MINUTE));
    return `${h} hour${h === 1 ? '' : 's'} ago`;
  }
  const d = Math.floor(ms / (24 * 60 * MINUTE));
  return `${d} day${d === 1 ? '' : 's'} ago`;
}
