// Rules for user-entered values that both the renderer (validation as you type) and main
// (validation before anything is sent) apply. Zod-free on purpose.
import { english, type Say } from './i18n/english';

export const PLATE_RE = /^[A-Za-z0-9][A-Za-z0-9 -]{0,9}$/;
export const PLATE_MAX = 10;
export const TAG_MAX = 64;
export const DRIVES_MAX = 1000;
export const LANGUAGE_RE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/;
export const NICKNAME_MAX = 40;
/** Software versions: year.number.number, sometimes with a fourth part. */
export const SOFTWARE_VERSION_RE = /^\d{4}\.\d{1,3}\.\d{1,3}(\.\d{1,3})?$/;

/** Why a typed software version is unacceptable, or null (the technician's words, in `say`'s language). */
export function versionProblem(version: string, say: Say = english): string | null {
  const value = version.trim();
  if (value === '') return say('releaseNotes.versionEmpty');
  return SOFTWARE_VERSION_RE.test(value) ? null : say('releaseNotes.versionShape');
}

/** Why a plate is unacceptable (in `say`'s language), or null. */
export function plateProblem(plate: string, say: Say = english): string | null {
  if (plate.trim() !== plate) return say('plateProblem.spaceAtEnds');
  if (plate.length === 0) return say('plateProblem.empty');
  if (plate.length > PLATE_MAX) return say('plateProblem.tooLong', { length: plate.length, max: PLATE_MAX });
  if (plate.startsWith('-')) return say('plateProblem.dash');
  if (!PLATE_RE.test(plate)) {
    // Name the first offending character: "letters, digits, spaces and dashes" alone hides which.
    const bad = [...plate].find((char) => !/[A-Za-z0-9 -]/.test(char)) ?? '';
    return say('plateProblem.character', { char: bad });
  }
  return null;
}

/** Why a tag is unacceptable (in `say`'s language), or null. */
export function tagProblem(tag: string, say: Say = english): string | null {
  if (tag.trim().length === 0) return say('tagProblem.empty');
  if (tag.length > TAG_MAX) return say('tagProblem.tooLong', { length: String(tag.length), max: TAG_MAX });
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(tag)) return say('tagProblem.control');
  return null;
}

/**
 * Parses "10000, 10001,10002" into ids. Returns the normalised comma-separated string the
 * service expects, or the reason it is unacceptable (in `say`'s language).
 */
export function parseDrives(
  input: string,
  say: Say = english,
): { ok: true; ids: string[]; wire: string } | { ok: false; problem: string } {
  const parts = input.split(',').map((part) => part.trim());
  if (parts.length === 1 && parts[0] === '') return { ok: false, problem: say('drivesProblem.none') };
  const seen = new Set<string>();
  for (const [index, part] of parts.entries()) {
    if (part === '') return { ok: false, problem: say('drivesProblem.empty', { position: index + 1 }) };
    if (!/^\d{1,19}$/.test(part))
      return { ok: false, problem: say('drivesProblem.notNumber', { id: part.slice(0, 24) }) };
    if (seen.has(part)) return { ok: false, problem: say('drivesProblem.twice', { id: part }) };
    seen.add(part);
  }
  if (parts.length > DRIVES_MAX)
    return { ok: false, problem: say('drivesProblem.tooMany', { max: String(DRIVES_MAX) }) };
  return { ok: true, ids: parts, wire: parts.join(',') };
}

/** Why a release-notes language code is unacceptable (in `say`'s language), or null. */
export function languageProblem(language: string, say: Say = english): string | null {
  return LANGUAGE_RE.test(language) ? null : say('languageProblem.shape');
}

/** IANA zone names such as Europe/Berlin, America/Argentina/Buenos_Aires, UTC, Etc/GMT+5. */
export const TIMEZONE_RE = /^[A-Za-z][A-Za-z0-9_+-]{0,30}(\/[A-Za-z0-9_+-]{1,30}){0,2}$/;

/** Why a drives time-zone is unacceptable (in `say`'s language), or null. */
export function timezoneProblem(timezone: string, say: Say = english): string | null {
  return TIMEZONE_RE.test(timezone) ? null : say('timezoneProblem.shape');
}

/** Drive filters' time bounds are Unix seconds (from 2000 to 2100, so milliseconds are caught). */
export const DRIVE_TIME_MIN = 946_684_800;
export const DRIVE_TIME_MAX = 4_102_444_800;

/** Why a `from`/`to` pair of drive filters is unacceptable (in `say`'s language), or null. */
export function driveRangeProblem(
  from: number | undefined,
  to: number | undefined,
  say: Say = english,
): string | null {
  if (from !== undefined && to !== undefined && from > to) return say('driveRangeProblem.order');
  return null;
}

/** The most entries one "Paste VINs" or import may carry. */
export const ADD_MANY_MAX = 10_000;
