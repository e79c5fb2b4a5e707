// Fleet telemetry configuration writes: `POST` (create or replace the fields; an empty body restores
// the recommended configuration) and `DELETE` (no fields: the service stops all of its tracking).
// The platform behind the service takes one configuration write at a time per account, so a write
// that arrives while another is under way answers 429. A written configuration is signed anew (a new
// `exp`) and is `synced: false` until the vehicle, online, adopts it a little later; an asleep or
// offline vehicle adopts it once it wakes. Firmware older than 2023.20 cannot stream: the write
// answers `updated_vehicles: 0` and names the vehicle under `skipped_vehicles`.
import type { TelemetryFields } from '../../shared/telemetry-rules';
import { error, json, type Reply } from './reply';
import type { Scheduler } from './scheduler';
import type { VehicleRuntime } from './vehicle-runtime';

export interface TelemetryWriteSettings {
  /** How long the platform takes to process one write (the window in which a second one gets 429). */
  writeDelayMs: number;
  /** How long an online vehicle takes to adopt a written configuration. */
  syncDelayMs: number;
}

/** A newly signed configuration is valid for a year (the simulator's choice; not published). */
export const SIGNED_CONFIG_TTL_S = 365 * 86_400;
/** The oldest firmware that streams fleet telemetry. */
export const MIN_TELEMETRY_FIRMWARE: readonly [number, number] = [2023, 20];

function firmwareTooOld(version: string): boolean {
  const [year = 0, release = 0] = version.split('.').map(Number);
  const [minYear, minRelease] = MIN_TELEMETRY_FIRMWARE;
  return year < minYear || (year === minYear && release < minRelease);
}

export class TelemetryWrites {
  private writingUntil: number | null = null;
  /** Writes answered, and those refused with 429 because another was under way (tests read both). */
  readonly stats = { written: 0, refusedConcurrent: 0 };
  /** Vehicles with a written configuration not yet adopted, and the write's generation. */
  private readonly pending = new WeakMap<VehicleRuntime, number>();
  private generation = 0;

  constructor(
    private readonly scheduler: Scheduler,
    private readonly settings: () => TelemetryWriteSettings,
  ) {}

  /** Writes `fields` (a validated map), or deletes the configuration when `fields` is null. */
  async write(vehicle: VehicleRuntime, fields: TelemetryFields | null): Promise<Reply> {
    const now = this.scheduler.now();
    if (this.writingUntil !== null) {
      this.stats.refusedConcurrent++;
      const seconds = Math.max(1, Math.ceil((this.writingUntil - now) / 1000));
      return error(
        429,
        'Another telemetry configuration write is under way for this account; send one at a time',
        { 'Retry-After': String(seconds) },
      );
    }
    const { writeDelayMs } = this.settings();
    this.writingUntil = now + writeDelayMs;
    this.stats.written++;
    try {
      await this.scheduler.delay(writeDelayMs);
    } finally {
      this.writingUntil = null;
    }
    const { state } = vehicle;
    if (firmwareTooOld(state.deployedVersion)) {
      return json(200, {
        updated_vehicles: 0,
        skipped_vehicles: { missing_key: [], unsupported_hardware: [], unsupported_firmware: [state.vin] },
      });
    }
    const telemetry = state.telemetry;
    telemetry.config.fields = fields ?? {};
    if (fields !== null) telemetry.config.exp = Math.floor(this.scheduler.now() / 1000) + SIGNED_CONFIG_TTL_S;
    telemetry.synced = false;
    telemetry.update_available = true;
    vehicle.telemetryChanged();
    const generation = ++this.generation;
    this.pending.set(vehicle, generation);
    vehicle.settle();
    if (state.sleepState === 'awake') this.adoptLater(vehicle, generation);
    return json(200, { updated_vehicles: 1 });
  }

  /** The vehicle came online: it adopts a configuration written meanwhile. */
  woke(vehicle: VehicleRuntime): void {
    const generation = this.pending.get(vehicle);
    if (generation !== undefined) this.adoptLater(vehicle, generation);
  }

  private adoptLater(vehicle: VehicleRuntime, generation: number): void {
    this.scheduler.later(this.settings().syncDelayMs, () => {
      if (this.pending.get(vehicle) !== generation) return; // a newer write is pending instead
      vehicle.settle();
      if (vehicle.state.sleepState !== 'awake') return; // adopted at the next wake
      this.pending.delete(vehicle);
      vehicle.state.telemetry.synced = true;
      vehicle.state.telemetry.update_available = false;
      vehicle.telemetryChanged();
    });
  }
}
