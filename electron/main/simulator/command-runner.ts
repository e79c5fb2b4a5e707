// Runs a remote command the way the service does: wake an asleep vehicle, try up to max_attempts
// times or for retry_duration (attempts fail transiently on flaky vehicles), then change the
// vehicle's state.
import { isCommandName, type CommandName } from '../../shared/commands';
import type { ServiceCommandName } from '../../shared/workshop-commands';
import { pick } from './prng';
import { error, json, type Reply } from './reply';
import type { Scheduler } from './scheduler';
import type { CommandRecord, VehicleState } from './types';
import type { VehicleRuntime } from './vehicle-runtime';
import { applyWorkshop, workshopRefusal } from './workshop-effects';

export interface RunnerSettings {
  wakeDelayMs: number;
  completionDelayMs: number;
  flakiness: boolean;
}

export interface CommandRequest {
  name: ServiceCommandName;
  /** The command's own parameter, already validated. */
  value: number | null;
  waitForCompletion: boolean;
  maxAttempts: number;
  /** When set, attempts go on (up to RETRY_ATTEMPTS_CAP) while this time lasts; maxAttempts is ignored. */
  retryDurationMs: number | null;
}

interface Outcome {
  result: boolean;
  reason: string | null;
  attempts: number;
  woke: boolean;
}

/** A bound on attempts under retry_duration, so a 0 ms completion delay cannot spin for 90 s. */
export const RETRY_ATTEMPTS_CAP = 100;

/** Reasons the public service gives when the vehicle did not respond in time. */
const TRANSIENT_REASONS = ['vehicle_unavailable', 'timeout', 'could_not_wake_buses'] as const;
const HISTORY_MAX = 50;

function apply(state: VehicleState, name: CommandName, value: number | null): void {
  switch (name) {
    case 'enable_low_power_mode':
      state.lowPower = true;
      return;
    case 'disable_low_power_mode':
      state.lowPower = false;
      return;
    case 'set_temperatures':
      state.cabinTemperatureC = value ?? state.cabinTemperatureC;
      return;
    case 'set_charging_amps':
      state.chargingAmps = value ?? state.chargingAmps;
      return;
    case 'set_charge_limit':
      state.chargeLimitPercent = value ?? state.chargeLimitPercent;
      return;
    case 'open_charge_port':
      // Opens a closed port; a second press unlocks the connector of an open one, releasing the cable.
      if (state.chargePort !== 'closed') state.chargingState = 'Disconnected';
      state.chargePort = state.chargePort === 'closed' ? 'open' : 'unlocked';
      return;
    case 'close_charge_port':
      state.chargePort = 'closed';
      return;
    case 'set_speed_limit':
      state.speedLimitMph = value ?? state.speedLimitMph;
      return;
    case 'close_windows':
      state.windows = 'closed';
      return;
    case 'enable_valet':
      state.valet = true;
      return;
    case 'disable_valet':
      state.valet = false;
      return;
  }
}

/** Why the vehicle refuses a command outright (before any wake or attempt), or null. */
function refusal(state: VehicleState, name: ServiceCommandName): string | null {
  if (!isCommandName(name)) return workshopRefusal(state, name);
  if (name === 'close_windows' && !state.supportsCloseWindows) return 'not_supported';
  // A door cannot close over a plugged-in cable.
  if (
    name === 'close_charge_port' &&
    state.chargePort !== 'closed' &&
    state.chargingState !== 'Disconnected'
  ) {
    return 'cable_connected';
  }
  return null;
}

export class CommandRunner {
  constructor(
    private readonly scheduler: Scheduler,
    private readonly settings: () => RunnerSettings,
    /** Told after a command changed the vehicle (the software update's timers start here). */
    private readonly onApplied: (vehicle: VehicleRuntime, req: CommandRequest) => void = () => {},
  ) {}

  async run(vehicle: VehicleRuntime, req: CommandRequest): Promise<Reply> {
    const { state } = vehicle;
    // An idle vehicle that should have fallen asleep by now has to be woken for this command.
    vehicle.settle();
    if (state.sleepState === 'offline') {
      return error(408, `Vehicle ${state.vin} is offline and could not be woken`);
    }
    const refused = refusal(state, req.name);
    if (refused !== null) {
      this.record(vehicle, req, { result: false, reason: refused, attempts: 0, woke: false });
      return json(200, { result: false, reason: refused });
    }
    vehicle.busy++;
    const work = this.execute(vehicle, req).finally(() => {
      vehicle.busy--;
      vehicle.active();
    });
    const recorded = work.then((outcome) => {
      this.record(vehicle, req, outcome);
      return outcome;
    });
    if (!req.waitForCompletion) return json(200, { result: true });
    const outcome = await recorded;
    const woke = outcome.woke ? { woke: true } : {};
    return json(
      200,
      outcome.result ? { result: true, ...woke } : { result: false, reason: outcome.reason, ...woke },
    );
  }

  private async execute(vehicle: VehicleRuntime, req: CommandRequest): Promise<Outcome> {
    const s = this.settings();
    const woke = await this.wake(vehicle);
    let reason: string | null = null;
    const deadline = req.retryDurationMs === null ? null : this.scheduler.now() + req.retryDurationMs;
    const maxAttempts = deadline === null ? req.maxAttempts : RETRY_ATTEMPTS_CAP;
    let attempt = 0;
    while (attempt < maxAttempts) {
      // Under retry_duration an attempt starts only while the duration lasts (the first always does).
      if (attempt > 0 && deadline !== null && this.scheduler.now() >= deadline) break;
      attempt++;
      await this.scheduler.delay(s.completionDelayMs);
      vehicle.active();
      // Draw on every attempt, so the sequence depends only on the seed and this vehicle's commands.
      const draw = vehicle.rng();
      if (s.flakiness && draw < vehicle.state.flakiness) {
        reason = pick(vehicle.rng, TRANSIENT_REASONS);
        continue;
      }
      if (isCommandName(req.name)) {
        apply(vehicle.state, req.name, req.value);
      } else {
        // The update or the cable may have changed while the vehicle woke or retried.
        const late = workshopRefusal(vehicle.state, req.name);
        if (late !== null) return { result: false, reason: late, attempts: attempt, woke };
        applyWorkshop(vehicle.state, req.name, req.value, this.scheduler.now());
      }
      vehicle.changed();
      this.onApplied(vehicle, req);
      return { result: true, reason: null, attempts: attempt, woke };
    }
    return { result: false, reason, attempts: attempt, woke };
  }

  /**
   * Wakes an asleep vehicle (concurrent callers share one wake-up); true when it was asleep. An
   * awake or offline vehicle answers false at once.
   */
  async wake(vehicle: VehicleRuntime): Promise<boolean> {
    vehicle.settle();
    if (vehicle.state.sleepState !== 'asleep') return false;
    vehicle.waking ??= this.scheduler.delay(this.settings().wakeDelayMs).then(() => {
      if (vehicle.state.sleepState === 'asleep') {
        vehicle.state.sleepState = 'awake';
        vehicle.state.asleepSince = null;
        vehicle.active();
        vehicle.changed();
        vehicle.woke();
      }
      vehicle.waking = null;
    });
    await vehicle.waking;
    return true;
  }

  private record(vehicle: VehicleRuntime, req: CommandRequest, outcome: Outcome): void {
    const entry: CommandRecord = {
      command: req.name,
      attempts: outcome.attempts,
      result: outcome.result,
      reason: outcome.reason,
      waitForCompletion: req.waitForCompletion,
      woke: outcome.woke,
      at: this.scheduler.now(),
    };
    const history = vehicle.state.commandHistory;
    history.push(entry);
    if (history.length > HISTORY_MAX) history.splice(0, history.length - HISTORY_MAX);
  }
}
