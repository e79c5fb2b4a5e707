// The runs main owns, as main last told them: each 'run.changed' event brings a run's summary and the
// items that changed, merged here into the run this window holds (stores.ts wires the events here).
// The window drives nothing: it starts a run, watches it and may cancel it. After a reload (or in a
// new window) it asks main once for the runs it keeps, and for the whole of any run whose earlier
// events it missed.
import { SvelteMap } from 'svelte/reactivity';
import type { GarageApi } from '../../../electron/shared/ipc/api';
import type { RunCommandName } from '../../../electron/shared/bulk-commands';
import type { RunChange, RunKind, RunSnapshot, RunSummary } from '../../../electron/shared/runs';
import { applyRunChange, FINISHED_RUN_STATES, isFinished } from '../../../electron/shared/runs';

export { isFinished };

class Runs {
  #byId = new SvelteMap<string, RunSnapshot>();
  /** Who waits for a run to end (a command press waiting to give focus back). */
  #waiters = new Map<string, ((run: RunSnapshot) => void)[]>();

  /** Runs being fetched whole: the changes that came meanwhile, applied once the run is here. */
  #fetching = new Map<string, RunChange[]>();

  /**
   * A change from main's event, merged into the run as held. A change this window cannot place (the
   * run unknown, or events missed in between) has the whole run fetched from main when `api` is given.
   */
  apply(change: RunChange, api?: Pick<GarageApi, 'runs'>): void {
    const id = change.run.id;
    const waiting = this.#fetching.get(id);
    if (waiting) {
      waiting.push(change);
      return;
    }
    const held = this.#byId.get(id) ?? null;
    if (held && change.run.revision <= held.revision) return; // already held (a fetched run)
    const follows = held !== null && change.run.revision === held.revision + 1;
    if (change.itemsComplete || follows || !api) {
      this.#keep(applyRunChange(held, change), true);
      return;
    }
    this.#fetching.set(id, [change]);
    void api.runs.get(id).then((got) => {
      const later = this.#fetching.get(id) ?? [];
      this.#fetching.delete(id);
      if (got.ok) this.#take(got.value, true);
      // Without the whole run, place what came as well as it goes rather than ask again.
      for (const next of later) this.apply(next, got.ok ? api : undefined);
    });
  }

  /** Takes a whole run an operation answered, unless this window already holds it as new or newer. */
  note(run: RunSnapshot): void {
    this.#take(run, false);
  }

  #take(run: RunSnapshot, tell: boolean): void {
    const held = this.#byId.get(run.id);
    if (!held || run.revision > held.revision) this.#keep(run, tell);
  }

  /**
   * Told each run main's events bring (merged whole), not the runs an operation answered: a run
   * caught up after a reload is shown, not announced again. The stores wire long commands' ends here.
   */
  #onRun: ((run: RunSnapshot) => void) | null = null;

  onRun(listener: ((run: RunSnapshot) => void) | null): void {
    this.#onRun = listener;
  }

  #keep(run: RunSnapshot, tell: boolean): void {
    this.#byId.set(run.id, run);
    this.#settle(run);
    if (tell) this.#onRun?.(run);
  }

  #settle(run: RunSnapshot): void {
    if (!isFinished(run)) return;
    const waiting = this.#waiters.get(run.id);
    this.#waiters.delete(run.id);
    for (const resolve of waiting ?? []) resolve(run);
  }

  /** Settles with the run's snapshot once main says it ended. */
  whenEnded(id: string): Promise<RunSnapshot> {
    const known = this.#byId.get(id);
    if (known && isFinished(known)) return Promise.resolve(known);
    return new Promise((resolve) => this.#waiters.set(id, [...(this.#waiters.get(id) ?? []), resolve]));
  }

  /**
   * The runs main kept while this window was away: the latest of each kind, any under way, and every
   * long command kept (each vehicle's commands show their last outcome again).
   */
  async catchUp(api: Pick<GarageApi, 'runs'>): Promise<void> {
    const listed = await api.runs.list();
    if (!listed.ok) return;
    // Newest first (a plain list, not state).
    const kinds: RunKind[] = [];
    const wanted: string[] = [];
    for (const run of listed.value) {
      const first = !kinds.includes(run.kind);
      if (first) kinds.push(run.kind);
      if (first || run.kind === 'vehicle-command' || !FINISHED_RUN_STATES.includes(run.state))
        wanted.push(run.id);
    }
    for (const id of wanted) {
      if (this.#byId.has(id)) continue; // an event already brought a newer snapshot
      const got = await api.runs.get(id);
      if (got.ok) this.#take(got.value, true);
    }
  }

  /**
   * Asks main for the newest run of this kind for this profile and holds it whole: a view that shows
   * the run it was watching asks on mount, whether or not the window's catch-up has brought it yet.
   */
  async fetchLatest(api: Pick<GarageApi, 'runs'>, kind: RunKind, profileId: string | null): Promise<void> {
    const listed = await api.runs.list();
    if (!listed.ok) return;
    const newest = listed.value
      .filter((run) => run.kind === kind && (profileId === null || run.profileId === profileId))
      .reduce<RunSummary | null>((a, b) => (a === null || b.startedAt > a.startedAt ? b : a), null);
    if (!newest || this.#byId.has(newest.id)) return; // held: its events keep it current
    const got = await api.runs.get(newest.id);
    if (got.ok) this.#take(got.value, false);
  }

  /** The newest run of this kind for this profile (any profile when null), or null. */
  latest(kind: RunKind, profileId: string | null): RunSnapshot | null {
    let newest: RunSnapshot | null = null;
    for (const run of this.#byId.values()) {
      if (run.kind !== kind || (profileId !== null && run.profileId !== profileId)) continue;
      if (!newest || run.startedAt > newest.startedAt) newest = run;
    }
    return newest;
  }

  /** The newest long command of this name to this vehicle (this profile's, when given), or null. */
  latestCommand(vin: string, name: RunCommandName, profileId: string | null): RunSnapshot | null {
    let newest: RunSnapshot | null = null;
    for (const run of this.#byId.values()) {
      if (run.kind !== 'vehicle-command' || run.command?.name !== name || run.items[0]?.vin !== vin) continue;
      if (profileId !== null && run.profileId !== profileId) continue;
      if (!newest || run.startedAt > newest.startedAt) newest = run;
    }
    return newest;
  }

  /** Forgets everything; component tests call this between cases. */
  reset(): void {
    this.#byId.clear();
    this.#waiters.clear();
    this.#fetching.clear();
  }
}

/** A store's type, for the stores that are given it. */
export type RunsStore = Runs;

export function createRuns(): RunsStore {
  return new Runs();
}
