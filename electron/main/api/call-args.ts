// The client's arguments with their defaults filled in. Nothing here checks a value: every argument
// that comes from the renderer was checked once, at the IPC edge (shared/ipc/schemas.ts), and the
// other callers (runs, jobs, the shop link) pass values main read through its own checked
// boundaries (the garage file, the run store, the service's answers). Code here trusts the types.
import {
  COMMANDS,
  DEFAULT_MAX_ATTEMPTS,
  DEFAULT_WAIT_FOR_COMPLETION,
  type CommandName,
  type CommandParamName,
} from '../../shared/commands';
import type { CommandOptions, DrivesQuery, ReleaseNotesQuery } from '../../shared/ipc/api';
import {
  WORKSHOP_COMMANDS,
  type GuestCommandName,
  type WorkshopCommandName,
} from '../../shared/workshop-commands';

export const DEFAULT_LANGUAGE = 'en';
export const DEFAULT_STAGED = false;

// The same option shapes the renderer passes over IPC.
export type { CommandOptions, DrivesQuery, ReleaseNotesQuery };

/** A command with every default filled in. */
export interface CommandCall {
  name: CommandName;
  waitForCompletion: boolean;
  maxAttempts: number;
  param: { name: CommandParamName; value: number } | null;
}

export interface ReleaseNotesCall {
  version: string;
  language: string;
  staged: boolean;
}

export interface WorkshopCommandOptions {
  waitForCompletion?: boolean;
  maxAttempts?: number;
  /** schedule_software_update only: seconds from now, 0 installs now. */
  inSeconds?: number;
}

export interface WorkshopCommandCall {
  name: WorkshopCommandName | GuestCommandName;
  waitForCompletion: boolean;
  maxAttempts: number;
  inSeconds: number | null;
}

export function commandCall(name: CommandName, opts: CommandOptions = {}): CommandCall {
  const spec = COMMANDS[name].param;
  const value = spec === null ? undefined : opts[spec.name];
  return {
    name,
    waitForCompletion: opts.waitForCompletion ?? DEFAULT_WAIT_FOR_COMPLETION,
    maxAttempts: opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    param: spec === null || value === undefined ? null : { name: spec.name, value },
  };
}

export function releaseNotesCall(q: ReleaseNotesQuery = {}): ReleaseNotesCall {
  return {
    version: q.version ?? '',
    language: q.language ?? DEFAULT_LANGUAGE,
    staged: q.staged ?? DEFAULT_STAGED,
  };
}

export function workshopCommandCall(
  name: WorkshopCommandName | GuestCommandName,
  opts: WorkshopCommandOptions = {},
): WorkshopCommandCall {
  return {
    name,
    waitForCompletion: opts.waitForCompletion ?? DEFAULT_WAIT_FOR_COMPLETION,
    maxAttempts: opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    // Never defaulted: 0 would install at once.
    inSeconds: WORKSHOP_COMMANDS[name].param === null ? null : (opts.inSeconds ?? null),
  };
}
