// A bulk command: the same command and values to many vehicles, a few at a time. The service
// wakes a sleeping car for the command itself; each vehicle's send is audited once, marked with
// the run's id, and its effect read back.
import type { RunKindSpec } from './run-kind';
import { sendAndConfirm } from './command-steps';

/** Commands may take 4 of the client's 6 slots; the other 2 are kept for reads. */
export const BULK_MAX_CONCURRENCY = 4;

export function bulkCommandRun(concurrency: number = BULK_MAX_CONCURRENCY): RunKindSpec {
  return {
    concurrency: Math.max(1, Math.min(BULK_MAX_CONCURRENCY, Math.floor(concurrency))),
    perform: (step) => sendAndConfirm(step, step.run.command!),
  };
}
