// The fleet view's rows: each garage car with its pack's health (from every car's battery health)
// and its readiness (from the fleet status), and the sort the view shows them in. The worst packs
// come first unless the technician sorts otherwise; a value not known sorts last either way.
import {
  readinessLevel,
  readinessOf,
  type Readiness,
  type ReadinessLevel,
} from '../../../electron/shared/fleet-readiness';
import type { FleetBatteryHealth, FleetStatus } from '../../../electron/shared/fleet-wire';
import type { Say } from '../../../electron/shared/i18n/english';
import type { VehicleEntry } from '../../../electron/shared/types';

export interface FleetRow {
  vin: string;
  name: string;
  model: string | null;
  /** The model year the VIN says. */
  year: number | null;
  /** Miles, as the service answers; the view shows the technician's unit. */
  odometer: number | null;
  /** Percent of the pack's capacity when new. */
  health: number | null;
  /** kWh now. */
  capacity: number | null;
  readiness: Readiness;
  level: ReadinessLevel;
}

export type FleetSortKey = 'name' | 'model' | 'year' | 'odometer' | 'health' | 'readiness';

export interface FleetSort {
  key: FleetSortKey;
  ascending: boolean;
}

/** The view's first order: the worst packs first. */
export const WORST_FIRST: FleetSort = { key: 'health', ascending: true };

const finite = (n: number | null | undefined): number | null =>
  typeof n === 'number' && Number.isFinite(n) ? n : null;

/** The pack's health in percent: the service's, or its capacity against when new. */
function healthOf(row: FleetBatteryHealth['results'][number] | undefined): number | null {
  if (!row) return null;
  const given = finite(row.health_percent);
  if (given !== null) return given;
  const now = finite(row.capacity);
  const original = finite(row.original_capacity);
  return now !== null && original !== null && original > 0 ? (now / original) * 100 : null;
}

export function fleetRows(
  vehicles: readonly VehicleEntry[],
  health: FleetBatteryHealth | null,
  status: FleetStatus | null,
  nameOf: (vehicle: VehicleEntry) => string,
  say?: Say,
): FleetRow[] {
  const packs = new Map((health?.results ?? []).map((row) => [row.vin, row]));
  return vehicles.map((vehicle) => {
    const pack = packs.get(vehicle.vin);
    const readiness = readinessOf(status, vehicle.vin, say);
    return {
      vin: vehicle.vin,
      name: nameOf(vehicle),
      model: vehicle.model,
      year: vehicle.decoded.modelYear,
      odometer: finite(pack?.odometer),
      health: healthOf(pack),
      capacity: finite(pack?.capacity),
      readiness,
      level: readinessLevel(readiness),
    };
  });
}

/** Blocked cars first, then those flagged, then the ready ones. */
const LEVEL_RANK: Record<ReadinessLevel, number> = { blocked: 0, warning: 1, ready: 2 };

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** The row's value for `key`: a number, a text, or null when not known. */
function valueOf(row: FleetRow, key: FleetSortKey): number | string | null {
  switch (key) {
    case 'name':
      return row.name;
    case 'model':
      return row.model;
    case 'year':
      return row.year;
    case 'odometer':
      return row.odometer;
    case 'health':
      return row.health;
    case 'readiness':
      return LEVEL_RANK[row.level];
  }
}

/** A sorted copy of `rows`; ties keep to the name, then the VIN, so the order never jumps. */
export function sortFleetRows(rows: readonly FleetRow[], sort: FleetSort): FleetRow[] {
  const dir = sort.ascending ? 1 : -1;
  const keyed = rows.map((row) => ({ row, value: valueOf(row, sort.key) }));
  keyed.sort((a, b) => {
    if (a.value !== b.value) {
      if (a.value === null) return 1;
      if (b.value === null) return -1;
      const order =
        typeof a.value === 'number' && typeof b.value === 'number'
          ? a.value - b.value
          : collator.compare(String(a.value), String(b.value));
      if (order !== 0) return dir * order;
    }
    return (
      collator.compare(a.row.name, b.row.name) || (a.row.vin < b.row.vin ? -1 : a.row.vin > b.row.vin ? 1 : 0)
    );
  });
  return keyed.map((entry) => entry.row);
}

/** The next sort after a click on `key`'s header: the other way on the same column, else its first way. */
export function nextSort(current: FleetSort, key: FleetSortKey): FleetSort {
  if (current.key === key) return { key, ascending: !current.ascending };
  // Numbers where less is worse start low; names and models start at A.
  return { key, ascending: true };
}
