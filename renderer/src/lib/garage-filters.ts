// Filters and sort of the garage list on the glance: state, update waiting, certificate expiring,
// alerts, service mode, a low tyre, a low battery, model, version and drive tag. Sorting is done once per garage or sort change; a search
// keystroke only filters the already sorted, already filtered list (see vehicle-filter).
import { t } from './i18n.svelte';
import type { VehicleEntry } from '../../../electron/shared/types';
import { batteryLow, certificateWarning, inService, modelOf, tyresLow, updateWaiting } from './glance-view';
import { displayName } from './vehicle-filter';

export type StateFilter = 'any' | 'awake' | 'asleep' | 'offline' | 'unknown';

export interface GarageFilters {
  state: StateFilter;
  updateWaiting: boolean;
  certificateExpiring: boolean;
  alerts: boolean;
  inService: boolean;
  tyresLow: boolean;
  batteryLow: boolean;
  /** '' = any. */
  model: string;
  /** '' = any. */
  version: string;
  /** '' = any: a drive tag this app set on the vehicle. */
  tag: string;
  /** '' = any: a telemetry template the vehicle's last read configuration differs from. */
  template: string;
}

export const NO_FILTERS: GarageFilters = {
  state: 'any',
  updateWaiting: false,
  certificateExpiring: false,
  alerts: false,
  inService: false,
  tyresLow: false,
  batteryLow: false,
  model: '',
  version: '',
  tag: '',
  template: '',
};

export function activeFilterCount(filters: GarageFilters): number {
  return (
    Number(filters.state !== 'any') +
    Number(filters.updateWaiting) +
    Number(filters.certificateExpiring) +
    Number(filters.alerts) +
    Number(filters.inService) +
    Number(filters.tyresLow) +
    Number(filters.batteryLow) +
    Number(filters.model !== '') +
    Number(filters.version !== '') +
    Number(filters.tag !== '') +
    Number(filters.template !== '')
  );
}

export type SortKey = 'added' | 'name' | 'state' | 'battery' | 'version' | 'alerts' | 'certificate' | 'age';

export const sorts = (): { value: SortKey; label: string }[] => [
  { value: 'added', label: t('sort.added') },
  { value: 'name', label: t('sort.name') },
  { value: 'state', label: t('sort.state') },
  { value: 'battery', label: t('sort.battery') },
  { value: 'version', label: t('sort.version') },
  { value: 'alerts', label: t('sort.alerts') },
  { value: 'certificate', label: t('sort.certificate') },
  { value: 'age', label: t('sort.age') },
];

/** Tags per VIN, from the drive tags this app set. */
export type TagIndex = ReadonlyMap<string, ReadonlySet<string>>;

export function matchesFilters(
  vehicle: VehicleEntry,
  filters: GarageFilters,
  now: number,
  tags: TagIndex,
): boolean {
  const g = vehicle.glance;
  if (filters.state !== 'any') {
    const sleep = g.sleep?.value ?? 'unknown';
    if (sleep !== filters.state) return false;
  }
  if (filters.updateWaiting && updateWaiting(g) === null) return false;
  if (filters.certificateExpiring && certificateWarning(g, now) === null) return false;
  if (filters.alerts && !((g.firmwareAlertCount?.value ?? 0) > 0)) return false;
  if (filters.inService && !inService(g)) return false;
  if (filters.tyresLow && !tyresLow(g)) return false;
  if (filters.batteryLow && !batteryLow(g)) return false;
  if (filters.model !== '' && modelOf(vehicle) !== filters.model) return false;
  if (filters.version !== '' && g.version?.value !== filters.version) return false;
  if (filters.tag !== '' && !tags.get(vehicle.vin)?.has(filters.tag)) return false;
  return true;
}

/** Compares versions part by part as numbers: 2026.9.1 < 2026.14.3. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

const SLEEP_ORDER: Record<string, number> = { asleep: 0, offline: 1, awake: 2 };

/** A sort key per vehicle: unknown values always sort last, whatever the direction. */
function keyOf(vehicle: VehicleEntry, sort: SortKey, now: number): number | string | null {
  const g = vehicle.glance;
  switch (sort) {
    case 'added':
      return null;
    case 'name':
      return displayName(vehicle).toLocaleLowerCase();
    case 'state':
      return g.sleep ? (SLEEP_ORDER[g.sleep.value] ?? 3) : null;
    case 'battery':
      return g.batteryLevel?.value ?? null;
    case 'version':
      return g.version?.value ?? null;
    case 'alerts':
      return g.firmwareAlertCount ? -g.firmwareAlertCount.value : null;
    case 'certificate': {
      const at = g.telemetryExpiresAt ? Date.parse(g.telemetryExpiresAt.value) : Number.NaN;
      return Number.isFinite(at) ? at - now : null;
    }
    case 'age': {
      const times = [g.sleep, g.batteryLevel, g.version]
        .filter((o) => o !== null)
        .map((o) => Date.parse(o.asOf));
      return times.length > 0 ? Math.min(...times) : null;
    }
  }
}

/** The garage in the chosen order; stable, so equal keys keep the order they were added in. */
export function sortVehicles(
  vehicles: readonly VehicleEntry[],
  sort: SortKey,
  now: number,
): readonly VehicleEntry[] {
  if (sort === 'added') return vehicles;
  const keyed = vehicles.map((vehicle, index) => ({ vehicle, index, key: keyOf(vehicle, sort, now) }));
  keyed.sort((a, b) => {
    if (a.key === null || b.key === null) {
      if (a.key === b.key) return a.index - b.index;
      return a.key === null ? 1 : -1;
    }
    let d: number;
    if (sort === 'version') d = compareVersions(a.key as string, b.key as string);
    else if (typeof a.key === 'string') d = a.key.localeCompare(b.key as string);
    else d = a.key - (b.key as number);
    return d !== 0 ? d : a.index - b.index;
  });
  return keyed.map((k) => k.vehicle);
}

/** The distinct models and versions in the garage, for the filter menus. */
export function filterChoices(vehicles: readonly VehicleEntry[]): { models: string[]; versions: string[] } {
  const models = new Set<string>();
  const versions = new Set<string>();
  for (const v of vehicles) {
    const model = modelOf(v);
    if (model) models.add(model);
    const version = v.glance.version?.value;
    if (version) versions.add(version);
  }
  return {
    models: [...models].sort((a, b) => a.localeCompare(b)),
    versions: [...versions].sort(compareVersions).reverse(),
  };
}
