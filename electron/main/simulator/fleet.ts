// The seeded fleet: the same seed, count and `now` always give the same vehicles. Special cases a UI
// and the tests need (asleep, offline, telemetry update available or expiring soon, no remote window
// closing, a staged update, flaky connectivity) are spread over the fleet so every fleet of about a
// dozen vehicles has each of them at least once.
import { vinWithCheckDigit } from '../../shared/vin';
import type { TelemetryConfig } from '../../shared/wire';
import {
  COLORS,
  DRIVE_TAGS,
  MODELS,
  NICKNAMES,
  PLACES,
  TELEMETRY_FIELDS,
  TELEMETRY_INTERVALS,
  type ModelSpec,
} from './catalogue';
import { withAccess } from './fleet-access';
import { withDetails, type BaseVehicle } from './fleet-details';
import { intBetween, mulberry32, pick, shuffle, type Rng } from './prng';
import { VERSIONS } from './release-notes-library';
import type { Drive, VehicleState } from './types';

export type { Drive, VehicleState } from './types';

type Role = 'asleep' | 'offline' | 'update' | 'expiring' | 'noWindows' | 'staged' | 'flaky';

/** In priority order: a fleet of n vehicles gets the first n roles. */
// prettier-ignore
const ROLES: readonly Role[] = [
  'asleep', 'update', 'noWindows', 'offline', 'expiring', 'staged',
  'flaky', 'asleep', 'update', 'staged', 'flaky', 'flaky',
];

// prettier-ignore
const YEAR_CODES: Readonly<Record<number, string>> = {
  2017: 'H', 2018: 'J', 2019: 'K', 2020: 'L', 2021: 'M', 2022: 'N', 2023: 'P', 2024: 'R', 2025: 'S', 2026: 'T',
};

const DAY = 86_400;
export const FIRST_DRIVE_ID = 10_000;

function makeVin(rng: Rng, spec: ModelSpec, year: number, taken: Set<string>): string {
  const origin = pick(rng, spec.origins);
  const yearCode = YEAR_CODES[year];
  if (!yearCode) throw new RangeError(`no VIN year code for ${year}`);
  for (;;) {
    const serial = String(intBetween(rng, 100_000, 999_999));
    const draft = `${origin.wmi}${spec.line}${spec.body}1E${spec.drive}0${yearCode}${origin.plant}${serial}`;
    const vin = vinWithCheckDigit(draft);
    if (!taken.has(vin)) {
      taken.add(vin);
      return vin;
    }
  }
}

function makePlate(rng: Rng): string {
  const letters = 'ABCDEFGHJKLMNPRSTUVWXYZ';
  const l = () => letters.charAt(intBetween(rng, 0, letters.length - 1));
  return `${l()}${l()}${l()} ${intBetween(rng, 100, 9999)}`;
}

function makeCa(rng: Rng): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const lines: string[] = [];
  for (let i = 0; i < 8; i++) {
    let line = '';
    for (let j = 0; j < 64; j++) line += alphabet.charAt(intBetween(rng, 0, 63));
    lines.push(line);
  }
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
}

function makeTelemetry(rng: Rng, roles: Set<Role>, nowSec: number): TelemetryConfig {
  const fields: Record<string, { interval_seconds: number }> = {};
  for (const name of shuffle(rng, TELEMETRY_FIELDS)
    .slice(0, intBetween(rng, 4, 9))
    .sort()) {
    fields[name] = { interval_seconds: pick(rng, TELEMETRY_INTERVALS) };
  }
  const expiresInDays = roles.has('expiring') ? 3 : intBetween(rng, 90, 360);
  return {
    synced: !roles.has('update'),
    config: {
      hostname: 'telemetry.garage-fleet.example',
      ca: makeCa(rng),
      exp: nowSec + expiresInDays * DAY,
      port: 4443,
      fields,
      alert_types: rng() < 0.7 ? ['service'] : ['service', 'customer'],
    },
    update_available: roles.has('update'),
  };
}

function makeDrives(rng: Rng, nextId: { value: number }, nowSec: number): Drive[] {
  const drives: Drive[] = [];
  let t = nowSec - 30 * DAY;
  let place = pick(rng, PLACES);
  const count = intBetween(rng, 4, 10);
  for (let i = 0; i < count; i++) {
    t += intBetween(rng, 4 * 3600, 3 * DAY);
    const minutes = intBetween(rng, 8, 95);
    let to = pick(rng, PLACES);
    if (to === place) to = 'Home';
    drives.push({
      id: nextId.value++,
      startedAt: t,
      endedAt: t + minutes * 60,
      from: place,
      to,
      distanceMiles: Math.round(minutes * (0.35 + rng() * 0.5) * 10) / 10,
      tag: rng() < 0.4 ? pick(rng, DRIVE_TAGS) : null,
    });
    place = to;
  }
  return drives;
}

function makeVehicle(
  rng: Rng,
  index: number,
  roles: Set<Role>,
  names: readonly string[],
  taken: Set<string>,
  nextDriveId: { value: number },
  nowSec: number,
): BaseVehicle {
  let spec = pick(rng, MODELS);
  let year = intBetween(rng, spec.years[0], spec.years[1]);
  if (roles.has('noWindows')) {
    // An older Model S: the remote window control came later.
    spec = MODELS.find((m) => m.model === 'Model S' && m.trim === 'Long Range') ?? spec;
    year = intBetween(rng, 2017, 2020);
  }
  const vin = makeVin(rng, spec, year, taken);
  const deployedIdx = roles.has('staged') ? intBetween(rng, 2, 5) : intBetween(rng, 2, 6);
  const deployed = VERSIONS[deployedIdx]?.version ?? '2026.14.3';
  const staged = roles.has('staged')
    ? (VERSIONS[intBetween(rng, deployedIdx + 1, VERSIONS.length - 1)]?.version ?? null)
    : null;
  const base = names[index % names.length] ?? 'Vehicle';
  const displayName = index < names.length ? base : `${base} ${Math.floor(index / names.length) + 1}`;
  const age = Math.max(0, 2026 - year);
  return {
    vin,
    displayName,
    model: spec.model,
    trim: spec.trim,
    modelName: `${spec.model} ${spec.trim}`,
    year,
    color: pick(rng, COLORS),
    sleepState: roles.has('offline') ? 'offline' : roles.has('asleep') ? 'asleep' : 'awake',
    windows: rng() < 0.25 ? 'open' : 'closed',
    supportsCloseWindows: year >= spec.closeWindowsSince,
    chargePort: rng() < 0.2 ? 'open' : 'closed',
    valet: rng() < 0.1,
    lowPower: rng() < 0.1,
    cabinTemperatureC: 19 + intBetween(rng, 0, 8) / 2,
    chargingAmps: intBetween(rng, 8, spec.maxAmps),
    maxAmps: spec.maxAmps,
    chargeLimitPercent: 5 * intBetween(rng, 14, 18),
    speedLimitMph: 5 * intBetween(rng, 13, 17),
    plate: rng() < 0.85 ? makePlate(rng) : null,
    batteryLevel: intBetween(rng, 18, 96),
    odometerMiles: age * intBetween(rng, 6000, 14000) + intBetween(rng, 50, 5000),
    drives: makeDrives(rng, nextDriveId, nowSec),
    telemetry: makeTelemetry(rng, roles, nowSec),
    deployedVersion: deployed,
    stagedVersion: staged,
    flakiness: roles.has('flaky') ? Math.round((0.3 + rng() * 0.3) * 100) / 100 : 0,
    commandHistory: [],
  };
}

/** A deterministic fleet of `count` vehicles for `seed`; times are relative to `now` (Unix ms). */
export function createFleet(seed: number, count: number, now: number = Date.now()): VehicleState[] {
  if (!Number.isInteger(count) || count < 0) throw new RangeError('count must be a non-negative integer');
  const rng = mulberry32(seed);
  const nowSec = Math.floor(now / 1000);
  const names = shuffle(rng, NICKNAMES);
  const order = shuffle(
    rng,
    Array.from({ length: count }, (_, i) => i),
  );
  const rolesOf = Array.from({ length: count }, () => new Set<Role>());
  ROLES.slice(0, count).forEach((role, k) => rolesOf[order[k] as number]?.add(role));
  const taken = new Set<string>();
  const nextDriveId = { value: FIRST_DRIVE_ID };
  const fleet = rolesOf.map((roles, i) => makeVehicle(rng, i, roles, names, taken, nextDriveId, nowSec));
  return withAccess(withDetails(fleet, seed, now), seed, now);
}
