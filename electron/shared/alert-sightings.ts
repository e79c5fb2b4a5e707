// What the app itself saw of a car's firmware alerts across its reads. The service says when an
// alert fired but never when it cleared; the app can say only that an alert listed in one read was
// gone from a later one, so each alert keeps the reads that bound its end. Pure: main keeps these
// per car and profile, the renderer words them.

/** One alert as the app saw it; identity is the name with the time it fired (a new firing is a new alert). */
export interface AlertSighting {
  name: string;
  /** Unix seconds, the service's `timestamp`. */
  firedAt: number;
  /** The service's description when the app saw it, so an ended alert the service no longer lists is still named. */
  description: string | null;
  /** ISO time of the first successful read that listed it. */
  firstSeenAt: string;
  /** ISO time of the last successful read that listed it. */
  lastSeenAt: string;
  /** ISO time of the first successful read after `lastSeenAt` that no longer listed it; null while listed. */
  goneAt: string | null;
}

/** An alert as the service lists it, in the wire's names. */
export interface SeenAlert {
  name: string;
  timestamp: number;
  description?: string | null;
}

/** Enough for years of a car's alerts; the oldest ended ones go first. */
export const MAX_SIGHTINGS = 200;

const keyOf = (name: string, firedAt: number) => `${firedAt}\u0000${name}`;

/**
 * The sightings after one successful read at `readAt` listed `alerts`: a listed alert is seen (again),
 * one seen before and not listed now ended between its last sighting and this read. Only a read the
 * service answered may be given here: a failed read says nothing of what ended.
 */
export function noteAlertRead(
  before: readonly AlertSighting[],
  alerts: readonly SeenAlert[],
  readAt: string,
): AlertSighting[] {
  const listed = new Set(alerts.map((alert) => keyOf(alert.name, alert.timestamp)));
  const after = before.map((sighting): AlertSighting => {
    if (listed.has(keyOf(sighting.name, sighting.firedAt)))
      return { ...sighting, lastSeenAt: readAt, goneAt: null };
    return sighting.goneAt === null ? { ...sighting, goneAt: readAt } : sighting;
  });
  const known = new Set(before.map((sighting) => keyOf(sighting.name, sighting.firedAt)));
  for (const alert of alerts) {
    const key = keyOf(alert.name, alert.timestamp);
    if (known.has(key)) continue;
    known.add(key);
    after.push({
      name: alert.name,
      firedAt: alert.timestamp,
      description: alert.description ?? null,
      firstSeenAt: readAt,
      lastSeenAt: readAt,
      goneAt: null,
    });
  }
  if (after.length <= MAX_SIGHTINGS) return after;
  const ended = after.filter((sighting) => sighting.goneAt !== null);
  const drop = new Set(
    ended.sort((a, b) => a.lastSeenAt.localeCompare(b.lastSeenAt)).slice(0, after.length - MAX_SIGHTINGS),
  );
  return after.filter((sighting) => !drop.has(sighting));
}

/** The sighting of one alert the service listed, if the app saw it. */
export function sightingOf(
  sightings: readonly AlertSighting[],
  name: string,
  firedAt: number,
): AlertSighting | undefined {
  return sightings.find((sighting) => sighting.name === name && sighting.firedAt === firedAt);
}

/**
 * The alerts the app saw end that the service no longer lists, in the wire's shape, so a timeline
 * of the service's rows can show them beside the listed ones.
 */
export function endedUnlisted(
  sightings: readonly AlertSighting[],
  listed: readonly SeenAlert[],
): { name: string; timestamp: number; description: string | null; recent_fleet_count: null }[] {
  const keys = new Set(listed.map((alert) => keyOf(alert.name, alert.timestamp)));
  return sightings
    .filter((sighting) => sighting.goneAt !== null && !keys.has(keyOf(sighting.name, sighting.firedAt)))
    .map((sighting) => ({
      name: sighting.name,
      timestamp: sighting.firedAt,
      description: sighting.description,
      recent_fleet_count: null,
    }));
}
