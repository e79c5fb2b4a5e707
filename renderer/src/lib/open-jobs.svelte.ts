// The open repair-order job of each vehicle in the active garage, for the badge on its row and in
// its header: listed once (start, profile switch), then kept by main's job.changed events.
import { badgeOf, type OpenJobBadge } from '../../../electron/shared/jobs/job-badge';
import { mainApi } from './main-api';

class OpenJobs {
  byVin = $state.raw<ReadonlyMap<string, OpenJobBadge>>(new Map());
  /** The last change told (a panel showing that vehicle's job reads it again); counts up. */
  lastChange = $state.raw<{ vin: string; count: number } | null>(null);
  /** Bumped by each load, so an older answer that arrives late does not replace a newer one. */
  #generation = 0;

  async load(): Promise<void> {
    const generation = ++this.#generation;
    const listed = await mainApi().jobs.list({ status: 'open' });
    if (!listed.ok || generation !== this.#generation) return;
    this.byVin = new Map(listed.value.map((job) => [job.vin, badgeOf(job)]));
  }

  apply(vin: string, openJob: OpenJobBadge | null): void {
    // Replaced, never changed in place ($state.raw).
    const others = [...this.byVin].filter(([key]) => key !== vin);
    this.byVin = new Map(openJob ? [...others, [vin, openJob] as const] : others);
    this.lastChange = { vin, count: (this.lastChange?.count ?? 0) + 1 };
  }

  get(vin: string): OpenJobBadge | null {
    return this.byVin.get(vin) ?? null;
  }

  reset(): void {
    this.#generation++;
    this.byVin = new Map();
    this.lastChange = null;
  }
}

export type OpenJobsStore = OpenJobs;

export function createOpenJobs(): OpenJobsStore {
  return new OpenJobs();
}
