// What the two snapshots of a job say happened while the car was in custody: which firmware alerts
// the car raised, cleared or kept through the visit, and the software it came in and left with.
// Pure and zod-free: main says it at close, the tests read it directly.
import type { Snapshot, Visit, VisitAlert } from './job-record';

type Alerts = Extract<Snapshot['firmwareAlerts'], { known: true }>['value'];

/**
 * The car's alerts during the visit, by name: `started` when listed at check-out only, `ended` when
 * listed at check-in only, `active` when listed at both; started ones first, then those still
 * active, then the ended ones, each in the order the car listed them. Null when either list is
 * unknown: nothing can be said of what changed.
 */
export function alertsDuring(checkIn: Snapshot, checkOut: Snapshot): VisitAlert[] | null {
  if (!checkIn.firmwareAlerts.known || !checkOut.firmwareAlerts.known) return null;
  const before: Alerts = checkIn.firmwareAlerts.value;
  const after: Alerts = checkOut.firmwareAlerts.value;
  const names = (alerts: Alerts) => new Set(alerts.map((alert) => alert.name));
  const wasThere = names(before);
  const isThere = names(after);
  const seen = new Set<string>();
  // The first listing of a name stands for it: an alert raised twice is one alert of the visit.
  const pick = (alerts: Alerts, status: VisitAlert['status'], keep: (name: string) => boolean) => {
    const picked: VisitAlert[] = [];
    for (const alert of alerts) {
      if (!keep(alert.name) || seen.has(`${status}:${alert.name}`)) continue;
      seen.add(`${status}:${alert.name}`);
      picked.push({ name: alert.name, status, time: alert.time, description: alert.description });
    }
    return picked;
  };
  return [
    ...pick(after, 'started', (name) => !wasThere.has(name)),
    ...pick(after, 'active', (name) => wasThere.has(name)),
    ...pick(before, 'ended', (name) => !isThere.has(name)),
  ];
}

/** The software version the car came in with and left with; null where a snapshot did not know it. */
export function softwareDuring(checkIn: Snapshot, checkOut: Snapshot): Visit['software'] {
  const version = (snapshot: Snapshot) => {
    const reading = snapshot.readings.version;
    return reading?.known && typeof reading.value === 'string' ? reading.value : null;
  };
  return { before: version(checkIn), after: version(checkOut) };
}
