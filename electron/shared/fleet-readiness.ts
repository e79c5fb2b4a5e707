// Whether a car is ready for the work a technician is about to start, from what the Fleet API's
// fleet status says of it: is the key the service signs commands with paired on the car, does the
// car refuse unsigned commands, its firmware, telemetry version and number of keys. One set of rules
// for the fleet view's flags, the bulk plan, main's skip when a bulk run starts, and the warning when
// a job opens. Pure: imported by main and the renderer.
import { english, type Say } from './i18n/english';
import type { FleetStatus } from './fleet-wire';

/**
 * - `unpaired`: the service's key is not on the car; a car that requires signed commands refuses
 *   every command until it is (`blocks`), another takes them unsigned for now.
 * - `unknown`: the Fleet API named the car in neither list, or the fleet status was never read:
 *   whether a command can work is not known (never taken for "not paired").
 * - `noTelemetry`: the car reports no fleet telemetry version: its history and live data do not flow.
 * - `noKeys`: the car reports no paired key at all.
 */
export type ReadinessCode = 'unpaired' | 'unknown' | 'noTelemetry' | 'noKeys';

export interface ReadinessIssue {
  code: ReadinessCode;
  /** True when a command to the car cannot work while this holds: a bulk run skips it. */
  blocks: boolean;
  /** Why, and what to do, in one sentence. */
  message: string;
}

/** One car's readiness as the fleet status tells it. */
export interface Readiness {
  vin: string;
  /** Null when the fleet status did not name the car (or was never read). */
  keyPaired: boolean | null;
  signedCommandsRequired: boolean | null;
  firmware: string | null;
  telemetryVersion: string | null;
  keys: number | null;
  /** Empty when the car is ready. */
  issues: ReadinessIssue[];
}

/** Whether a car is ready, flagged (a warning) or blocked (a command cannot work). */
export type ReadinessLevel = 'ready' | 'warning' | 'blocked';

export function readinessLevel(readiness: Pick<Readiness, 'issues'>): ReadinessLevel {
  if (readiness.issues.some((issue) => issue.blocks)) return 'blocked';
  return readiness.issues.length > 0 ? 'warning' : 'ready';
}

/** The car's readiness from `status` (null: never read), worded by `say` (English unless given). */
export function readinessOf(status: FleetStatus | null, vin: string, say: Say = english): Readiness {
  const response = status?.response;
  const info = response && Object.hasOwn(response.vehicle_info, vin) ? response.vehicle_info[vin] : undefined;
  const keyPaired = response?.key_paired_vins.includes(vin)
    ? true
    : response?.unpaired_vins.includes(vin)
      ? false
      : null;
  const signedCommandsRequired = info?.vehicle_command_protocol_required ?? null;
  const telemetryVersion = info?.fleet_telemetry_version?.trim() || null;
  const keys = info?.total_number_of_keys ?? null;
  const issues: ReadinessIssue[] = [];
  if (keyPaired === null) {
    issues.push({
      code: 'unknown',
      blocks: false,
      message: say(status ? 'fleetReady.unknown' : 'fleetReady.neverRead'),
    });
  } else if (!keyPaired) {
    const blocks = signedCommandsRequired === true;
    issues.push({
      code: 'unpaired',
      blocks,
      message: say(blocks ? 'fleetReady.unpairedBlocks' : 'fleetReady.unpaired'),
    });
  }
  if (keys === 0) issues.push({ code: 'noKeys', blocks: false, message: say('fleetReady.noKeys') });
  if (info && telemetryVersion === null) {
    issues.push({ code: 'noTelemetry', blocks: false, message: say('fleetReady.noTelemetry') });
  }
  return {
    vin,
    keyPaired,
    signedCommandsRequired,
    firmware: info?.firmware_version?.trim() || null,
    telemetryVersion,
    keys,
    issues,
  };
}

/** The skip of a bulk command's car that cannot take commands: short words for the summary and why. */
export interface ReadinessSkip {
  reason: 'key not paired';
  message: string;
}

/**
 * The skip for a car a command cannot work on (its key not paired while it requires signed
 * commands), or null. The window's plan shows it and main applies it when the run starts.
 */
export function readinessSkip(
  status: FleetStatus | null,
  vin: string,
  say: Say = english,
): ReadinessSkip | null {
  const blocking = readinessOf(status, vin, say).issues.find((issue) => issue.blocks);
  return blocking ? { reason: 'key not paired', message: blocking.message } : null;
}

/** The warnings of a car that is not blocked (one sentence), or null when it is ready or blocked. */
export function readinessWarning(status: FleetStatus | null, vin: string, say: Say = english): string | null {
  const readiness = readinessOf(status, vin, say);
  if (readinessLevel(readiness) !== 'warning') return null;
  return readiness.issues.map((issue) => issue.message).join(' ');
}
