// The details the public state object, drives, alerts and tyre reads show, added to a seeded fleet
// from PRNG streams of their own: the main stream of createFleet is left untouched, so a seed keeps
// its VINs, sleep states, drive ids and every older field exactly.
import { FIRMWARE_ALERTS, FULL_RANGE_MILES, LOW_TYRE_ALERT, LOW_TYRE_BAR } from './catalogue';
import { hashString, intBetween, mulberry32, pick, shuffle, type Rng } from './prng';
import type {
  ChargingState,
  Drive,
  FirmwareAlert,
  SoftwareUpdate,
  SoftwareUpdateStatus,
  TyrePressures,
  AccessDetails,
  VehicleDetails,
  VehicleState,
} from './types';

export type BaseVehicle = Omit<VehicleState, keyof VehicleDetails | keyof AccessDetails>;
export type DetailedVehicle = Omit<VehicleState, keyof AccessDetails>;

/** Salts that separate these streams from the fleet's and the command flakiness streams. */
const FLEET_SALT = 0x6a09e667;
const VEHICLE_SALT = 0xbb67ae85;

type DetailRole = 'lowTyre' | 'inactive' | 'inService';

/** Roles in priority order; `inactive` and `inService` only in fleets big enough to spare one. */
function detailRoles(seed: number, count: number): Set<DetailRole>[] {
  const rng = mulberry32((seed ^ FLEET_SALT) >>> 0);
  const order = shuffle(
    rng,
    Array.from({ length: count }, (_, i) => i),
  );
  const roles = Array.from({ length: count }, () => new Set<DetailRole>());
  const wanted: DetailRole[] = ['lowTyre', ...(count >= 6 ? (['inactive', 'inService'] as const) : [])];
  wanted.forEach((role, k) => {
    const index = order[k];
    if (index !== undefined) roles[index]?.add(role);
  });
  return roles;
}

/** Staged updates in several states: the first staged vehicle downloads, the next is scheduled, ... */
const UPDATE_STATUSES: readonly SoftwareUpdateStatus[] = [
  'downloading',
  'scheduled',
  'available',
  'installing',
];

function softwareUpdate(rng: Rng, status: SoftwareUpdateStatus): SoftwareUpdate {
  return {
    status,
    downloadPercent: status === 'downloading' ? intBetween(rng, 5, 95) : status === '' ? 0 : 100,
    installPercent: status === 'installing' ? intBetween(rng, 5, 95) : status === '' ? 0 : 1,
    expectedDurationSec: status === '' ? 0 : 60 * intBetween(rng, 20, 45),
  };
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

function tyres(rng: Rng, low: boolean, measuredAt: number): TyrePressures {
  const normal = () => round(2.8 + rng() * 0.2, 2);
  const pressures = [normal(), normal(), normal(), normal()];
  if (low) pressures[intBetween(rng, 0, 3)] = round(LOW_TYRE_BAR - 0.2 - rng() * 0.3, 2);
  const [frontLeft, frontRight, rearLeft, rearRight] = pressures as [number, number, number, number];
  return { frontLeft, frontRight, rearLeft, rearRight, measuredAt };
}

function alerts(rng: Rng, lowTyre: boolean, nowSec: number): FirmwareAlert[] {
  const picked = shuffle(rng, FIRMWARE_ALERTS).slice(0, intBetween(rng, 0, 3));
  const list: FirmwareAlert[] = picked.map((alert) => ({
    at: nowSec - intBetween(rng, 600, 20 * 86_400),
    name: alert.name,
    description: alert.description,
    recentFleetCount: intBetween(rng, 0, 4000),
  }));
  if (lowTyre) {
    list.push({ at: nowSec - intBetween(rng, 300, 7200), ...LOW_TYRE_ALERT, recentFleetCount: 0 });
  }
  return list.sort((a, b) => b.at - a.at);
}

function hex(rng: Rng, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += '0123456789abcdef'.charAt(intBetween(rng, 0, 15));
  return out;
}

/** Battery, odometer, speed, energy and temperatures of each drive, consistent with its distance. */
function driveDetails(rng: Rng, drives: Drive[], odometerMiles: number): void {
  let odometer = odometerMiles;
  for (let i = drives.length - 1; i >= 0; i--) {
    const drive = drives[i] as Drive;
    odometer = round(Math.max(0, odometer - drive.distanceMiles), 1);
    const hours = Math.max(1 / 60, (drive.endedAt - drive.startedAt) / 3600);
    const startingBattery = intBetween(rng, 45, 95);
    drive.startingOdometer = odometer;
    drive.startingBattery = startingBattery;
    drive.endingBattery = Math.max(5, startingBattery - Math.round(drive.distanceMiles * 0.33));
    drive.maxSpeedMph = Math.round(drive.distanceMiles / hours + 10 + rng() * 25);
    drive.energyKwh = round(drive.distanceMiles * (0.24 + rng() * 0.08), 2);
    drive.ratedRangeUsedMiles = round(drive.distanceMiles * (1.05 + rng() * 0.2), 2);
    drive.insideTempC = round(19 + rng() * 4, 1);
    drive.outsideTempC = round(4 + rng() * 24, 1);
  }
}

function details(
  base: BaseVehicle,
  seed: number,
  roles: Set<DetailRole>,
  updateStatus: SoftwareUpdateStatus,
  now: number,
): VehicleDetails {
  const rng = mulberry32(hashString(base.vin, (seed ^ VEHICLE_SALT) >>> 0));
  const nowSec = Math.floor(now / 1000);
  driveDetails(rng, base.drives, base.odometerMiles);
  const lastDriveEnd = base.drives.at(-1)?.endedAt ?? nowSec - 86_400;
  const portOpen = base.chargePort !== 'closed';
  const chargingState: ChargingState = portOpen
    ? pick(rng, ['Charging', 'Complete', 'Stopped', 'Disconnected'] as const)
    : 'Disconnected';
  const asleep = base.sleepState !== 'awake';
  // An offline vehicle was last heard of days ago, an asleep one hours ago.
  const asleepSince = asleep
    ? now -
      (base.sleepState === 'offline'
        ? intBetween(rng, 2, 9) * 86_400_000
        : intBetween(rng, 1, 20) * 3_600_000)
    : null;
  const climateOn = !asleep && rng() < 0.2;
  const outsideTempC = round(4 + rng() * 24, 1);
  return {
    active: !roles.has('inactive'),
    inService: roles.has('inService'),
    asleepSince,
    chargingState,
    fullRangeMiles: FULL_RANGE_MILES[base.model] ?? 300,
    insideTempC: climateOn ? base.cabinTemperatureC : round(outsideTempC + rng() * 6, 1),
    outsideTempC,
    climateOn,
    locked: rng() < 0.8,
    sentryMode: rng() < 0.3,
    // Teslas take 15..28 °C and a 50..100 % charge limit; cars before 2021 cap the speed limit at 90 mph.
    minTempC: 15,
    maxTempC: 28,
    chargeLimitMin: 50,
    chargeLimitMax: 100,
    speedLimitMinMph: 50,
    speedLimitMaxMph: base.year <= 2020 ? 90 : 120,
    speedLimitActive: rng() < 0.15,
    buildHash: hex(rng, 12),
    softwareUpdate: softwareUpdate(rng, base.stagedVersion === null ? '' : updateStatus),
    tyres: tyres(rng, roles.has('lowTyre'), lastDriveEnd),
    firmwareAlerts: alerts(rng, roles.has('lowTyre'), nowSec),
    tokens: [hex(rng, 32), hex(rng, 32)],
  };
}

/** Adds the details to each vehicle of a fleet made by the main stream (drives get theirs in place). */
export function withDetails(fleet: BaseVehicle[], seed: number, now: number): DetailedVehicle[] {
  const roles = detailRoles(seed, fleet.length);
  let staged = 0;
  return fleet.map((base, i) => {
    const status =
      base.stagedVersion === null ? '' : (UPDATE_STATUSES[staged++ % UPDATE_STATUSES.length] ?? '');
    return { ...base, ...details(base, seed, roles[i] ?? new Set(), status, now) };
  });
}
