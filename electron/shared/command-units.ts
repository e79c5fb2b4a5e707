// A command's value in the unit the technician reads (°F, km/h) and in the service's own (°C, mph).
// The window's field shows and takes the technician's unit and says which one it sent; main turns
// the value into the service's unit once, at the IPC edge, so the run, the audit log and the request
// all hold what the car was sent. Zod-free so the renderer can import it cheaply.
import type { CommandParamSpec } from './commands';
import { celsiusFrom, KM_PER_MILE, temperatureIn } from './regional-units';

export type TemperatureEntryUnit = 'c' | 'f';
export type SpeedEntryUnit = 'mph' | 'km/h';

/** The units a value is typed in; either may be left out when it is the service's own. */
export interface EntryUnits {
  temperatureUnit?: TemperatureEntryUnit;
  speedUnit?: SpeedEntryUnit;
}

/** The entry units for a technician's display choices (distance km reads speeds in km/h). */
export function entryUnits(temperature: 'c' | 'f', distance: 'km' | 'mi'): Required<EntryUnits> {
  return { temperatureUnit: temperature, speedUnit: distance === 'km' ? 'km/h' : 'mph' };
}

/** Whether a parameter is typed in a unit other than the service's under these units. */
function converts(name: CommandParamSpec['name'], units: EntryUnits): boolean {
  return (
    (name === 'temperature' && units.temperatureUnit === 'f') ||
    (name === 'mph' && units.speedUnit === 'km/h')
  );
}

/** A value the service speaks of (°C, mph), in the entry unit, unrounded. */
export function toEntryValue(name: CommandParamSpec['name'], value: number, units: EntryUnits): number {
  if (!converts(name, units)) return value;
  return name === 'temperature' ? temperatureIn(value, 'f') : value * KM_PER_MILE;
}

/** A value the service speaks of, as a field in the entry unit shows it: whole °F or km/h. */
export function toEntryShown(name: CommandParamSpec['name'], value: number, units: EntryUnits): number {
  return converts(name, units) ? Math.round(toEntryValue(name, value, units)) : value;
}

/** The unit fields that name the entry unit of parameter `name`, when it is not the service's. */
export function unitFieldsFor(name: CommandParamSpec['name'] | null, units: EntryUnits): EntryUnits {
  if (name === null || !converts(name, units)) return {};
  return name === 'temperature' ? { temperatureUnit: units.temperatureUnit } : { speedUnit: units.speedUnit };
}

/**
 * A value typed in the entry unit, in the service's: °C to the tenth (the service takes any number,
 * a tenth is finer than a cabin can tell) and whole mph (the service takes only whole ones).
 */
export function toServiceValue(name: CommandParamSpec['name'], value: number, units: EntryUnits): number {
  if (!converts(name, units)) return value;
  if (name === 'temperature') return Math.round(celsiusFrom(value, 'f') * 10) / 10;
  return Math.round(value / KM_PER_MILE);
}

/**
 * The parameter as the field offers it in the entry unit: its unit, whole steps, and bounds inside
 * the service's (59 to 82 °F for 15 to 28 °C; 81 to 193 km/h for 50 to 120 mph), so every value
 * the field accepts converts to one the service accepts.
 */
export function paramInEntryUnit(spec: CommandParamSpec, units: EntryUnits): CommandParamSpec {
  if (!converts(spec.name, units)) return spec;
  const lo = toEntryValue(spec.name, spec.min, units);
  const hi = toEntryValue(spec.name, spec.max, units);
  // A hair of slack so 15 °C's 59 °F is not pushed to 60 by floating point.
  let min = Math.ceil(lo - 1e-9);
  let max = Math.floor(hi + 1e-9);
  while (toServiceValue(spec.name, min, units) < spec.min) min++;
  while (toServiceValue(spec.name, max, units) > spec.max) max--;
  return {
    ...spec,
    min,
    max,
    step: 1,
    integer: true,
    unit: spec.name === 'temperature' ? '°F' : 'km/h',
  };
}

/** The options' value in the service's units, without the unit fields (what main sends and records). */
export function inServiceUnits<T extends EntryUnits & { temperature?: number; mph?: number }>(
  options: T,
): Omit<T, keyof EntryUnits> {
  const { temperatureUnit, speedUnit, ...rest } = options;
  const units = { temperatureUnit, speedUnit };
  const out = { ...rest } as Omit<T, keyof EntryUnits> & { temperature?: number; mph?: number };
  if (typeof rest.temperature === 'number')
    out.temperature = toServiceValue('temperature', rest.temperature, units);
  if (typeof rest.mph === 'number') out.mph = toServiceValue('mph', rest.mph, units);
  return out;
}
