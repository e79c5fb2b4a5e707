// The commands a run may send. A bulk run takes the remote commands of shared/commands.ts and the
// workshop commands that make sense for a whole lot at once (lock all, sentry off for the bay, find
// the cars, charging). Trunks, the software update and guest mode stay one car at a time: opening
// every frunk on a lot or installing every update at once is never what a technician means; a long
// command to one car takes every command. Zod-free.
import { COMMANDS, COMMAND_NAMES, isCommandName, type CommandName, type CommandSpec } from './commands';
import {
  GUEST_COMMAND_NAMES,
  WORKSHOP_COMMAND_NAMES,
  WORKSHOP_COMMANDS,
  isWorkshopCommandName,
  type ServiceCommandName,
} from './workshop-commands';

export const BULK_WORKSHOP_COMMAND_NAMES = [
  'lock',
  'unlock',
  'enable_sentry',
  'disable_sentry',
  'flash',
  'honk',
  'start_charging',
  'stop_charging',
] as const;

export type BulkWorkshopCommandName = (typeof BULK_WORKSHOP_COMMAND_NAMES)[number];

/**
 * Waking the car: not a command of the service's `/command/` set, but one car's step the technician
 * asks for, and so sent through the same pipeline (one at a time per car, cancellable, audited).
 */
export const WAKE = 'wake';

/**
 * A command a run sends: a bulk run one of BULK_RUN_COMMAND_NAMES, a command to one car any of
 * the service's, or the wake-up.
 */
export type RunCommandName = ServiceCommandName | typeof WAKE;

export type BulkRunCommandName = CommandName | BulkWorkshopCommandName;

export const BULK_RUN_COMMAND_NAMES: readonly BulkRunCommandName[] = [
  ...COMMAND_NAMES,
  ...BULK_WORKSHOP_COMMAND_NAMES,
];

export const RUN_COMMAND_NAMES: readonly RunCommandName[] = [
  ...COMMAND_NAMES,
  ...WORKSHOP_COMMAND_NAMES,
  ...GUEST_COMMAND_NAMES,
  WAKE,
];

export function isBulkWorkshopCommandName(value: unknown): value is BulkWorkshopCommandName {
  return typeof value === 'string' && (BULK_WORKSHOP_COMMAND_NAMES as readonly string[]).includes(value);
}

export function isRunCommandName(value: unknown): value is RunCommandName {
  return isCommandName(value) || isWorkshopCommandName(value) || value === WAKE;
}

/** What a bulk view and a run need of a command: its label, its value and whether it is confirmed. */
export type RunCommandSpec = Omit<CommandSpec, 'name' | 'undoneBy' | 'undoes'> & { name: RunCommandName };

export function runCommandSpec(name: RunCommandName): RunCommandSpec {
  if (isCommandName(name)) return COMMANDS[name];
  if (name === WAKE) return { name, label: 'Wake up', param: null, needsConfirmation: false };
  const workshop = WORKSHOP_COMMANDS[name];
  // The software update's `inSeconds` is a time, not a value the car reports back: it is checked
  // and named on its own (schemas.ts, commandTitle), so the spec carries no value here.
  return { name, label: workshop.label, param: null, needsConfirmation: workshop.needsConfirmation };
}
