// "Paste VINs": many VINs at once, one per line or separated by commas, semicolons, tabs or spaces.
// A VIN written in groups ("5YJ3 E1EB 5SF4 55705") is joined: spaces inside a line only separate
// VINs where the pieces before them already make 17 characters.
import { t } from './i18n.svelte';
import { decodeVin, normalizeVinInput, VIN_LENGTH, vinProblem } from '../../../electron/shared/vin';

/** Lines, commas, semicolons and tabs always separate entries; spaces only where a VIN is complete. */
const ENTRY_SEPARATORS = /[\r\n,;\t]+/;
const SPACES = /[\s\u200B-\u200D\u2060\uFEFF]+/;

/** Splits one line into entries: groups are joined until they reach 17 characters. */
function splitLine(line: string): string[] {
  const tokens = line.split(SPACES).filter((t) => t !== '');
  if (tokens.join('').length === VIN_LENGTH) return [tokens.join(' ')];
  const entries: string[] = [];
  let group: string[] = [];
  let length = 0;
  const flush = () => {
    if (group.length > 0) entries.push(group.join(' '));
    group = [];
    length = 0;
  };
  for (const token of tokens) {
    if (length + token.length > VIN_LENGTH) flush();
    group.push(token);
    length += token.length;
    if (length >= VIN_LENGTH) flush();
  }
  flush();
  return entries;
}

/** The entries of a paste, as typed (groups joined by one space), in order. */
export function splitPastedVins(text: string): string[] {
  return text.split(ENTRY_SEPARATORS).flatMap(splitLine);
}

export type PasteStatus = 'ready' | 'invalid' | 'existing' | 'repeated';

export interface PasteEntry {
  /** What was pasted for this entry (groups joined by one space). */
  input: string;
  /** Upper-cased, spaces removed. */
  vin: string;
  status: PasteStatus;
  /** Why it will be skipped, or a warning for a ready one (check digit); null when none. */
  note: string | null;
}

/** Checks every entry: its VIN rules, whether the garage holds it, and whether it came earlier in the paste. */
export function planPaste(text: string, garageVins: ReadonlySet<string>): PasteEntry[] {
  const seen = new Set<string>();
  return splitPastedVins(text).map((input) => {
    const vin = normalizeVinInput(input);
    const problem = vinProblem(vin, t);
    if (problem) return { input, vin, status: 'invalid', note: problem };
    if (garageVins.has(vin)) return { input, vin, status: 'existing', note: t('paste.existing') };
    if (seen.has(vin)) return { input, vin, status: 'repeated', note: t('paste.repeated') };
    seen.add(vin);
    const decoding = decodeVin(vin);
    const note = decoding.northAmerican && !decoding.checkDigitValid ? t('paste.checkDigit') : null;
    return { input, vin, status: 'ready', note };
  });
}
