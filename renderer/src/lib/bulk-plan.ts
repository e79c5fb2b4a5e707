// The dry run of a bulk command: what will be sent to whom, and, from what the app knows of each
// vehicle (its last confirmed sleep state, its own bounds, what it refused before), which entries
// will be skipped and why.
import type { RunCommandName, RunCommandSpec } from '../../../electron/shared/bulk-commands';
import { isCommandName } from '../../../electron/shared/commands';
import type { CommandOptions } from '../../../electron/shared/ipc/api';
import type { VehicleEntry, VehicleState } from '../../../electron/shared/types';
import { currentParamValue, vehicleParamBounds } from '../../../electron/shared/vehicle-values';
import { toEntryShown, toServiceValue, type EntryUnits } from '../../../electron/shared/command-units';
import { offlineSkip } from '../../../electron/shared/offline-skip';
import { readinessSkip, readinessWarning } from '../../../electron/shared/fleet-readiness';
import type { FleetStatus } from '../../../electron/shared/fleet-wire';
import { vinProblem } from '../../../electron/shared/vin';
import type { Outcome } from './outcome';
import { attemptsProblem, commandOptions, paramProblem, type SharedCommandOptions } from './command-input';
import { claimWords, type ClaimView } from '../../../electron/shared/shop';
import { ageOf, ageText, displayLocaleTag, formatDateTime, formatTime } from './format';
import { t } from './i18n.svelte';

/**
 * Short words for why an entry is skipped, for the run's summary ("1 skipped (offline)"): main counts
 * and words them, so they are codes here, the same whatever language the window speaks.
 */
export type SkipReason =
  | 'offline'
  | 'claimed'
  | 'key not paired'
  | 'out of range'
  | 'not supported'
  | 'not sendable'
  | 'already matching';

export interface PlanEntry {
  vehicle: VehicleEntry;
  options: CommandOptions;
  /** Why this entry will not be sent, in words, or null. */
  problem: string | null;
  /** The same as a code, for the run's summary; null when it is sent. */
  skipReason: SkipReason | null;
  warning: string | null;
}

/** Why one entry is skipped: the code and the words. */
interface Skip {
  reason: SkipReason;
  message: string;
}

const skip = (reason: SkipReason, message: string | null): Skip | null =>
  message === null ? null : { reason, message };

/** A vehicle's own range for a command's value, from its state. */
export interface VehicleBounds {
  min: number;
  max: number;
  /** When the state that gave them describes the car. */
  asOf: string | null;
  /** The value the car reported then (its charge limit, say), when the state names it. */
  current?: number | null;
}

/** The vehicle's own bounds for a command's value, when its state names them; null when unknown. */
export function boundsFromState(
  name: RunCommandName,
  state: VehicleState,
  asOf: string | null,
): VehicleBounds | null {
  if (!isCommandName(name)) return null;
  const found = vehicleParamBounds(name, state);
  const current = currentParamValue(name, state);
  // The car's own range, or at least its current value: a car already at the value is not sent to.
  if (!found?.own && current === null) return null;
  return found?.own
    ? { min: found.min, max: found.max, asOf, current }
    : { min: -Infinity, max: Infinity, asOf, current };
}

function sleepCheck(vehicle: VehicleEntry, now: number): { problem: Skip | null; warning: string | null } {
  const sleep = vehicle.glance?.sleep;
  if (!sleep) return { problem: null, warning: null };
  // The same check main makes when the run starts: a car last reported offline is never "Ready".
  const offline = offlineSkip(vehicle.glance, now, t, displayLocaleTag());
  if (offline) return { problem: offline, warning: null };
  if (sleep.value === 'asleep') {
    const known = ageOf(sleep.asOf, now);
    const warning =
      known === null ? t('planSkip.asleepUnknown') : t('planSkip.asleep', { age: ageText(known) });
    return { problem: null, warning };
  }
  return { problem: null, warning: null };
}

/** A refusal the vehicle gave this session for the same command, when it says it cannot do it at all. */
function refusedBefore(vehicle: VehicleEntry, spec: RunCommandSpec): Skip | null {
  const last = vehicle.status.lastCommand;
  if (!last || last.operation !== spec.name || last.outcome === 'success') return null;
  if (!/not_supported|does not support/i.test(last.reason ?? '')) return null;
  return skip('not supported', t('planSkip.notSupported', { time: formatTime(last.at) }));
}

/**
 * The value against a car's own bounds (kept in the service's units): `value` and `spec` are in the
 * technician's (`units`), and so are the words, so "out of range" names the bounds as the field does.
 */
function valueCheck(
  spec: RunCommandSpec,
  value: number | null,
  bounds: VehicleBounds | undefined,
  units: EntryUnits,
): Skip | null {
  if (!spec.param || value === null || !bounds) return null;
  const { name, unit } = spec.param;
  const sent = toServiceValue(name, value, units);
  if (sent < bounds.min || sent > bounds.max) {
    const min = toEntryShown(name, bounds.min, units);
    const max = toEntryShown(name, bounds.max, units);
    return skip('out of range', t('planSkip.outOfRange', { min, max, unit }));
  }
  // Sending the value the car already has would change nothing and still be a command on record.
  if (bounds.current === sent) return skip('already matching', t('planSkip.alreadySet', { value, unit }));
  return null;
}

export function planBulk(
  vehicles: readonly VehicleEntry[],
  spec: RunCommandSpec,
  value: number | null,
  shared: { waitForCompletion: boolean; maxAttempts: number | null },
  known: {
    bounds?: ReadonlyMap<string, VehicleBounds>;
    now?: number;
    /** Why the service cannot be reached right now: nothing is ready while it is so. */
    unreachable?: string | null;
    /** Shop mode: the active claims by VIN; another technician's car is skipped unless `includeClaimed`. */
    claims?: ReadonlyMap<string, ClaimView>;
    includeClaimed?: boolean;
    /** The units `spec` and `value` are in (the technician's); the service's when not said. */
    units?: EntryUnits;
    /**
     * The fleet status as last read: a car that cannot take a command (key not paired while it
     * requires signed commands) is skipped, as main skips it, and one merely not ready is warned of.
     */
    fleetStatus?: FleetStatus | null;
  } = {},
): PlanEntry[] {
  const now = known.now ?? Date.now();
  const status = known.fleetStatus ?? null;
  const common = skip(
    'not sendable',
    (known.unreachable ? t('planSkip.notSendable', { reason: known.unreachable }) : null) ??
      attemptsProblem(shared.maxAttempts) ??
      (spec.param ? paramProblem(spec.param, value) : null),
  );
  const options = commandOptions(spec, shared as SharedCommandOptions, value);
  return vehicles.map((vehicle) => {
    const sleep = sleepCheck(vehicle, now);
    const claim = claimCheck(known.claims?.get(vehicle.vin), known.includeClaimed === true);
    const problem =
      common ??
      skip('not sendable', vinProblem(vehicle.vin, t)) ??
      claim.problem ??
      sleep.problem ??
      (status ? readinessSkip(status, vehicle.vin, t) : null) ??
      refusedBefore(vehicle, spec) ??
      valueCheck(spec, value, known.bounds?.get(vehicle.vin), known.units ?? {});
    const readiness = status ? readinessWarning(status, vehicle.vin, t) : null;
    const warnings = [claim.warning, sleep.warning, readiness, vehicle.warnings[0] ?? null].filter(
      (w): w is string => w !== null,
    );
    return {
      vehicle,
      options,
      problem: problem?.message ?? null,
      skipReason: problem?.reason ?? null,
      warning: warnings.length > 0 ? warnings.join(' ') : null,
    };
  });
}

/** Another technician's live claim: skipped, unless the technician chose to include claimed cars. */
function claimCheck(
  claim: ClaimView | undefined,
  include: boolean,
): { problem: Skip | null; warning: string | null } {
  if (!claim || claim.mine || claim.expired) return { problem: null, warning: null };
  const words = claimWords(claim, formatDateTime(claim.since), t);
  return include
    ? { problem: null, warning: t('planSkip.claimedIncluded', { claim: words }) }
    : { problem: skip('claimed', t('planSkip.claimed', { claim: words })), warning: null };
}

/** One vehicle's line in the results table of a run. */
export interface BulkRow {
  vehicle: VehicleEntry;
  status: 'queued' | 'running' | 'waiting' | 'done' | 'cancelled' | 'skipped';
  outcome: Outcome | null;
  /** Why a skipped entry was not sent. */
  skipReason?: string;
}
