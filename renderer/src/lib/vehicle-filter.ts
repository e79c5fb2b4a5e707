// Sidebar search over VIN, nickname, plate, model and software versions (deployed and on offer). The haystacks are built once per list so a
// keystroke costs one `includes` per vehicle (well under a millisecond for 1,000 vehicles).
import { t } from './i18n.svelte';
import type { VehicleEntry } from '../../../electron/shared/types';

export interface SearchIndex {
  vehicles: readonly VehicleEntry[];
  haystacks: string[];
}

function fold(text: string): string {
  return text.toLowerCase().replace(/[\s-]+/g, '');
}

export function buildSearchIndex(vehicles: readonly VehicleEntry[]): SearchIndex {
  return {
    vehicles,
    haystacks: vehicles.map((v) =>
      fold(
        `${v.vin}|${v.nickname ?? ''}|${v.plate ?? ''}|${v.model ?? ''}|${versionsOf(v)}|${v.glance.carType?.value ?? ''}`,
      ),
    ),
  };
}

/** The versions the glance names: deployed, staged and on offer. */
function versionsOf(vehicle: VehicleEntry): string {
  const g = vehicle.glance;
  return [g.version?.value, g.stagedVersion?.value, g.softwareUpdate?.value.version]
    .filter(Boolean)
    .join('|');
}

export function filterVehicles(index: SearchIndex, query: string): readonly VehicleEntry[] {
  const needle = fold(query);
  if (needle === '') return index.vehicles;
  const out: VehicleEntry[] = [];
  for (let i = 0; i < index.vehicles.length; i++) {
    if (index.haystacks[i]!.includes(needle)) out.push(index.vehicles[i]!);
  }
  return out;
}

/** "Model 3 · 2024", from the demo's model name or the VIN's maker, plus the model year. */
export function modelLine(vehicle: VehicleEntry): string {
  const name = vehicle.model ?? vehicle.decoded.maker ?? t('glance.unknownMake');
  const year = vehicle.decoded.modelYear;
  return year && !name.includes(String(year)) ? t('glance.modelYear', { name, year: String(year) }) : name;
}

export function displayName(vehicle: VehicleEntry): string {
  return vehicle.nickname ?? vehicle.model ?? vehicle.vin;
}
