// What the workshop and guest-mode commands do to a simulated vehicle, and why it refuses one. The
// reasons are the public service's own words where clients have seen them (`is_charging`,
// `not_charging`, `complete`, `disconnected`); the update ones are the simulator's.
import {
  REMOTE_START_WINDOW_MINUTES,
  type GuestCommandName,
  type WorkshopCommandName,
} from '../../shared/workshop-commands';
import type { VehicleState } from './types';

type Name = WorkshopCommandName | GuestCommandName;

/** Before 2024 a Model 3's trunk is opened by the motor but closed by hand. */
export function hasPoweredTrunk(state: Pick<VehicleState, 'model' | 'year'>): boolean {
  return state.model !== 'Model 3' || state.year >= 2024;
}

/** Why the vehicle refuses the command (checked before any attempt and again when applying), or null. */
export function workshopRefusal(state: VehicleState, name: Name): string | null {
  const plugged = state.chargePort !== 'closed' && state.chargingState !== 'Disconnected';
  const update = state.softwareUpdate.status;
  switch (name) {
    case 'start_charging':
      if (!plugged) return 'disconnected';
      if (state.chargingState === 'Charging') return 'is_charging';
      if (state.chargingState === 'Complete') return 'complete';
      return null;
    case 'stop_charging':
      return plugged && state.chargingState === 'Charging' ? null : 'not_charging';
    case 'activate_rear_trunk':
      return state.trunkOpen && !hasPoweredTrunk(state) ? 'not_supported' : null;
    case 'schedule_software_update':
      if (update === 'available' || update === 'scheduled') return null;
      if (update === 'installing') return 'update_in_progress';
      if (update === '') return 'no_update_available';
      return 'update_not_ready'; // still downloading or waiting for Wi-Fi
    case 'cancel_software_update':
      if (update === 'scheduled') return null;
      return update === 'installing' ? 'update_in_progress' : 'no_update_scheduled';
    default:
      return null;
  }
}

/** Applies a command the vehicle accepted; `value` is `in_seconds` for schedule_software_update. */
export function applyWorkshop(state: VehicleState, name: Name, value: number | null, now: number): void {
  switch (name) {
    case 'flash':
    case 'honk':
      return; // seen and heard on the lot; nothing in the state shows it
    case 'lock':
      state.locked = true;
      return;
    case 'unlock':
      state.locked = false;
      return;
    case 'remote_start':
      state.remoteStartUntil = now + REMOTE_START_WINDOW_MINUTES * 60_000;
      return;
    case 'enable_sentry':
      state.sentryMode = true;
      return;
    case 'disable_sentry':
      state.sentryMode = false;
      return;
    case 'start_charging':
      state.chargingState = 'Charging';
      return;
    case 'stop_charging':
      state.chargingState = 'Stopped';
      return;
    case 'start_climate':
      state.climateOn = true;
      return;
    case 'stop_climate':
      state.climateOn = false;
      return;
    case 'activate_front_trunk':
      state.frunkOpen = true; // a frunk is closed by hand
      return;
    case 'activate_rear_trunk':
      state.trunkOpen = !state.trunkOpen;
      return;
    case 'schedule_software_update':
      state.softwareUpdate.status = 'scheduled';
      state.updateScheduledAt = now + (value ?? 0) * 1000;
      return;
    case 'cancel_software_update':
      state.softwareUpdate.status = 'available';
      state.updateScheduledAt = null;
      return;
    case 'enable_guest':
      state.guestMode = true;
      return;
    case 'disable_guest':
      state.guestMode = false;
      return;
  }
}
