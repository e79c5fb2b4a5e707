// A run is work main owns across many vehicles or past one view (a bulk command, "Refresh garage",
// a long command): the renderer starts it, watches it and may cancel it, but never drives it.
// These are the shapes both sides see; main keeps the run itself and its results on disk.
import type { RunCommandName } from './bulk-commands';
import type { ErrorInfo, ErrorKind } from './result';
import type { TelemetryFields } from './telemetry-rules';
import type { TemplateDifference } from './telemetry-template';
import type { StateMeta } from './types';
import type { VehicleState } from './wire';

export type RunKind =
  'bulk-command' | 'garage-refresh' | 'history-refresh' | 'vehicle-command' | 'template-rollout';

/** Kinds of run that only read: nothing they do could be sent twice, so they keep no journal. */
export const isReadRun = (kind: RunKind): boolean => kind === 'garage-refresh' || kind === 'history-refresh';

/**
 * `interrupted`: the app quit (or crashed) while the run was under way; the items it had not sent
 * are `not-sent`, and "Retry failed" can send them; an item sent with no answer recorded is
 * `unknown`, sent again only when the technician chooses so.
 */
export type RunState = 'running' | 'cancelling' | 'completed' | 'cancelled' | 'failed' | 'interrupted';

/** States a run does not leave. */
export const FINISHED_RUN_STATES: readonly RunState[] = ['completed', 'cancelled', 'failed', 'interrupted'];

/** Whether a run has ended (completed, cancelled, stopped), whatever its items say. */
export const isFinished = (run: Pick<RunSnapshot, 'state'>): boolean =>
  FINISHED_RUN_STATES.includes(run.state);

/**
 * `unknown`: the request left but the app stopped before an answer was recorded (a crash, a kill),
 * so whether the car did it cannot be known here: its History and state say.
 */
export type RunItemStatus =
  'queued' | 'sending' | 'waiting' | 'succeeded' | 'failed' | 'skipped' | 'not-sent' | 'unknown';

/** Where a long command stands for one vehicle. */
export type RunItemPhase = 'checking' | 'waking' | 'sending' | 'verifying' | 'reading';

/** The command a run sends, with the values it carries (same for every vehicle of a bulk run). */
export interface RunCommand {
  name: RunCommandName;
  /** As the technician chose them; the wire defaults are in each audit entry. */
  options: RunCommandOptions;
}

export interface RunCommandOptions {
  waitForCompletion?: boolean;
  maxAttempts?: number;
  temperature?: number;
  amps?: number;
  percent?: number;
  mph?: number;
  /** schedule_software_update only: seconds from now, 0 installs now. */
  inSeconds?: number;
}

/** What the state read after a successful command shows of its effect. */
export interface RunItemEffect {
  /** The command's value as the car now reports it (charge limit, amps…), when it has one. */
  value: number | null;
  /**
   * With `value`, what the reading known before the command said of it (null: none was known), in
   * the service's unit as `value` is: a reader words the two in its own units (°F, km/h), where
   * `text` says them in the service's. Absent for a switch, and in runs kept before it was recorded.
   */
  was?: number | null;
  /** "now 80 %", "the car does not show the change yet", "not read: …". */
  text: string;
  /** Whether the car's state shows what was sent. Null when it could not be read or has no value. */
  confirmed: boolean | null;
  /** When the car reported that state (its own time), or null. */
  asOf: string | null;
}

/** The template a roll-out writes, as it was when the run started (a retry writes the same). */
export interface RunTemplate {
  name: string;
  fields: TelemetryFields;
}

/** One vehicle's part of a run. */
export interface RunItem {
  vin: string;
  status: RunItemStatus;
  /** Why it failed or was skipped, in the technician's words. */
  message: string | null;
  /** Short words for why it was skipped, for the summary ("offline"); null when not skipped. */
  skipReason: string | null;
  /** The error's kind when it failed, for filters and exports. */
  errorKind: ErrorKind | null;
  /** ISO time this item last changed. */
  at: string | null;
  /** Where a long command stands while this item is sending. */
  phase: RunItemPhase | null;
  /** The command's effect read back from the car after a success; null for reads and failures. */
  effect: RunItemEffect | null;
  /** The audit entry of the command this item sent (one per send), or null when nothing was sent. */
  auditId: string | null;
  /** Whether the service had to wake the car for it. */
  woke: boolean;
  /** How long its last send took, from the request to the answer. */
  durationMs: number | null;
  /**
   * A command to one car: how it ended, as main summarised it (absent while it runs, and for the
   * items of other runs). The window shows it as it is, and asks nothing after the run ends.
   */
  outcome?: CommandOutcome | null;
  /** A command to one car: the state main read back after it, with that read's times. */
  readBack?: RunReadBack | null;
  /**
   * A template written to this car: what the write changed of its fields (missing, extra, other
   * interval), so the window words them once for the cars that share them and per car the rest.
   */
  changes?: TemplateDifference[] | null;
}

/**
 * `ok`: done, and what the car then showed is said; `accepted`: the service took it, the car has not
 * shown it yet; `failed`: the vehicle answered that it did not do it; `not-sent`: nothing reached
 * the car (it did not wake, the technician cancelled, it already was so); `error`: the send failed.
 */
export type CommandTone = 'ok' | 'accepted' | 'failed' | 'not-sent' | 'error';

/** The one click that puts back what the car showed before a value command. */
export interface CommandUndo {
  command: RunCommand;
  /** "Undo: back to 90 %", the button's words beside the command's outcome. */
  label: string;
}

/** How a command to one car ended, summarised by main when its run ends. */
export interface CommandOutcome {
  tone: CommandTone;
  /** What was attempted, named with its value, when `text` does not say it ("Set charge limit to 90 %"). */
  subject?: string;
  text: string;
  /** What the state read afterwards shows ("now 90 %, was 80 %", "the car does not show the change yet"). */
  detail?: string;
  /** The car's own time of that state, when the detail does not confirm the effect (else absent). */
  detailAsOf?: string;
  /** True when the state read afterwards showed the effect: only then can the car later contradict it. */
  effectShown?: boolean;
  /** The value the command carried, so a field holding another value never shows it as its own. */
  sent: number | null;
  at: string;
  /** For an error: its kind and message, which the window words as it words every error. */
  error?: ErrorInfo;
  undo?: CommandUndo;
}

/** The state read back after a command to one car, as the window's state store holds a read. */
export interface RunReadBack {
  state: VehicleState;
  meta: StateMeta;
}

/** How many items are in each state, so a view of 1,000 vehicles needs no count of its own. */
export interface RunCounts {
  total: number;
  queued: number;
  sending: number;
  waiting: number;
  succeeded: number;
  failed: number;
  skipped: number;
  notSent: number;
  /** Sent, no answer recorded (the app stopped): whether the car did it is not known. */
  unknown: number;
}

/** A run as the renderer sees it at one moment. */
export interface RunSnapshot {
  id: string;
  kind: RunKind;
  profileId: string;
  profileName: string;
  /** What the run does, in the technician's words ("Set charge limit to 80 %"). */
  title: string;
  state: RunState;
  startedAt: string;
  endedAt: string | null;
  /** The command sent (bulk and long commands); null for reads. */
  command: RunCommand | null;
  /** The template a roll-out writes; null for every other kind. */
  template: RunTemplate | null;
  /** A garage refresh's choice to read alerts and telemetry too. */
  alertsAndCertificates: boolean;
  /** The run this one sends again to ("Retry failed"), or null. */
  retryOf: string | null;
  /**
   * A bulk command's vehicles at a time, as the technician chose: its retry sends as many, and the
   * window shows it again in the form after a reload. Absent for other kinds and older runs.
   */
  concurrency?: number;
  /**
   * 'app' when main started the run by itself (the garage read at start-up or on a profile switch):
   * nobody asked for it, so its end is never a system notification. Absent when the technician did.
   */
  startedBy?: 'app';
  /** Why the run stopped on its own before the end (a refused token, an unreachable service). */
  stoppedBecause: string | null;
  /** While the service's rate limit holds every send: until when (ISO); else null. */
  waitingUntil: string | null;
  /** One sentence for the end state: "Cancelled: 5 sent, 4 not sent, 1 skipped (offline)". */
  summary: string;
  counts: RunCounts;
  /**
   * Counts the run's 'run.changed' events: a snapshot of revision R already holds every change the
   * events up to R told, so a window that fetched it skips those and applies the later ones.
   */
  revision: number;
  items: RunItem[];
}

/** A vehicle of a new run: queued, nothing sent, nothing known yet. */
export function newRunItem(vin: string): RunItem {
  return {
    vin,
    status: 'queued',
    message: null,
    skipReason: null,
    errorKind: null,
    at: null,
    phase: null,
    effect: null,
    auditId: null,
    woke: false,
    durationMs: null,
  };
}

export function emptyCounts(): RunCounts {
  return {
    total: 0,
    queued: 0,
    sending: 0,
    waiting: 0,
    succeeded: 0,
    failed: 0,
    skipped: 0,
    notSent: 0,
    unknown: 0,
  };
}

export function countItems(items: readonly Pick<RunItem, 'status'>[]): RunCounts {
  const counts = emptyCounts();
  counts.total = items.length;
  for (const item of items) {
    if (item.status === 'not-sent') counts.notSent++;
    else counts[item.status]++;
  }
  return counts;
}

/**
 * Items that "Retry failed" sends again: failed or never sent. Succeeded and skipped ones never;
 * those whose outcome is unknown (sent, no answer recorded) only when the technician includes them,
 * since the car may have done it already.
 */
export function retryableItems<T extends Pick<RunItem, 'status'>>(
  items: readonly T[],
  options: { includeUnknown?: boolean } = {},
): T[] {
  return items.filter(
    (item) =>
      item.status === 'failed' ||
      item.status === 'not-sent' ||
      (options.includeUnknown === true && item.status === 'unknown'),
  );
}

/** A run without its items, as lists of runs show it. */
export type RunSummary = Omit<RunSnapshot, 'items'>;

/**
 * What a 'run.changed' event carries: the run's summary (state, counts, summary sentence), and its
 * items that changed since the run's previous event, or every item when `itemsComplete` (the run's
 * first event). A window that missed earlier events fetches the whole run once (`runs.get`).
 */
export interface RunChange {
  run: RunSummary;
  items: RunItem[];
  itemsComplete: boolean;
}

/**
 * A run with a change applied: the changed items replace theirs by VIN, in the run's order. The
 * change must follow `run` (its revision newer); a complete change stands alone.
 */
export function applyRunChange(run: RunSnapshot | null, change: RunChange): RunSnapshot {
  if (change.itemsComplete || run === null) return { ...change.run, items: change.items };
  if (change.items.length === 0) return { ...change.run, items: run.items };
  const changed = new Map(change.items.map((item) => [item.vin, item]));
  return { ...change.run, items: run.items.map((item) => changed.get(item.vin) ?? item) };
}
