// Whether the active profile's service answers, as main tells it: main sees every read, write,
// command, test and run, decides from them (electron/shared/reachability.ts) and sends
// `connection.changed` when it changes, both ways. This store only follows those events and words
// what was seen when; it decides nothing itself. Commands are disabled while it is unreachable.
import type { GarageEventMap } from '../../../electron/shared/events';
import { listText } from '../../../electron/shared/i18n/intl-words';
import { formatTime } from './format';
import { formatLocale, t } from './i18n.svelte';
import { mainApi } from './main-api';

export interface Sighting {
  message: string;
  /** ISO time main's event said it. */
  at: string;
}

export interface Unreachable {
  /** What was seen when, in words ("Seen at 10:01:02: …"). */
  reason: string;
  /** ISO time the service was first said unreachable. */
  since: string;
  /** The failures main told of, oldest first (the last three). */
  seen: Sighting[];
}

/** Sightings kept in the words: enough to show a repeat, never a wall of them. */
const KEPT = 3;

class Connection {
  unreachable = $state<Unreachable | null>(null);
  /** A "Check connection" read is under way. */
  checking = $state(false);

  /** Main's `connection.changed` for the shown profile. */
  apply(change: Pick<GarageEventMap['connection.changed'], 'online' | 'message'>): void {
    if (change.online) {
      this.unreachable = null;
      return;
    }
    const sighting = {
      message: change.message ?? t('connection.unreachable'),
      at: new Date().toISOString(),
    };
    const seen = [...(this.unreachable?.seen ?? []), sighting].slice(-KEPT);
    this.unreachable = {
      reason: describeSightings(seen),
      since: this.unreachable?.since ?? sighting.at,
      seen,
    };
  }

  /**
   * The technician's "Check connection": main reads one vehicle's telemetry configuration from the
   * service again, and its next `connection.changed` (if any) says how that went.
   */
  async check(vin: string): Promise<void> {
    this.checking = true;
    try {
      await mainApi().vehicles.telemetryConfig(vin, { refresh: true });
    } finally {
      this.checking = false;
    }
  }

  /** Back to the start state; component tests call this between cases. */
  reset(): void {
    this.unreachable = null;
    this.checking = false;
  }
}

/**
 * "Seen at 10:01:02: The service cannot be reached …; again at 10:01:04: …". The same message seen
 * again is said once, with each time: "Seen at 10:01:02, 10:01:04 and 10:01:06: …".
 */
export function describeSightings(seen: readonly Sighting[]): string {
  const groups: { message: string; times: string[] }[] = [];
  for (const s of seen) {
    const message = s.message.replace(/\.$/, '');
    const last = groups.at(-1);
    if (last && last.message === message) last.times.push(formatTime(s.at));
    else groups.push({ message, times: [formatTime(s.at)] });
  }
  const sightings = groups
    .map((g, i) =>
      t(i === 0 ? 'connection.seenAt' : 'connection.againAt', {
        times: listText(g.times, formatLocale()),
        message: g.message,
      }),
    )
    .join('; ');
  return t('connection.sightings', { sightings });
}

/** A store's type, for the stores that are given it. */
export type ConnectionStore = Connection;

export function createConnection(): ConnectionStore {
  return new Connection();
}
