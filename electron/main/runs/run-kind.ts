// What one kind of run does for one vehicle. The manager owns everything else: the queue, how many
// at once, cancel, the wait after a 429, saving, events.
import type { ErrorInfo } from '../../shared/result';
import type {
  CommandOutcome,
  RunItemEffect,
  RunItemPhase,
  RunReadBack,
  RunSnapshot,
} from '../../shared/runs';
import type { TemplateDifference } from '../../shared/telemetry-template';
import type { RunContext, RunTag, RunWork } from './run-work';

/** What a command to one car adds to its item: main's summary of it and the state read back. */
export interface CommandItemExtras {
  outcome?: CommandOutcome | null;
  readBack?: RunReadBack | null;
}

export type ItemOutcome = (
  | {
      status: 'succeeded';
      effect?: RunItemEffect | null;
      /** A template write: the field differences it changed. */
      changes?: TemplateDifference[];
      woke?: boolean;
      message?: string | null;
      durationMs?: number | null;
    }
  /** The service answered but did not do it (`result: false`, its reason in `message`). */
  | { status: 'failed'; message: string; woke?: boolean; durationMs?: number | null }
  /** Nothing to send for this vehicle after all (a configuration that already matches). */
  | { status: 'skipped'; reason: string; message: string; durationMs?: number | null }
  /** The send failed: an error the client raised (its kind, its words). */
  | { status: 'error'; error: ErrorInfo; durationMs?: number | null }
  /** Asked for, and nothing sent: the car did not wake, a cancel, or it already was so (`message`). */
  | { status: 'not-sent'; message: string; woke?: boolean; durationMs?: number | null }
) &
  CommandItemExtras;

export interface ItemStep {
  run: Readonly<
    Pick<RunSnapshot, 'id' | 'kind' | 'command' | 'alertsAndCertificates' | 'template' | 'startedBy'>
  >;
  ctx: RunContext;
  work: RunWork;
  vin: string;
  tag: RunTag;
  /**
   * Writes the journal's mark of this item's next send of `operation` now, so its sync overlaps
   * what comes before the send (see send-marks.ts).
   */
  markAhead(operation: string): void;
  /** Shows where the item stands (waking, sending…). */
  setPhase(phase: RunItemPhase): void;
  /**
   * Aborted when the run is cancelled or stops (or the app quits): a step that has sent nothing yet
   * stops there, and a wait ends. What was sent still reports.
   */
  signal: AbortSignal;
  /** Why the run stopped, in words ("cancelled", "the app quit"), once `signal` is aborted. */
  whyStopped(): string;
  now(): Date;
}

export interface RunKindSpec {
  /** How many vehicles at once. */
  concurrency: number;
  /**
   * False: a 429 is the vehicle's answer (audited, said at once) rather than waited out and sent
   * again; a command to one car is, since the technician is at its button. True when absent.
   */
  resendAfterRateLimit?: boolean;
  /**
   * True: an item is performed even when the run stops before its turn (cancelled, the app quits,
   * the profile changed), and the kind itself records it as not sent: a command to one car keeps
   * the attempt on the record. Otherwise the manager marks it not sent.
   */
  recordsUnsent?: boolean;
  perform(step: ItemStep): Promise<ItemOutcome>;
}
