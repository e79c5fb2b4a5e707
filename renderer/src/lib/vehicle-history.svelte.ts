// One vehicle's history as its History tab reads it: in shop mode (connected) the shop's log, every
// technician's entries, by keyset pages; solo, or while the shop database is unreachable, this
// computer's own log. Entries main writes while it is shown arrive as events (the audit feed).
import type { ErrorInfo, Result } from '../../../electron/shared/result';
import { auditEntryOfShopRow, type ShopHistoryCursor } from '../../../electron/shared/shop';
import type { AuditEntry, AuditExportResult } from '../../../electron/shared/types';
import { jobRows, type JobRow } from './history-rows';
import { mainApi } from './main-api';
import { Resource } from './resource.svelte';

/** Entries read at once from the local log, and per page from the shop's. */
const LOCAL_LIMIT = 500;
const SHOP_PAGE = 100;

export interface VehicleHistoryDeps {
  /** The vehicle the tab shows, asked at each read. */
  vin(): string;
  /** Whether the shop's log is the one to read (shop mode, connected). */
  fromShop(): boolean;
}

export class VehicleHistory {
  /** The shop's next page, while there is one. */
  shopNext = $state<ShopHistoryCursor | null>(null);
  /** Older pages read since the first. */
  older = $state.raw<AuditEntry[]>([]);
  loadingOlder = $state(false);
  /** The first read (the local log, or the shop's newest page). */
  readonly first: Resource<AuditEntry[]>;
  /** The vehicle's jobs' openings, closings and notes; empty when they could not be read. */
  jobs = $state.raw<JobRow[]>([]);

  private readonly deps: VehicleHistoryDeps;

  constructor(deps: VehicleHistoryDeps) {
    this.deps = deps;
    this.first = new Resource(async () => {
      this.older = [];
      this.shopNext = null;
      if (!deps.fromShop()) return mainApi().audit.list({ vin: deps.vin(), limit: LOCAL_LIMIT });
      const page = await mainApi().shop.history(deps.vin(), { limit: SHOP_PAGE });
      if (!page.ok) return page;
      this.shopNext = page.value.next;
      return { ok: true as const, value: page.value.entries.map((entry) => auditEntryOfShopRow(entry, '')) };
    });
  }

  load(): Promise<unknown> {
    return Promise.all([this.first.load(), this.loadJobs()]);
  }

  private async loadJobs(): Promise<void> {
    const listed = await mainApi().jobs.list({ vin: this.deps.vin() });
    this.jobs = listed.ok ? jobRows(listed.value) : [];
  }

  /** The shop's next page; its failure, when it failed. */
  async loadOlder(): Promise<ErrorInfo | null> {
    if (!this.shopNext) return null;
    this.loadingOlder = true;
    const page = await mainApi().shop.history(this.deps.vin(), { after: this.shopNext, limit: SHOP_PAGE });
    this.loadingOlder = false;
    if (!page.ok) return page.error;
    this.older = [...this.older, ...page.value.entries.map((entry) => auditEntryOfShopRow(entry, ''))];
    this.shopNext = page.value.next;
    return null;
  }

  /**
   * The vehicle's history (every profile's entries for its VIN), optionally between two dates: main
   * asks where to save and writes the file; the CSV never comes to this window.
   */
  exportCsv(range: { from: string; to: string }): Promise<Result<AuditExportResult>> {
    return mainApi().audit.exportToFile({
      vin: this.deps.vin(),
      ...(range.from ? { from: range.from } : {}),
      ...(range.to ? { to: range.to } : {}),
    });
  }
}
