// One vehicle's commands as main runs them: pressing a command (any tab's, the job's undo, the
// wake-up) starts a run in main (it checks whether the car sleeps, wakes it, sends, reads the state
// back), and this store shows that run from main's 'run.changed' events: its phase, and once it
// ends main's summary of the outcome and the state it read back, so nothing is asked again. Main
// holds the one lock per car; the buttons here only show it. A reload, a crash or a closed window
// loses nothing: the run goes on in main and its phase or outcome shows again when the view comes
// back. When a run ends while nobody looks at that vehicle's commands, a toast and a mark in the
// list say how.
import { t } from './i18n.svelte';
import { SvelteMap } from 'svelte/reactivity';
import { RUN_COMMAND_NAMES, type RunCommandName } from '../../../electron/shared/bulk-commands';
import { commandBusyText } from '../../../electron/shared/command-busy';
import {
  attemptText,
  commandLabel,
  commandOutcome,
  oppositeOf,
  outcomeInUnits,
  sentValue,
  type CommandUnits,
} from '../../../electron/shared/command-outcome';
import { inServiceUnits } from '../../../electron/shared/command-units';
import type { CommandOptions } from '../../../electron/shared/ipc/api';
import { offlineCommandWarning } from '../../../electron/shared/offline-skip';
import {
  isFinished,
  type CommandOutcome as MainOutcome,
  type RunSnapshot,
} from '../../../electron/shared/runs';
import type { ErrorInfo } from '../../../electron/shared/result';
import type { VehicleGlance } from '../../../electron/shared/types';
import { describeError } from './errors';
import { displayLocaleTag, formatTime } from './format';
import { mainApi } from './main-api';
import type { Outcome } from './outcome';
import type { RunsStore } from './runs.svelte';
import type { VehicleStatesStore } from './vehicle-state.svelte';

export type CommandPhase =
  'checking' | 'waking' | 'sending' | 'waiting' | 'verifying' | 'confirming' | 'paced' | 'cancelling';

/** What a command's run is doing now, in words. */
export function phaseText(phase: CommandPhase): string {
  return t(`phase.${phase}`);
}

/** Phases a cancel still stops before anything more is sent (a send under way cannot be recalled). */
const CANCELLABLE: ReadonlySet<CommandPhase> = new Set([
  'checking',
  'waking',
  'verifying',
  'confirming',
  'paced',
]);

/** Main's outcome of a command as the window shows it. */
export interface CommandOutcome extends Outcome, Omit<MainOutcome, 'tone' | 'text' | 'at'> {
  /** Why the outcome no longer describes the car (its opposite command ran since), or absent. */
  superseded?: string;
}

/** The whole outcome as one sentence, for toasts and the list's mark. */
export function outcomeSummary(outcome: CommandOutcome): string {
  return [outcome.subject, outcome.text, outcome.detail].filter(Boolean).join(': ');
}

export interface CommandRun {
  running: boolean;
  phase: CommandPhase | null;
  /** The run main runs it in, while it runs (what Cancel names); null when idle or just pressed. */
  runId: string | null;
  /** Whether a cancel still stops it before more is sent. */
  cancellable: boolean;
  /** Epoch ms the run and the current phase started; null when idle. */
  startedAt: number | null;
  phaseSince: number | null;
  outcome: CommandOutcome | null;
}

/** How a run ended that the technician did not watch, for the list's mark. */
export interface UnseenEnd {
  tone: Outcome['tone'];
  text: string;
  at: string;
}

const IDLE: CommandRun = {
  running: false,
  phase: null,
  runId: null,
  cancellable: false,
  startedAt: null,
  phaseSince: null,
  outcome: null,
};

export interface CommandRunsDeps {
  /** The runs main told of: a long command is one. */
  runs: Pick<RunsStore, 'latestCommand' | 'note' | 'whenEnded'>;
  vehicleStates: Pick<VehicleStatesStore, 'accept'>;
  /** What main last confirmed of the vehicle (its entry's glance): a car seen offline is warned of. */
  glanceOf(vin: string): VehicleGlance | null;
  activeProfileId(): string | null;
  /** The vehicle's name as the list shows it, for a toast about a run this window did not start. */
  vehicleName(vin: string): string;
  /** Where a run that ended out of sight is announced. */
  notify(message: string, tone: 'success' | 'info' | 'error'): void;
  /** A press main refused before any run began: the shop's policy's refusal may be asked about. */
  refused?(vin: string, name: RunCommandName, options: CommandOptions, error: ErrorInfo): void;
  /** The units the technician reads a command's values in (°F, km/h); the service's when absent. */
  units?(): CommandUnits;
}

/** Where the run's one vehicle stands, in the phases the outcome line names. */
function phaseOf(run: RunSnapshot): CommandPhase {
  if (run.state === 'cancelling') return 'cancelling';
  const item = run.items[0];
  if (item?.status === 'waiting') return 'paced';
  const waited = run.command?.options.waitForCompletion !== false;
  switch (item?.phase) {
    case 'waking':
      return 'waking';
    case 'sending':
      return waited ? 'waiting' : 'sending';
    case 'verifying':
    case 'reading':
      return waited ? 'verifying' : 'confirming';
    default:
      return 'checking';
  }
}

class CommandRuns {
  /** Pressed, and main has not answered yet: epoch ms of the press. */
  #starting = new SvelteMap<string, number>();
  /** A press main refused before any run began (busy, claimed, bad value). */
  #refused = new SvelteMap<string, CommandOutcome>();
  #watchers = new Map<string, number>();
  #unseen = new SvelteMap<string, UnseenEnd>();
  /** When each run's current phase was first seen (not state: read while deriving). */
  #phases = new Map<string, { phase: CommandPhase; since: number }>();
  /** Runs whose end this window has handled. */
  #ended = new Set<string>();
  #names = new Map<string, string>();

  private readonly deps: CommandRunsDeps;

  constructor(deps: CommandRunsDeps) {
    this.deps = deps;
  }

  #latest(vin: string, name: RunCommandName): RunSnapshot | null {
    return this.deps.runs.latestCommand(vin, name, this.deps.activeProfileId());
  }

  get(vin: string, name: RunCommandName): CommandRun {
    const key = `${vin}|${name}`;
    const pressed = this.#starting.get(key);
    if (pressed !== undefined) {
      return {
        ...IDLE,
        running: true,
        phase: 'checking',
        startedAt: pressed,
        phaseSince: pressed,
      };
    }
    const run = this.#latest(vin, name);
    const refused = this.#refused.get(key);
    // A press refused while an earlier run still goes on (main said "busy") never hides that run.
    if (refused && (!run || (isFinished(run) && refused.at > run.startedAt)))
      return { ...IDLE, outcome: refused };
    if (!run) return IDLE;
    if (isFinished(run)) return { ...IDLE, outcome: this.#outcome(run) };
    const phase = phaseOf(run);
    let seen = this.#phases.get(run.id);
    if (seen?.phase !== phase) {
      seen = { phase, since: seen ? Date.now() : Date.parse(run.startedAt) };
      this.#phases.set(run.id, seen);
    }
    return {
      running: true,
      phase,
      runId: run.id,
      cancellable: CANCELLABLE.has(phase),
      startedAt: Date.parse(run.startedAt),
      phaseSince: seen.since,
      outcome: null,
    };
  }

  /**
   * The command running on this car, whichever tab (or window before a reload) sent it, or null:
   * main takes one command at a time per car, so every command button of it waits meanwhile.
   */
  runningOn(vin: string): RunCommandName | null {
    for (const key of this.#starting.keys())
      if (key.startsWith(`${vin}|`)) return key.slice(vin.length + 1) as RunCommandName;
    return RUN_COMMAND_NAMES.find((name) => this.get(vin, name).running) ?? null;
  }

  /** Why this car's command buttons are locked, naming the command that runs, or null. */
  busyReason(vin: string): string | null {
    const name = this.runningOn(vin);
    return name === null ? null : commandBusyText(name, t);
  }

  /**
   * What the technician is told before a command goes to a car main last saw offline (main refuses
   * it unless they confirm), or null.
   */
  offlineWarning(vin: string): string | null {
    return offlineCommandWarning(this.deps.glanceOf(vin), Date.now(), t, displayLocaleTag());
  }

  /** How the last run nobody watched ended, until that vehicle's commands are opened. */
  unseen(vin: string): UnseenEnd | null {
    return this.#unseen.get(vin) ?? null;
  }

  /** A view showing this vehicle's commands is open; returns the call that closes it. */
  watch(vin: string): () => void {
    this.#watchers.set(vin, (this.#watchers.get(vin) ?? 0) + 1);
    this.#unseen.delete(vin);
    return () => this.#watchers.set(vin, Math.max(0, (this.#watchers.get(vin) ?? 1) - 1));
  }

  /**
   * Starts the command as a run in main unless the same one is already running for this vehicle;
   * settles with its outcome once main says it ended.
   */
  async send(
    vin: string,
    name: RunCommandName,
    options: CommandOptions,
    vehicleName: string = vin,
  ): Promise<Outcome | null> {
    const key = `${vin}|${name}`;
    if (this.get(vin, name).running) return null;
    this.#names.set(vin, vehicleName);
    this.#refused.delete(key);
    this.#starting.set(key, Date.now());
    const started = await mainApi().runs.startVehicleCommand(vin, name, options);
    if (!started.ok) {
      this.#starting.delete(key);
      // The options as main would have sent them (°C, mph), said in the technician's units.
      const service = inServiceUnits(options);
      const sent = sentValue(name, service);
      const outcome: CommandOutcome = {
        tone: 'error',
        subject: attemptText(name, sent, service, t, this.deps.units?.()),
        text: describeError(started.error),
        at: new Date().toISOString(),
        sent,
      };
      this.#refused.set(key, outcome);
      this.deps.refused?.(vin, name, options, started.error);
      return outcome;
    }
    this.deps.runs.note(started.value);
    this.#starting.delete(key);
    const end = await this.deps.runs.whenEnded(started.value.id);
    return this.#outcome(end);
  }

  /**
   * Cancels the command running on this car: main sends nothing more (a send under way still
   * reports, and what was sent stays recorded).
   */
  async cancel(vin: string, name: RunCommandName): Promise<void> {
    const runId = this.get(vin, name).runId;
    if (runId === null) return;
    const answer = await mainApi().runs.cancel(runId);
    if (answer.ok) this.deps.runs.note(answer.value);
  }

  /** Main told of a run: a command that just ended shows the state main read back, and is announced. */
  runChanged(run: RunSnapshot): void {
    if (run.kind !== 'vehicle-command' || !isFinished(run) || this.#ended.has(run.id)) return;
    this.#ended.add(run.id);
    this.#phases.delete(run.id);
    const active = this.deps.activeProfileId();
    const item = run.items[0];
    if (!item || (active !== null && run.profileId !== active)) return;
    const { vin } = item;
    // Main read the car's state back and sends it with the run: the view shows it without asking.
    if (item.readBack) this.deps.vehicleStates.accept(vin, item.readBack);
    const outcome = this.#outcome(run);
    if ((this.#watchers.get(vin) ?? 0) > 0) return;
    // Runs caught up after a restart come newest first: a mark never names an older one.
    const shown = this.#unseen.get(vin);
    if (shown && shown.at > outcome.at) return;
    this.#unseen.set(vin, { tone: outcome.tone, text: outcomeSummary(outcome), at: outcome.at });
    this.deps.notify(
      `${this.#names.get(vin) ?? this.deps.vehicleName(vin)}: ${outcomeSummary(outcome)}`,
      outcome.tone === 'ok' ? 'success' : outcome.tone === 'error' ? 'error' : 'info',
    );
  }

  /**
   * An ended run's outcome as main summarised it (a run kept from before main did is described by
   * the same shared rule), in the words the command line shows.
   */
  #outcome(run: RunSnapshot): CommandOutcome {
    const item = run.items[0];
    // A single command's run always carries its command (checked by main).
    const command = run.command!;
    const at = item?.at ?? run.endedAt ?? run.startedAt;
    // Main words values in the service's units (°C, mph): said again in the technician's.
    const units = this.deps.units?.() ?? {};
    const main = item?.outcome
      ? outcomeInUnits(item.outcome, command, item, t, units)
      : commandOutcome(
          command,
          item ?? { status: 'not-sent', message: null, errorKind: null, effect: null, woke: false },
          at,
          null,
          t,
          units,
        );
    const { detail, detailAsOf, error, ...rest } = main;
    const superseded = main.tone === 'ok' ? this.#supersededBy(run, item?.vin ?? '', command.name) : null;
    return {
      ...rest,
      ...(detail
        ? { detail: detailAsOf ? t('commandShown.asOf', { detail, time: formatTime(detailAsOf) }) : detail }
        : {}),
      ...(error ? { text: describeError(error) } : {}),
      ...(superseded ? { superseded } : {}),
    };
  }

  /** A command and its opposite describe the same switch: the older one's outcome no longer holds. */
  #supersededBy(run: RunSnapshot, vin: string, name: RunCommandName): string | null {
    const opposite = oppositeOf(name);
    if (opposite === null) return null;
    const later = this.#latest(vin, opposite);
    const item = later?.items[0];
    if (!later || !isFinished(later) || item?.status !== 'succeeded' || later.startedAt <= run.startedAt)
      return null;
    return t('commandShown.superseded', {
      command: commandLabel(opposite, t),
      time: formatTime(item.at ?? later.startedAt),
    });
  }

  /** Forgets everything; component tests call this between cases. */
  reset(): void {
    this.#starting.clear();
    this.#refused.clear();
    this.#watchers.clear();
    this.#unseen.clear();
    this.#phases.clear();
    this.#ended.clear();
    this.#names.clear();
  }
}

/** A store's type, for the stores that are given it. */
export type CommandRunsStore = CommandRuns;

export function createCommandRuns(deps: CommandRunsDeps): CommandRunsStore {
  return new CommandRuns(deps);
}
