// A vehicle's live state plus what is not part of it: its own PRNG stream (so flakiness is
// deterministic per vehicle, whatever the other vehicles do), a wake in progress, its idle clock,
// and cached JSON.
import { hashString, mulberry32, type Rng } from './prng';
import { onlineState, renderState } from './state-view';
import type { VehicleState } from './types';

/** Shared by every vehicle of one simulator; read at each use so a change applies at once. */
export interface SleepSettings {
  /** Idle time after which an awake vehicle falls asleep. */
  sleepAfterMs: number;
}

/** An awake vehicle's cached state is re-rendered after this long (the real one is < 15 s old). */
const AWAKE_STATE_MAX_AGE_MS = 5_000;

export class VehicleRuntime {
  readonly rng: Rng;
  waking: Promise<void> | null = null;
  /** Commands running now: a vehicle does not fall asleep in the middle of one. */
  busy = 0;
  /** Unix ms of the last command, wake or live read (the simulator's clock: the fleet's `now` may be elsewhere). */
  private lastActiveAt: number;
  private telemetryCache: string | null = null;
  /** Bumped on every change of what the state object shows. */
  private version = 0;
  private stateCache: { version: number; at: number; json: string } | null = null;
  private readonly driveIds = new Set<number>();
  /** Costs set on charging sessions (by id; null cleared), over what the timeline says. */
  readonly chargeCosts = new Map<number, number | null>();
  /** Told when the vehicle wakes (a pending configuration is adopted once it is online). */
  onWake: ((vehicle: VehicleRuntime) => void) | null = null;

  constructor(
    public state: VehicleState,
    seed: number,
    private readonly sleep: SleepSettings,
    /** The simulator's clock (Unix ms). */
    readonly now: () => number = Date.now,
  ) {
    this.lastActiveAt = now();
    this.rng = mulberry32(hashString(state.vin, seed));
    this.indexDrives();
  }

  /** The telemetry configuration as JSON, serialised once: it is the benchmark's hot path. */
  telemetryJson(): string {
    this.telemetryCache ??= JSON.stringify(this.state.telemetry);
    return this.telemetryCache;
  }

  /** Call after changing `state.telemetry`. */
  telemetryChanged(): void {
    this.telemetryCache = null;
  }

  /** Call when the vehicle has just come awake (from asleep or offline). */
  woke(): void {
    this.onWake?.(this);
  }

  hasDrive(id: number): boolean {
    return this.driveIds.has(id);
  }

  /** Call after replacing parts of `state` from outside (setVehicleState). */
  invalidate(patch: Partial<VehicleState> = {}): void {
    this.telemetryCache = null;
    this.indexDrives();
    if (patch.sleepState === 'awake') {
      this.state.asleepSince = null;
      this.lastActiveAt = this.now();
    } else if (patch.sleepState !== undefined) {
      // Put to sleep (or offline) now, unless the patch says since when.
      this.state.asleepSince = patch.asleepSince ?? this.now();
    }
    this.changed();
    if (patch.sleepState === 'awake') this.woke();
  }

  /** Call after anything the state object shows has changed. */
  changed(): void {
    this.version++;
  }

  /** A command, wake or live read: the vehicle stays awake for another sleep-after period. */
  active(now = this.now()): void {
    this.lastActiveAt = now;
  }

  /** Lets an idle awake vehicle fall asleep, at the moment its idle time ran out. Cheap: call often. */
  settle(now = this.now()): void {
    if (this.state.sleepState !== 'awake' || this.busy > 0 || this.waking) return;
    const asleepAt = this.lastActiveAt + this.sleep.sleepAfterMs;
    if (now < asleepAt) return;
    this.state.sleepState = 'asleep';
    this.state.asleepSince = asleepAt;
    this.changed();
  }

  /** `GET status`: an offline vehicle is reported asleep (the public status has no "offline"). */
  status(now = this.now()): 'asleep' | 'waiting_for_sleep' | 'awake' {
    this.settle(now);
    if (this.state.sleepState !== 'awake') return 'asleep';
    const idle = now - this.lastActiveAt;
    return this.busy === 0 && idle >= this.sleep.sleepAfterMs / 2 ? 'waiting_for_sleep' : 'awake';
  }

  /**
   * The state object without waking the vehicle: current (at most a few seconds old) while awake,
   * as of falling asleep or going offline otherwise. Cached, since `GET /vehicles` embeds one per
   * vehicle.
   */
  cachedStateJson(now = this.now()): string {
    this.settle(now);
    const awake = this.state.sleepState === 'awake';
    const cache = this.stateCache;
    if (cache && cache.version === this.version && (!awake || now - cache.at < AWAKE_STATE_MAX_AGE_MS)) {
      return cache.json;
    }
    const at = awake ? now : (this.state.asleepSince ?? now);
    return this.store(at, renderState(this.state, onlineState(this.state), at));
  }

  /** The state object read from the awake vehicle itself, now; it keeps the vehicle awake. */
  liveStateJson(now = this.now()): string {
    this.active(now);
    return this.store(now, renderState(this.state, 'online', now));
  }

  private store(at: number, json: string): string {
    this.stateCache = { version: this.version, at, json };
    return json;
  }

  private indexDrives(): void {
    this.driveIds.clear();
    for (const d of this.state.drives) this.driveIds.add(d.id);
  }
}
