// Input checks of the API client: everything a caller passes is checked here, before a token is
// read or a byte is sent. Invalid input throws AppError 'invalid_input' naming the field.
// The rules themselves live in electron/shared (the renderer applies the same ones as you type).
import {
  COMMANDS,
  DEFAULT_MAX_ATTEMPTS,
  DEFAULT_WAIT_FOR_COMPLETION,
  MAX_ATTEMPTS_MAX,
  MAX_ATTEMPTS_MIN,
  checkCommandParam,
  isCommandName,
  type CommandName,
  type CommandParamName,
} from '../../shared/commands';
import {
  DRIVE_TIME_MAX,
  DRIVE_TIME_MIN,
  driveRangeProblem,
  languageProblem,
  parseDrives,
  plateProblem,
  tagProblem,
  timezoneProblem,
} from '../../shared/input-rules';
import {
  DRIVE_FILTERS,
  type CommandOptions,
  type DrivesQuery,
  type ReleaseNotesQuery,
} from '../../shared/ipc/api';
import { AppError } from '../../shared/result';
import { vinProblem } from '../../shared/vin';
import { SOFTWARE_VERSION_RE } from '../../shared/wire';

const PARAM_NAMES: readonly CommandParamName[] = ['temperature', 'amps', 'percent', 'mph'];

export const DEFAULT_LANGUAGE = 'en';
export const DEFAULT_STAGED = false;

// The same option shapes the renderer passes over IPC (only a command's own parameter may be given).
export type { CommandOptions, DrivesQuery, ReleaseNotesQuery };

/** The drives' filters after validation; `refresh` is the app's, not the service's. */
export type ValidDrivesQuery = Omit<DrivesQuery, 'refresh'>;

/** A command after validation, with every default filled in. */
export interface ValidCommand {
  name: CommandName;
  waitForCompletion: boolean;
  maxAttempts: number;
  param: { name: CommandParamName; value: number } | null;
}

export interface ValidReleaseNotesQuery {
  version: string;
  language: string;
  staged: boolean;
}

export function invalid(path: string, message: string): AppError {
  return new AppError('invalid_input', `${path}: ${message}`, { issues: [{ path, message }] });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Returns the VIN unchanged (it must already be normalised: 17 capitals/digits, no I/O/Q). */
export function validateVin(vin: unknown): string {
  if (typeof vin !== 'string') throw invalid('vin', 'VIN must be a string');
  const problem = vinProblem(vin);
  if (problem !== null) throw invalid('vin', problem);
  return vin;
}

export function validateCommand(name: unknown, opts: unknown): ValidCommand {
  if (!isCommandName(name)) {
    const shown = typeof name === 'string' ? `"${name.slice(0, 40)}"` : typeof name;
    throw invalid('name', `unknown command ${shown}`);
  }
  if (opts !== undefined && !isPlainObject(opts)) throw invalid('options', 'options must be an object');
  const o: Record<string, unknown> = opts ?? {};

  const wait = o.waitForCompletion ?? DEFAULT_WAIT_FOR_COMPLETION;
  if (typeof wait !== 'boolean')
    throw invalid('waitForCompletion', 'waitForCompletion must be true or false');

  const attempts = o.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  if (
    typeof attempts !== 'number' ||
    !Number.isInteger(attempts) ||
    attempts < MAX_ATTEMPTS_MIN ||
    attempts > MAX_ATTEMPTS_MAX
  ) {
    throw invalid(
      'maxAttempts',
      `maxAttempts must be a whole number from ${MAX_ATTEMPTS_MIN} to ${MAX_ATTEMPTS_MAX}`,
    );
  }

  const spec = COMMANDS[name].param;
  for (const p of PARAM_NAMES) {
    if (o[p] !== undefined && p !== spec?.name) {
      const why = spec === null ? `${name} takes no parameter` : `${name} takes ${spec.name}, not ${p}`;
      throw invalid(p, why);
    }
  }
  let param: ValidCommand['param'] = null;
  if (spec !== null) {
    const value = o[spec.name];
    if (value === undefined) throw invalid(spec.name, `${name} needs ${spec.name}`);
    const problem = checkCommandParam(spec, value);
    if (problem !== null) throw invalid(spec.name, problem);
    param = { name: spec.name, value: value as number };
  }
  return { name, waitForCompletion: wait, maxAttempts: attempts, param };
}

export function validateReleaseNotesQuery(q: unknown): ValidReleaseNotesQuery {
  if (q !== undefined && !isPlainObject(q)) throw invalid('query', 'query must be an object');
  const o: Record<string, unknown> = q ?? {};
  const version = o.version ?? '';
  if (typeof version !== 'string') throw invalid('version', 'version must be a string');
  if (version !== '' && !SOFTWARE_VERSION_RE.test(version)) {
    throw invalid('version', 'version must be empty or look like 2026.14.3');
  }
  const language = o.language ?? DEFAULT_LANGUAGE;
  if (typeof language !== 'string') throw invalid('language', 'language must be a string');
  const langProblem = languageProblem(language);
  if (langProblem !== null) throw invalid('language', langProblem);
  const staged = o.staged ?? DEFAULT_STAGED;
  if (typeof staged !== 'boolean') throw invalid('staged', 'staged must be true or false');
  return { version, language, staged };
}

/** Returns the plate unchanged, or null (clears the plate). */
export function validatePlate(body: unknown): string | null {
  if (!isPlainObject(body)) throw invalid('plate', 'body must be an object with plate');
  const plate = body.plate;
  if (plate === null) return null;
  if (typeof plate !== 'string') throw invalid('plate', 'plate must be a string or null');
  const problem = plateProblem(plate);
  if (problem !== null) throw invalid('plate', problem);
  return plate;
}

/** Returns the normalised drives list ("10000,10001", spaces around commas removed) and the tag. */
export function validateDriveTag(body: unknown): { drives: string; tag: string } {
  if (!isPlainObject(body)) throw invalid('drives', 'body must be an object with drives and tag');
  if (typeof body.drives !== 'string') throw invalid('drives', 'drives must be a comma-separated string');
  const parsed = parseDrives(body.drives);
  if (!parsed.ok) throw invalid('drives', parsed.problem);
  if (typeof body.tag !== 'string') throw invalid('tag', 'tag must be a string');
  const problem = tagProblem(body.tag);
  if (problem !== null) throw invalid('tag', problem);
  return { drives: parsed.wire, tag: body.tag };
}

function optionalBoolean(value: unknown, name: string): boolean | undefined {
  if (value !== undefined && typeof value !== 'boolean') throw invalid(name, `${name} must be true or false`);
  return value;
}

export function validateOnlyActive(q: unknown): boolean {
  if (q !== undefined && !isPlainObject(q)) throw invalid('query', 'query must be an object');
  return optionalBoolean((q as Record<string, unknown> | undefined)?.onlyActive, 'onlyActive') ?? false;
}

export function validateUseCache(useCache: unknown): boolean {
  return optionalBoolean(useCache, 'useCache') ?? true;
}

function driveTime(value: unknown, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (
    typeof value !== 'number' ||
    !Number.isInteger(value) ||
    value < DRIVE_TIME_MIN ||
    value > DRIVE_TIME_MAX
  ) {
    throw invalid(name, `${name} must be a Unix time in seconds`);
  }
  return value;
}

function filterTag(value: unknown, name: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalid(name, `${name} must be a string`);
  const problem = tagProblem(value);
  if (problem !== null) throw invalid(name, problem);
  return value;
}

function oneOf<T extends string>(value: unknown, name: string, allowed: readonly T[]): T | undefined {
  if (value === undefined) return undefined;
  if (!(allowed as readonly unknown[]).includes(value))
    throw invalid(name, `${name} must be ${allowed.join(' or ')}`);
  return value as T;
}

/** Checks the drives' filters; only those given are returned (and so sent). */
export function validateDrivesQuery(q: unknown): ValidDrivesQuery {
  if (q !== undefined && !isPlainObject(q)) throw invalid('query', 'query must be an object');
  const o: Record<string, unknown> = q ?? {};
  const known = new Set<string>([...DRIVE_FILTERS, 'refresh']);
  const unknown = Object.keys(o).find((key) => !known.has(key));
  if (unknown !== undefined) throw invalid(unknown.slice(0, 40), `unknown filter ${unknown.slice(0, 40)}`);
  const from = driveTime(o.from, 'from');
  const to = driveTime(o.to, 'to');
  const rangeProblem = driveRangeProblem(from, to);
  if (rangeProblem !== null) throw invalid('from', rangeProblem);
  const minimumDistance = o.minimumDistance;
  if (
    minimumDistance !== undefined &&
    (typeof minimumDistance !== 'number' ||
      !Number.isFinite(minimumDistance) ||
      minimumDistance < 0 ||
      minimumDistance > 100_000)
  ) {
    throw invalid('minimumDistance', 'minimumDistance must be a number from 0 to 100000');
  }
  let timezone: string | undefined;
  if (o.timezone !== undefined) {
    if (typeof o.timezone !== 'string' || o.timezone.length > 64)
      throw invalid('timezone', 'timezone must be a string');
    const problem = timezoneProblem(o.timezone);
    if (problem !== null) throw invalid('timezone', problem);
    timezone = o.timezone;
  }
  if (o.excludeTag !== undefined && o.tag === undefined)
    throw invalid('excludeTag', 'excludeTag needs a tag');
  const valid: ValidDrivesQuery = {
    from,
    to,
    tag: filterTag(o.tag, 'tag'),
    excludeTag: optionalBoolean(o.excludeTag, 'excludeTag'),
    minimumDistance: minimumDistance as number | undefined,
    distanceFormat: oneOf(o.distanceFormat, 'distanceFormat', ['mi', 'km'] as const),
    temperatureFormat: oneOf(o.temperatureFormat, 'temperatureFormat', ['c', 'f'] as const),
    timezone,
  };
  return Object.fromEntries(
    Object.entries(valid).filter(([, value]) => value !== undefined),
  ) as ValidDrivesQuery;
}
