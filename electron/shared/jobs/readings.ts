// What a state answer says about the facts a repair-order job records, each with the time the car
// reported it (its section's timestamp). Pure and zod-free: the job's snapshots, effects, warnings
// and summary in main all read the car through this one table.
import type { CommandName } from '../commands';
import { deployedVersion, sectionTime } from '../vehicle-values';
import type { VehicleState } from '../wire';

/** The facts a job panel shows side by side at check-in and check-out, in that order. */
export const PANEL_READINGS = [
  'batteryLevel',
  'odometer',
  'version',
  'locked',
  'sentry',
  'valet',
  'chargePortOpen',
  'lowPower',
  'chargeLimit',
] as const;

/** Every fact a job records (the record and its PDF show them all). */
export const READING_NAMES = [
  ...PANEL_READINGS,
  'chargingAmps',
  'cabinTemperature',
  'speedLimitActive',
  'speedLimitMph',
  'windowsClosed',
] as const;
export type ReadingName = (typeof READING_NAMES)[number];

export type ReadingValue = number | boolean | string;

interface ReadingSpec {
  /** Words for the record: "charge limit", "valet mode". */
  label: string;
  unit: string;
  section: 'charge_state' | 'climate_state' | 'vehicle_state';
  read: (state: VehicleState) => unknown;
  type: 'number' | 'boolean' | 'string';
  /** Words for true / false, for the switch-like facts. */
  words?: [string, string];
}

const WINDOWS = ['fd_window', 'fp_window', 'rd_window', 'rp_window'] as const;

type Section = ReadingSpec['section'];
type Read = ReadingSpec['read'];
const number = (label: string, unit: string, section: Section, read: Read): ReadingSpec => ({
  label,
  unit,
  section,
  type: 'number',
  read,
});
/** A switch-like fact, told in its own words for true and false. */
const toggle = (label: string, words: [string, string], section: Section, read: Read): ReadingSpec => ({
  label,
  unit: '',
  section,
  type: 'boolean',
  words,
  read,
});
const ON_OFF: [string, string] = ['on', 'off'];

export const READINGS: Record<ReadingName, ReadingSpec> = {
  batteryLevel: number('battery', '%', 'charge_state', (s) => s.charge_state?.battery_level),
  odometer: number('odometer', 'mi', 'vehicle_state', (s) => s.vehicle_state?.odometer),
  version: {
    label: 'software version',
    unit: '',
    section: 'vehicle_state',
    type: 'string',
    read: (s) => deployedVersion(s.vehicle_state?.car_version) ?? undefined,
  },
  locked: toggle('doors', ['locked', 'unlocked'], 'vehicle_state', (s) => s.vehicle_state?.locked),
  sentry: toggle('sentry mode', ON_OFF, 'vehicle_state', (s) => s.vehicle_state?.sentry_mode),
  valet: toggle('valet mode', ON_OFF, 'vehicle_state', (s) => s.vehicle_state?.valet_mode),
  chargePortOpen: toggle(
    'charge port',
    ['open', 'closed'],
    'charge_state',
    (s) => s.charge_state?.charge_port_door_open,
  ),
  lowPower: toggle('low power mode', ON_OFF, 'vehicle_state', (s) => s.vehicle_state?.low_power_mode),
  chargeLimit: number('charge limit', '%', 'charge_state', (s) => s.charge_state?.charge_limit_soc),
  chargingAmps: number(
    'charging current',
    'A',
    'charge_state',
    (s) => s.charge_state?.charge_current_request,
  ),
  cabinTemperature: number(
    'cabin temperature',
    '°C',
    'climate_state',
    (s) => s.climate_state?.driver_temp_setting,
  ),
  speedLimitActive: toggle(
    'speed limit mode',
    ON_OFF,
    'vehicle_state',
    (s) => s.vehicle_state?.speed_limit_mode?.active,
  ),
  speedLimitMph: number(
    'speed limit',
    'mph',
    'vehicle_state',
    (s) => s.vehicle_state?.speed_limit_mode?.current_limit_mph,
  ),
  windowsClosed: toggle('windows', ['all closed', 'a window open'], 'vehicle_state', (s) => {
    const section = s.vehicle_state;
    if (!section) return undefined;
    const values = WINDOWS.map((key) => section[key]);
    if (values.some((value) => typeof value !== 'number')) return undefined;
    return values.every((value) => value === 0);
  }),
};

/** One reading of a state answer: its value and the car's time for it, or null when not reported. */
export function readingOf(
  state: VehicleState,
  name: ReadingName,
): { value: ReadingValue; asOf: string | null } | null {
  const spec = READINGS[name];
  const raw = spec.read(state);
  const valid =
    spec.type === 'number' ? typeof raw === 'number' && Number.isFinite(raw) : typeof raw === spec.type;
  if (!valid) return null;
  return { value: raw as ReadingValue, asOf: sectionTime(state[spec.section]?.timestamp) };
}

/** "90 %", "on", "2026.14.3": a value in the record's words. */
export function readingText(name: ReadingName, value: ReadingValue): string {
  const spec = READINGS[name];
  if (typeof value === 'boolean') return spec.words ? spec.words[value ? 0 : 1] : String(value);
  return spec.unit ? `${value} ${spec.unit}` : String(value);
}

/** What a command sets, and to what: the reading a state read after it must show. */
export function commandTarget(
  name: CommandName,
  params: Record<string, unknown>,
): { reading: ReadingName; expected: ReadingValue } | null {
  const number = (key: string) => (typeof params[key] === 'number' ? (params[key] as number) : null);
  const param = (reading: ReadingName, key: string) => {
    const value = number(key);
    return value === null ? null : { reading, expected: value };
  };
  switch (name) {
    case 'set_charge_limit':
      return param('chargeLimit', 'percent');
    case 'set_charging_amps':
      return param('chargingAmps', 'amps');
    case 'set_temperatures':
      return param('cabinTemperature', 'temperature');
    case 'set_speed_limit':
      return param('speedLimitMph', 'mph');
    case 'enable_valet':
      return { reading: 'valet', expected: true };
    case 'disable_valet':
      return { reading: 'valet', expected: false };
    case 'open_charge_port':
      return { reading: 'chargePortOpen', expected: true };
    case 'close_charge_port':
      return { reading: 'chargePortOpen', expected: false };
    case 'enable_low_power_mode':
      return { reading: 'lowPower', expected: true };
    case 'disable_low_power_mode':
      return { reading: 'lowPower', expected: false };
    case 'close_windows':
      return { reading: 'windowsClosed', expected: true };
  }
}

/**
 * The reading a workshop command sets, for those whose effect the state reports at once (a lock,
 * sentry); the others (lights, horn, charging, trunks, an update) change nothing a reading holds.
 */
export function workshopTarget(name: string): { reading: ReadingName; expected: ReadingValue } | null {
  switch (name) {
    case 'lock':
      return { reading: 'locked', expected: true };
    case 'unlock':
      return { reading: 'locked', expected: false };
    case 'enable_sentry':
      return { reading: 'sentry', expected: true };
    case 'disable_sentry':
      return { reading: 'sentry', expected: false };
    default:
      return null;
  }
}
