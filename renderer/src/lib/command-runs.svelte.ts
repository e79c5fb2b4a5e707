// Which commands are under way and how each vehicle's last ones ended, kept outside the components:
// switching tabs or vehicles and coming back still shows the run's phase (and keeps the button
// locked) and the last outcome, so a command still running is never sent a second time by accident.
// A command to a car known to be asleep is preceded by a wake-up, so the technician sees which step
// takes the time; after a success the state is read again so the outcome says what the car now
// shows (a command and that read: two calls to main for an awake car). When a
// run ends while nobody looks at that vehicle's commands, a toast and a mark in the list say how.
import { SvelteMap } from 'svelte/reactivity';
import { COMMANDS, type CommandName } from '../../../electron/shared/commands';
import type { CommandOptions } from '../../../electron/shared/ipc/api';
import { attemptText, effectOf, sentText } from './command-effect';
import type { ConnectionNotes } from './connection.svelte';
import { describeError } from './errors';
import { formatTime } from './format';
import { garageApi } from './garage';
import { outcomeOf, type Outcome } from './outcome';
import type { VehicleStatesStore } from './vehicle-state.svelte';

export type CommandPhase = 'checking' | 'waking' | 'sending' | 'waiting' | 'verifying';

/** Each phase in words, as the outcome line shows it while the command runs. */
export const PHASE_TEXT: Record<CommandPhase, string> = {
  checking: 'Checking whether the vehicle is awake',
  waking: 'Waking the vehicle',
  sending: 'Sending',
  waiting: 'Sent; waiting for the vehicle to finish',
  verifying: 'Reading the state again to check the effect',
};

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
  connection: ConnectionNotes;
  vehicleStates: Pick<VehicleStatesStore, 'get' | 'load' | 'settled'>;
  /** Where a run that ended out of sight is announced. */
  notify(message: string, tone: 'success' | 'info' | 'error'): void;
}

class CommandRuns {
  #runs = new SvelteMap<string, CommandRun>();
  #watchers = new Map<string, number>();
  #unseen = new SvelteMap<string, UnseenEnd>();

  private readonly deps: CommandRunsDeps;

  constructor(deps: CommandRunsDeps) {
    this.deps = deps;
  }

  get(vin: string, name: CommandName): CommandRun {
    return this.#runs.get(`${vin}|${name}`) ?? IDLE;
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

  #set(key: string, patch: Partial<CommandRun>): void {
    const current = this.#runs.get(key) ?? IDLE;
    const phase = patch.phase !== undefined && patch.phase !== current.phase;
    this.#runs.set(key, { ...current, ...patch, ...(phase ? { phaseSince: Date.now() } : {}) });
  }

  /** Sends the command unless the same one is already running for this vehicle. */
  async send(
    vin: string,
    name: CommandName,
    options: CommandOptions,
    vehicleName: string = vin,
  ): Promise<Outcome | null> {
    const key = `${vin}|${name}`;
    if (this.#runs.get(key)?.running) return null;
    const sent = sentValue(options);
    this.#set(key, { running: true, startedAt: Date.now(), phase: 'checking' });

    const outcome = await this.#run(key, vin, name, options, sent);
    this.#runs.set(key, { ...IDLE, outcome });
    if (outcome.tone === 'ok') this.#supersede(vin, name, outcome.at);
    if ((this.#watchers.get(vin) ?? 0) === 0) {
      this.#unseen.set(vin, { tone: outcome.tone, text: outcomeSummary(outcome), at: outcome.at });
      this.deps.notify(
        `${vehicleName}: ${outcomeSummary(outcome)}`,
        outcome.tone === 'ok' ? 'success' : outcome.tone === 'failed' ? 'info' : 'error',
      );
    }
    return outcome;
  }

  /** A command and its opposite describe the same switch: the older one's outcome no longer holds. */
  #supersede(vin: string, name: CommandName, at: string): void {
    const opposite = COMMANDS[name].undoneBy ?? COMMANDS[name].undoes;
    if (opposite === null) return;
    const key = `${vin}|${opposite}`;
    const run = this.#runs.get(key);
    if (!run?.outcome || run.outcome.superseded) return;
    const superseded = `${COMMANDS[name].label} was sent after it at ${formatTime(at)}`;
    this.#runs.set(key, { ...run, outcome: { ...run.outcome, superseded } });
  }

  async #run(
    key: string,
    vin: string,
    name: CommandName,
    options: CommandOptions,
    sent: number | null,
  ): Promise<CommandOutcome> {
    const api = garageApi().vehicles;
    const at = () => new Date().toISOString();
    const subject = attemptText(name, sent);
    // What the state read says (the one on opening, waited for if still under way): a car known to
    // be asleep is woken first, so the technician sees which step takes the time; otherwise the
    // command goes at once, and a car that fell asleep meanwhile is woken by the service as needed.
    await this.deps.vehicleStates.settled(vin);
    if (this.deps.vehicleStates.get(vin).sleep?.value === 'asleep') {
      this.#set(key, { phase: 'waking' });
      const woke = await (options.overrideClaim ? api.wake(vin, { overrideClaim: true }) : api.wake(vin));
      if (woke.ok && !woke.value.result) {
        return {
          tone: 'failed',
          subject,
          text: 'Not sent: the vehicle did not wake within 90 s',
          at: at(),
          sent,
        };
      }
      // "busy" is a wake-up already under way (the Wake button); the command's own attempts wait for it.
      if (!woke.ok && woke.error.kind !== 'busy') {
        this.deps.connection.noteError(woke.error);
        return {
          tone: 'error',
          subject,
          text: `Not sent: waking failed. ${describeError(woke.error)}`,
          at: at(),
          sent,
        };
      }
    }
    // The state just before sending, to say what the command changed.
    const before = this.deps.vehicleStates.get(vin).state;
    const waited = options.waitForCompletion !== false;
    this.#set(key, { phase: waited ? 'waiting' : 'sending' });
    const result = await api.command(vin, name, options);
    if (result.ok) this.deps.connection.noteAnswer();
    else this.deps.connection.noteError(result.error);
    const words = sentText(name, sent, waited);
    const outcome: CommandOutcome = { ...outcomeOf(result, words), sent };
    if (outcome.tone !== 'ok') return { ...outcome, subject };
    const woken = result.ok && result.value.woke ? ' (the vehicle was woken for it)' : '';
    this.#set(key, { phase: 'verifying' });
    const read = await this.deps.vehicleStates.load(vin, { refresh: true });
    const entry = this.deps.vehicleStates.get(vin);
    const effect = effectOf(
      name,
      sent,
      before,
      read?.ok ? entry.state : null,
      read?.ok ? (entry.meta?.asOf ?? null) : null,
    );
    return {
      ...outcome,
      text: `${words}${woken}`,
      detail: effect.text,
      effectShown: effect.shown,
      at: at(),
    };
  }

  /** Forgets everything; component tests call this between cases. */
  reset(): void {
    this.#runs.clear();
    this.#watchers.clear();
    this.#unseen.clear();
  }
}

function sentValue(options: CommandOptions): number | null {
  return options.percent ?? options.amps ?? options.temperature ?? options.mph ?? null;
}

/** A store's type, for the stores that are given it. */
export type CommandRunsStore = CommandRuns;

export function createCommandRuns(deps: CommandRunsDeps): CommandRunsStore {
  return new CommandRuns(deps);
}
