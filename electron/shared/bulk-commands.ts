// The commands a bulk run may send: the remote commands of shared/commands.ts and the workshop
// commands that make sense for a whole lot at once (lock all, sentry off for the bay, find the cars,
// charging). Trunks, the software update and guest mode stay one car at a time: opening every frunk
// on a lot or installing every update at once is never what a technician means. Zod-free.
import { COMMANDS, COMMAND_NAMES, isCommandName, type CommandName, type CommandSpec } from './commands';
import { WORKSHOP_COMMANDS } from './workshop-commands';

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

/** A command a run sends. */
export type RunCommandName = CommandName | BulkWorkshopCommandName;

export const RUN_COMMAND_NAMES: readonly RunCommandName[] = [
  ...COMMAND_NAMES,
  ...BULK_WORKSHOP_COMMAND_NAMES,
];

export function isBulkWorkshopCommandName(value: unknown): value is BulkWorkshopCommandName {
  return typeof value === 'string' && (BULK_WORKSHOP_COMMAND_NAMES as readonly string[]).includes(value);
}

export function isRunCommandName(value: unknown): value is RunCommandName {
  return isCommandName(value) || isBulkWorkshopCommandName(value);
}

/** What a bulk view and a run need of a command: its label, its value and whether it is confirmed. */
export type RunCommandSpec = Omit<CommandSpec, 'name' | 'undoneBy' | 'undoes'> & { name: RunCommandName };

export function runCommandSpec(name: RunCommandName): RunCommandSpec {
  if (isCommandName(name)) return COMMANDS[name];
  const workshop = WORKSHOP_COMMANDS[name];
  // None of the bulk workshop commands carries a value of its own.
  return { name, label: workshop.label, param: null, needsConfirmation: workshop.needsConfirmation };
}
