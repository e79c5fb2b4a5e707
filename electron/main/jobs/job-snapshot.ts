// A job's check-in or check-out snapshot: the car as the service reports it without waking it
// (state with use_cache=true, firmware alerts, tyres, the telemetry configuration, the pack and its
// health, where the car stands: none of these reads reaches the car). Each value keeps
// the car's own time for it (drivers and invitations: when the service listed them); a read that fails, or a value the answer does not carry, is recorded as
// unknown with the reason, never filled with a default.
import { READING_NAMES, readingOf } from '../../shared/jobs/readings';
import type { CarPlace, Observed, Snapshot } from '../../shared/jobs/job-record';
import { distanceMetres, isGeoPoint, type GeoCircle } from '../../shared/geo-distance';
import type { BatterySnapshot, VehicleLocation } from '../../shared/history-wire';
import { AppError } from '../../shared/result';
import type { FetchMeta, VehicleState } from '../../shared/types';
import { unreadableDriversText, type DriversList, type InvitationsList } from '../../shared/wire-access';
import { sleepFromState } from '../../shared/vehicle-values';
import type { ReadContext } from '../services/cached-reads';
import type { VehicleReads } from '../services/vehicle-reads';
import { tm } from '../i18n/main-words';

/** Why a read gave nothing, in words for the record. */
export function unknownReason(error: unknown): string {
  if (error instanceof AppError) return `not read: ${error.message}`;
  return 'not read: the read failed unexpectedly';
}

const unknown = (reason: string) => ({ known: false as const, reason });

function known<T>(value: T, asOf: string | null, meta: FetchMeta): Observed<T> {
  return { known: true, value, asOf, source: meta.source };
}

const secondsIso = (seconds: number | null | undefined) =>
  typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0
    ? new Date(seconds * 1000).toISOString()
    : null;

async function attempt<T>(
  read: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; reason: string }> {
  try {
    return { ok: true, value: await read() };
  } catch (error) {
    return { ok: false, reason: unknownReason(error) };
  }
}

/** A read's value as the snapshot keeps it, with when the service answered; unknown and why if it did not. */
function answered<T, V>(
  read: { ok: true; value: { value: T } & FetchMeta } | { ok: false; reason: string },
  shape: (value: T) => V,
): Observed<V> {
  return read.ok ? known(shape(read.value.value), read.value.fetchedAt, read.value) : unknown(read.reason);
}

/** The state's readings, each known (with its section's time) or unknown and why. */
export function readingsFrom(
  state: { ok: true; value: { value: VehicleState } & FetchMeta } | { ok: false; reason: string },
): Snapshot['readings'] {
  const readings = {} as Snapshot['readings'];
  for (const name of READING_NAMES) {
    if (!state.ok) {
      readings[name] = unknown(state.reason);
      continue;
    }
    const reading = readingOf(state.value.value, name);
    readings[name] = reading
      ? known(reading.value, reading.asOf, state.value)
      : unknown(
          state.value.value.state === 'asleep' && !state.value.value.vehicle_state
            ? 'not reported: the car is asleep and the service kept no state for it'
            : 'not reported by the car',
        );
  }
  return readings;
}

type Live<T> = Promise<{ value: T } & FetchMeta>;

/** Who may drive the car: the access service's live reads (never an offline copy). */
export interface AccessReads {
  drivers(ctx: ReadContext, vin: string): Live<DriversList>;
  invitations(ctx: ReadContext, vin: string): Live<InvitationsList>;
}

/** The pack's snapshot as the record keeps it; unknown when the answer carries none of it. */
function packOf(
  read: { ok: true; value: { value: BatterySnapshot } & FetchMeta } | { ok: false; reason: string },
): Snapshot['pack'] {
  if (!read.ok) return unknown(read.reason);
  const b = read.value.value;
  const pack = {
    level: b.battery_level ?? null,
    energyRemainingKwh: b.energy_remaining ?? null,
    rangeMiles: b.battery_range ?? null,
    packVoltage: b.pack_voltage ?? null,
    packCurrent: b.pack_current ?? null,
    moduleTempMinC: b.module_temp_min ?? null,
    moduleTempMaxC: b.module_temp_max ?? null,
  };
  if (Object.values(pack).every((value) => value === null)) return unknown('not reported by the car');
  return known(pack, secondsIso(b.timestamp) ?? read.value.fetchedAt, read.value);
}

/** Where the car stood, and against the shop's lot (when one is set) how far off and whether on it. */
export function placeOf(location: VehicleLocation, lot: GeoCircle | null): CarPlace {
  const point = { latitude: location.latitude ?? undefined, longitude: location.longitude ?? undefined };
  const distanceM = lot && isGeoPoint(point) ? Math.round(distanceMetres(point, lot)) : null;
  return {
    latitude: location.latitude ?? null,
    longitude: location.longitude ?? null,
    address: location.address ?? null,
    savedLocation: location.saved_location ?? null,
    lot,
    distanceM,
    onLot: lot && distanceM !== null ? distanceM <= lot.radiusM : null,
  };
}

export async function takeSnapshot(
  reads: VehicleReads,
  ctx: ReadContext,
  vin: string,
  now: () => Date,
  /** Drivers and invitations; without them both are recorded unknown and why. */
  access?: AccessReads,
  /** The shop's lot as Settings says it now; null when none is set. */
  lot: GeoCircle | null = null,
): Promise<Snapshot> {
  const takenAt = now().toISOString();
  // Asked of the service now (refresh), with use_cache=true: a sleeping car is not woken. Offline,
  // the last answer kept stands in and says so (source 'cache').
  const noAccess = () => Promise.reject(new AppError('internal', tm('errors.driversNotRead')));
  const [stateRead, alerts, tyres, telemetry, drivers, invitations, battery, health, location] =
    await Promise.all([
      attempt(() => reads.state(ctx, vin, { refresh: true })),
      attempt(() => reads.firmwareAlerts(ctx, vin, { refresh: true })),
      attempt(() => reads.tirePressure(ctx, vin, { refresh: true })),
      attempt(() => reads.telemetryConfig(ctx, vin, { refresh: true })),
      // A token that is not the owner's is refused these (403): recorded unknown with that reason.
      attempt(() => (access ? access.drivers(ctx, vin) : noAccess())),
      attempt(() => (access ? access.invitations(ctx, vin) : noAccess())),
      // The service's stored pack, health and position: read without reaching the car.
      attempt(() => reads.battery(ctx, vin, { refresh: true })),
      attempt(() => reads.batteryHealth(ctx, vin, { refresh: true })),
      attempt(() => reads.location(ctx, vin, { refresh: true })),
    ]);

  const sleepState: Snapshot['sleepState'] = stateRead.ok
    ? known(sleepFromState(stateRead.value.value.state), stateRead.value.fetchedAt, stateRead.value)
    : unknown(stateRead.reason);

  const firmwareAlerts: Snapshot['firmwareAlerts'] = answered(alerts, (value) =>
    value.results.map((alert) => ({
      name: alert.name,
      time: secondsIso(alert.timestamp),
      description: alert.description ?? null,
    })),
  );

  let tyrePressures: Snapshot['tyrePressures'];
  if (!tyres.ok) tyrePressures = unknown(tyres.reason);
  else {
    const t = tyres.value.value;
    const values = [t.front_left, t.front_right, t.rear_left, t.rear_right];
    tyrePressures = values.every((v) => typeof v !== 'number')
      ? unknown('not reported by the car')
      : known(
          {
            frontLeft: t.front_left ?? null,
            frontRight: t.front_right ?? null,
            rearLeft: t.rear_left ?? null,
            rearRight: t.rear_right ?? null,
          },
          secondsIso(t.timestamp),
          tyres.value,
        );
  }

  const telemetryValue: Snapshot['telemetry'] = answered(telemetry, (value) => ({
    synced: value.synced,
    expiresAt: secondsIso(value.config.exp),
  }));

  // Live reads: their "as of" is when the service answered (the lists carry no time of their own).
  // A list missing a driver the app could not read is no record of who can drive the car.
  const driversValue: Snapshot['drivers'] =
    drivers.ok && drivers.value.value.unreadable
      ? unknown(`not read: ${unreadableDriversText(drivers.value.value.unreadable)}`)
      : answered(drivers, (value) =>
          value.results.map((driver) => ({
            id: driver.user_id_s,
            name:
              [driver.driver_first_name, driver.driver_last_name]
                .filter((part) => typeof part === 'string' && part.trim() !== '')
                .join(' ') || null,
          })),
        );
  const invitationsValue: Snapshot['invitations'] = answered(invitations, (value) =>
    value.results.map((invitation) => ({
      id: invitation.id_s,
      state: invitation.state,
      expiresAt: invitation.expires_at,
    })),
  );
  const packHealth: Snapshot['packHealth'] =
    health.ok && !('result' in health.value.value)
      ? unknown('not reported by the car')
      : answered(health, (value) => {
          const { capacity, max_range, max_ideal_range } = (value as { result: PackHealthWire }).result;
          return { capacityKwh: capacity, maxRangeMiles: max_range, maxIdealRangeMiles: max_ideal_range };
        });
  return {
    takenAt,
    sleepState,
    readings: readingsFrom(stateRead),
    firmwareAlerts,
    tyrePressures,
    telemetry: telemetryValue,
    drivers: driversValue,
    invitations: invitationsValue,
    pack: packOf(battery),
    packHealth,
    place: answered(location, (value) => placeOf(value, lot)),
  };
}

type PackHealthWire = { capacity: number; max_range: number; max_ideal_range: number };
