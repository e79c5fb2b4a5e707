// "Refresh garage" as main runs it: one read per vehicle from the service's copy (never wakes a
// car), paced by main's client. This store starts the run, follows it (through the runs store) and
// shows how it ended; the glances fill in as main sends each changed vehicle's row as an event.
// The "Also alerts, tyres and certificates" choice is main's (the refresh main starts by itself at start-up
// follows it too): this store shows it and asks main to change it.
import type { RunSnapshot } from '../../../electron/shared/runs';
import { describeError } from './errors';
import { mainApi } from './main-api';
import { isFinished } from '../../../electron/shared/runs';
import { takeRunAnswer, type RunStoreDeps } from './run-answer';

/** Where earlier versions kept the choice, in this window's localStorage: moved to main once. */
export const LEGACY_CHOICE_KEY = 'garage.refreshAlertsAndCertificates';

function takeLegacyChoice(): boolean | null {
  try {
    const value = localStorage.getItem(LEGACY_CHOICE_KEY);
    return value === null ? null : value === 'true';
  } catch {
    return null;
  }
}

function forgetLegacyChoice(): void {
  try {
    localStorage.removeItem(LEGACY_CHOICE_KEY);
  } catch {
    // Storage unavailable: the next start moves the same value again, which changes nothing.
  }
}

export interface RefreshProgress {
  /** The run's own words: "Reading the garage at start-up (12 vehicles)" when the app started it. */
  title: string;
  /** Whether the app started it by itself (at start-up, on a profile switch), not the technician. */
  startedByApp: boolean;
  total: number;
  /** Reads that ended (refreshed or failed). */
  done: number;
  failed: number;
  /** Epoch ms every read waits until, while the service asks to slow down; else null. */
  waitingUntil: number | null;
}

// The class lives in its factory so its derived values can read what the store is given.
export function createGarageRefreshRun(deps: RunStoreDeps) {
  class GarageRefreshRun {
    run = $derived<RunSnapshot | null>(deps.runs.latest('garage-refresh', deps.activeProfileId()));
    running = $derived(this.run !== null && !isFinished(this.run));
    progress = $derived.by<RefreshProgress | null>(() => {
      const run = this.run;
      if (!run || isFinished(run)) return null;
      const { total, succeeded, failed } = run.counts;
      return {
        title: run.title,
        startedByApp: run.startedBy === 'app',
        total,
        done: succeeded + failed,
        failed,
        waitingUntil: run.waitingUntil ? Date.parse(run.waitingUntil) : null,
      };
    });
    #dismissed = $state<string | null>(null);
    /** The last refresh's end, until dismissed. */
    outcome = $derived(this.run && isFinished(this.run) && this.#dismissed !== this.run.id ? this.run : null);

    /** Main's kept choice: "Refresh garage" (and the read at start-up) also reads alerts and certificates. */
    alertsAndCertificates = $state(false);
    #choiceLoaded: Promise<void> | null = null;

    /**
     * Shows main's choice; once per window. A choice an earlier version kept in this window's
     * localStorage is handed to main first, then forgotten here.
     */
    loadChoice(): Promise<void> {
      this.#choiceLoaded ??= (async () => {
        const legacy = takeLegacyChoice();
        if (legacy !== null) {
          const moved = await mainApi().settings.setGarageRefresh({ alertsAndCertificates: legacy });
          if (moved.ok) {
            forgetLegacyChoice();
            this.alertsAndCertificates = moved.value.alertsAndCertificates;
            return;
          }
        }
        await this.readChoice();
      })().catch(() => {
        // Not read (the bridge gone while the window unloads): the box stays as it is, and the
        // next view that shows it asks again.
        this.#choiceLoaded = null;
      });
      return this.#choiceLoaded;
    }

    /** Main told the choice changed (another window, or main itself). */
    async readChoice(): Promise<void> {
      // Unread, the box stays as it is: the refresh sends what the box shows.
      const read = await Promise.resolve()
        .then(() => mainApi().settings.garageRefresh())
        .catch(() => null);
      if (read?.ok) this.alertsAndCertificates = read.value.alertsAndCertificates;
    }

    async setAlertsAndCertificates(on: boolean): Promise<void> {
      const before = this.alertsAndCertificates;
      this.alertsAndCertificates = on;
      const saved = await mainApi().settings.setGarageRefresh({ alertsAndCertificates: on });
      if (saved.ok) this.alertsAndCertificates = saved.value.alertsAndCertificates;
      else {
        this.alertsAndCertificates = before;
        deps.notify(`The choice was not kept: ${describeError(saved.error)}`, 'error');
      }
    }

    /** Reads every vehicle of the active profile once (also alerts and telemetry when the box says so). */
    async start(): Promise<void> {
      // What the box shows is what is read, even while its change is still on its way to main.
      const started = await mainApi().runs.startGarageRefresh({
        alertsAndCertificates: this.alertsAndCertificates,
      });
      takeRunAnswer(deps, started);
    }

    /** Stops sending; reads already under way finish (they only refresh what the list shows). */
    cancel(): void {
      if (this.run) void mainApi().runs.cancel(this.run.id);
    }

    dismiss(): void {
      this.#dismissed = this.run?.id ?? null;
    }

    /** Component tests call this between cases. */
    reset(): void {
      this.#dismissed = null;
      this.alertsAndCertificates = false;
      this.#choiceLoaded = null;
    }
  }
  return new GarageRefreshRun();
}

/** A store's type, for the stores that are given it. */
export type GarageRefreshRunStore = ReturnType<typeof createGarageRefreshRun>;
