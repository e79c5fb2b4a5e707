// The runs main owns, as main last told them: each 'run.changed' event replaces that run's snapshot
// (stores.ts wires the events here). The window drives nothing: it starts a run, watches it and may
// cancel it. After a reload (or in a new window) it asks main once for the runs it keeps.
import { SvelteMap } from 'svelte/reactivity';
import type { GarageApi } from '../../../electron/shared/ipc/api';
import type { CommandName } from '../../../electron/shared/commands';
import type { RunKind, RunSnapshot } from '../../../electron/shared/runs';
import { FINISHED_RUN_STATES, isFinished } from '../../../electron/shared/runs';

export { isFinished };

class Runs {
  #byId = new SvelteMap<string, RunSnapshot>();
  /** Who waits for a run to end (a command press waiting to give focus back). */
  #waiters = new Map<string, ((run: RunSnapshot) => void)[]>();

  /** A snapshot from main's event: always the newest. */
  apply(run: RunSnapshot): void {
    this.#byId.set(run.id, run);
    this.#settle(run);
  }

  /** Takes a snapshot an operation answered, unless an event (sent before it) already brought it. */
  note(run: RunSnapshot): void {
    if (!this.#byId.has(run.id)) this.#byId.set(run.id, run);
    this.#settle(this.#byId.get(run.id)!);
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
      if (got.ok) this.note(got.value);
    }
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
  latestCommand(vin: string, name: CommandName, profileId: string | null): RunSnapshot | null {
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
  }
}

/** A store's type, for the stores that are given it. */
export type RunsStore = Runs;

export function createRuns(): RunsStore {
  return new Runs();
}
