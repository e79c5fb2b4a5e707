// A vehicle's live state plus what is not part of it: its own PRNG stream (so flakiness is
// deterministic per vehicle, whatever the other vehicles do), a wake in progress, and cached JSON.
import { hashString, mulberry32, type Rng } from './prng';
import type { VehicleState } from './types';

export class VehicleRuntime {
  readonly rng: Rng;
  waking: Promise<void> | null = null;
  private telemetryCache: string | null = null;
  private readonly driveIds = new Set<number>();

  constructor(
    public state: VehicleState,
    seed: number,
  ) {
    this.rng = mulberry32(hashString(state.vin, seed));
    this.indexDrives();
  }

  /** The telemetry configuration as JSON, serialised once: it is the benchmark's hot path. */
  telemetryJson(): string {
    this.telemetryCache ??= JSON.stringify(this.state.telemetry);
    return this.telemetryCache;
  }

  hasDrive(id: number): boolean {
    return this.driveIds.has(id);
  }

  /** Call after replacing parts of `state` from outside (setVehicleState). */
  invalidate(): void {
    this.telemetryCache = null;
    this.indexDrives();
  }

  private indexDrives(): void {
    this.driveIds.clear();
    for (const d of this.state.drives) this.driveIds.add(d.id);
  }
}
