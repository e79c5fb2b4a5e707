// The dry run of a bulk command: what will be sent to whom, and which entries fail validation.
import type { CommandSpec } from '../../../electron/shared/commands';
import type { CommandOptions } from '../../../electron/shared/ipc/api';
import type { VehicleEntry } from '../../../electron/shared/types';
import { vinProblem } from '../../../electron/shared/vin';
import type { Outcome } from './outcome';
import { attemptsProblem, commandOptions, paramProblem, type SharedCommandOptions } from './command-input';

export interface PlanEntry {
  vehicle: VehicleEntry;
  options: CommandOptions;
  /** Why this entry will not be sent, or null. */
  problem: string | null;
  warning: string | null;
}

export function planBulk(
  vehicles: readonly VehicleEntry[],
  spec: CommandSpec,
  value: number | null,
  shared: { waitForCompletion: boolean; maxAttempts: number | null },
): PlanEntry[] {
  const common = attemptsProblem(shared.maxAttempts) ?? (spec.param ? paramProblem(spec.param, value) : null);
  const options = commandOptions(spec, shared as SharedCommandOptions, value);
  return vehicles.map((vehicle) => ({
    vehicle,
    options,
    problem: common ?? vinProblem(vehicle.vin),
    warning: vehicle.warnings[0] ?? null,
  }));
}

/** One vehicle's line in the results table of a run. */
export interface BulkRow {
  vehicle: VehicleEntry;
  status: 'queued' | 'running' | 'done' | 'cancelled' | 'skipped';
  outcome: Outcome | null;
}
