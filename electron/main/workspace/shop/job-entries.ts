// A job's entries in shop mode. The job is the car's, not one machine's: every technician's actions
// on it while it is open belong in it, and the shop's audit log is where they all are. To those the
// entries this machine recorded but has not uploaded yet are added (its outbox, then its own log,
// for one a crash left out of the outbox), so an action shows in the job the moment it is done,
// database or not. With the database away, the job says it holds this machine's actions only.
import { jobEntryOfShop, type ShopEntryFields, type ShopJobEntries } from '../../../shared/jobs/shop-entry';
import type { AuditEntry } from '../../../shared/types';
import { tm } from '../../i18n/main-words';
import { JOB_ENTRIES_MAX, type ShopDb } from '../../shop';
import type { JobWindow } from '../backend';

export interface ShopJobEntrySources {
  vin: string;
  windows: readonly JobWindow[];
  /** The connected database, or null with `why` it is not. */
  db: Pick<ShopDb, 'vehicleEntriesBetween'> | null;
  why: string;
  /** This machine's entries waiting for the shop, as they will be uploaded. */
  waiting: () => Promise<readonly ShopEntryFields[]>;
  /** This machine's own log's entries of the vehicle in the windows, as the shop would get them. */
  local: () => Promise<readonly ShopEntryFields[]>;
  onProblem: (message: string, error: unknown) => void;
}

/** The time as the record holds it (UTC, milliseconds); empty when it is no time. */
const isoTime = (time: string) => {
  const at = new Date(time);
  return Number.isNaN(at.getTime()) ? '' : at.toISOString();
};

const inWindows = (time: string, windows: readonly JobWindow[]) =>
  windows.some((window) => time >= window.from && time <= window.to);

export async function shopJobEntries(sources: ShopJobEntrySources): Promise<ShopJobEntries> {
  const { vin, windows } = sources;
  const byId = new Map<string, AuditEntry>();
  /** Keeps the entry unless one with its id is kept already; true when this one was kept. */
  const add = (fields: ShopEntryFields): boolean => {
    if (byId.has(fields.id)) return false;
    const entry = jobEntryOfShop(fields);
    if (entry) byId.set(entry.id, entry);
    else
      sources.onProblem(
        `Audit entry ${fields.id} is left out of the job: its outcome "${fields.outcome}" is unknown`,
        null,
      );
    return entry !== null;
  };

  const roles: Record<string, string> = {};
  let reason: string | null = sources.db ? null : sources.why;
  let more = false;
  if (sources.db) {
    try {
      for (const window of windows) {
        const read = await sources.db.vehicleEntriesBetween(vin, window);
        for (const entry of read.entries) if (add(entry) && entry.dbRole) roles[entry.id] = entry.dbRole;
        more ||= read.more;
      }
    } catch (error) {
      reason = error instanceof Error ? error.message : String(error);
    }
  }
  let waiting = 0;
  for (const fields of await sources.waiting()) {
    if (fields.vin === vin && inWindows(isoTime(fields.time), windows) && add(fields)) waiting++;
  }
  for (const fields of await sources.local()) if (fields.vin === vin) add(fields);

  const entries = [...byId.values()].filter((entry) => inWindows(entry.time, windows));
  const coverage = reason
    ? {
        scope: 'machine' as const,
        complete: false,
        text: tm('mainShop.jobMachineOnly', { reason }),
      }
    : more
      ? {
          scope: 'shop' as const,
          complete: false,
          text: tm('mainShop.jobMoreThan', { max: JOB_ENTRIES_MAX }),
        }
      : {
          scope: 'shop' as const,
          complete: true,
          text: tm('mainShop.jobEveryone', { waiting }),
        };
  return { entries, roles, coverage, ...(reason ? { reason } : {}) };
}
