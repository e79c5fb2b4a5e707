// Runs owned by main: a bulk command, "Refresh garage", a long command. The renderer starts one and
// watches it through 'run.changed' events; it goes on when the window reloads, crashes or closes.
// Each run has its queue, a few sends at once, cancel (no new sends; sends under way finish and
// report, since a sent command cannot be recalled), and one pacer: the API client's, which holds
// every request while the service's rate limit asks. A 429 means the service did not act, so the
// vehicle is sent again after the wait and audited once. Runs and their results are saved, so
// "Retry failed" and "Export results" work after a restart; a run the app quit in is 'interrupted'.
//
// Over 600 lines on purpose: one run's life (start, queue, the per-vehicle send with its 429 waits,
// cancel, stop, save, the coalesced progress events, prune) is one state machine over the LiveRun
// record, and its steps share that record's invariants; the kinds of run (run-kind.ts and the
// *-run.ts files) and the results export already live beside it.
import { randomUUID } from 'node:crypto';
import { tm } from '../i18n/main-words';
import { commandBusyText } from '../../shared/command-busy';
import { AppError, type ErrorInfo, type ErrorKind } from '../../shared/result';
import { isUnreachable } from '../../shared/reachability';
import {
  countItems,
  FINISHED_RUN_STATES,
  isReadRun,
  newRunItem,
  retryableItems,
  type RunCommand,
  type RunItem,
  type RunItemPhase,
  type RunKind,
  type RunSnapshot,
  type RunSummary,
  type RunTemplate,
} from '../../shared/runs';
import type { AuditEntry } from '../../shared/types';
import type { FactPort } from '../events/domain-events';
import { writeFileAtomic } from '../storage/atomic-file';
import { bulkCommandRun } from './bulk-command-run';
import { garageRefreshRun } from './garage-refresh-run';
import { historyRefreshRun } from './history-refresh-run';
import { runResultsCsv } from './run-export';
import type { CsvDialect } from '../audit/audit-csv';
import type { ItemOutcome, RunKindSpec } from './run-kind';
import type { RunJournal } from './run-journal';
import { recoverRun } from './run-recovery';
import { RUNS_KEPT, type RunStore } from './run-store';
import { waitUnlessStopped } from './stoppable-waits';
import { runSummary } from '../../shared/run-summary';
import { createSendMarks } from './send-marks';
import type { RunContext, RunWork } from './run-work';
import { templateRolloutRun } from './template-rollout-run';
import {
  bulkTitle,
  commandTitle,
  historyRefreshTitle,
  notSentWords,
  refreshTitle,
  rolloutTitle,
  stopWords,
} from './run-titles';
import { vehicleCommandRun, type VehicleCommandRunOptions } from './vehicle-command-run';

/** Progress events of one run are coalesced to one per this many ms; state changes go at once. */
export const PROGRESS_EVENT_MS = 100;
/** How many times one vehicle is sent again after a 429 before that answer stands. */
export const MAX_RATE_LIMIT_WAITS = 20;
/** After this many failures in a row of the kinds below, the service is taken as not answering. */
export const UNREACHABLE_AFTER = 6;

/** Failures every other vehicle would meet too: the run stops at the first. */
const FATAL: ReadonlySet<ErrorKind> = new Set([
  'no_token',
  'unauthorized',
  'forbidden',
  'policy_refused',
  'keychain_unavailable',
]);
/** No answer, or an answer saying the service itself failed: another vehicle would likely meet it too. */
const notAnswering = (kind: ErrorKind) => isUnreachable(kind) || kind === 'server_error';

export interface BulkItemInput {
  vin: string;
  /** Not sent, with why: short words for the summary ("offline") and the full sentence. */
  skip?: { reason: string; message: string } | null;
}

export interface RunManager {
  /** Reads the runs saved on disk; a run the app quit in becomes 'interrupted'. */
  load(): Promise<void>;
  startBulkCommand(
    ctx: RunContext,
    input: { command: RunCommand; items: BulkItemInput[]; concurrency?: number },
  ): Promise<RunSnapshot>;
  /** A refresh of this profile already running is returned rather than started twice. */
  startGarageRefresh(
    ctx: RunContext,
    input: {
      vins: string[];
      alertsAndCertificates?: boolean;
      /** Started by the app itself, not the technician: at start-up, or on a switch of profile. */
      byApp?: 'start-up' | 'profile';
    },
  ): Promise<RunSnapshot>;
  /** Every car's history read again (never waking one); one of this profile already running is returned. */
  startHistoryRefresh(ctx: RunContext, input: { vins: string[] }): Promise<RunSnapshot>;
  startVehicleCommand(ctx: RunContext, input: { vin: string; command: RunCommand }): Promise<RunSnapshot>;
  /**
   * Writes a telemetry template to each vehicle, one at a time; one whose configuration already
   * matches is skipped. One roll-out per profile at a time.
   */
  startTemplateRollout(
    ctx: RunContext,
    input: { template: RunTemplate; items: BulkItemInput[] },
  ): Promise<RunSnapshot>;
  /** Every run kept, newest first, without their items. */
  list(): RunSummary[];
  get(id: string): RunSnapshot;
  cancel(id: string): RunSnapshot;
  /** Cancels one vehicle of a run: not sent if it has not been yet. */
  cancelItem(id: string, vin: string): RunSnapshot;
  /**
   * A new run to the vehicles that failed or were not sent; never the ones that succeeded, and
   * those whose outcome is unknown only with `includeUnknown` (the technician's explicit choice).
   */
  retryFailed(id: string, options?: { includeUnknown?: boolean }): Promise<RunSnapshot>;
  /** Writes the run's results as CSV to `target` (atomically); returns the rows written. */
  exportResults(id: string, target: string, dialect?: CsvDialect): Promise<number>;
  /** Runs under way, for the quit prompt. */
  underWay(): RunSummary[];
  /** Settles with the run's last snapshot when it has ended. */
  whenDone(id: string): Promise<RunSnapshot>;
  /** Quitting: no new sends in any run; what is under way may finish. */
  halt(): void;
  /** Settles when every run has ended and its results are on disk. */
  settle(): Promise<void>;
}

export interface RunManagerOptions {
  store: RunStore;
  work: RunWork;
  /** Told `run.changed` as each run starts, progresses and ends. */
  facts: FactPort;
  /** The context of the profile a saved run belongs to (for "Retry failed" after a restart). */
  contextOf(profileId: string): Promise<RunContext>;
  /** How a command to one car reads back an accepted command (tests shorten the waits). */
  vehicleCommand?: VehicleCommandRunOptions;
  /**
   * The audit entries carrying a run's id, written since `from`: after a crash, the answers the
   * run's own files may have missed. None by default.
   */
  auditOfRun?: (runId: string, from: string) => Promise<AuditEntry[]>;
  now?: () => Date;
  newId?: () => string;
  onProblem?: (message: string, error: unknown) => void;
}

interface LiveRun {
  snap: RunSnapshot;
  ctx: RunContext | null;
  spec: RunKindSpec | null;
  /** No new sends: cancelled, stopped on its own, or the app quits. */
  stopping: boolean;
  cancelled: boolean;
  halted: boolean;
  cancelledVins: Set<string>;
  /** Ends the waits of a rate limit when the run stops. */
  abort: AbortController;
  /** Until when a 429's Retry-After holds one of the run's vehicles (epoch ms); 0 when none. */
  retryUntil: number;
  /** Until when the client's pacer expects to hold the sends waiting now (epoch ms), or null. */
  pacedUntil: number | null;
  done: Promise<RunSnapshot>;
  progressTimer: NodeJS.Timeout | null;
  /** Each item as the last event told it, by VIN; null until the run's first event. */
  told: Map<string, RunItem> | null;
  /** Where each send and outcome is written as it happens; null for runs that send nothing. */
  journal: RunJournal | null;
  /** The ended run's record being made durable (its file, or its journal synced); null before. */
  filed: Promise<void> | null;
}

/** Whether two copies of an item say the same (items are flat but for their effect). */
function sameItem(a: RunItem | undefined, b: RunItem): boolean {
  if (!a) return false;
  for (const key of Object.keys(b) as (keyof RunItem)[]) {
    if (key === 'effect') {
      const [x, y] = [a.effect, b.effect];
      if (x === y) continue;
      if (
        !x ||
        !y ||
        x.value !== y.value ||
        x.was !== y.was ||
        x.text !== y.text ||
        x.confirmed !== y.confirmed ||
        x.asOf !== y.asOf
      )
        return false;
    } else if (a[key] !== b[key]) return false;
  }
  return true;
}

export function createRunManager(options: RunManagerOptions): RunManager {
  const { store, work, facts } = options;
  const now = options.now ?? (() => new Date());
  const newId = options.newId ?? randomUUID;
  const onProblem = options.onProblem ?? (() => {});
  const auditOfRun = options.auditOfRun ?? (async () => []);
  const runs = new Map<string, LiveRun>();
  let halted = false;

  function snapshot(live: LiveRun): RunSnapshot {
    const snap = live.snap;
    const counts = countItems(snap.items);
    return {
      ...snap,
      command: snap.command ? { name: snap.command.name, options: { ...snap.command.options } } : null,
      template: snap.template ? { name: snap.template.name, fields: { ...snap.template.fields } } : null,
      counts,
      summary: runSummary(snap.kind, snap.state, counts, snap.items, snap.stoppedBecause, tm),
      items: snap.items.map((item) => ({ ...item, effect: item.effect ? { ...item.effect } : null })),
    };
  }

  function summaryOf(live: LiveRun): RunSummary {
    const { items: _items, ...rest } = snapshot(live);
    return rest;
  }

  /**
   * Tells the run: its summary, and of its items only those that changed since its last event (all
   * of them in its first). A 1,000-vehicle run thus sends a few items ten times a second, not 1,000.
   */
  function emitNow(live: LiveRun): void {
    if (live.progressTimer) clearTimeout(live.progressTimer);
    live.progressTimer = null;
    live.snap.revision++;
    const { items: all, ...run } = snapshot(live);
    const first = live.told === null;
    const told = live.told ?? new Map<string, RunItem>();
    const items = first ? all : all.filter((item) => !sameItem(told.get(item.vin), item));
    for (const item of items) told.set(item.vin, item);
    live.told = told;
    facts.publish('run.changed', { run, items, itemsComplete: first });
  }

  /**
   * A vehicle's progress: one event per run every PROGRESS_EVENT_MS; saved within a second, unless
   * the run's journal is its record while it goes on (a command to one car: see keepJournal).
   */
  function progressed(live: LiveRun): void {
    if (!(live.journal && journalIsRecord(live))) store.save(live.snap.id, () => snapshot(live));
    if (live.progressTimer) return;
    live.progressTimer = setTimeout(() => emitNow(live), PROGRESS_EVENT_MS);
    live.progressTimer.unref?.();
  }

  /** The run's state changed: told and saved at once. */
  async function stateChanged(live: LiveRun): Promise<void> {
    emitNow(live);
    await store.saveNow(snapshot(live));
  }

  /**
   * The run started or ended: told at once, and recorded where a crash finds it. A run with a
   * journal writes itself there (its first send's sync carries its start; its end is in the kernel
   * before `done` settles, and its answers are in the synced audit log), and its file only after
   * it has ended, off the path of the command a technician waits on. A run without one (a refresh,
   * which only reads) saves its file.
   */
  async function recorded(live: LiveRun): Promise<void> {
    if (!live.journal) return stateChanged(live);
    emitNow(live);
    await live.journal.append({ type: 'run', run: snapshot(live) });
  }

  function find(id: string): LiveRun {
    const live = typeof id === 'string' ? runs.get(id) : undefined;
    if (!live) throw new AppError('not_found', tm('mainRuns.notKnown'));
    return live;
  }

  const isFinished = (live: LiveRun) => FINISHED_RUN_STATES.includes(live.snap.state);

  function stop(live: LiveRun, reason: string): void {
    live.snap.stoppedBecause ??= reason;
    live.stopping = true;
    live.abort.abort();
  }

  function apply(live: LiveRun, item: RunItem, outcome: ItemOutcome): void {
    item.at = now().toISOString();
    item.phase = null;
    item.durationMs = outcome.durationMs ?? item.durationMs;
    if (outcome.status === 'succeeded') {
      item.status = 'succeeded';
      item.message = outcome.message ?? null;
      item.effect = outcome.effect ?? null;
      if (outcome.changes) item.changes = outcome.changes;
      item.woke = outcome.woke ?? item.woke;
      item.errorKind = null;
    } else if (outcome.status === 'skipped') {
      item.status = 'skipped';
      item.skipReason = outcome.reason;
      item.message = outcome.message;
      item.errorKind = null;
    } else if (outcome.status === 'failed' || outcome.status === 'not-sent') {
      item.status = outcome.status;
      item.message = outcome.message;
      item.woke = outcome.woke ?? item.woke;
      item.errorKind = null;
    } else {
      item.status = 'failed';
      item.message = outcome.error.message;
      item.errorKind = outcome.error.kind;
    }
    // A command to one car: main's summary and the state it read back travel with the item.
    if (outcome.outcome !== undefined) item.outcome = outcome.outcome;
    if (outcome.readBack !== undefined) item.readBack = outcome.readBack;
  }

  async function runItem(live: LiveRun, item: RunItem, streak: { unreachable: number }): Promise<void> {
    const ctx = live.ctx!;
    const resends = live.spec!.resendAfterRateLimit !== false;
    for (let waits = 0; ; waits++) {
      item.status = 'sending';
      item.at = now().toISOString();
      progressed(live);
      const marks = createSendMarks({ journal: () => live.journal, vin: item.vin, now });
      const outcome = await live.spec!.perform({
        run: live.snap,
        ctx,
        work,
        vin: item.vin,
        tag: {
          runId: live.snap.id,
          bulk: live.snap.kind === 'bulk-command' || live.snap.kind === 'template-rollout',
          auditRateLimited: !resends || waits >= MAX_RATE_LIMIT_WAITS,
          onAudited: (auditId) => (item.auditId = auditId),
          beforeSend: marks.beforeSend,
          auditIdFor: marks.auditIdFor,
        },
        markAhead: marks.markAhead,
        setPhase: (phase: RunItemPhase) => {
          item.phase = phase;
          progressed(live);
        },
        signal: live.abort.signal,
        whyStopped: () => stopWords(stopCause(live, item)),
        now,
      });
      const error: ErrorInfo | null = outcome.status === 'error' ? outcome.error : null;
      if (error?.kind === 'rate_limited' && resends && waits < MAX_RATE_LIMIT_WAITS) {
        // The service did not act: wait as it asks (the client's pacer holds every request until
        // then too), then send again, unless the run or this vehicle was cancelled meanwhile.
        const until = now().getTime() + Math.max(1, error.retryAfterSeconds ?? 1) * 1000;
        live.retryUntil = Math.max(live.retryUntil, until);
        item.status = 'waiting';
        item.phase = null;
        noted(live, item);
        showWait(live);
        await waitUnlessStopped(until - now().getTime(), live.abort.signal);
        showWait(live);
        if (live.stopping || live.cancelledVins.has(item.vin)) {
          notSent(live, item);
          return;
        }
        continue;
      }
      apply(live, item, outcome);
      // A command to one car ends with this item: its run's end line, written next with no wait
      // between, carries it (one write, not two, on the path the technician waits on).
      if (!journalIsRecord(live)) noted(live, item);
      progressed(live);
      if (error) {
        streak.unreachable = notAnswering(error.kind) ? streak.unreachable + 1 : 0;
        if (FATAL.has(error.kind)) stop(live, error.message);
        else if (streak.unreachable >= UNREACHABLE_AFTER) {
          stop(live, tm('mainRuns.notAnswering', { count: UNREACHABLE_AFTER, message: error.message }));
        }
      } else streak.unreachable = 0;
      return;
    }
  }

  /**
   * The run says it waits for the rate limit whenever it does: a 429's Retry-After, or the client's
   * pacer holding its sends (a limit learned now or long before, by this run or another read).
   */
  function showWait(live: LiveRun): void {
    const until = Math.max(live.retryUntil, live.pacedUntil ?? 0);
    const waiting = until > now().getTime() ? new Date(until).toISOString() : null;
    if (waiting === live.snap.waitingUntil) return;
    live.snap.waitingUntil = waiting;
    progressed(live);
  }

  /** Follows the pacer while the run has sends under way: theirs are the requests it holds. */
  function watchPacer(live: LiveRun): () => void {
    return live.ctx!.client.onPacerHold((waitMs) => {
      const sending = live.snap.items.some((item) => item.status === 'sending');
      live.pacedUntil = waitMs === null || !sending ? null : now().getTime() + waitMs;
      showWait(live);
    });
  }

  /** Why a run stopped sending, for the item it stopped: "cancelled", "the app quit"… */
  function stopCause(live: LiveRun, item: RunItem) {
    const cancelled = live.cancelled || live.cancelledVins.has(item.vin);
    return { halted: live.halted, cancelled, because: live.snap.stoppedBecause };
  }

  function notSent(live: LiveRun, item: RunItem): void {
    item.status = 'not-sent';
    item.phase = null;
    item.at = now().toISOString();
    item.message = notSentWords(stopCause(live, item));
    noted(live, item);
  }

  /** Writes the item as it now stands to the run's journal (its outcome, a wait, a cancel). */
  function noted(live: LiveRun, item: RunItem): void {
    live.journal
      ?.append({ type: 'item', item: { ...item, effect: item.effect ? { ...item.effect } : null } })
      .catch((error: unknown) => onProblem('Could not write a run journal', error));
  }

  async function execute(live: LiveRun): Promise<RunSnapshot> {
    const spec = live.spec!;
    const queue = live.snap.items.filter((item) => item.status === 'queued');
    let next = 0;
    const streak = { unreachable: 0 };
    /** Runs the next vehicle of the queue; false when there is none or the run stops. */
    const step = async (): Promise<boolean> => {
      if (next >= queue.length || (live.stopping && !spec.recordsUnsent)) return false;
      const item = queue[next++]!;
      if (live.cancelledVins.has(item.vin) && !spec.recordsUnsent) {
        notSent(live, item);
        progressed(live);
        return true;
      }
      if (!live.ctx!.isCurrent() && !spec.recordsUnsent) {
        stop(live, tm('mainRuns.profileGone'));
        next--;
        return false;
      }
      try {
        await runItem(live, item, streak);
      } catch (error) {
        // A kind that throws is a bug: the item says so, the other vehicles go on.
        onProblem('A run step failed', error);
        apply(live, item, {
          status: 'error',
          error: { kind: 'internal', message: tm('mainRuns.failedOnVehicle') },
        });
        noted(live, item);
      }
      return true;
    };
    const worker = async () => {
      while (await step());
    };
    const unwatch = watchPacer(live);
    try {
      // A client that has not heard the service yet does not know its rate limit: one vehicle goes
      // first, and its answer paces the rest (a first burst would find the limit with 429s).
      if (spec.concurrency > 1 && !live.ctx!.client.pacing.heard) {
        while (!live.ctx!.client.pacing.heard && (await step()));
      }
      await Promise.all(
        Array.from({ length: Math.min(spec.concurrency, Math.max(1, queue.length)) }, worker),
      );
    } finally {
      unwatch();
    }
    for (const item of live.snap.items) {
      if (item.status === 'queued' || item.status === 'waiting' || item.status === 'sending')
        notSent(live, item);
    }
    const snap = live.snap;
    snap.state = live.halted
      ? 'interrupted'
      : live.cancelled
        ? 'cancelled'
        : snap.stoppedBecause !== null
          ? 'failed'
          : 'completed';
    snap.endedAt = now().toISOString();
    snap.waitingUntil = null;
    live.ctx = null;
    if (live.journal) {
      await recorded(live);
      live.filed = (journalIsRecord(live) ? keepJournal(live).then(prepareSpare) : fileRun(live))
        .then(prune)
        .catch((error: unknown) => onProblem('Could not save a run', error));
    } else {
      await stateChanged(live);
      await prune();
    }
    return snapshot(live);
  }

  /** A command to one car has no file until the next start: its journal tells all of it. */
  const journalIsRecord = (live: LiveRun) => live.snap.kind === 'vehicle-command';

  /** The ended run's file, written after it ended; its journal then goes. */
  async function fileRun(live: LiveRun): Promise<void> {
    await store.saveNow(snapshot(live));
    await endJournal(live);
  }

  /**
   * A command to one car: its journal, which ends with the whole run, is its record until the next
   * start files it (run-store.ts loadAll). Synced once, off the technician's path, instead of a file
   * written, synced and renamed and the journal removed after every command. A later change of the
   * run (rare once it has ended) is saved to its file, which then wins over the journal.
   */
  async function keepJournal(live: LiveRun): Promise<void> {
    const journal = live.journal;
    live.journal = null;
    await journal?.close({ sync: true });
  }

  /** The run's file now holds everything its journal said: the journal goes. */
  async function endJournal(live: LiveRun): Promise<void> {
    const journal = live.journal;
    if (!journal) return;
    live.journal = null;
    await journal.close();
    await store
      .removeJournal(live.snap.id)
      .catch((error: unknown) => onProblem('Could not remove a run journal', error));
  }

  /** Keeps the newest RUNS_KEPT ended runs of each kind: single commands never push bulk runs out. */
  async function prune(): Promise<void> {
    const finished = [...runs.values()]
      .filter(isFinished)
      .sort((a, b) => b.snap.startedAt.localeCompare(a.snap.startedAt));
    const kept = new Map<RunKind, number>();
    const beyond = finished.filter((live) => {
      const n = (kept.get(live.snap.kind) ?? 0) + 1;
      kept.set(live.snap.kind, n);
      return n > RUNS_KEPT;
    });
    for (const old of beyond) {
      runs.delete(old.snap.id);
      await store
        .remove(old.snap.id)
        .catch((error: unknown) => onProblem('Could not remove an old run', error));
    }
  }

  /**
   * The journal of the next command to one car, created, opened and named on disk while nothing
   * waits for it (after the previous command ended): creating a file and syncing its folder costs
   * a command three times what syncing its first line does. Its run takes its id. An empty journal
   * left by a stop is removed at the next start (run-store.ts loadAll).
   */
  let spare: { id: string; journal: RunJournal; ready: Promise<void> } | null = null;

  function prepareSpare(): void {
    if (halted || spare) return;
    const id = newId();
    const journal = store.openJournal(id);
    // A failed preparation costs nothing: the journal opens on its first line as any other does.
    spare = { id, journal, ready: journal.prepare().catch(() => undefined) };
  }

  async function dropSpare(): Promise<void> {
    const left = spare;
    spare = null;
    if (!left) return;
    await left.ready;
    await left.journal.close();
    await store
      .removeJournal(left.id)
      .catch((error: unknown) => onProblem('Could not remove a run journal', error));
  }

  async function begin(
    ctx: RunContext,
    kind: RunKind,
    spec: RunKindSpec,
    fields: {
      title: string;
      command: RunCommand | null;
      template?: RunTemplate | null;
      alertsAndCertificates?: boolean;
      retryOf?: string | null;
      startedBy?: 'app';
      concurrency?: number;
    },
    items: RunItem[],
  ): Promise<RunSnapshot> {
    if (halted) throw new AppError('internal', tm('errors.shuttingDown'));
    const prepared = kind === 'vehicle-command' ? spare : null;
    if (prepared) spare = null;
    const snap: RunSnapshot = {
      id: prepared?.id ?? newId(),
      kind,
      profileId: ctx.profileId,
      profileName: ctx.profileName,
      title: fields.title,
      state: 'running',
      startedAt: now().toISOString(),
      endedAt: null,
      command: fields.command,
      template: fields.template ?? null,
      alertsAndCertificates: fields.alertsAndCertificates ?? false,
      retryOf: fields.retryOf ?? null,
      ...(fields.startedBy ? { startedBy: fields.startedBy } : {}),
      ...(fields.concurrency ? { concurrency: fields.concurrency } : {}),
      stoppedBecause: null,
      waitingUntil: null,
      summary: '',
      counts: countItems(items),
      revision: 0,
      items,
    };
    const live: LiveRun = {
      snap,
      ctx,
      spec,
      stopping: false,
      cancelled: false,
      halted: false,
      cancelledVins: new Set(),
      abort: new AbortController(),
      retryUntil: 0,
      pacedUntil: null,
      done: Promise.resolve(null as unknown as RunSnapshot),
      progressTimer: null,
      told: null,
      // A refresh only reads: nothing it does could be sent twice.
      journal: isReadRun(kind) ? null : (prepared?.journal ?? store.openJournal(snap.id)),
      filed: null,
    };
    runs.set(snap.id, live);
    // Recorded before the first send: a crash from here on leaves a record of where it stopped.
    // Into a journal it is not waited for: the first send's mark queues behind it and is synced
    // with it, and the journal's creation meanwhile overlaps the run's first read (a car's sleep).
    if (live.journal) {
      recorded(live).catch((error: unknown) => onProblem('Could not record a run', error));
    } else await recorded(live);
    live.done = execute(live).catch((error: unknown) => {
      onProblem('A run failed', error);
      return snapshot(live);
    });
    return snapshot(live);
  }

  function running(predicate: (snap: RunSnapshot) => boolean): LiveRun | undefined {
    return [...runs.values()].find((live) => !isFinished(live) && predicate(live.snap));
  }

  function cancel(id: string): RunSnapshot {
    const live = find(id);
    if (isFinished(live)) return snapshot(live);
    live.cancelled = true;
    live.stopping = true;
    live.abort.abort();
    // Sends under way finish and report; the run ends once they have.
    if (live.snap.state === 'running') {
      live.snap.state = 'cancelling';
      void stateChanged(live).catch((error: unknown) => onProblem('Could not save a run', error));
    }
    return snapshot(live);
  }

  function bulkItems(input: BulkItemInput[]): RunItem[] {
    return input.map((entry) => {
      const item = newRunItem(entry.vin);
      if (entry.skip) {
        item.status = 'skipped';
        item.skipReason = entry.skip.reason;
        item.message = entry.skip.message;
      }
      return item;
    });
  }

  return {
    async load() {
      for (const saved of await store.loadAll()) {
        const live: LiveRun = {
          snap: saved,
          ctx: null,
          spec: null,
          stopping: true,
          cancelled: false,
          halted: true,
          cancelledVins: new Set(),
          abort: new AbortController(),
          retryUntil: 0,
          pacedUntil: null,
          done: Promise.resolve(saved),
          progressTimer: null,
          told: null,
          journal: null,
          filed: null,
        };
        runs.set(saved.id, live);
        if (FINISHED_RUN_STATES.includes(saved.state)) continue;
        // The app stopped while this run was under way (a crash: quitting ends runs itself). Its
        // file may be a second old: the journal and the audit log say what was sent since.
        try {
          const journal = isReadRun(saved.kind) ? [] : await store.readJournal(saved.id);
          const audited = isReadRun(saved.kind) ? [] : await auditOfRun(saved.id, saved.startedAt);
          recoverRun(saved, journal, audited, now());
          await store.saveNow(snapshot(live));
          await store.removeJournal(saved.id);
        } catch (error) {
          // The journal stays for the next start; meanwhile the run shows what its file said, and
          // nothing it may have sent counts as not sent.
          onProblem('Could not recover a run', error);
          recoverRun(saved, null, [], now());
        }
        live.done = Promise.resolve(snapshot(live));
      }
      await prune();
    },

    async startBulkCommand(ctx, input) {
      const existing = running((snap) => snap.kind === 'bulk-command' && snap.profileId === ctx.profileId);
      if (existing) {
        throw new AppError('busy', tm('mainRuns.bulkBusy'));
      }
      const items = bulkItems(input.items);
      const title = bulkTitle(input.command, items.length);
      const spec = bulkCommandRun(input.concurrency);
      return begin(
        ctx,
        'bulk-command',
        spec,
        { title, command: input.command, concurrency: spec.concurrency },
        items,
      );
    },

    async startGarageRefresh(ctx, input) {
      const existing = running((snap) => snap.kind === 'garage-refresh' && snap.profileId === ctx.profileId);
      if (existing) return snapshot(existing);
      const alertsAndCertificates = input.alertsAndCertificates ?? false;
      // A run the app started says so: the technician did not press anything.
      const title = refreshTitle(input.vins.length, alertsAndCertificates, {
        ...(input.byApp ? { byApp: input.byApp } : {}),
        profileName: ctx.profileName,
      });
      return begin(
        ctx,
        'garage-refresh',
        garageRefreshRun(),
        {
          title,
          command: null,
          alertsAndCertificates,
          ...(input.byApp ? { startedBy: 'app' as const } : {}),
        },
        input.vins.map(newRunItem),
      );
    },

    async startHistoryRefresh(ctx, input) {
      const existing = running((snap) => snap.kind === 'history-refresh' && snap.profileId === ctx.profileId);
      if (existing) return snapshot(existing);
      return begin(
        ctx,
        'history-refresh',
        historyRefreshRun(),
        { title: historyRefreshTitle(input.vins.length), command: null },
        input.vins.map(newRunItem),
      );
    },

    async startVehicleCommand(ctx, input) {
      // One command at a time per car, whichever tab sent it: a second would race the first's wake
      // and read-back. Bulk runs are paced on their own.
      const existing = running(
        (snap) =>
          snap.kind === 'vehicle-command' &&
          snap.profileId === ctx.profileId &&
          snap.items[0]?.vin === input.vin,
      );
      // A single command's run always carries its command (checked where it starts and where it is read back).
      if (existing) throw new AppError('busy', commandBusyText(existing.snap.command!.name, tm));
      return begin(
        ctx,
        'vehicle-command',
        vehicleCommandRun(options.vehicleCommand),
        { title: commandTitle(input.command), command: input.command },
        [newRunItem(input.vin)],
      );
    },

    async startTemplateRollout(ctx, input) {
      const existing = running(
        (snap) => snap.kind === 'template-rollout' && snap.profileId === ctx.profileId,
      );
      if (existing) throw new AppError('busy', tm('mainRuns.rolloutBusy'));
      const items = bulkItems(input.items);
      const template = { name: input.template.name, fields: { ...input.template.fields } };
      return begin(
        ctx,
        'template-rollout',
        templateRolloutRun(now),
        { title: rolloutTitle(template.name, items.length), command: null, template },
        items,
      );
    },

    list() {
      return [...runs.values()]
        .sort((a, b) => b.snap.startedAt.localeCompare(a.snap.startedAt))
        .map(summaryOf);
    },

    get: (id) => snapshot(find(id)),

    cancel,

    cancelItem(id, vin) {
      const live = find(id);
      const item = live.snap.items.find((candidate) => candidate.vin === vin);
      if (!item) throw new AppError('not_found', tm('mainRuns.notInRun'));
      if (isFinished(live)) return snapshot(live);
      // A run of one vehicle (a command to one car) stops as a whole.
      if (live.snap.items.length === 1) return cancel(id);
      live.cancelledVins.add(vin);
      if (item.status === 'queued') {
        notSent(live, item);
        progressed(live);
      }
      return snapshot(live);
    },

    async retryFailed(id, retryOptions = {}) {
      const source = find(id);
      if (!isFinished(source)) throw new AppError('busy', tm('mainRuns.stillGoing'));
      const again = retryableItems(source.snap.items, retryOptions);
      if (again.length === 0) {
        const unknown = countItems(source.snap.items).unknown;
        throw new AppError(
          'invalid_input',
          unknown > 0 ? tm('mainRuns.onlyUnknownLeft', { count: unknown }) : tm('mainRuns.nothingToRetry'),
        );
      }
      const ctx = await options.contextOf(source.snap.profileId);
      const { kind, command, alertsAndCertificates, template } = source.snap;
      const items = again.map((item) => newRunItem(item.vin));
      if (kind === 'template-rollout') {
        if (running((snap) => snap.kind === kind && snap.profileId === ctx.profileId)) {
          throw new AppError('busy', tm('mainRuns.rolloutBusy'));
        }
        const title = rolloutTitle(template!.name, items.length, true);
        return begin(
          ctx,
          kind,
          templateRolloutRun(now),
          { title, command: null, template, retryOf: id },
          items,
        );
      }
      if (kind === 'garage-refresh') {
        const title = refreshTitle(items.length, false, { profileName: ctx.profileName, again: true });
        return begin(
          ctx,
          kind,
          garageRefreshRun(),
          { title, command: null, alertsAndCertificates, retryOf: id },
          items,
        );
      }
      if (kind === 'history-refresh') {
        if (running((snap) => snap.kind === kind && snap.profileId === ctx.profileId)) {
          throw new AppError('busy', tm('fleetRuns.historyBusy'));
        }
        const title = historyRefreshTitle(items.length, true);
        return begin(ctx, kind, historyRefreshRun(), { title, command: null, retryOf: id }, items);
      }
      if (
        running((snap) => snap.kind === kind && snap.profileId === ctx.profileId && kind === 'bulk-command')
      ) {
        throw new AppError('busy', tm('mainRuns.bulkBusy'));
      }
      // A bulk retry sends as many at a time as its run did.
      const spec =
        kind === 'bulk-command'
          ? bulkCommandRun(source.snap.concurrency)
          : vehicleCommandRun(options.vehicleCommand);
      const title = bulkTitle(command!, items.length, true);
      const concurrency = kind === 'bulk-command' ? { concurrency: spec.concurrency } : {};
      return begin(ctx, kind, spec, { title, command, retryOf: id, ...concurrency }, items);
    },

    async exportResults(id, target, dialect) {
      const snap = snapshot(find(id));
      await writeFileAtomic(target, runResultsCsv(snap, undefined, dialect));
      return snap.items.length;
    },

    underWay: () => [...runs.values()].filter((live) => !isFinished(live)).map(summaryOf),

    whenDone: (id) => find(id).done,

    halt() {
      halted = true;
      for (const live of runs.values()) {
        if (isFinished(live)) continue;
        live.halted = true;
        live.stopping = true;
        live.abort.abort();
      }
    },

    async settle() {
      await Promise.all([...runs.values()].map((live) => live.done));
      await Promise.all([...runs.values()].map((live) => live.filed));
      await dropSpare();
      for (const live of runs.values()) if (live.progressTimer) clearTimeout(live.progressTimer);
      await store.flush();
    },
  };
}
