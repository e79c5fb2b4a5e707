// Whether the service is reachable, decided from more than one observation: one dropped connection
// only makes the app look again (a quick probe); the service counts as unreachable when the failure
// repeats with no answer in between. Commands are disabled while it is, with what was seen when.
import type { ErrorInfo } from '../../../electron/shared/result';
import type { FetchMeta } from '../../../electron/shared/types';
import { isUnreachable } from './errors';
import { mainApi } from './main-api';

export interface Sighting {
  kind: string;
  message: string;
  /** ISO time it was seen. */
  at: string;
}

export interface Unreachable {
  kind: string;
  reason: string;
  since: string;
  /** The failures that decided it, oldest first. */
  seen?: Sighting[];
}

/** Failures in a row, with no answer in between, that make the service count as unreachable. */
export const FAILURES_TO_DECIDE = 2;

/** What the other stores tell the connection about the answers they got. */
export interface ConnectionNotes {
  noteRead(meta: FetchMeta): void;
  noteError(error: ErrorInfo): void;
  noteAnswer(): void;
}

class Connection implements ConnectionNotes {
  unreachable = $state<Unreachable | null>(null);
  checking = $state(false);
  /** Failures since the last answer, while not yet decided. */
  suspect = $state.raw<Sighting[]>([]);
  private probing = false;

  /** `probeVin`: a vehicle to ask again when one failure alone decides nothing (the one shown). */
  private readonly deps: { probeVin(): string | null };

  constructor(deps: { probeVin(): string | null }) {
    this.deps = deps;
  }

  /** A read's envelope: live clears the flag; cache served because the network failed counts as a failure. */
  noteRead(meta: FetchMeta): void {
    if (meta.source === 'live') this.noteAnswer();
    else if (meta.stale && isUnreachable(meta.stale.kind)) this.fail(meta.stale.kind, meta.stale.message);
  }

  noteError(error: ErrorInfo): void {
    if (isUnreachable(error.kind)) this.fail(error.kind, error.message);
    else if (error.status !== undefined) this.noteAnswer();
  }

  /** Any answer from the service (even a refusal) proves it is reachable. */
  noteAnswer(): void {
    this.unreachable = null;
    this.suspect = [];
  }

  /** Asks the service again for one vehicle's telemetry; resolves true when it answered live. */
  async check(vin: string): Promise<boolean> {
    this.checking = true;
    try {
      await this.ask(vin);
      return this.unreachable === null && this.suspect.length === 0;
    } finally {
      this.checking = false;
    }
  }

  /** Back to the start state; component tests call this between cases. */
  reset(): void {
    this.unreachable = null;
    this.checking = false;
    this.suspect = [];
    this.probing = false;
  }

  private async ask(vin: string): Promise<void> {
    const result = await mainApi().vehicles.telemetryConfig(vin, { refresh: true });
    if (result.ok) this.noteRead(result);
    else this.noteError(result.error);
  }

  private fail(kind: string, message: string): void {
    const seen = [
      ...(this.unreachable?.seen ?? this.suspect),
      { kind, message, at: new Date().toISOString() },
    ];
    if (this.unreachable || seen.length >= FAILURES_TO_DECIDE) {
      this.suspect = [];
      this.unreachable = {
        kind,
        reason: describeSightings(seen.slice(-3)),
        since: this.unreachable?.since ?? seen[0]!.at,
        seen: seen.slice(-3),
      };
      return;
    }
    this.suspect = seen;
    void this.probe();
  }

  /** One failure alone decides nothing: look once more, at once, with a cheap read. */
  private async probe(): Promise<void> {
    const vin = this.deps.probeVin();
    if (this.probing || !vin) return;
    this.probing = true;
    try {
      await this.ask(vin);
    } finally {
      this.probing = false;
    }
  }
}

function clock(iso: string): string {
  return new Date(iso).toLocaleTimeString(undefined, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
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
    if (last && last.message === message) last.times.push(clock(s.at));
    else groups.push({ message, times: [clock(s.at)] });
  }
  const list = (times: string[]) =>
    times.length === 1 ? times[0]! : `${times.slice(0, -1).join(', ')} and ${times.at(-1)!}`;
  return groups
    .map((g, i) => `${i === 0 ? 'Seen at' : 'again at'} ${list(g.times)}: ${g.message}`)
    .join('; ')
    .concat('.');
}

/** A store's type, for the stores that are given it. */
export type ConnectionStore = Connection;

export function createConnection(deps: { probeVin(): string | null }): ConnectionStore {
  return new Connection(deps);
}
