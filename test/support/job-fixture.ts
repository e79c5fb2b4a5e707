// A job record built from plain state answers, for tests of the pure parts (HTML, warnings,
// effects) and of the PDF adapter: no simulator needed.
// Imports only electron/shared: the component tests (browser types, no Node) use it too.
import {
  JOB_SCHEMA_VERSION,
  RECORD_SCHEMA_VERSION,
  type Job,
  type JobRecord,
  type Snapshot,
} from '../../electron/shared/jobs/job-record';
import { READING_NAMES, readingOf } from '../../electron/shared/jobs/readings';
import type { AuditEntry, VehicleState } from '../../electron/shared/types';

export const FIXTURE_VIN = '5YJ3E1EA7KF000001';
const T0 = Date.parse('2026-11-25T10:00:00.000Z');

export function stateAnswer(patch: {
  chargeLimit?: number;
  valet?: boolean;
  sentry?: boolean;
  chargePortOpen?: boolean;
  lowPower?: boolean;
  speedLimitActive?: boolean;
  speedLimitMph?: number;
  at?: number;
}): VehicleState {
  const timestamp = patch.at ?? T0;
  return {
    state: 'online',
    charge_state: {
      timestamp,
      battery_level: 64,
      charge_limit_soc: patch.chargeLimit ?? 80,
      charge_port_door_open: patch.chargePortOpen ?? false,
    },
    vehicle_state: {
      timestamp,
      car_version: '2026.14.3 fae2af490933',
      odometer: 12034.5,
      locked: true,
      sentry_mode: patch.sentry ?? true,
      valet_mode: patch.valet ?? false,
      low_power_mode: patch.lowPower ?? false,
      speed_limit_mode: {
        active: patch.speedLimitActive ?? false,
        current_limit_mph: patch.speedLimitMph ?? 85,
      },
    },
  } as VehicleState;
}

export function snapshotOf(state: VehicleState, takenAt = new Date(T0).toISOString()): Snapshot {
  const meta = { source: 'live' as const };
  return {
    takenAt,
    sleepState: { known: true, value: 'awake', asOf: takenAt, source: 'live' },
    readings: Object.fromEntries(
      READING_NAMES.map((name) => {
        const reading = readingOf(state, name);
        return [
          name,
          reading
            ? { known: true, value: reading.value, asOf: reading.asOf, source: meta.source }
            : { known: false, reason: 'not reported by the car' },
        ];
      }),
    ) as Snapshot['readings'],
    firmwareAlerts: { known: true, value: [], asOf: takenAt, source: 'live' },
    tyrePressures: { known: false, reason: 'not read: the service did not answer' },
    telemetry: {
      known: true,
      value: { synced: true, expiresAt: '2027-01-01T00:00:00.000Z' },
      asOf: takenAt,
      source: 'live',
    },
    drivers: { known: true, value: [{ id: '1001', name: 'Ana Diaz' }], asOf: takenAt, source: 'live' },
    invitations: { known: false, reason: 'not read: the service refused it (403)' },
  };
}

export function auditEntry(index: number, patch: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    time: new Date(T0 + 60_000 * (index + 1)).toISOString(),
    profileId: 'demo',
    profileName: 'Demo',
    vin: FIXTURE_VIN,
    operation: 'command:set_charge_limit',
    params: { waitForCompletion: true, maxAttempts: 3, percent: 90 },
    outcome: 'success',
    durationMs: 1200,
    ...patch,
  };
}

export function jobFixture(patch: Partial<Job> = {}): Job {
  return {
    schemaVersion: JOB_SCHEMA_VERSION,
    id: 'job-1',
    profileId: 'demo',
    shopName: 'Reyes & Sons <Motors>',
    vin: FIXTURE_VIN,
    vehicle: 'Model 3 · Blue',
    repairOrder: 'RO-4711',
    complaint: 'Charges only to 80 %',
    customer: 'Sam Ortiz, 555-0142',
    cause: 'Charge limit set to 80 % in the app',
    correction: 'Charge limit set back to 90 %; customer shown the setting',
    technician: 'Dana Reyes',
    status: 'closed',
    periods: [{ openedAt: new Date(T0).toISOString(), closedAt: new Date(T0 + 3_600_000).toISOString() }],
    events: [{ time: new Date(T0).toISOString(), kind: 'opened', technician: 'Dana Reyes' }],
    checkIn: snapshotOf(stateAnswer({})),
    checkOut: snapshotOf(
      stateAnswer({ chargeLimit: 90, valet: true }),
      new Date(T0 + 3_600_000).toISOString(),
    ),
    notes: [{ time: new Date(T0 + 120_000).toISOString(), technician: 'Dana Reyes', text: 'Latch replaced' }],
    effects: {},
    acknowledged: [],
    ...patch,
  };
}

/**
 * A record of `count` charge-limit commands, each confirmed. The digest is a stand-in unless given
 * (tests of the digest compute it with electron/main/jobs/job-digest.ts).
 */
/** The fixture's job while still open (no check-out, its period running). */
export const openJobFixture = (): Job =>
  jobFixture({
    status: 'open',
    checkOut: null,
    periods: [{ openedAt: '2026-11-25T10:00:00.000Z', closedAt: null }],
  });

export function recordFixture(count = 1, job: Job = jobFixture(), digest = 'd'.repeat(64)): JobRecord {
  const entries = Array.from({ length: count }, (_, i) => auditEntry(i));
  return {
    kind: 'vehicle-garage.job-record',
    schemaVersion: RECORD_SCHEMA_VERSION,
    exportedAt: new Date(T0 + 7_200_000).toISOString(),
    job,
    actions: entries.map((entry) => ({
      entry,
      effect: {
        status: 'confirmed',
        reading: 'chargeLimit',
        before: 80,
        after: 90,
        confirmedAt: entry.time,
        text: `charge limit 80 → 90 %, confirmed ${entry.time.slice(11, 19)} UTC`,
      },
    })),
    changes: [{ reading: 'chargeLimit', label: 'charge limit', before: '80 %', after: '90 %' }],
    warnings: [],
    digest: { algorithm: 'sha256', covers: 'record', entries: entries.length, value: digest },
  };
}

/** The fixture's open job, checked in while the car was offline: its readings five days old. */
export function offlineCheckInJob(): Job {
  const job = openJobFixture();
  const old = '2026-11-20T09:00:00.000Z';
  job.checkIn.readings = Object.fromEntries(
    Object.entries(job.checkIn.readings).map(([name, value]) => [
      name,
      value.known ? { ...value, asOf: old } : value,
    ]),
  ) as Job['checkIn']['readings'];
  job.checkIn.readings.chargingAmps = { known: true, value: 16, asOf: old, source: 'live' };
  job.checkIn.readings.cabinTemperature = { known: true, value: 21.5, asOf: old, source: 'live' };
  job.checkIn.tyrePressures = {
    known: true,
    value: { frontLeft: 2.93, frontRight: 2.9, rearLeft: null, rearRight: 2.87 },
    asOf: job.checkIn.takenAt,
    source: 'cache',
  };
  job.checkIn.firmwareAlerts = {
    known: true,
    value: [{ name: 'BMS_w035_TirePressureLow', time: old, description: null }],
    asOf: job.checkIn.takenAt,
    source: 'live',
  };
  job.checkIn.drivers = {
    known: true,
    value: [
      { id: '1234567890123456', name: 'Ana Diaz' },
      { id: '9876543210987654', name: null },
    ],
    asOf: job.checkIn.takenAt,
    source: 'live',
  };
  return job;
}

/**
 * The fixture's closed job as this version keeps it: the pack, its health and where the car stood
 * at both ends (on the shop's lot at check-out, 2.4 km off it at check-in), and its visit: an alert
 * raised, one kept, one cleared, a software update, and two charging sessions priced at 0.35.
 */
export function visitJobFixture(): Job {
  const job = jobFixture();
  const lot = { latitude: 48.1372, longitude: 11.5756, radiusM: 150 };
  const sides = (snapshot: Snapshot, onLot: boolean, alerts: string[]): Snapshot => ({
    ...snapshot,
    firmwareAlerts: {
      known: true,
      value: alerts.map((name) => ({ name, time: '2026-11-24T08:00:00.000Z', description: null })),
      asOf: snapshot.takenAt,
      source: 'live',
    },
    pack: {
      known: true,
      value: {
        level: onLot ? 78 : 64,
        energyRemainingKwh: onLot ? 56.3 : 46.1,
        rangeMiles: onLot ? 241 : 198,
        packVoltage: 398,
        packCurrent: -0.6,
        moduleTempMinC: 20.5,
        moduleTempMaxC: 21,
      },
      asOf: snapshot.takenAt,
      source: 'live',
    },
    packHealth: {
      known: true,
      value: { capacityKwh: 72.4, maxRangeMiles: 310, maxIdealRangeMiles: 305 },
      asOf: snapshot.takenAt,
      source: onLot ? 'live' : 'cache',
    },
    place: {
      known: true,
      value: {
        latitude: 48.1372,
        longitude: onLot ? 11.5757 : 11.608,
        address: onLot ? 'Marienplatz 1, München' : 'Rosenheimer Str. 145, München',
        savedLocation: null,
        lot,
        distanceM: onLot ? 7 : 2404,
        onLot,
      },
      asOf: snapshot.takenAt,
      source: 'live',
    },
  });
  return {
    ...job,
    checkIn: sides(job.checkIn, false, ['VCFRONT_a180', 'BMS_a066']),
    checkOut: sides(job.checkOut!, true, ['UI_a020', 'VCFRONT_a180']),
    visit: {
      from: job.periods[0]!.openedAt,
      to: job.periods[0]!.closedAt!,
      alerts: [
        { name: 'UI_a020', status: 'started', time: '2026-11-25T10:30:00.000Z', description: null },
        { name: 'VCFRONT_a180', status: 'active', time: '2026-11-24T08:00:00.000Z', description: null },
        { name: 'BMS_a066', status: 'ended', time: '2026-11-24T08:00:00.000Z', description: null },
      ],
      software: { before: '2026.14.3', after: '2026.20.1' },
      charges: {
        known: true,
        value: [
          {
            id: 434159,
            startedAt: '2026-11-25T10:10:00.000Z',
            endedAt: '2026-11-25T10:40:00.000Z',
            location: 'Marienplatz 1, München',
            energyAddedKwh: 9.8,
            energyUsedKwh: 10.4,
            startingLevel: 64,
            endingLevel: 75,
            cost: 3.64,
            costRecorded: 'recorded',
          },
          {
            id: 434160,
            startedAt: '2026-11-25T10:45:00.000Z',
            endedAt: '2026-11-25T10:55:00.000Z',
            location: null,
            energyAddedKwh: 2.1,
            energyUsedKwh: null,
            startingLevel: 75,
            endingLevel: 78,
            cost: 0.74,
            costRecorded: 'failed',
          },
        ],
        asOf: job.periods[0]!.closedAt!,
        source: 'live',
      },
      pricePerKwh: 0.35,
      recordCost: true,
    },
  };
}
