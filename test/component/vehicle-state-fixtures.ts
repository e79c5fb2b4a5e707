// A vehicle state shaped like the public service's (sections with millisecond timestamps), for
// the vehicle view's component tests.
import type { ResultOf } from '../../electron/shared/ipc/api';
import type { VehicleState } from '../../electron/shared/types';

export const STATE_AT = Date.parse('2026-11-21T10:00:05.000Z');

export function carState(
  patch: {
    limit?: number;
    amps?: number;
    valet?: boolean;
    portOpen?: boolean;
    state?: VehicleState['state'];
  } = {},
): VehicleState {
  const timestamp = STATE_AT;
  return {
    vin: 'X',
    state: patch.state ?? 'online',
    charge_state: {
      timestamp,
      battery_level: 72,
      battery_range: 200,
      charging_state: 'Disconnected',
      charge_limit_soc: patch.limit ?? 80,
      charge_limit_soc_min: 50,
      charge_limit_soc_max: 100,
      charge_current_request: patch.amps ?? 16,
      charge_current_request_max: 32,
      charge_port_door_open: patch.portOpen ?? false,
    },
    climate_state: { timestamp, driver_temp_setting: 21, min_avail_temp: 15, max_avail_temp: 28 },
    vehicle_state: {
      timestamp,
      car_version: '2026.14.3 fae2af490933',
      odometer: 12345,
      locked: true,
      sentry_mode: false,
      valet_mode: patch.valet ?? false,
      fd_window: 0,
      fp_window: 0,
      rd_window: 0,
      rp_window: 4,
      speed_limit_mode: { min_limit_mph: 50, max_limit_mph: 90, current_limit_mph: 65 },
    },
    drive_state: { timestamp, shift_state: null },
  };
}

/** A state read's envelope, as window.garage answers it. */
export function stateAnswer(state: VehicleState): ResultOf<'vehicles.state'> {
  return {
    ok: true,
    value: state,
    source: 'live',
    fetchedAt: new Date().toISOString(),
    asOf: new Date(STATE_AT).toISOString(),
  };
}
