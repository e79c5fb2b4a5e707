// What a switch-like command sets, as the car's state reports it: the one rule main's runs (is the
// effect confirmed?) and the window (what does the car show now?) both read the state by.
import type { RunCommandName } from './bulk-commands';
import type { VehicleState } from './wire';

/** A switch-like fact the state reports, and the words for each of its values. */
export interface CommandFact {
  read: (state: VehicleState) => boolean | null;
  expected: boolean;
  words: [whenTrue: string, whenFalse: string];
  /** What "unknown" means, in words, when the state does not report it. */
  subject: string;
  /** The value in finer words than `words` when the state says more ("update installing, 40 %"). */
  describe?: (state: VehicleState) => string | null;
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

const opening = (value: unknown): boolean | null => (typeof value === 'number' ? value !== 0 : null);
const frunk = (s: VehicleState) => opening(s.vehicle_state?.ft);
/** The rear trunk, for a command that opens a closed one and closes an open (powered) one. */
export const readTrunkOpen = (s: VehicleState) => opening(s.vehicle_state?.rt);
const guest = (s: VehicleState) => bool(s.vehicle_state?.guest_mode_enabled);

/** A software update is set to install (scheduled for a time, or installing now). */
const updateSet = (s: VehicleState) => {
  const status = s.vehicle_state?.software_update?.status;
  if (typeof status !== 'string') return null;
  return status === 'scheduled' || status === 'installing';
};

function updateWords(s: VehicleState): string | null {
  const update = s.vehicle_state?.software_update;
  const status = update?.status;
  if (typeof status !== 'string') return null;
  if (status === '') return 'no update waiting';
  const perc =
    status === 'installing' ? update?.install_perc : status === 'downloading' ? update?.download_perc : null;
  return `update ${status}${typeof perc === 'number' ? ` (${perc} %)` : ''}`;
}

export const COMMAND_FACTS: Partial<Record<RunCommandName, CommandFact>> = {
  enable_valet: {
    read: valet,
    expected: true,
    words: ['valet mode on', 'valet mode off'],
    subject: 'valet mode',
  },
  disable_valet: {
    read: valet,
    expected: false,
    words: ['valet mode on', 'valet mode off'],
    subject: 'valet mode',
  },
  open_charge_port: {
    read: port,
    expected: true,
    words: ['charge port open', 'charge port closed'],
    subject: 'the charge port',
  },
  close_charge_port: {
    read: port,
    expected: false,
    words: ['charge port open', 'charge port closed'],
    subject: 'the charge port',
  },
  close_windows: {
    read: allWindowsClosed,
    expected: true,
    words: ['all windows closed', 'a window open'],
    subject: 'its windows',
  },
  enable_low_power_mode: {
    read: lowPower,
    expected: true,
    words: ['low power mode on', 'low power mode off'],
    subject: 'low power mode',
  },
  disable_low_power_mode: {
    read: lowPower,
    expected: false,
    words: ['low power mode on', 'low power mode off'],
    subject: 'low power mode',
  },
  lock: { read: locked, expected: true, words: ['locked', 'unlocked'], subject: 'its locks' },
  unlock: { read: locked, expected: false, words: ['locked', 'unlocked'], subject: 'its locks' },
  enable_sentry: {
    read: sentry,
    expected: true,
    words: ['sentry mode on', 'sentry mode off'],
    subject: 'sentry mode',
  },
  disable_sentry: {
    read: sentry,
    expected: false,
    words: ['sentry mode on', 'sentry mode off'],
    subject: 'sentry mode',
  },
  start_charging: {
    read: charging,
    expected: true,
    words: ['charging', 'not charging'],
    subject: 'charging',
  },
  stop_charging: {
    read: charging,
    expected: false,
    words: ['charging', 'not charging'],
    subject: 'charging',
  },
  activate_front_trunk: {
    read: frunk,
    expected: true,
    words: ['frunk open', 'frunk closed'],
    subject: 'the frunk',
  },
  schedule_software_update: {
    read: updateSet,
    expected: true,
    words: ['update scheduled or installing', 'update not scheduled'],
    subject: 'a software update',
    describe: updateWords,
  },
  cancel_software_update: {
    read: updateSet,
    expected: false,
    words: ['update scheduled or installing', 'update not scheduled'],
    subject: 'a software update',
    describe: updateWords,
  },
  enable_guest: {
    read: guest,
    expected: true,
    words: ['guest mode on', 'guest mode off'],
    subject: 'guest mode',
  },
  disable_guest: {
    read: guest,
    expected: false,
    words: ['guest mode on', 'guest mode off'],
    subject: 'guest mode',
  },
};
