// The simulated vehicle: everything the twelve operations read or change, plus what a UI shows.
import type { ServiceCommandName } from '../../shared/workshop-commands';
import type { TelemetryConfig } from '../../shared/wire';

export type SleepState = 'awake' | 'asleep' | 'offline';
export type WindowState = 'open' | 'closed';
export type ChargePortState = 'closed' | 'open' | 'unlocked';
/** The public `charging_state` values the simulator uses; 'Disconnected' means no cable. */
export type ChargingState = 'Disconnected' | 'Charging' | 'Complete' | 'Stopped';
/** The public `software_update.status`; '' when there is nothing to install. */
export type SoftwareUpdateStatus = '' | 'available' | 'scheduled' | 'downloading' | 'installing';

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
  // The details below are optional so a test can make a drive with the fields above only; the
  // seeded fleet has all of them. Absent ones are answered as null.
  /** Battery %, at the start and end. */
  startingBattery?: number;
  endingBattery?: number;
  /** Odometer at the start, miles. */
  startingOdometer?: number;
  maxSpeedMph?: number;
  energyKwh?: number;
  ratedRangeUsedMiles?: number;
  insideTempC?: number;
  outsideTempC?: number;
}

export interface FirmwareAlert {
  /** Unix seconds. */
  at: number;
  name: string;
  description: string | null;
  recentFleetCount: number;
}

export interface TyrePressures {
  /** Bar, null when the sensor has not reported. */
  frontLeft: number | null;
  frontRight: number | null;
  rearLeft: number | null;
  rearRight: number | null;
  /** Unix seconds of the reading. */
  measuredAt: number;
}

export interface SoftwareUpdate {
  /** The version is the vehicle's `stagedVersion`. */
  status: SoftwareUpdateStatus;
  downloadPercent: number;
  installPercent: number;
  expectedDurationSec: number;
}

export interface CommandRecord {
  command: ServiceCommandName;
  /** Attempts made (1..max_attempts); 0 when the command was refused before any attempt. */
  attempts: number;
  result: boolean;
  reason: string | null;
  waitForCompletion: boolean;
  /** The vehicle was asleep and had to be woken for this command. */
  woke: boolean;
  /** Unix milliseconds when the outcome was known. */
  at: number;
}

export interface VehicleState extends VehicleDetails, AccessDetails {
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

/**
 * What the public state object and the reads beyond the twelve show. Drawn from a PRNG stream of
 * their own, so a seed's vehicles keep every other field they had before these existed.
 */
export interface VehicleDetails {
  /** Active in the account (`is_active` of `GET /vehicles`). */
  active: boolean;
  inService: boolean;
  /** Unix ms when it fell asleep or went offline (what a cached read is "as of"); null while awake. */
  asleepSince: number | null;
  /** Only meaningful while the charge port is open; a closed port reports 'Disconnected'. */
  chargingState: ChargingState;
  /** Rated range at 100 %, miles. */
  fullRangeMiles: number;
  insideTempC: number;
  outsideTempC: number;
  climateOn: boolean;
  locked: boolean;
  sentryMode: boolean;
  // The vehicle's own bounds for its commands (`min/max_avail_temp`, `charge_limit_soc_min/max`,
  // `speed_limit_mode.min/max_limit_mph`; amps: `maxAmps`).
  minTempC: number;
  maxTempC: number;
  chargeLimitMin: number;
  chargeLimitMax: number;
  speedLimitMinMph: number;
  speedLimitMaxMph: number;
  speedLimitActive: boolean;
  /** The build hash after the version in `car_version`. */
  buildHash: string;
  softwareUpdate: SoftwareUpdate;
  tyres: TyrePressures;
  /** Newest first. */
  firmwareAlerts: FirmwareAlert[];
  /** Fake secrets the real state object carries: a client must never keep, log or show them. */
  tokens: string[];
}

/** Someone who can unlock and drive the car besides the owner (`GET /{vin}/drivers`). */
export interface SimDriver {
  /** Ids as the decimal strings the service sends in `*_s`; answered as numbers too. */
  myTeslaUniqueId: string;
  userId: string;
  firstName: string;
  lastName: string;
  hidePrivate: boolean;
  /** Phone keys: removing the driver removes them from the car. */
  publicKey: string;
  activePubkeys: string[];
}

export type InvitationState = 'pending' | 'accepted' | 'revoked';

export interface SimInvitation {
  id: string;
  ownerId: string;
  /** The person who accepted it; null while pending. */
  shareUserId: string | null;
  state: InvitationState;
  code: string;
  /** Unix ms. */
  expiresAt: number;
  revokedAt: number | null;
}

/**
 * Who can use the car, and what the workshop commands show: drawn from a PRNG stream of their own
 * (fleet-access.ts), so a seed's vehicles keep every other field.
 */
export interface AccessDetails {
  drivers: SimDriver[];
  /** Every invitation made for this car, newest last (revoked ones stay, with their state). */
  invitations: SimInvitation[];
  guestMode: boolean;
  frunkOpen: boolean;
  trunkOpen: boolean;
  /** When a scheduled software update starts installing (Unix ms), or null. */
  updateScheduledAt: number | null;
  /** Until when the car may be driven without a key after remote_start (Unix ms), or null. */
  remoteStartUntil: number | null;
}
