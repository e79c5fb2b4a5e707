// The simulated vehicle: everything the twelve operations read or change, plus what a UI shows.
import type { CommandName } from '../../shared/commands';
import type { TelemetryConfig } from '../../shared/wire';

export type SleepState = 'awake' | 'asleep' | 'offline';
export type WindowState = 'open' | 'closed';
export type ChargePortState = 'closed' | 'open' | 'unlocked';

export interface Drive {
  /** Numeric id, as the service's drive ids are (10000, 10001, ...). */
  id: number;
  /** Unix seconds. */
  startedAt: number;
  endedAt: number;
  from: string;
  to: string;
  distanceMiles: number;
  tag: string | null;
}

export interface CommandRecord {
  command: CommandName;
  /** Attempts made (1..max_attempts); 0 when the command was refused before any attempt. */
  attempts: number;
  result: boolean;
  reason: string | null;
  waitForCompletion: boolean;
  /** Unix milliseconds when the outcome was known. */
  at: number;
}

export interface VehicleState {
  vin: string;
  /** What the owner calls it, e.g. "Blue Thunder". */
  displayName: string;
  model: string; // "Model 3"
  trim: string; // "Long Range"
  /** model + trim, e.g. "Model 3 Long Range". */
  modelName: string;
  year: number;
  color: string;
  sleepState: SleepState;
  windows: WindowState;
  supportsCloseWindows: boolean;
  chargePort: ChargePortState;
  valet: boolean;
  lowPower: boolean;
  /** Cabin temperature set point, °C. */
  cabinTemperatureC: number;
  chargingAmps: number;
  maxAmps: number;
  chargeLimitPercent: number;
  speedLimitMph: number;
  plate: string | null;
  batteryLevel: number;
  odometerMiles: number;
  drives: Drive[];
  telemetry: TelemetryConfig;
  deployedVersion: string;
  stagedVersion: string | null;
  /** Probability (0..1) that one command attempt fails transiently. */
  flakiness: number;
  /** Outcomes of the latest commands, oldest first (at most 50). */
  commandHistory: CommandRecord[];
}
