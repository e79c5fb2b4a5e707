// Audit entries main wrote since the window opened, as its events told them: a history in view shows
// them at once, without reading the log again.
import type { AuditEntry } from '../../../electron/shared/types';

/** Kept: enough for any history in view; older ones are in the log it read when it opened. */
const KEPT = 500;

class AuditFeed {
  added = $state.raw<AuditEntry[]>([]);

  note(entry: AuditEntry): void {
    this.added = [...this.added.slice(-(KEPT - 1)), entry];
  }

  /** Those of one vehicle, in the order they were written. */
  of(vin: string): AuditEntry[] {
    return this.added.filter((entry) => entry.vin === vin);
  }

  reset(): void {
    this.added = [];
  }
}

export type AuditFeedStore = AuditFeed;

export function createAuditFeed(): AuditFeedStore {
  return new AuditFeed();
}
