// When main looks for a new version: at start, every few hours while it runs, and when the computer
// wakes (a laptop closed for the weekend has missed its checks), as the technician's choice allows;
// with 'download' chosen, a found update is fetched in the background. One check at a time.
import {
  UPDATE_CHECK_INTERVAL_MS,
  UPDATE_RESUME_MIN_GAP_MS,
  type UpdateMode,
} from '../../shared/update-settings';
import type { UpdateService } from './update-service';

export interface UpdateSchedule {
  /** The app has started: the first check, then the interval. */
  start(): void;
  /** The computer woke from sleep. */
  resumed(): void;
  /** The choice changed (off → on checks at once; on → off stops the timer). */
  settingsChanged(): void;
  stop(): void;
  /** Settles once the check under way (if any) has ended, for tests. */
  idle(): Promise<void>;
}

export interface Timers {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const nodeTimers: Timers = {
  set: (run, ms) => {
    const handle = setTimeout(run, ms);
    // A pending check never keeps the process alive.
    handle.unref?.();
    return handle;
  },
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function createUpdateSchedule(deps: {
  updates: Pick<UpdateService, 'check' | 'download' | 'status'>;
  mode: () => UpdateMode;
  now: () => Date;
  timers?: Timers;
  intervalMs?: number;
  resumeGapMs?: number;
  onProblem?: (message: string, error: unknown) => void;
}): UpdateSchedule {
  const timers = deps.timers ?? nodeTimers;
  const intervalMs = deps.intervalMs ?? UPDATE_CHECK_INTERVAL_MS;
  const resumeGapMs = deps.resumeGapMs ?? UPDATE_RESUME_MIN_GAP_MS;
  let timer: unknown = null;
  let lastCheck: number | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  const disarm = () => {
    if (timer !== null) timers.clear(timer);
    timer = null;
  };
  const arm = () => {
    disarm();
    if (!stopped && deps.mode() !== 'off') timer = timers.set(() => void check(), intervalMs);
  };

  function check(): Promise<void> {
    if (stopped || deps.mode() === 'off' || deps.updates.status().state === 'disabled')
      return Promise.resolve();
    running ??= (async () => {
      try {
        lastCheck = deps.now().getTime();
        const status = await deps.updates.check();
        if (status.state === 'available' && deps.mode() === 'download') await deps.updates.download();
      } catch (error) {
        deps.onProblem?.('An update check failed', error);
      } finally {
        running = null;
        arm();
      }
    })();
    return running;
  }

  return {
    start() {
      stopped = false;
      void check();
      arm();
    },
    resumed() {
      if (lastCheck !== null && deps.now().getTime() - lastCheck < resumeGapMs) return;
      void check();
    },
    settingsChanged() {
      if (deps.mode() === 'off') return disarm();
      // Turned on, or from telling to downloading: look now (a found update is then fetched).
      void check();
      arm();
    },
    stop() {
      stopped = true;
      disarm();
    },
    idle: async () => {
      await running;
    },
  };
}
