// What the garage list shows of a vehicle's glance, in words and marks (never colour alone), with
// the age of what is shown. A part the service never confirmed reads as unknown, never as a guess.
import { t } from './i18n.svelte';
import type { Observed, SleepState, VehicleEntry, VehicleGlance } from '../../../electron/shared/types';
import { ageOf, dataAge, describeExpiry, OLD_DATA_MS, type Expiry } from './format';

const SLEEP_MARKS: Record<SleepState, { mark: string; tone: string }> = {
  awake: { mark: '●', tone: 'ok' },
  asleep: { mark: '☾', tone: 'info' },
  offline: { mark: '✕', tone: 'warning' },
};

/** A sleep state as a word, a mark and a tone: never colour alone. */
export function sleepMark(state: SleepState): { word: string; mark: string; tone: string } {
  const word =
    state === 'awake' ? t('glance.awake') : state === 'asleep' ? t('glance.asleep') : t('glance.offline');
  return { word, ...SLEEP_MARKS[state] };
}

/** `software_update.status` values that mean an update is on its way to the car. */
const UPDATE_UNDER_WAY = new Set(['available', 'scheduled', 'downloading', 'downloaded', 'installing']);

/** "models" → "Model S"; the service's car_type in a technician's words. */
export function carTypeName(carType: string): string {
  const names: Record<string, string> = {
    models: 'Model S',
    model3: 'Model 3',
    modelx: 'Model X',
    modely: 'Model Y',
    cybertruck: 'Cybertruck',
  };
  return names[carType.toLowerCase()] ?? carType;
}

/** The model a filter groups by: the service's car type when confirmed, else the garage's model name. */
export function modelOf(vehicle: VehicleEntry): string | null {
  const carType = vehicle.glance.carType?.value;
  if (carType) return carTypeName(carType);
  return vehicle.model?.replace(/\s*\(\d{4}\)$/, '') ?? null;
}

export interface UpdateWaiting {
  /** "Update 2026.20.1 available", "Update downloading", "2026.20.1 staged". */
  text: string;
}

/** An update staged or on its way, as the service last said; null when none or not known. */
export function updateWaiting(glance: VehicleGlance): UpdateWaiting | null {
  const update = glance.softwareUpdate?.value;
  if (update && UPDATE_UNDER_WAY.has(update.status)) {
    const { status, version } = update;
    return {
      text: version ? t('glance.updateVersion', { version, status }) : t('glance.update', { status }),
    };
  }
  const staged = glance.stagedVersion?.value;
  if (staged) return { text: t('glance.staged', { version: staged }) };
  return null;
}

/** The certificate's expiry when it is within the warning window or past, else null. */
export function certificateWarning(glance: VehicleGlance, now: number): Expiry | null {
  const at = glance.telemetryExpiresAt?.value;
  if (!at) return null;
  const ms = Date.parse(at);
  if (!Number.isFinite(ms)) return null;
  const expiry = describeExpiry(ms / 1000, now);
  return expiry.level === 'ok' ? null : expiry;
}

/** The parts the row's state line shows, whose oldest "as of" is the age the row states. */
const STATE_PARTS = ['sleep', 'batteryLevel', 'version', 'softwareUpdate'] as const;

export interface ShownAge {
  /** Epoch ms of the oldest part shown. */
  asOf: number;
  /**
   * The short form of the reading's source and age, made by dataAge with the status strip's long
   * form: "Live", "14 min old", "Saved · 20 min old", "Offline · 2 hr old", or its age unknown when
   * the oldest part is dated in the future (a wrong clock).
   */
  text: string;
  /** The long form the status strip says of the same reading ("Saved copy, reading 20 minutes old"). */
  long: string;
  /** Old enough to be doubted: shown muted. */
  old: boolean;
  /** Some part came from the app's saved copy rather than this session's answers. */
  fromCache: boolean;
}

/**
 * The age of the state line: everything on it is at least this recent. Null when nothing is known.
 * Worded by dataAge, as the status strip is, with main's word on the service (`online`): "Live"
 * only while under a minute old and the service answers. A saved copy shown while the service
 * cannot be reached stands in for the reads that fail: it is the offline copy.
 */
export function shownAge(glance: VehicleGlance, now: number, online = true): ShownAge | null {
  let oldest: number | null = null;
  let fromCache = false;
  for (const part of STATE_PARTS) {
    const observed: Observed<unknown> | null = glance[part];
    if (!observed) continue;
    const at = Date.parse(observed.asOf);
    if (!Number.isFinite(at)) continue;
    if (oldest === null || at < oldest) oldest = at;
    fromCache ||= observed.fromCache;
  }
  if (oldest === null) return null;
  const age = ageOf(oldest, now);
  const at = new Date(oldest).toISOString();
  const meta = {
    source: fromCache ? ('cache' as const) : ('live' as const),
    fetchedAt: at,
    stale: fromCache && !online ? true : undefined,
  };
  const words = dataAge(meta, now, at, online);
  return {
    asOf: oldest,
    text: words.short,
    long: words.text,
    old: age === null || age > OLD_DATA_MS,
    fromCache,
  };
}

export function batteryText(glance: VehicleGlance): string | null {
  const level = glance.batteryLevel?.value;
  return typeof level === 'number' ? t('glance.battery', { level: Math.round(level) }) : null;
}

/** A battery at or under this percent is marked low in the list. */
export const LOW_BATTERY_PERCENT = 20;

/** Whether the battery was last confirmed at or under LOW_BATTERY_PERCENT. */
export function batteryLow(glance: VehicleGlance): boolean {
  const level = glance.batteryLevel?.value;
  return typeof level === 'number' && level <= LOW_BATTERY_PERCENT;
}

/** Whether the service last said the vehicle is in service mode. */
export function inService(glance: VehicleGlance): boolean {
  return glance.inService?.value === true;
}

/** Whether the last tyre reading reported a tyre low. */
export function tyresLow(glance: VehicleGlance): boolean {
  return glance.tyresLow?.value === true;
}

export function alertsText(count: number): string {
  return t('glance.alerts', { count });
}
