// What the shop's audit log tells of a vehicle: its History across every technician, and a job's
// actions (every technician's while the job was open, with this machine's not uploaded yet).
import { hostname } from 'node:os';
import {
  type ShopHistoryCursor,
  type ShopHistoryEntry,
  type ShopHistoryPage,
  type ShopSettingsInput,
} from '../../../shared/shop';
import type { ShopJobEntries } from '../../../shared/jobs/shop-entry';
import { AUDIT_LIST_MAX } from '../../audit/audit-log';
import { tm } from '../../i18n/main-words';
import { fromLocalAuditEntry, type ShopAuditEntry } from '../../shop';
import type { JobWindow } from '../backend';
import { shopJobEntries } from './job-entries';
import { machineOf, technicianOf, whyNotOnline, type LinkState } from './link-state';

const HISTORY_PAGE = 50;

// Not fromLocalAuditEntry's reverse: a stored row (with the server's dbRole) as the window shows it.
function historyEntry(entry: ShopAuditEntry): ShopHistoryEntry {
  return {
    id: entry.id,
    time: entry.time,
    vin: entry.vin,
    operation: entry.operation,
    params: entry.params,
    outcome: entry.outcome,
    reason: entry.reason ?? null,
    errorKind: entry.errorKind ?? null,
    durationMs: entry.durationMs ?? null,
    technician: entry.technician,
    machine: entry.machine,
    dbRole: entry.dbRole,
    runId: entry.runId ?? null,
    bulk: entry.bulk ?? null,
  };
}

export interface ShopHistory {
  history(vin: string, page?: { after?: ShopHistoryCursor; limit?: number }): Promise<ShopHistoryPage>;
  /** A job's entries of a profile that works in a shop (`settings`), connected or not. */
  jobEntries(
    profileId: string,
    settings: ShopSettingsInput,
    vin: string,
    windows: readonly JobWindow[],
  ): Promise<ShopJobEntries>;
}

export function createShopHistory(state: LinkState): ShopHistory {
  return {
    async history(vin, page = {}) {
      const { db } = state.online();
      const limit = page.limit ?? HISTORY_PAGE;
      const entries = await db.vehicleHistory(vin, { ...(page.after ? { after: page.after } : {}), limit });
      const last = entries.at(-1);
      return {
        entries: entries.map(historyEntry),
        next: entries.length === limit && last ? { time: last.time, id: last.id } : null,
      };
    },
    jobEntries(profileId, settings, vin, windows) {
      const current = state.linked();
      const link = current?.profileId === profileId ? current : null;
      const status = link?.session.status();
      const who = {
        technician: link ? technicianOf(link) : settings.technician,
        machine: link ? machineOf(link) : settings.machine || hostname(),
      };
      return shopJobEntries({
        vin,
        windows,
        db: link?.session.db() ?? null,
        why: status ? whyNotOnline(status) : tm('mainShop.otherProfile'),
        waiting: async () => (link ? link.session.waiting() : []),
        local: async () => {
          const own = [];
          for (const window of windows)
            for (const entry of await state.deps.audit.list({ vin, ...window, limit: AUDIT_LIST_MAX }))
              if (entry.profileId === profileId) own.push(fromLocalAuditEntry(entry, who));
          return own;
        },
        onProblem: state.onProblem,
      });
    },
  };
}
