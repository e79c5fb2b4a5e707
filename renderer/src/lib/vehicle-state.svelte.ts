// Each vehicle's last known state (GET state) and its wake-up, kept outside the components: the
// status strip, the command fields and the effect check after a command all read the same answer,
// and a wake-up keeps running (and showing its progress) when the technician opens another view.
import { SvelteMap } from 'svelte/reactivity';
import type { ErrorInfo, Result } from '../../../electron/shared/result';
import type { StateMeta, VehicleState } from '../../../electron/shared/types';
import { hasSections } from '../../../electron/shared/vehicle-values';
import { describeError } from './errors';
import { mainApi } from './main-api';

/** The service gives up waking a vehicle after this long. */
export const WAKE_TIMEOUT_MS = 90_000;

export interface WakeRun {
  /** Epoch ms the wake-up was sent; null once it ended. */
  startedAt: number | null;
  /** How it ended: awake, not within the timeout, or an error; null while running. */
  outcome: { tone: 'ok' | 'failed' | 'error'; text: string; at: string } | null;
}

export interface StateEntry {
  /** The last answer holding sections (a live read of a sleeping car holds none and keeps this). */
  state: VehicleState | null;
  meta: StateMeta | null;
  /** The vehicle's state word as last answered (online, asleep, offline), with when it was read. */
  sleep: { value: VehicleState['state']; at: string } | null;
  /** Epoch ms a read started, while one runs; the UI says what it waits for and for how long. */
  readingSince: number | null;
  /** Why the last read failed (and nothing was cached to show instead), else null. */
  error: ErrorInfo | null;
  wake: WakeRun;
}

const EMPTY: StateEntry = {
  state: null,
  meta: null,
  sleep: null,
  readingSince: null,
  error: null,
  wake: { startedAt: null, outcome: null },
};

class VehicleStates {
  #entries = new SvelteMap<string, StateEntry>();
  #seq = new Map<string, number>();
  /** Bumped by reset: a read begun before (another profile's) never lands after. */
  #generation = 0;

  get(vin: string): StateEntry {
    return this.#entries.get(vin) ?? EMPTY;
  }

  #patch(vin: string, patch: Partial<StateEntry>): void {
    this.#entries.set(vin, { ...this.get(vin), ...patch });
  }

  /**
   * Reads the state. `refresh` asks the service even when a recent copy is saved; `live` asks the
   * car itself. A newer read wins over a slower older one.
   */
  async load(
    vin: string,
    options: { refresh?: boolean; live?: boolean } = {},
  ): Promise<Result<VehicleState, StateMeta> | null> {
    const seq = (this.#seq.get(vin) ?? 0) + 1;
    this.#seq.set(vin, seq);
    const generation = this.#generation;
    this.#patch(vin, { readingSince: Date.now() });
    const result = await mainApi().vehicles.state(vin, options);
    if (this.#generation !== generation || this.#seq.get(vin) !== seq) return null;
    if (!result.ok) {
      this.#patch(vin, { readingSince: null, error: result.error });
      return result;
    }
    // Main updated the vehicle's glance from this answer and says so with an event: the list row
    // follows without a read back.
    const { value } = result;
    const meta: StateMeta = {
      source: result.source,
      fetchedAt: result.fetchedAt,
      asOf: result.asOf,
      ...(result.stale ? { stale: result.stale } : {}),
    };
    const sleep = { value: value.state, at: meta.asOf ?? meta.fetchedAt };
    this.#patch(
      vin,
      hasSections(value)
        ? { state: value, meta, sleep, readingSince: null, error: null }
        : { sleep, readingSince: null, error: null },
    );
    return result;
  }

  /** Sends a wake-up (a write: never re-sent, one at a time) and reads the state once awake. */
  async wake(vin: string): Promise<void> {
    if (this.get(vin).wake.startedAt !== null) return;
    this.#patch(vin, { wake: { startedAt: Date.now(), outcome: null } });
    const result = await mainApi().vehicles.wake(vin);
    const at = new Date().toISOString();
    if (!result.ok) {
      this.#patch(vin, {
        wake: { startedAt: null, outcome: { tone: 'error', text: describeError(result.error), at } },
      });
      return;
    }
    const outcome = result.value.result
      ? { tone: 'ok' as const, text: 'The vehicle is awake', at }
      : {
          tone: 'failed' as const,
          text: 'The vehicle did not wake within 90 s; it may be offline or out of coverage',
          at,
        };
    this.#patch(vin, { wake: { startedAt: null, outcome } });
    if (result.value.result) await this.load(vin, { refresh: true });
  }

  /** Forgets everything: another profile became active, or a component test's next case. */
  reset(): void {
    this.#generation++;
    this.#entries.clear();
    this.#seq.clear();
  }
}

/** A store's type, for the stores that are given it. */
export type VehicleStatesStore = VehicleStates;

export function createVehicleStates(): VehicleStatesStore {
  return new VehicleStates();
}
