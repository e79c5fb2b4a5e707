// What the sidebar badges show, kept in memory for the session: whether each vehicle's last data
// came from the service or stood in for a failed read, and how its last command, plate or tag
// change ended.
import type { AuditOutcome, DataSource, VehicleStatus } from '../../shared/types';

export interface VehicleStatusBook {
  get(profileId: string, vin: string): VehicleStatus;
  /**
   * `stale` is why the live read failed when a saved copy stood in for it. A recent copy served on
   * purpose (no `stale`) says nothing new about the service, so it leaves the badge as it was.
   */
  noteRead(profileId: string, vin: string, source: DataSource, fetchedAt: string, stale?: unknown): void;
  noteWrite(
    profileId: string,
    vin: string,
    entry: { operation: string; outcome: AuditOutcome; at: string; reason?: string },
  ): void;
  forget(profileId: string, vin?: string): void;
}

export function createVehicleStatusBook(): VehicleStatusBook {
  const book = new Map<string, VehicleStatus>();
  const key = (profileId: string, vin: string) => `${profileId}\u0000${vin}`;
  const current = (profileId: string, vin: string): VehicleStatus =>
    book.get(key(profileId, vin)) ?? { lastSource: null, lastFetchedAt: null, lastCommand: null };

  return {
    // A plain copy: this runs once per vehicle on every list, and structuredClone is ~10× slower.
    get: (profileId, vin) => {
      const status = current(profileId, vin);
      return { ...status, lastCommand: status.lastCommand && { ...status.lastCommand } };
    },
    noteRead(profileId, vin, source, fetchedAt, stale) {
      if (source === 'cache' && !stale) return;
      book.set(key(profileId, vin), {
        ...current(profileId, vin),
        lastSource: source,
        lastFetchedAt: fetchedAt,
      });
    },
    noteWrite(profileId, vin, entry) {
      book.set(key(profileId, vin), { ...current(profileId, vin), lastCommand: { ...entry } });
    },
    forget(profileId, vin) {
      if (vin) {
        book.delete(key(profileId, vin));
        return;
      }
      for (const k of book.keys()) if (k.startsWith(`${profileId}\u0000`)) book.delete(k);
    },
  };
}
