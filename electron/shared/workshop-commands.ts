// The commands beyond the remote-command set of shared/commands.ts, with the public service's wire
// names (shared/interface/public-api-access.md, public-api-history.md): the ones a technician uses on
// the lot (find the car, lock, sentry, charging, climate, trunks, the waiting software update), remote
// start (keyless driving) and guest mode. A separate list so the
// existing command UI and its tests keep their set; all travel as `POST /{vin}/command/<name>` with
// the two common query parameters. Zod-free so the renderer can import it cheaply.
import { isCommandName, type CommandName } from './commands';
import { english, type Say } from './i18n/english';

export const WORKSHOP_COMMAND_NAMES = [
  'flash',
  'honk',
  'lock',
  'unlock',
  'remote_start',
  'enable_sentry',
  'disable_sentry',
  'start_charging',
  'stop_charging',
  'start_climate',
  'stop_climate',
  'activate_front_trunk',
  'activate_rear_trunk',
  'schedule_software_update',
  'cancel_software_update',
] as const;

/** Guest mode: only the owner's token may switch it (a driver's is refused with 403). */
export const GUEST_COMMAND_NAMES = ['enable_guest', 'disable_guest'] as const;

export type WorkshopCommandName = (typeof WORKSHOP_COMMAND_NAMES)[number];
export type GuestCommandName = (typeof GUEST_COMMAND_NAMES)[number];
/** Every command name the service answers under `/{vin}/command/`. */
export type ServiceCommandName = CommandName | WorkshopCommandName | GuestCommandName;

export interface WorkshopParamSpec {
  /** Query parameter name on the wire. */
  name: 'in_seconds';
  min: number;
  max: number;
  integer: true;
  unit: 's';
}

export interface WorkshopCommandSpec {
  name: WorkshopCommandName | GuestCommandName;
  label: string;
  /** Its own query parameter (required when present). */
  param: WorkshopParamSpec | null;
  /** Changes what the owner or anyone near the car meets, so a UI confirms before sending. */
  needsConfirmation: boolean;
  /** The command that reverses this one, or null. */
  undoneBy: WorkshopCommandName | GuestCommandName | null;
  /** Refused (403) for a token that is not the owner's. */
  ownerOnly: boolean;
}

/** After remote_start the car may be driven without a key if driving begins within this (public-api-history.md §11). */
export const REMOTE_START_WINDOW_MINUTES = 2;

/** `schedule_software_update?in_seconds=N`: 0 installs now; our upper bound is a day (not published). */
export const IN_SECONDS_MAX = 86_400;

const spec = (
  name: WorkshopCommandSpec['name'],
  label: string,
  more: Partial<Omit<WorkshopCommandSpec, 'name' | 'label'>> = {},
): WorkshopCommandSpec => ({
  name,
  label,
  param: null,
  needsConfirmation: false,
  undoneBy: null,
  ownerOnly: false,
  ...more,
});

export const WORKSHOP_COMMANDS: Record<WorkshopCommandName | GuestCommandName, WorkshopCommandSpec> = {
  flash: spec('flash', 'Flash lights'),
  honk: spec('honk', 'Honk horn'),
  lock: spec('lock', 'Lock', { undoneBy: 'unlock' }),
  unlock: spec('unlock', 'Unlock', { needsConfirmation: true, undoneBy: 'lock' }),
  // Lets anyone at the car drive it away without a key, if driving begins within 2 minutes; nothing
  // ends it sooner, so it has no undo, and it is never one of a bulk run's commands.
  remote_start: spec('remote_start', 'Remote start', { needsConfirmation: true }),
  enable_sentry: spec('enable_sentry', 'Sentry mode on', { undoneBy: 'disable_sentry' }),
  disable_sentry: spec('disable_sentry', 'Sentry mode off', { undoneBy: 'enable_sentry' }),
  start_charging: spec('start_charging', 'Start charging', { undoneBy: 'stop_charging' }),
  stop_charging: spec('stop_charging', 'Stop charging', { undoneBy: 'start_charging' }),
  // Climate on also preconditions the battery and draws energy; the cabin's temperature is
  // set_temperatures' job, so neither takes a value.
  start_climate: spec('start_climate', 'Climate on', { undoneBy: 'stop_climate' }),
  stop_climate: spec('stop_climate', 'Climate off', { undoneBy: 'start_climate' }),
  activate_front_trunk: spec('activate_front_trunk', 'Open frunk', { needsConfirmation: true }),
  activate_rear_trunk: spec('activate_rear_trunk', 'Open or close trunk', { needsConfirmation: true }),
  schedule_software_update: spec('schedule_software_update', 'Install software update', {
    param: { name: 'in_seconds', min: 0, max: IN_SECONDS_MAX, integer: true, unit: 's' },
    needsConfirmation: true,
    undoneBy: 'cancel_software_update',
  }),
  cancel_software_update: spec('cancel_software_update', 'Cancel software update'),
  enable_guest: spec('enable_guest', 'Guest mode on', { undoneBy: 'disable_guest', ownerOnly: true }),
  disable_guest: spec('disable_guest', 'Guest mode off', { undoneBy: 'enable_guest', ownerOnly: true }),
};

export function isWorkshopCommandName(value: unknown): value is WorkshopCommandName | GuestCommandName {
  return typeof value === 'string' && Object.hasOwn(WORKSHOP_COMMANDS, value);
}

export function isServiceCommandName(value: unknown): value is ServiceCommandName {
  return isCommandName(value) || isWorkshopCommandName(value);
}

/** Why an `in_seconds` value is refused, or null. */
export function inSecondsProblem(value: unknown): string | null {
  if (typeof value !== 'number' || !Number.isInteger(value))
    return 'in_seconds must be a whole number of seconds';
  if (value < 0 || value > IN_SECONDS_MAX) return `in_seconds must be from 0 to ${IN_SECONDS_MAX}`;
  return null;
}

/** "Install software update now", "… in 15 min": the update command named with its time. */
export function scheduleTitle(inSeconds: number | undefined, say: Say = english): string {
  if (inSeconds === undefined) return say('command.schedule_software_update');
  if (inSeconds === 0) return say('schedule.now');
  const minutes = inSeconds / 60;
  return Number.isInteger(minutes)
    ? say('schedule.inMinutes', { minutes })
    : say('schedule.inSeconds', { seconds: inSeconds });
}

/** The software update as the car reports it (`vehicle_state.software_update.status`). */
export interface SoftwareUpdateStatus {
  status?: string | null;
}

/**
 * Why the software update commands cannot be sent now, from the car's last report, or null when
 * they can: installing needs an update downloaded ("available") or scheduled, cancelling one
 * scheduled. The service refuses the others; the buttons say why instead of offering them.
 */
export function updateCommandProblem(
  name: 'schedule_software_update' | 'cancel_software_update',
  update: SoftwareUpdateStatus | null | undefined,
  say: Say = english,
): string | null {
  const status = update?.status;
  if (typeof status !== 'string') return say('workshop.noUpdateReported');
  if (status === 'installing') return say('workshop.updateInstalling');
  if (name === 'cancel_software_update') return status === 'scheduled' ? null : say('workshop.noneScheduled');
  if (status === 'available' || status === 'scheduled') return null;
  if (status === '') return say('workshop.noUpdateWaiting');
  return say('workshop.notReady');
}
