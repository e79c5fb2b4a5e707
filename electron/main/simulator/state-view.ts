// The public state object (`GET /{vin}/state`, `last_state` of `GET /vehicles`) rendered from a
// simulated vehicle. Every section's timestamp is in milliseconds, as the real service's.
import { CAR_TYPES, LOW_TYRE_BAR, PLACE_COORDS, TRIM_BADGES } from './catalogue';
import type { TyrePressures, VehicleState } from './types';

export type OnlineState = 'online' | 'asleep' | 'offline';

/** The public `api_version` the simulated vehicles report. */
const API_VERSION = 79;
/** "Open" windows are vented: the public value 1 (0 is closed). */
const VENTED = 1;

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

export function onlineState(vehicle: VehicleState): OnlineState {
  return vehicle.sleepState === 'awake' ? 'online' : vehicle.sleepState;
}

/** Where the vehicle is: where its last drive ended, else at home. */
export function location(vehicle: VehicleState): readonly [number, number] | null {
  const place = vehicle.drives.at(-1)?.to ?? 'Home';
  return PLACE_COORDS[place] ?? PLACE_COORDS['Home'] ?? null;
}

function chargeState(v: VehicleState, timestamp: number) {
  const portOpen = v.chargePort !== 'closed';
  const charging = portOpen ? v.chargingState : 'Disconnected';
  const range = round((v.fullRangeMiles * v.batteryLevel) / 100, 2);
  return {
    timestamp,
    battery_level: v.batteryLevel,
    usable_battery_level: v.batteryLevel,
    battery_range: range,
    est_battery_range: round(range * 0.92, 2),
    ideal_battery_range: range,
    charging_state: charging,
    charge_limit_soc: v.chargeLimitPercent,
    charge_limit_soc_min: v.chargeLimitMin,
    charge_limit_soc_max: v.chargeLimitMax,
    charge_limit_soc_std: 90,
    charge_current_request: v.chargingAmps,
    charge_current_request_max: v.maxAmps,
    charger_actual_current: charging === 'Charging' ? v.chargingAmps : 0,
    charger_voltage: charging === 'Charging' ? 240 : 0,
    charge_port_door_open: portOpen,
    // The latch holds a cable, or the closed door; an unlocked port has released it.
    charge_port_latch:
      v.chargePort === 'unlocked' || (portOpen && charging === 'Disconnected') ? 'Disengaged' : 'Engaged',
  };
}

function climateState(v: VehicleState, timestamp: number) {
  return {
    timestamp,
    inside_temp: v.insideTempC,
    outside_temp: v.outsideTempC,
    driver_temp_setting: v.cabinTemperatureC,
    passenger_temp_setting: v.cabinTemperatureC,
    min_avail_temp: v.minTempC,
    max_avail_temp: v.maxTempC,
    is_climate_on: v.climateOn,
  };
}

function vehicleStateSection(v: VehicleState, timestamp: number) {
  const window = v.windows === 'open' ? VENTED : 0;
  const update = v.softwareUpdate;
  return {
    timestamp,
    vehicle_name: v.displayName,
    car_version: `${v.deployedVersion} ${v.buildHash}`,
    odometer: v.odometerMiles,
    locked: v.locked,
    sentry_mode: v.sentryMode,
    valet_mode: v.valet,
    // The vehicle maker's own field (not in the published description): on from remote_start until
    // its window ends, so a read two minutes later shows it off again.
    remote_start: v.remoteStartUntil !== null && timestamp < v.remoteStartUntil,
    // Not in the published description (the telemetry signal is GuestModeEnabled): reported so that
    // enable/disable_guest show in the state; a client must treat its absence as unknown.
    guest_mode_enabled: v.guestMode,
    // Front and rear trunk: 0 closed, otherwise open.
    ft: v.frunkOpen ? 1 : 0,
    rt: v.trunkOpen ? 1 : 0,
    // Not in the published description: the simulator reports it so that enable/disable_low_power_mode
    // show in the state; a client must treat its absence (the real service) as unknown.
    low_power_mode: v.lowPower,
    fd_window: window,
    fp_window: window,
    rd_window: window,
    rp_window: window,
    software_update: {
      status: update.status,
      version: update.status === '' ? '' : (v.stagedVersion ?? ''),
      download_perc: update.downloadPercent,
      install_perc: update.installPercent,
      expected_duration_sec: update.expectedDurationSec,
    },
    speed_limit_mode: {
      active: v.speedLimitActive,
      pin_code_set: v.speedLimitActive,
      min_limit_mph: v.speedLimitMinMph,
      max_limit_mph: v.speedLimitMaxMph,
      current_limit_mph: v.speedLimitMph,
    },
    tpms_pressure_fl: v.tyres.frontLeft,
    tpms_pressure_fr: v.tyres.frontRight,
    tpms_pressure_rl: v.tyres.rearLeft,
    tpms_pressure_rr: v.tyres.rearRight,
  };
}

function vehicleConfig(v: VehicleState, timestamp: number) {
  const wmi = v.vin.slice(0, 3);
  return {
    timestamp,
    car_type: CAR_TYPES[v.model] ?? v.model.toLowerCase().replace(/\s+/g, ''),
    trim_badging: TRIM_BADGES[v.trim] ?? null,
    exterior_color: v.color.replace(/[\s-]+/g, ''),
    charge_port_type: wmi === 'XP7' ? 'CCS' : wmi === 'LRW' ? 'GB' : 'US',
    can_actuate_trunks: true,
  };
}

/** The state object of a vehicle as it is (or was) at `at` (Unix ms), reported as `state`. */
export function renderState(v: VehicleState, state: OnlineState, at: number): string {
  const where = location(v);
  return JSON.stringify({
    vin: v.vin,
    display_name: v.displayName,
    state,
    in_service: v.inService,
    api_version: API_VERSION,
    tokens: v.tokens,
    charge_state: chargeState(v, at),
    climate_state: climateState(v, at),
    drive_state: {
      timestamp: at,
      shift_state: state === 'online' ? 'P' : null,
      speed: null,
      latitude: where?.[0] ?? null,
      longitude: where?.[1] ?? null,
    },
    vehicle_config: vehicleConfig(v, at),
    vehicle_state: vehicleStateSection(v, at),
  });
}

type TyreStatus = 'low' | 'normal' | 'unknown';

const tyreStatus = (bar: number | null): TyreStatus =>
  bar === null ? 'unknown' : bar < LOW_TYRE_BAR ? 'low' : 'normal';

/** `GET /{vin}/tire_pressure`: bar; a sensor that has not reported is null with status "unknown". */
export function tyresView(t: TyrePressures) {
  return {
    front_left: t.frontLeft,
    front_right: t.frontRight,
    rear_left: t.rearLeft,
    rear_right: t.rearRight,
    front_left_status: tyreStatus(t.frontLeft),
    front_right_status: tyreStatus(t.frontRight),
    rear_left_status: tyreStatus(t.rearLeft),
    rear_right_status: tyreStatus(t.rearRight),
    timestamp: t.measuredAt,
  };
}
