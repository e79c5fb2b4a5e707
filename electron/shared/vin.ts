// VIN rules (ISO 3779 / 3780 and the North-American check digit of 49 CFR 565).
// Pure: main and the renderer import it. What is wrong with a VIN is said from the catalogs, in
// the caller's language (main passes tm, the window t).
import { english, type Say } from './i18n/english';

export const VIN_LENGTH = 17;

/** Characters ISO 3779 allows: A–Z without I, O, Q (too easily read as 1 and 0), and 0–9. */
const VIN_CHAR_RE = /^[A-HJ-NPR-Z0-9]$/;

// prettier-ignore
const TRANSLITERATION: Readonly<Record<string, number>> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};

const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2] as const;

export interface VinDecoding {
  /** World manufacturer identifier: the first three characters. */
  wmi: string;
  maker: string | null;
  region: string | null;
  country: string | null;
  modelYear: number | null;
  plant: string | null;
  /** Positions 12–17. */
  serial: string;
  /** First character 1–5: built for/in North America, where position 9 is a check digit. */
  northAmerican: boolean;
  checkDigitValid: boolean;
}

/** Trims and upper-cases; inner characters are left alone so vinProblem can point at them. */
export function normalizeVin(input: string): string {
  return input.trim().toUpperCase();
}

/**
 * A VIN as typed or pasted: spaces (also no-break and zero-width ones) removed and upper-cased, so
 * one written in groups ("5yj3 e1eb 5sf4 55705") reads as the 17 characters it is. Other characters
 * stay, for vinProblem to point at.
 */
export function normalizeVinInput(input: string): string {
  return input.replace(/[\s\u200B-\u200D\u2060\uFEFF]+/g, '').toUpperCase();
}

/** Null when `vin` is 17 characters of the VIN alphabet, else a message a technician can act on. */
export function vinProblem(vin: string, say: Say = english): string | null {
  if (vin.length === 0) return say('vinProblem.empty', { length: VIN_LENGTH });
  if (vin.length !== VIN_LENGTH) return say('vinProblem.length', { count: vin.length, length: VIN_LENGTH });
  for (let i = 0; i < vin.length; i++) {
    const c = vin.charAt(i);
    if (VIN_CHAR_RE.test(c)) continue;
    const at = { char: c, position: i + 1 };
    if (c === 'I' || c === 'O' || c === 'Q') return say('vinProblem.ioq', at);
    if (/^[a-z]$/.test(c)) return say('vinProblem.capitals', at);
    return say('vinProblem.alphabet', at);
  }
  return null;
}

function charValue(c: string): number {
  if (c >= '0' && c <= '9') return c.charCodeAt(0) - 48;
  const v = TRANSLITERATION[c];
  if (v === undefined) throw new RangeError(`'${c}' is not a VIN character`);
  return v;
}

/** The position-9 check digit ('0'–'9' or 'X'); position 9 of the input itself is ignored (weight 0). */
export function computeCheckDigit(vin: string): string {
  const problem = vinProblem(vin);
  if (problem) throw new RangeError(problem);
  let sum = 0;
  for (let i = 0; i < VIN_LENGTH; i++) sum += charValue(vin.charAt(i)) * (WEIGHTS[i] ?? 0);
  const r = sum % 11;
  return r === 10 ? 'X' : String(r);
}

export function hasValidCheckDigit(vin: string): boolean {
  if (vinProblem(vin) !== null) return false;
  return vin.charAt(8) === computeCheckDigit(vin);
}

/** `vin` with position 9 replaced by its correct check digit (used to generate valid VINs). */
export function vinWithCheckDigit(vin: string): string {
  return vin.slice(0, 8) + computeCheckDigit(vin) + vin.slice(9);
}

interface Maker {
  maker: string;
  country: string;
  /** Position 11 → plant, where known. */
  plants?: Readonly<Record<string, string>>;
}

const TESLA_PLANTS: Readonly<Record<string, string>> = {
  A: 'Austin, Texas',
  B: 'Berlin-Brandenburg, Germany',
  C: 'Shanghai, China',
  F: 'Fremont, California',
  N: 'Reno, Nevada',
  P: 'Palo Alto, California',
  R: 'Hethel, England',
};

/** Three-character WMIs; a two-character key covers every WMI that starts with it. */
const WMI: Readonly<Record<string, Maker>> = {
  '5YJ': { maker: 'Tesla', country: 'United States', plants: TESLA_PLANTS },
  '7SA': { maker: 'Tesla', country: 'United States', plants: TESLA_PLANTS },
  '7G2': { maker: 'Tesla', country: 'United States', plants: TESLA_PLANTS },
  LRW: { maker: 'Tesla', country: 'China', plants: TESLA_PLANTS },
  XP7: { maker: 'Tesla', country: 'Germany', plants: TESLA_PLANTS },
  SFZ: { maker: 'Tesla', country: 'United Kingdom', plants: TESLA_PLANTS },
  '1FA': { maker: 'Ford', country: 'United States' },
  '1FT': { maker: 'Ford', country: 'United States' },
  '1FM': { maker: 'Ford', country: 'United States' },
  '1G1': { maker: 'Chevrolet', country: 'United States' },
  '1GC': { maker: 'Chevrolet', country: 'United States' },
  '1HG': { maker: 'Honda', country: 'United States' },
  JHM: { maker: 'Honda', country: 'Japan' },
  JH4: { maker: 'Acura', country: 'Japan' },
  JT: { maker: 'Toyota', country: 'Japan' },
  '4T1': { maker: 'Toyota', country: 'United States' },
  '5YF': { maker: 'Toyota', country: 'United States' },
  WVW: { maker: 'Volkswagen', country: 'Germany' },
  WVG: { maker: 'Volkswagen', country: 'Germany' },
  WBA: { maker: 'BMW', country: 'Germany' },
  WBY: { maker: 'BMW', country: 'Germany' },
  WDD: { maker: 'Mercedes-Benz', country: 'Germany' },
  W1K: { maker: 'Mercedes-Benz', country: 'Germany' },
  WP0: { maker: 'Porsche', country: 'Germany' },
  WAU: { maker: 'Audi', country: 'Germany' },
  YV1: { maker: 'Volvo', country: 'Sweden' },
  KMH: { maker: 'Hyundai', country: 'South Korea' },
  KNA: { maker: 'Kia', country: 'South Korea' },
  '7FC': { maker: 'Rivian', country: 'United States' },
  LPS: { maker: 'Polestar', country: 'China' },
  SAL: { maker: 'Land Rover', country: 'United Kingdom' },
  SAJ: { maker: 'Jaguar', country: 'United Kingdom' },
  VF1: { maker: 'Renault', country: 'France' },
  VF3: { maker: 'Peugeot', country: 'France' },
  ZFA: { maker: 'Fiat', country: 'Italy' },
  '3VW': { maker: 'Volkswagen', country: 'Mexico' },
  '2T1': { maker: 'Toyota', country: 'Canada' },
  '1M8': { maker: 'Motor Coach Industries', country: 'United States' },
};

/** ISO 3780 regions by first character. */
function regionOf(c: string): string | null {
  if (c >= '1' && c <= '5') return 'North America';
  if (c === '6' || c === '7') return 'Oceania';
  if (c === '8' || c === '9') return 'South America';
  if (c >= 'A' && c <= 'H') return 'Africa';
  if (c >= 'J' && c <= 'R') return 'Asia';
  if (c >= 'S' && c <= 'Z') return 'Europe';
  return null;
}

/** Broad country by first character(s) when the WMI is not in the table. */
function countryOf(vin: string): string | null {
  const c = vin.charAt(0);
  const c2 = vin.charAt(1);
  if (c === '1' || c === '4' || c === '5') return 'United States';
  if (c === '2') return 'Canada';
  if (c === '3' && c2 >= 'A' && c2 <= 'W') return 'Mexico';
  if (c === 'J') return 'Japan';
  if (c === 'K' && c2 >= 'L' && c2 <= 'R') return 'South Korea';
  if (c === 'L') return 'China';
  if (c === 'W') return 'Germany';
  if (c === 'Z' && c2 >= 'A' && c2 <= 'R') return 'Italy';
  if (c === 'Y' && c2 >= 'S' && c2 <= 'W') return 'Sweden';
  if (c === 'V' && c2 >= 'F' && c2 <= 'R') return 'France';
  if (c === 'S' && c2 >= 'A' && c2 <= 'M') return 'United Kingdom';
  return null;
}

/** Position-10 codes in order; the cycle repeats every 30 years from 1980. */
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

function modelYearOf(vin: string, northAmerican: boolean, referenceYear: number): number | null {
  const idx = YEAR_CODES.indexOf(vin.charAt(9));
  if (idx < 0) return null;
  const base = 1980 + idx;
  if (northAmerican) {
    // 49 CFR 565: from 2010 on, position 7 is a letter; before, a digit.
    return /[A-Z]/.test(vin.charAt(6)) ? base + 30 : base;
  }
  let year = base;
  while (year + 30 <= referenceYear + 1) year += 30;
  return year <= referenceYear + 1 ? year : null;
}

function makerOf(vin: string): Maker | null {
  return WMI[vin.slice(0, 3)] ?? WMI[vin.slice(0, 2)] ?? null;
}

/**
 * What a VIN says about the vehicle. Expects a VIN without problems (see vinProblem); for others the
 * fields it cannot read are null. `referenceYear` (default: this year) bounds non-North-American years.
 */
export function decodeVin(vin: string, referenceYear: number = new Date().getFullYear()): VinDecoding {
  const valid = vinProblem(vin) === null;
  const first = vin.charAt(0);
  const northAmerican = first >= '1' && first <= '5';
  const maker = valid ? makerOf(vin) : null;
  const plantCode = vin.charAt(10);
  return {
    wmi: vin.slice(0, 3),
    maker: maker?.maker ?? null,
    region: valid ? regionOf(first) : null,
    country: valid ? (maker?.country ?? countryOf(vin)) : null,
    modelYear: valid ? modelYearOf(vin, northAmerican, referenceYear) : null,
    plant: maker?.plants?.[plantCode] ?? null,
    serial: vin.slice(11, 17),
    northAmerican,
    checkDigitValid: valid && hasValidCheckDigit(vin),
  };
}
