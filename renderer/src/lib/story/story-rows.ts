// The service's history answers as the rows the Health and history tab shows: each chart draws its
// rows and the table beside it lists the same rows, so what a screen reader or a copy gets is what
// the chart shows. Pure: units stay the service's (miles, bar, kWh, Unix seconds) and the tab words
// them in the technician's.
import type { FleetBatteryHealth } from '../../../../electron/shared/fleet-wire';
import type { Charge, CondensedStates, Idle, States } from '../../../../electron/shared/history-wire';
import type { BatteryHealth } from '../../../../electron/shared/vehicle-read-schemas';
import type { FirmwareAlert, TirePressure } from '../../../../electron/shared/wire';
import { inWindow, type StoryWindow } from './story-range';

export interface BatteryRow {
  at: number;
  odometer: number;
  capacity: number;
  maxRange: number;
  /** Capacity against the range's first measurement (1 = unchanged). */
  ofFirst: number | null;
}

/** The pack's measurements of the window, oldest first; the pack now when the service gave no list. */
export function batteryRows(answer: BatteryHealth): BatteryRow[] {
  if (!('results' in answer)) return [];
  const rows = answer.results
    .filter((row) => Number.isFinite(row.timestamp) && row.capacity > 0)
    .sort((a, b) => a.timestamp - b.timestamp);
  const first = rows[0]?.capacity ?? null;
  return rows.map((row) => ({
    at: row.timestamp,
    odometer: row.odometer,
    capacity: row.capacity,
    maxRange: row.max_range,
    ofFirst: first ? row.capacity / first : null,
  }));
}

/**
 * How a session charged: a Supercharger is DC; elsewhere the service does not say, so an average
 * power above what any car's on-board (AC) charger takes is called DC and the rest AC, both inferred.
 */
export type ChargeKind = 'supercharger' | 'dc' | 'ac' | 'unknown';

/** Above this average power (kW) a session cannot have been AC: on-board chargers take at most 22 kW. */
export const AC_MAX_KW = 22;

export interface ChargeRow {
  id: number;
  start: number;
  end: number | null;
  location: string | null;
  kind: ChargeKind;
  /** kWh into the pack. */
  energy: number | null;
  startBattery: number | null;
  endBattery: number | null;
  cost: number | null;
}

function chargeKind(charge: Charge): ChargeKind {
  if (charge.is_supercharger === true) return 'supercharger';
  const energy = charge.energy_used ?? charge.energy_added;
  const hours = charge.ended_at ? (charge.ended_at - charge.started_at) / 3600 : 0;
  if (typeof energy !== 'number' || hours <= 0) return 'unknown';
  return energy / hours > AC_MAX_KW ? 'dc' : 'ac';
}

/** Charging sessions of the window, oldest first. */
export function chargeRows(results: readonly Charge[]): ChargeRow[] {
  return results
    .map((charge) => ({
      id: charge.id,
      start: charge.started_at,
      end: charge.ended_at ?? null,
      location: charge.location ?? null,
      kind: chargeKind(charge),
      energy: charge.energy_added ?? null,
      startBattery: charge.starting_battery ?? null,
      endBattery: charge.ending_battery ?? null,
      cost: charge.cost ?? null,
    }))
    .sort((a, b) => a.start - b.start);
}

export interface IdleRow {
  id: number;
  start: number;
  end: number | null;
  location: string | null;
  /** Percentage points of charge lost parked. */
  drain: number | null;
  energy: number | null;
  climate: number | null;
  sentry: number | null;
}

/** Parked periods of the window, oldest first, with what each cost the pack. */
export function idleRows(results: readonly Idle[]): IdleRow[] {
  return results
    .map((idle) => ({
      id: idle.id,
      start: idle.started_at,
      end: idle.ended_at ?? null,
      location: idle.location ?? null,
      drain:
        typeof idle.starting_battery === 'number' && typeof idle.ending_battery === 'number'
          ? idle.starting_battery - idle.ending_battery
          : null,
      energy: idle.energy_used ?? null,
      climate: idle.climate_fraction ?? null,
      sentry: idle.sentry_fraction ?? null,
    }))
    .sort((a, b) => a.start - b.start);
}

export const WHEELS = ['front_left', 'front_right', 'rear_left', 'rear_right'] as const;
export type Wheel = (typeof WHEELS)[number];

export interface TyreRow {
  at: number;
  /** bar, null when the service did not measure it. */
  bar: Record<Wheel, number | null>;
  low: Record<Wheel, boolean>;
}

/** Tyre readings of the window, oldest first (a single reading when the service answered one). */
export function tyreRows(answer: TirePressure & { results?: TirePressure[] }): TyreRow[] {
  const readings = answer.results ?? (typeof answer.timestamp === 'number' ? [answer] : []);
  return readings
    .filter(
      (reading): reading is TirePressure & { timestamp: number } => typeof reading.timestamp === 'number',
    )
    .map((reading) => ({
      at: reading.timestamp,
      bar: Object.fromEntries(WHEELS.map((wheel) => [wheel, reading[wheel] ?? null])) as TyreRow['bar'],
      low: Object.fromEntries(
        WHEELS.map((wheel) => [wheel, (reading[`${wheel}_status`] ?? '').toLowerCase() === 'low']),
      ) as TyreRow['low'],
    }))
    .sort((a, b) => a.at - b.at);
}

/**
 * Where the service's low-pressure warning sets in, as its readings show it: between the highest
 * pressure it called low and the lowest it did not (the threshold itself is not published). Null
 * when the readings call nothing low, or every measured tyre low: then they do not bracket it.
 */
export function lowWarningBetween(rows: readonly TyreRow[]): { low: number; normal: number } | null {
  let low = -Infinity;
  let normal = Infinity;
  for (const row of rows)
    for (const wheel of WHEELS) {
      const bar = row.bar[wheel];
      if (bar === null) continue;
      if (row.low[wheel]) low = Math.max(low, bar);
      else normal = Math.min(normal, bar);
    }
  return Number.isFinite(low) && Number.isFinite(normal) && low < normal ? { low, normal } : null;
}

export interface AlertRow {
  name: string;
  description: string | null;
  /** When it fired first and last inside the window (Unix s), and how often. */
  first: number;
  last: number;
  times: number;
  /** Each time it fired, oldest first. */
  firings: number[];
  fleetCount: number | null;
}

/**
 * The window's firmware alerts, one row per alert, the earliest first. The service reports when an
 * alert fired, never when it cleared, so a row has a last report and no end.
 */
export function alertRows(results: readonly FirmwareAlert[], window: StoryWindow): AlertRow[] {
  const byName = new Map<string, AlertRow>();
  for (const alert of results) {
    if (!inWindow(window, alert.timestamp)) continue;
    const row = byName.get(alert.name);
    if (!row) {
      byName.set(alert.name, {
        name: alert.name,
        description: alert.description ?? null,
        first: alert.timestamp,
        last: alert.timestamp,
        times: 1,
        firings: [alert.timestamp],
        fleetCount: alert.recent_fleet_count ?? null,
      });
      continue;
    }
    row.first = Math.min(row.first, alert.timestamp);
    row.last = Math.max(row.last, alert.timestamp);
    row.times++;
    row.firings.push(alert.timestamp);
    row.description ??= alert.description ?? null;
  }
  for (const row of byName.values()) row.firings.sort((a, b) => a - b);
  return [...byName.values()].sort((a, b) => a.first - b.first || a.name.localeCompare(b.name));
}

export interface VersionRow {
  version: string;
  /** The first and last sample that showed it (Unix s). */
  firstSeen: number;
  lastSeen: number;
}

/** The versions in the samples (list or columns) as (time, version) pairs, oldest first. */
function versionSamples(answer: States): { at: number; version: string }[] {
  const results = answer.results;
  const pairs: { at: number; version: string }[] = [];
  if (Array.isArray(results)) {
    for (const sample of results)
      if (typeof sample.version === 'string') pairs.push({ at: sample.timestamp, version: sample.version });
  } else {
    const columns: CondensedStates = results;
    const times = columns.timestamps ?? [];
    const versions = columns.versions ?? [];
    times.forEach((at, i) => {
      const version = versions[i];
      if (typeof version === 'string') pairs.push({ at, version });
    });
  }
  return pairs.sort((a, b) => a.at - b.at);
}

/**
 * The software the car ran over the window, one row per run of samples with one version (an update
 * shows as the next row; going back to a version is a row of its own). The install time is between
 * a row's first sample and the one before it: the service keeps no history of updates.
 */
export function versionRows(answer: States): VersionRow[] {
  const rows: VersionRow[] = [];
  for (const { at, version } of versionSamples(answer)) {
    const current = rows.at(-1);
    if (current && current.version === version) current.lastSeen = at;
    else rows.push({ version, firstSeen: at, lastSeen: at });
  }
  return rows;
}

export interface PeerPack {
  vin: string;
  odometer: number;
  capacity: number;
  /** Percent of the pack's original capacity, as the service says it. */
  health: number | null;
}

/** The packs of `vins` (the garage's other cars of this model) in the account's battery health read. */
export function peerPacks(answer: FleetBatteryHealth, vins: ReadonlySet<string>): PeerPack[] {
  return answer.results
    .filter((row) => vins.has(row.vin) && typeof row.odometer === 'number' && (row.capacity ?? 0) > 0)
    .map((row) => ({
      vin: row.vin,
      odometer: row.odometer!,
      capacity: row.capacity!,
      health: row.health_percent ?? null,
    }))
    .sort((a, b) => a.odometer - b.odometer);
}

/** The lowest, middle and highest health of the peers that have one; null when none has. */
export function healthSpread(
  peers: readonly PeerPack[],
): { min: number; median: number; max: number } | null {
  const health = peers
    .map((peer) => peer.health)
    .filter((value): value is number => value !== null)
    .sort((a, b) => a - b);
  if (health.length === 0) return null;
  const mid = Math.floor(health.length / 2);
  const median = health.length % 2 ? health[mid]! : (health[mid - 1]! + health[mid]!) / 2;
  return { min: health[0]!, median, max: health.at(-1)! };
}
