// The bulk form and the run main keeps: the form a run was started from, to show again with the run
// after a reload, and which of the cars the form would send to already succeeded in that run, so
// the window never sends to them again without the technician saying so.
import { BULK_RUN_COMMAND_NAMES, type BulkRunCommandName } from '../../../electron/shared/bulk-commands';
import type { CommandParamSpec } from '../../../electron/shared/commands';
import { isFinished, type RunSnapshot } from '../../../electron/shared/runs';

export interface BulkForm {
  vins: string[];
  commandName: BulkRunCommandName;
  /** The value the run carries for each parameter it has. */
  values: Partial<Record<CommandParamSpec['name'], number>>;
  waitForCompletion: boolean | null;
  maxAttempts: number | null;
  /** Vehicles at a time, when main kept it. */
  concurrency: number | null;
}

const PARAMS: readonly CommandParamSpec['name'][] = ['temperature', 'amps', 'percent', 'mph'];

/** The form `run` was started from, with the cars still in the garage; null without a bulk command. */
export function formOfRun(run: RunSnapshot, garage: ReadonlySet<string>): BulkForm | null {
  const name = run.command?.name;
  if (!name || !(BULK_RUN_COMMAND_NAMES as readonly string[]).includes(name)) return null;
  const options = run.command!.options;
  const values: BulkForm['values'] = {};
  for (const param of PARAMS) if (options[param] !== undefined) values[param] = options[param];
  return {
    vins: run.items.map((item) => item.vin).filter((vin) => garage.has(vin)),
    commandName: name as BulkRunCommandName,
    values,
    waitForCompletion: options.waitForCompletion ?? null,
    maxAttempts: options.maxAttempts ?? null,
    concurrency: run.concurrency ?? null,
  };
}

/**
 * Of `vins`, those that already succeeded in `run` with this same command and value: once the run
 * ended, sending to them again is the technician's explicit choice, never the default.
 */
export function alreadySucceeded(
  run: RunSnapshot | null,
  commandName: BulkRunCommandName,
  param: CommandParamSpec['name'] | null,
  value: number | null,
  vins: readonly string[],
): string[] {
  if (!run || !isFinished(run) || run.command?.name !== commandName) return [];
  if (param !== null && run.command.options[param] !== value) return [];
  const succeeded = new Set(run.items.filter((item) => item.status === 'succeeded').map((item) => item.vin));
  return vins.filter((vin) => succeeded.has(vin));
}
