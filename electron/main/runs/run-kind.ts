// What one kind of run does for one vehicle. The manager owns everything else: the queue, how many
// at once, cancel, the wait after a 429, saving, events.
import type { ErrorInfo } from '../../shared/result';
import type { RunItemEffect, RunItemPhase, RunSnapshot } from '../../shared/runs';
import type { RunContext, RunTag, RunWork } from './run-work';

export type ItemOutcome =
  | {
      status: 'succeeded';
      effect?: RunItemEffect | null;
      woke?: boolean;
      message?: string | null;
      durationMs?: number | null;
    }
  /** The service answered but did not do it (`result: false`, its reason in `message`). */
  | { status: 'failed'; message: string; woke?: boolean; durationMs?: number | null }
  /** Nothing to send for this vehicle after all (a configuration that already matches). */
  | { status: 'skipped'; reason: string; message: string; durationMs?: number | null }
  /** The send failed: an error the client raised (its kind, its words). */
  | { status: 'error'; error: ErrorInfo; durationMs?: number | null };

export interface ItemStep {
  run: Readonly<Pick<RunSnapshot, 'id' | 'kind' | 'command' | 'alertsAndCertificates' | 'template'>>;
  ctx: RunContext;
  work: RunWork;
  vin: string;
  tag: RunTag;
  /** Shows where the item stands (waking, sending…). */
  setPhase(phase: RunItemPhase): void;
}

export interface RunKindSpec {
  /** How many vehicles at once. */
  concurrency: number;
  perform(step: ItemStep): Promise<ItemOutcome>;
}
