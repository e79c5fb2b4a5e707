// The runs main owns, as main last told them: each 'run.changed' event replaces that run's snapshot.
// The window drives nothing: it starts a run, watches it and may cancel it. After a reload (or a
// new window) it asks main once for the runs it keeps, and follows their events from then on.
import { SvelteMap } from 'svelte/reactivity';
import type { RunKind, RunSnapshot } from '../../../electron/shared/runs';
import { FINISHED_RUN_STATES } from '../../../electron/shared/runs';
import { garageApi } from './garage';

export const isFinished = (run: RunSnapshot): boolean => FINISHED_RUN_STATES.includes(run.state);

class Runs {
  #byId = new SvelteMap<string, RunSnapshot>();
  #unsubscribe: (() => void) | null = null;

  /** Follows main's runs from now on: called by every view that shows one (idempotent). */
  watch(): void {
    if (this.#unsubscribe) return;
    const api = garageApi();
    this.#unsubscribe = api.events.subscribe((event) => {
      if (event.type === 'run.changed') this.#byId.set(event.run.id, event.run);
    });
    void this.#catchUp();
  }

  /** The runs main kept while this window was away (a reload, a closed window): the latest of each kind. */
  async #catchUp(): Promise<void> {
    const listed = await garageApi().runs.list();
    if (!listed.ok) return;
    // Newest first: the first of each kind, and every run still under way (a plain list, not state).
    const kinds: RunKind[] = [];
    const wanted: string[] = [];
    for (const run of listed.value) {
      const first = !kinds.includes(run.kind);
      if (first) kinds.push(run.kind);
      if (first || !FINISHED_RUN_STATES.includes(run.state)) wanted.push(run.id);
    }
    for (const id of wanted) {
      if (this.#byId.has(id)) continue; // an event already brought a newer snapshot
      const got = await garageApi().runs.get(id);
      if (got.ok && !this.#byId.has(id)) this.#byId.set(id, got.value);
    }
  }

  /** Takes a snapshot an operation answered, unless an event (sent before it) already brought it. */
  note(run: RunSnapshot): void {
    if (!this.#byId.has(run.id)) this.#byId.set(run.id, run);
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

  /** Forgets everything and stops following; component tests call this between cases. */
  reset(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    this.#byId.clear();
  }
}

export const runs = new Runs();
