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

/** Why a plate is unacceptable, or null. */
export function plateProblem(plate: string): string | null {
  if (plate.trim() !== plate) return 'Plate may not start or end with a space';
  if (plate.length === 0) return 'Plate is empty';
  if (plate.length > PLATE_MAX) return `Plate has ${plate.length} characters; at most ${PLATE_MAX}`;
  if (plate.startsWith('-')) return 'Plate may not start with a dash';
  if (!PLATE_RE.test(plate)) {
    // Name the first offending character: "letters, digits, spaces and dashes" alone hides which.
    const bad = [...plate].find((char) => !/[A-Za-z0-9 -]/.test(char)) ?? '';
    return `Plate may not contain “${bad}”: use letters A–Z, digits, spaces and dashes`;
  }
  return null;
}

/** Why a tag is unacceptable, or null. */
export function tagProblem(tag: string): string | null {
  if (tag.trim().length === 0) return 'Tag is empty';
  if (tag.length > TAG_MAX) return `Tag has ${tag.length} characters; at most ${TAG_MAX}`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(tag)) return 'Tag may not contain control characters';
  return null;
}

/**
 * Parses "10000, 10001,10002" into ids. Returns the normalised comma-separated string the
 * service expects, or the reason it is unacceptable.
 */
export function parseDrives(
  input: string,
): { ok: true; ids: string[]; wire: string } | { ok: false; problem: string } {
  const parts = input.split(',').map((part) => part.trim());
  if (parts.length === 1 && parts[0] === '') return { ok: false, problem: 'Enter at least one drive id' };
  const seen = new Set<string>();
  for (const [index, part] of parts.entries()) {
    if (part === '') return { ok: false, problem: `Drive id ${index + 1} is empty (check the commas)` };
    if (!/^\d{1,19}$/.test(part))
      return { ok: false, problem: `Drive id "${part.slice(0, 24)}" is not a number` };
    if (seen.has(part)) return { ok: false, problem: `Drive id ${part} is listed twice` };
    seen.add(part);
  }
  if (parts.length > DRIVES_MAX) return { ok: false, problem: `At most ${DRIVES_MAX} drives at once` };
  return { ok: true, ids: parts, wire: parts.join(',') };
}

/** Why a release-notes language code is unacceptable, or null. */
export function languageProblem(language: string): string | null {
  return LANGUAGE_RE.test(language) ? null : 'Language must be a code such as en, de, fr or en-GB';
}

/** IANA zone names such as Europe/Berlin, America/Argentina/Buenos_Aires, UTC, Etc/GMT+5. */
export const TIMEZONE_RE = /^[A-Za-z][A-Za-z0-9_+-]{0,30}(\/[A-Za-z0-9_+-]{1,30}){0,2}$/;

/** Why a drives time-zone is unacceptable, or null. */
export function timezoneProblem(timezone: string): string | null {
  return TIMEZONE_RE.test(timezone) ? null : 'Time zone must be an IANA name such as Europe/Berlin or UTC';
}

/** Drive filters' time bounds are Unix seconds (from 2000 to 2100, so milliseconds are caught). */
export const DRIVE_TIME_MIN = 946_684_800;
export const DRIVE_TIME_MAX = 4_102_444_800;

/** Why a `from`/`to` pair of drive filters is unacceptable, or null. */
export function driveRangeProblem(from: number | undefined, to: number | undefined): string | null {
  if (from !== undefined && to !== undefined && from > to) return 'from must not be after to';
  return null;
}

/** The most entries one "Paste VINs" or import may carry. */
export const ADD_MANY_MAX = 10_000;
