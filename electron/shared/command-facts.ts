// What a switch-like command sets, as the car's state reports it: the one rule main's runs (is the
// effect confirmed?) and the window (what does the car show now?) both read the state by.
import type { RunCommandName } from './bulk-commands';
import { english, type Say } from './i18n/english';
import type { MessageKey } from './i18n/translator';
import type { VehicleState } from './wire';

/** A switch-like fact the state reports, and the words for each of its values. */
export interface CommandFact {
  read: (state: VehicleState) => boolean | null;
  expected: boolean;
  /** The catalog's words for each value. */
  words: [whenTrue: MessageKey, whenFalse: MessageKey];
  /** What "unknown" means, in words, when the state does not report it. */
  subject: MessageKey;
  /** The value in finer words than `words` when the state says more ("update installing, 40 %"). */
  describe?: (state: VehicleState, say?: Say) => string | null;
}

const bool = (value: unknown): boolean | null => (typeof value === 'boolean' ? value : null);

const WINDOWS = ['fd_window', 'fp_window', 'rd_window', 'rp_window'] as const;

function allWindowsClosed(state: VehicleState): boolean | null {
  const section = state.vehicle_state;
  if (!section) return null;
  const values = WINDOWS.map((key) => section[key]);
  if (values.some((value) => typeof value !== 'number')) return null;
  return values.every((value) => value === 0);
}

const valet = (s: VehicleState) => bool(s.vehicle_state?.valet_mode);
const port = (s: VehicleState) => bool(s.charge_state?.charge_port_door_open);
const lowPower = (s: VehicleState) => bool(s.vehicle_state?.low_power_mode);
const locked = (s: VehicleState) => bool(s.vehicle_state?.locked);
const sentry = (s: VehicleState) => bool(s.vehicle_state?.sentry_mode);
const charging = (s: VehicleState) => {
  const value = s.charge_state?.charging_state;
  return typeof value === 'string' ? value === 'Charging' || value === 'Starting' : null;
};

const climate = (s: VehicleState) => bool(s.climate_state?.is_climate_on);

const opening = (value: unknown): boolean | null => (typeof value === 'number' ? value !== 0 : null);
const frunk = (s: VehicleState) => opening(s.vehicle_state?.ft);
/** The rear trunk, for a command that opens a closed one and closes an open (powered) one. */
export const readTrunkOpen = (s: VehicleState) => opening(s.vehicle_state?.rt);
const guest = (s: VehicleState) => bool(s.vehicle_state?.guest_mode_enabled);
const remoteStart = (s: VehicleState) => bool(s.vehicle_state?.remote_start);

/** A software update is set to install (scheduled for a time, or installing now). */
const updateSet = (s: VehicleState) => {
  const status = s.vehicle_state?.software_update?.status;
  if (typeof status !== 'string') return null;
  return status === 'scheduled' || status === 'installing';
};

function updateWords(s: VehicleState, say: Say = english): string | null {
  const update = s.vehicle_state?.software_update;
  const status = update?.status;
  if (typeof status !== 'string') return null;
  if (status === '') return say('fact.noUpdate');
  const perc =
    status === 'installing' ? update?.install_perc : status === 'downloading' ? update?.download_perc : null;
  // The status is the service's own word ("installing"): quoted as it says it.
  return say('fact.updateStatus', { status, percent: typeof perc === 'number' ? String(perc) : 'none' });
}

export const COMMAND_FACTS: Partial<Record<RunCommandName, CommandFact>> = {
  enable_valet: {
    read: valet,
    expected: true,
    words: ['fact.valetOn', 'fact.valetOff'],
    subject: 'fact.valet',
  },
  disable_valet: {
    read: valet,
    expected: false,
    words: ['fact.valetOn', 'fact.valetOff'],
    subject: 'fact.valet',
  },
  open_charge_port: {
    read: port,
    expected: true,
    words: ['fact.portOpen', 'fact.portClosed'],
    subject: 'fact.port',
  },
  close_charge_port: {
    read: port,
    expected: false,
    words: ['fact.portOpen', 'fact.portClosed'],
    subject: 'fact.port',
  },
  close_windows: {
    read: allWindowsClosed,
    expected: true,
    words: ['fact.windowsClosed', 'fact.windowOpen'],
    subject: 'fact.windows',
  },
  enable_low_power_mode: {
    read: lowPower,
    expected: true,
    words: ['fact.lowPowerOn', 'fact.lowPowerOff'],
    subject: 'fact.lowPower',
  },
  disable_low_power_mode: {
    read: lowPower,
    expected: false,
    words: ['fact.lowPowerOn', 'fact.lowPowerOff'],
    subject: 'fact.lowPower',
  },
  lock: { read: locked, expected: true, words: ['fact.locked', 'fact.unlocked'], subject: 'fact.locks' },
  unlock: { read: locked, expected: false, words: ['fact.locked', 'fact.unlocked'], subject: 'fact.locks' },
  // Read back at once, it shows on; two minutes later, unless someone drove off, the car shows it off.
  remote_start: {
    read: remoteStart,
    expected: true,
    words: ['fact.keylessOn', 'fact.keylessOff'],
    subject: 'fact.keyless',
  },
  enable_sentry: {
    read: sentry,
    expected: true,
    words: ['fact.sentryOn', 'fact.sentryOff'],
    subject: 'fact.sentry',
  },
  disable_sentry: {
    read: sentry,
    expected: false,
    words: ['fact.sentryOn', 'fact.sentryOff'],
    subject: 'fact.sentry',
  },
  start_charging: {
    read: charging,
    expected: true,
    words: ['fact.charging', 'fact.notCharging'],
    subject: 'fact.chargingSubject',
  },
  stop_charging: {
    read: charging,
    expected: false,
    words: ['fact.charging', 'fact.notCharging'],
    subject: 'fact.chargingSubject',
  },
  start_climate: {
    read: climate,
    expected: true,
    words: ['fact.climateOn', 'fact.climateOff'],
    subject: 'fact.climate',
  },
  stop_climate: {
    read: climate,
    expected: false,
    words: ['fact.climateOn', 'fact.climateOff'],
    subject: 'fact.climate',
  },
  activate_front_trunk: {
    read: frunk,
    expected: true,
    words: ['fact.frunkOpen', 'fact.frunkClosed'],
    subject: 'fact.frunk',
  },
  schedule_software_update: {
    read: updateSet,
    expected: true,
    words: ['fact.updateSet', 'fact.updateNotSet'],
    subject: 'fact.update',
    describe: updateWords,
  },
  cancel_software_update: {
    read: updateSet,
    expected: false,
    words: ['fact.updateSet', 'fact.updateNotSet'],
    subject: 'fact.update',
    describe: updateWords,
  },
  enable_guest: {
    read: guest,
    expected: true,
    words: ['fact.guestOn', 'fact.guestOff'],
    subject: 'fact.guest',
  },
  disable_guest: {
    read: guest,
    expected: false,
    words: ['fact.guestOn', 'fact.guestOff'],
    subject: 'fact.guest',
  },
};
