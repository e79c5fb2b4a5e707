// One vehicle's commands as main runs them: pressing a command starts a run in main (it checks
// whether the car sleeps, wakes it, sends, reads the state back), and this store shows that run from
// main's 'run.changed' events. A reload, a crash or a closed window loses nothing: the run goes on in
// main and its phase or outcome shows again when the view comes back, so a command still running is
// never sent a second time by accident. When a run ends while nobody looks at that vehicle's
// commands, a toast and a mark in the list say how.
import { t } from './i18n.svelte';
import { SvelteMap, SvelteSet } from 'svelte/reactivity';
import { RUN_COMMAND_NAMES, type RunCommandName } from '../../../electron/shared/bulk-commands';
import { commandBusyText } from '../../../electron/shared/command-busy';
import type { CommandOptions } from '../../../electron/shared/ipc/api';
import { isFinished, type RunItem, type RunSnapshot } from '../../../electron/shared/runs';
import { attemptText, commandLabel, oppositeOf, sentText } from './command-effect';
import { describeError } from './errors';
import { formatTime } from './format';
import { mainApi } from './main-api';
import type { Outcome } from './outcome';
import type { RunsStore } from './runs.svelte';
import type { VehicleStatesStore } from './vehicle-state.svelte';

export type CommandPhase = 'checking' | 'waking' | 'sending' | 'waiting' | 'verifying' | 'paced';

/** What a command's run is doing now, in words. */
export function phaseText(phase: CommandPhase): string {
  return t(`phase.${phase}`);
}

export interface CommandOutcome extends Outcome {
  /** The value the command carried, so a field holding another value never shows it as its own. */
  sent: number | null;
  /** What was attempted, named with its value, when `text` does not say it ("Set charge limit to 90 %"). */
  subject?: string;
  /** What the state read afterwards shows ("now 90 %, was 80 %", "the car does not show the change yet"). */
  detail?: string;
  /** True when the state read afterwards showed the effect: only then can the car later contradict it. */
  effectShown?: boolean;
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

const IDLE: CommandRun = { running: false, phase: null, startedAt: null, phaseSince: null, outcome: null };

export interface CommandRunsDeps {
  /** The runs main told of: a long command is one. */
  runs: Pick<RunsStore, 'latestCommand' | 'note' | 'whenEnded'>;
  vehicleStates: Pick<VehicleStatesStore, 'load'>;
  activeProfileId(): string | null;
  /** The vehicle's name as the list shows it, for a toast about a run this window did not start. */
  vehicleName(vin: string): string;
  /** Where a run that ended out of sight is announced. */
  notify(message: string, tone: 'success' | 'info' | 'error'): void;
}

function sentValue(options: CommandOptions): number | null {
  return options.percent ?? options.amps ?? options.temperature ?? options.mph ?? null;
}

/** Where the run's one vehicle stands, in the phases the outcome line names. */
function phaseOf(run: RunSnapshot): CommandPhase {
  const item = run.items[0];
  if (item?.status === 'waiting') return 'paced';
  switch (item?.phase) {
    case 'waking':
      return 'waking';
    case 'sending':
      return run.command?.options.waitForCompletion === false ? 'sending' : 'waiting';
    case 'verifying':
    case 'reading':
      return 'verifying';
    default:
      return 'checking';
  }
}

/** The effect read back, with the car's own time when it does not show what was sent. */
function effectDetail(effect: NonNullable<RunItem['effect']>): string {
  const when = effect.confirmed !== true && effect.asOf ? ` (as of ${formatTime(effect.asOf)})` : '';
  return `${effect.text}${when}`;
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
  /**
   * Ended runs whose state read this window still waits for: the outcome shows with the state it
   * describes, never beside the state from before the command.
   */
  #reading = new SvelteSet<string>();
  #reads = new Map<string, Promise<void>>();
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
      return { running: true, phase: 'checking', startedAt: pressed, phaseSince: pressed, outcome: null };
    }
    const run = this.#latest(vin, name);
    const refused = this.#refused.get(key);
    // A press refused while an earlier run still goes on (main said "busy") never hides that run.
    if (refused && (!run || (isFinished(run) && refused.at > run.startedAt)))
      return { ...IDLE, outcome: refused };
    if (!run) return IDLE;
    if (isFinished(run) && !this.#reading.has(run.id)) return { ...IDLE, outcome: this.#outcome(run) };
    const phase = isFinished(run) ? 'verifying' : phaseOf(run);
    let seen = this.#phases.get(run.id);
    if (seen?.phase !== phase) {
      seen = { phase, since: seen ? Date.now() : Date.parse(run.startedAt) };
      this.#phases.set(run.id, seen);
    }
    return {
      running: true,
      phase,
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
    return name === null ? null : commandBusyText(name);
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
      const outcome: CommandOutcome = {
        tone: 'error',
        subject: attemptText(name, sentValue(options), options),
        text: describeError(started.error),
        at: new Date().toISOString(),
        sent: sentValue(options),
      };
      this.#refused.set(key, outcome);
      return outcome;
    }
    this.deps.runs.note(started.value);
    this.#starting.delete(key);
    const end = await this.deps.runs.whenEnded(started.value.id);
    await this.#reads.get(end.id);
    return this.#outcome(end);
  }

  /** Main told of a run: a long command that just ended is announced and its state read. */
  runChanged(run: RunSnapshot): void {
    if (run.kind !== 'vehicle-command' || !isFinished(run) || this.#ended.has(run.id)) return;
    this.#ended.add(run.id);
    const active = this.deps.activeProfileId();
    const item = run.items[0];
    if (!item || (active !== null && run.profileId !== active)) return;
    const { vin } = item;
    const outcome = this.#outcome(run);
    // Main read the car's state back and saved it: the view shows it without asking the car again.
    if (outcome.tone === 'ok') {
      this.#reading.add(run.id);
      const read = this.deps.vehicleStates.load(vin).then(
        () => {},
        () => {},
      );
      this.#reads.set(run.id, read);
      void read.finally(() => {
        this.#reading.delete(run.id);
        this.#reads.delete(run.id);
        this.#phases.delete(run.id);
      });
    } else this.#phases.delete(run.id);
    if ((this.#watchers.get(vin) ?? 0) > 0) return;
    this.#unseen.set(vin, { tone: outcome.tone, text: outcomeSummary(outcome), at: outcome.at });
    this.deps.notify(
      `${this.#names.get(vin) ?? this.deps.vehicleName(vin)}: ${outcomeSummary(outcome)}`,
      outcome.tone === 'ok' ? 'success' : outcome.tone === 'failed' ? 'info' : 'error',
    );
  }

  /** An ended run's outcome in the words the command line shows. */
  #outcome(run: RunSnapshot): CommandOutcome {
    const item = run.items[0];
    // A single command's run always carries its command (checked by main).
    const name = run.command!.name;
    const options = run.command!.options;
    const sent = sentValue(options);
    const subject = attemptText(name, sent, options);
    const at = item?.at ?? run.endedAt ?? run.startedAt;
    if (item?.status === 'succeeded') {
      const waited = options.waitForCompletion !== false;
      const woken = item.woke ? ' (the vehicle was woken for it)' : '';
      const effect = waited ? item.effect : null;
      const superseded = this.#supersededBy(run, item.vin, name);
      return {
        tone: 'ok',
        text: `${sentText(name, sent, waited, options)}${woken}`,
        ...(effect ? { detail: effectDetail(effect), effectShown: effect.confirmed === true } : {}),
        ...(superseded ? { superseded } : {}),
        at,
        sent,
      };
    }
    if (item?.status === 'failed' && item.errorKind === null) {
      return { tone: 'failed', subject, text: item.message ?? 'The vehicle did not do it', at, sent };
    }
    const text = item?.errorKind
      ? describeError({ kind: item.errorKind, message: item.message ?? '' })
      : (item?.message ?? 'Not sent.');
    return { tone: 'error', subject, text, at, sent };
  }

  /** A command and its opposite describe the same switch: the older one's outcome no longer holds. */
  #supersededBy(run: RunSnapshot, vin: string, name: RunCommandName): string | null {
    const opposite = oppositeOf(name);
    if (opposite === null) return null;
    const later = this.#latest(vin, opposite);
    const item = later?.items[0];
    if (!later || !isFinished(later) || item?.status !== 'succeeded' || later.startedAt <= run.startedAt)
      return null;
    return `${commandLabel(opposite)} was sent after it at ${formatTime(item.at ?? later.startedAt)}`;
  }

  /** Forgets everything; component tests call this between cases. */
  reset(): void {
    this.#starting.clear();
    this.#refused.clear();
    this.#watchers.clear();
    this.#unseen.clear();
    this.#phases.clear();
    this.#reading.clear();
    this.#reads.clear();
    this.#ended.clear();
    this.#names.clear();
  }
}

/** A store's type, for the stores that are given it. */
export type CommandRunsStore = CommandRuns;

export function createCommandRuns(deps: CommandRunsDeps): CommandRunsStore {
  return new CommandRuns(deps);
}
