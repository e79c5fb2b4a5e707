// Profile names: what the technician sees in the profile switcher. Unique ignoring case so two
// entries cannot look alike.

export const PROFILE_NAME_MAX = 60;

/** Trimmed and NFC-normalised, the form that is stored. */
export function normalizeProfileName(input: string): string {
  return input.trim().normalize('NFC');
}

/** Why a (normalised) name is unacceptable, or null. Uniqueness is the store's concern. */
export function profileNameProblem(name: string): string | null {
  if (name.length === 0) return 'Enter a profile name';
  const length = [...name].length;
  if (length > PROFILE_NAME_MAX) return `The name has ${length} characters; at most ${PROFILE_NAME_MAX}`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f]/.test(name)) return 'The name may not contain control characters';
  return null;
}

/** The comparison key for uniqueness. */
export function profileNameKey(name: string): string {
  return normalizeProfileName(name).toLocaleLowerCase('en-US');
}
