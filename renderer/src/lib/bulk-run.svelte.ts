// The bulk run in progress (or last finished), shared so the header can show it from any view and
// the run survives view switches. Paces itself by the service's rate limit: a 429 is waited out and
// the vehicle is sent again, never reported as that vehicle's result.
import type { CommandName } from '../../../electron/shared/commands';
import { COMMANDS } from '../../../electron/shared/commands';
import type { Result } from '../../../electron/shared/result';
import type { CommandResult } from '../../../electron/shared/types';
import type { BulkRow, PlanEntry } from './bulk-plan';
import { runBulk } from './bulk-runner';
import { describeOptions } from './command-input';
import type { ConnectionNotes } from './connection.svelte';
import { garageApi } from './garage';
import { commandSuccessText, outcomeOf, TONE_LABELS } from './outcome';
import { displayName } from './vehicle-filter';

/** Seconds a 429 asks to wait, or null for any other answer. */
export function rateLimitWait(result: Result<CommandResult>): number | null {
  if (result.ok || result.error.kind !== 'rate_limited') return null;
  return result.error.retryAfterSeconds ?? 1;
}

const STATUS_WORDS: Record<BulkRow['status'], string> = {
  queued: 'Not sent yet',
  running: 'Sending',
  waiting: 'Waiting for the rate limit',
  done: 'Done',
  cancelled: 'Cancelled, not sent',
  skipped: 'Not sent',
};

function csvCell(value: string): string {
  // A leading =, +, - or @ would run as a formula in a spreadsheet.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

class BulkRunState {
  rows = $state<BulkRow[]>([]);
  running = $state(false);
  commandName = $state<CommandName | null>(null);
  /** When every send may go again, while the service's rate limit holds the run. */
  waitUntil = $state<number | null>(null);
  finished = $derived(
    this.rows.filter((r) => r.status !== 'queued' && r.status !== 'running' && r.status !== 'waiting').length,
  );
  total = $derived(this.rows.length);
  failedCount = $derived(this.rows.filter((r) => r.outcome !== null && r.outcome.tone !== 'ok').length);

  private controller: AbortController | null = null;

  private readonly deps: { connection: ConnectionNotes };

  constructor(deps: { connection: ConnectionNotes }) {
    this.deps = deps;
  }
  /** Row indexes cancelled by the technician. */
  private cancelled = new Set<number>();
  private lastEntries: PlanEntry[] = [];
  private lastConcurrency = 1;

  /** Runs `entries` (skipped ones, with a problem, are listed but never sent). */
  async start(name: CommandName, entries: PlanEntry[], concurrency: number): Promise<void> {
    if (this.running) return;
    this.commandName = name;
    this.lastEntries = entries;
    this.lastConcurrency = concurrency;
    this.rows = entries.map((e) => ({
      vehicle: e.vehicle,
      status: e.problem ? 'skipped' : 'queued',
      outcome: null,
      ...(e.problem ? { skipReason: e.problem } : {}),
    }));
    await this.runRows(entries.flatMap((e, i) => (e.problem ? [] : [i])));
  }

  /** Sends again, in place, to the vehicles whose result was not a success, with the same values. */
  async retryFailed(): Promise<void> {
    if (this.running || this.commandName === null) return;
    const again = this.rows.flatMap((r, i) => (r.outcome !== null && r.outcome.tone !== 'ok' ? [i] : []));
    for (const i of again) {
      this.rows[i]!.status = 'queued';
      this.rows[i]!.outcome = null;
    }
    if (again.length > 0) await this.runRows(again);
  }

  private async runRows(indexes: number[]): Promise<void> {
    const name = this.commandName!;
    const entries = this.lastEntries;
    this.running = true;
    this.controller = new AbortController();
    this.cancelled = new Set();
    await runBulk({
      items: indexes,
      concurrency: this.lastConcurrency,
      signal: this.controller.signal,
      isSkipped: (k) => this.cancelled.has(indexes[k]!),
      retryAfter: rateLimitWait,
      onWait: (until) => (this.waitUntil = until),
      send: async (i) => {
        const result = await garageApi().vehicles.command(entries[i]!.vehicle.vin, name, entries[i]!.options);
        if (result.ok) this.deps.connection.noteAnswer();
        else this.deps.connection.noteError(result.error);
        return result;
      },
      onUpdate: (k, state) => {
        const i = indexes[k]!;
        const row = this.rows[i]!;
        if (state.status === 'done') {
          row.status = 'done';
          row.outcome = outcomeOf(state.result, commandSuccessText(entries[i]!.options.waitForCompletion));
        } else if (state.status === 'failed') {
          row.status = 'done';
          row.outcome = {
            tone: 'error',
            text: 'The app could not send the command.',
            at: new Date().toISOString(),
          };
        } else row.status = state.status;
        if (state.status === 'running' && this.waitUntil !== null && this.waitUntil <= Date.now()) {
          this.waitUntil = null;
        }
      },
    });
    this.running = false;
    this.waitUntil = null;
    this.controller = null;
  }

  cancelAll(): void {
    this.controller?.abort();
    this.rows.forEach((row, i) => {
      if (row.status === 'queued' || row.status === 'waiting') {
        this.cancelled.add(i);
        row.status = 'cancelled';
      }
    });
  }

  cancelOne(i: number): void {
    this.cancelled.add(i);
    const row = this.rows[i];
    if (row && row.status === 'queued') row.status = 'cancelled';
  }

  /** The results as CSV: one line per vehicle, with what was sent and how it ended. */
  csv(): string {
    const spec = this.commandName ? COMMANDS[this.commandName] : null;
    const head = ['Vehicle', 'VIN', 'Command', 'Values', 'Status', 'Result', 'Detail', 'Time'];
    const lines = this.rows.map((row, i) => {
      const entry = this.lastEntries[i];
      return [
        displayName(row.vehicle),
        row.vehicle.vin,
        spec?.label ?? '',
        entry ? describeOptions(entry.options) : '',
        STATUS_WORDS[row.status],
        row.outcome ? TONE_LABELS[row.outcome.tone] : '',
        row.outcome?.text ?? row.skipReason ?? '',
        row.outcome?.at ?? '',
      ]
        .map(csvCell)
        .join(',');
    });
    return [head.join(','), ...lines].join('\r\n') + '\r\n';
  }

  /** Back to the start state; component tests call this between cases. */
  reset(): void {
    this.controller?.abort();
    this.rows = [];
    this.running = false;
    this.commandName = null;
    this.waitUntil = null;
    this.controller = null;
    this.cancelled = new Set();
    this.lastEntries = [];
  }
}

/** A store's type, for the stores that are given it. */
export type BulkRunStore = BulkRunState;

export function createBulkRun(deps: { connection: ConnectionNotes }): BulkRunStore {
  return new BulkRunState(deps);
}
