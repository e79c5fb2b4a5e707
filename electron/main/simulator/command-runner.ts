// Runs a remote command the way the service does: wake an asleep vehicle, try up to max_attempts
// times (attempts fail transiently on flaky vehicles), then change the vehicle's state.
import type { CommandName } from '../../shared/commands';
import { pick } from './prng';
import { error, json, type Reply } from './reply';
import type { Scheduler } from './scheduler';
import type { CommandRecord, VehicleState } from './types';
import type { VehicleRuntime } from './vehicle-runtime';

export interface RunnerSettings {
  wakeDelayMs: number;
  completionDelayMs: number;
  flakiness: boolean;
}

export interface CommandRequest {
  name: CommandName;
  /** The command's own parameter, already validated. */
  value: number | null;
  waitForCompletion: boolean;
  maxAttempts: number;
}

interface Outcome {
  result: boolean;
  reason: string | null;
  attempts: number;
}

/** Reasons the public service gives when the vehicle did not respond in time. */
const TRANSIENT_REASONS = ['vehicle_unavailable', 'timeout', 'could_not_wake_buses'] as const;
const HISTORY_MAX = 50;

function apply(state: VehicleState, name: CommandName, value: number | null): void {
  switch (name) {
    case 'enable_low_power_mode':
      state.lowPower = true;
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
      // Opens a closed port; a second press unlocks the connector of an open one.
      state.chargePort = state.chargePort === 'closed' ? 'open' : 'unlocked';
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
  }
}

export class CommandRunner {
  constructor(
    private readonly scheduler: Scheduler,
    private readonly settings: () => RunnerSettings,
  ) {}

  async run(vehicle: VehicleRuntime, req: CommandRequest): Promise<Reply> {
    const { state } = vehicle;
    if (state.sleepState === 'offline') {
      return error(408, `Vehicle ${state.vin} is offline and could not be woken`);
    }
    if (req.name === 'close_windows' && !state.supportsCloseWindows) {
      this.record(vehicle, req, { result: false, reason: 'not_supported', attempts: 0 });
      return json(200, { result: false, reason: 'not_supported' });
    }
    const work = this.execute(vehicle, req).then((outcome) => {
      this.record(vehicle, req, outcome);
      return outcome;
    });
    if (!req.waitForCompletion) return json(200, { result: true });
    const outcome = await work;
    return json(200, outcome.result ? { result: true } : { result: false, reason: outcome.reason });
  }

  private async execute(vehicle: VehicleRuntime, req: CommandRequest): Promise<Outcome> {
    const s = this.settings();
    await this.wake(vehicle, s.wakeDelayMs);
    let reason: string | null = null;
    for (let attempt = 1; attempt <= req.maxAttempts; attempt++) {
      await this.scheduler.delay(s.completionDelayMs);
      // Draw on every attempt, so the sequence depends only on the seed and this vehicle's commands.
      const draw = vehicle.rng();
      if (s.flakiness && draw < vehicle.state.flakiness) {
        reason = pick(vehicle.rng, TRANSIENT_REASONS);
        continue;
      }
      apply(vehicle.state, req.name, req.value);
      return { result: true, reason: null, attempts: attempt };
    }
    return { result: false, reason, attempts: req.maxAttempts };
  }

  /** Concurrent commands to an asleep vehicle share one wake-up. */
  private wake(vehicle: VehicleRuntime, delayMs: number): Promise<void> {
    if (vehicle.state.sleepState !== 'asleep') return Promise.resolve();
    vehicle.waking ??= this.scheduler.delay(delayMs).then(() => {
      if (vehicle.state.sleepState === 'asleep') vehicle.state.sleepState = 'awake';
      vehicle.waking = null;
    });
    return vehicle.waking;
  }

  private record(vehicle: VehicleRuntime, req: CommandRequest, outcome: Outcome): void {
    const entry: CommandRecord = {
      command: req.name,
      attempts: outcome.attempts,
      result: outcome.result,
      reason: outcome.reason,
      waitForCompletion: req.waitForCompletion,
      at: Date.now(),
    };
    const history = vehicle.state.commandHistory;
    history.push(entry);
    if (history.length > HISTORY_MAX) history.splice(0, history.length - HISTORY_MAX);
  }
}
