// What the two snapshots of a job say happened while the car was in custody: which firmware alerts
// the car raised, cleared or kept through the visit, and the software it came in and left with.
// Pure and zod-free: main says it at close, the tests read it directly.
import type { Snapshot, Visit, VisitAlert } from './job-record';

type Alerts = Extract<Snapshot['firmwareAlerts'], { known: true }>['value'];

/**
 * The car's alerts during the visit. An alert is its name with the time it fired, as on the car's
 * alerts timeline: one listed at both check-in and check-out is `active` throughout; one listed at
 * check-in only `ended`; one listed at check-out only `started`. So an alert that cleared and fired
 * again while the car was here is said as ended and started again, never as kept throughout. Started
 * ones first, then those still active, then the ended ones, each in the order the car listed them;
 * a name fired several times in one list is said once, at its first listing. Null when either list is
 * unknown: nothing can be said of what changed.
 */
export function alertsDuring(checkIn: Snapshot, checkOut: Snapshot): VisitAlert[] | null {
  if (!checkIn.firmwareAlerts.known || !checkOut.firmwareAlerts.known) return null;
  const before: Alerts = checkIn.firmwareAlerts.value;
  const after: Alerts = checkOut.firmwareAlerts.value;
  const key = (alert: Alerts[number]) => `${alert.time ?? ''}\u0000${alert.name}`;
  const keys = (alerts: Alerts) => new Set(alerts.map(key));
  const wasThere = keys(before);
  const isThere = keys(after);
  const seen = new Set<string>();
  const pick = (alerts: Alerts, status: VisitAlert['status'], keep: (alert: Alerts[number]) => boolean) => {
    const picked: VisitAlert[] = [];
    for (const alert of alerts) {
      if (!keep(alert) || seen.has(`${status}:${alert.name}`)) continue;
      seen.add(`${status}:${alert.name}`);
      picked.push({ name: alert.name, status, time: alert.time, description: alert.description });
    }
    return picked;
  };
  return [
    ...pick(after, 'started', (alert) => !wasThere.has(key(alert))),
    ...pick(after, 'active', (alert) => wasThere.has(key(alert))),
    ...pick(before, 'ended', (alert) => !isThere.has(key(alert))),
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
