// What the offline cache stores, and how a key becomes a file name: sha256 of a readable key text,
// prefixed by a hash of the profile so one profile's entries can be dropped by listing the folder.
import { createHash } from 'node:crypto';
import { LANGUAGE_RE } from '../../../shared/input-rules';
import { AppError } from '../../../shared/result';
import { vinProblem } from '../../../shared/vin';
import {
  SOFTWARE_VERSION_RE,
  type DrivesList,
  type FirmwareAlerts,
  type PlateRead,
  type ReleaseNotes,
  type TelemetryConfig,
  type TirePressure,
  type VehicleState,
  type VehicleStatusAnswer,
} from '../../../shared/wire';
import { isProfileId } from '../profile-id';

export type TelemetryKey = { kind: 'telemetry'; profileId: string; vin: string };
export type ReleaseNotesKey = {
  kind: 'release-notes';
  profileId: string;
  vin: string;
  /** A software version, or 'current' / 'staged' for the notes asked for without one. */
  version: string;
  language: string;
};
/** The reads beyond the twelve, one entry per profile and VIN (drives: per filter too). */
export interface VehicleReadValues {
  state: VehicleState;
  status: VehicleStatusAnswer;
  plate: PlateRead;
  drives: DrivesList;
  'firmware-alerts': FirmwareAlerts;
  'tire-pressure': TirePressure;
}
export type VehicleReadKind = keyof VehicleReadValues;
export const VEHICLE_READ_KINDS: readonly VehicleReadKind[] = [
  'state',
  'status',
  'plate',
  'drives',
  'firmware-alerts',
  'tire-pressure',
];
export type VehicleReadKey<Kind extends VehicleReadKind = VehicleReadKind> = {
  kind: Kind;
  profileId: string;
  vin: string;
  /** The drives' filters as canonical text ('' for the other kinds). */
  variant?: string;
};
export type CacheKey = TelemetryKey | ReleaseNotesKey | VehicleReadKey;

export type CacheValue<K extends CacheKey> = K extends TelemetryKey
  ? TelemetryConfig
  : K extends ReleaseNotesKey
    ? ReleaseNotes
    : K extends VehicleReadKey<infer Kind>
      ? VehicleReadValues[Kind]
      : never;

const VARIANT_MAX = 512;

export function isVehicleReadKey(key: CacheKey): key is VehicleReadKey {
  return (VEHICLE_READ_KINDS as readonly string[]).includes(key.kind);
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The readable key kept inside each entry, e.g. `release-notes|<profile>|<vin>|current|en`. */
export function keyText(key: CacheKey): string {
  const problem = keyProblem(key);
  if (problem) throw new AppError('invalid_input', `Cache key: ${problem}`);
  if (key.kind === 'release-notes')
    return ['release-notes', key.profileId, key.vin, key.version, key.language].join('|');
  if (key.kind === 'telemetry') return ['telemetry', key.profileId, key.vin].join('|');
  return [key.kind, key.profileId, key.vin, key.variant ?? ''].join('|');
}

function keyProblem(key: CacheKey): string | null {
  if (!isProfileId(key.profileId)) return 'bad profile id';
  if (typeof key.vin !== 'string' || vinProblem(key.vin) !== null) return 'bad VIN';
  if (key.kind === 'telemetry') return null;
  if (isVehicleReadKey(key)) {
    const variant = key.variant ?? '';
    return typeof variant === 'string' && variant.length <= VARIANT_MAX ? null : 'bad variant';
  }
  if (key.kind !== 'release-notes') return 'unknown kind';
  const version = String(key.version);
  if (version !== 'current' && version !== 'staged' && !SOFTWARE_VERSION_RE.test(version))
    return 'bad version';
  if (typeof key.language !== 'string' || !LANGUAGE_RE.test(key.language)) return 'bad language';
  return null;
}

export function profilePrefix(profileId: string): string {
  return sha256(`profile|${profileId}`).slice(0, 16) + '-';
}

export function entryFileName(key: CacheKey): string {
  return `${profilePrefix(key.profileId)}${sha256(keyText(key))}.json`;
}

export function imageFileName(url: string): string {
  return `img-${sha256(`image|${url}`)}.bin`;
}
