// The waiting software update, driven by the simulator's scheduler: schedule_software_update sets it
// `scheduled` for its time; then it is `installing` with `install_perc` rising in tenths over the
// install time; then the staged version becomes the deployed one (with a new build hash) and the
// update's status goes back to "". cancel_software_update before the install starts puts it back to
// `available`. A vehicle does not fall asleep while it installs.
import type { CommandRequest } from './command-runner';
import { hashString } from './prng';
import type { Scheduler } from './scheduler';
import type { VehicleRuntime } from './vehicle-runtime';

export interface UpdateSettings {
  /** How long an install takes from 0 to 100 %. */
  installMs: number;
}

const STEPS = 10;

export class SoftwareUpdates {
  /** Bumped by every schedule and cancel, so a superseded timer does nothing. */
  private readonly generations = new WeakMap<VehicleRuntime, number>();

  constructor(
    private readonly scheduler: Scheduler,
    private readonly settings: () => UpdateSettings,
  ) {}

  /** After a command changed the vehicle. */
  applied(vehicle: VehicleRuntime, req: CommandRequest): void {
    if (req.name === 'schedule_software_update') this.arm(vehicle);
    else if (req.name === 'cancel_software_update') this.bump(vehicle);
  }

  private bump(vehicle: VehicleRuntime): number {
    const generation = (this.generations.get(vehicle) ?? 0) + 1;
    this.generations.set(vehicle, generation);
    return generation;
  }

  private current(vehicle: VehicleRuntime, generation: number): boolean {
    return this.generations.get(vehicle) === generation;
  }

  private arm(vehicle: VehicleRuntime): void {
    const generation = this.bump(vehicle);
    const now = this.scheduler.now();
    const wait = Math.max(0, (vehicle.state.updateScheduledAt ?? now) - now);
    this.scheduler.later(wait, () => {
      if (this.current(vehicle, generation) && vehicle.state.softwareUpdate.status === 'scheduled') {
        this.install(vehicle, generation);
      }
    });
  }

  private install(vehicle: VehicleRuntime, generation: number): void {
    const { state } = vehicle;
    state.updateScheduledAt = null;
    state.softwareUpdate.status = 'installing';
    state.softwareUpdate.downloadPercent = 100;
    state.softwareUpdate.installPercent = 0;
    vehicle.busy++;
    vehicle.changed();
    const stepMs = this.settings().installMs / STEPS;
    const step = (k: number): void => {
      if (!this.current(vehicle, generation)) {
        vehicle.busy--;
        return;
      }
      vehicle.active();
      if (k < STEPS) {
        state.softwareUpdate.installPercent = (100 * k) / STEPS;
        vehicle.changed();
        this.scheduler.later(stepMs, () => step(k + 1));
        return;
      }
      this.finish(vehicle);
    };
    this.scheduler.later(stepMs, () => step(1));
  }

  private finish(vehicle: VehicleRuntime): void {
    const { state } = vehicle;
    const version = state.stagedVersion ?? state.deployedVersion;
    state.deployedVersion = version;
    state.stagedVersion = null;
    state.buildHash = (
      hashString(version, hashString(state.vin)).toString(16) + hashString(state.vin).toString(16)
    )
      .padStart(12, '0')
      .slice(0, 12);
    state.softwareUpdate = { status: '', downloadPercent: 0, installPercent: 0, expectedDurationSec: 0 };
    vehicle.busy--;
    vehicle.active();
    vehicle.changed();
  }
}
