// One read serves the shop: what this app read of a car from the service (not from its offline
// cache) goes to the shop's database, where every colleague's board shows it with its own time and
// reader. A read notes its parts one by one; they are gathered for one turn of the event loop and
// shared as one reading per time and source, and a part is shared once for each new reading.
import type { ReadingValues } from '../../shared/shop-board';
import type { Observed, VehicleGlance } from '../../shared/types';

export interface SharedReading {
  readAt: string;
  source: string;
  values: ReadingValues;
}

export interface SharedReadingsDeps {
  glanceOf(profileId: string, vin: string): VehicleGlance;
  /** Shares it when the profile works in a shop and is online; otherwise does nothing. */
  share(profileId: string, vin: string, reading: SharedReading): Promise<void>;
  onProblem(message: string, error: unknown): void;
}

export interface SharedReadings {
  observed(profileId: string, vin: string): void;
}

type Shared = keyof ReadingValues;

/** The glance's parts a board shows, by the reading's name for them. */
const PARTS: readonly (readonly [Shared, keyof VehicleGlance])[] = [
  ['sleep', 'sleep'],
  ['batteryLevel', 'batteryLevel'],
  ['alertCount', 'firmwareAlertCount'],
  ['tyresLow', 'tyresLow'],
  ['charging', 'charging'],
];

export function createSharedReadings(deps: SharedReadingsDeps): SharedReadings {
  const pending = new Set<string>();
  /** profile + vin + part → the asOf last shared. */
  const sharedAsOf = new Map<string, string>();

  function flush(key: string): void {
    pending.delete(key);
    const [profileId, vin] = key.split('\n') as [string, string];
    const glance = deps.glanceOf(profileId, vin);
    const readings = new Map<string, SharedReading>();
    for (const [name, part] of PARTS) {
      const observed = glance[part] as Observed<unknown> | null;
      if (!observed || observed.fromCache) continue;
      const partKey = `${key}\n${name}`;
      if (sharedAsOf.get(partKey) === observed.asOf) continue;
      sharedAsOf.set(partKey, observed.asOf);
      const group = `${observed.asOf}\n${observed.source}`;
      const reading = readings.get(group) ?? { readAt: observed.asOf, source: observed.source, values: {} };
      (reading.values as Record<string, unknown>)[name] = observed.value;
      readings.set(group, reading);
    }
    for (const reading of readings.values())
      deps
        .share(profileId, vin, reading)
        .catch((error) => deps.onProblem('Shop: sharing a reading failed', error));
  }

  return {
    observed(profileId, vin) {
      const key = `${profileId}\n${vin}`;
      if (pending.has(key)) return;
      pending.add(key);
      queueMicrotask(() => flush(key));
    },
  };
}
