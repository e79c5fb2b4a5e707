// One vehicle's repair-order job as its Job tab shows it: the open job (else the latest closed one)
// and its record, and the tab's actions on it (open, note, close with the warnings to confirm or
// undo, reopen, export, verify a record file). Main does the work and keeps the job; this asks it
// and holds what it answered. A Job tab makes its own, for the vehicle it shows.
import { COMMANDS, type CommandName } from '../../../electron/shared/commands';
import type { CommandOptions } from '../../../electron/shared/ipc/api';
import type {
  CloseWarning,
  Job,
  JobExportResult,
  JobRecord,
  JobVerification,
  JobWarning,
} from '../../../electron/shared/jobs/job-record';
import { undoWords } from '../../../electron/shared/jobs/record-words';
import type { Result } from '../../../electron/shared/result';
import { describeError } from './errors';
import { t } from './i18n.svelte';
import { recordWords } from './job-record-words';
import { mainApi } from './main-api';
import { distanceUnit, pressureUnit, temperatureUnit } from './units';
import type { Outcome } from './outcome';
import type { ToastTone } from './toasts.svelte';

export interface VehicleJobDeps {
  /** The vehicle the tab shows, asked at each call. */
  vin(): string;
  notify(message: string, tone: ToastTone): void;
  /**
   * Sends a command to the car as every tab does (main's one pipeline and lock per car), settling
   * with how it ended once its run has; null when one of the car's commands still runs.
   */
  sendCommand(name: CommandName, options: CommandOptions): Promise<Outcome | null>;
  /** The technician typed on the tab ('' when none: main credits this computer's default). */
  technician?(): string;
}

export interface OpenJobInput {
  repairOrder: string;
  complaint?: string;
  customer?: string;
  technician?: string;
}

export class VehicleJob {
  loaded = $state(false);
  loadError = $state<string | null>(null);
  /** The open job, else the latest closed one, else null. */
  job = $state.raw<Job | null>(null);
  record = $state.raw<JobRecord | null>(null);
  /** Set while a close waits for the technician to confirm or undo what the car is left with. */
  warnings = $state.raw<CloseWarning[] | null>(null);
  /** The warnings the technician confirmed leaving as they are, by id. */
  confirmed = $state<Record<string, boolean>>({});
  /** The repair order's cause found and correction made, as typed (saved while open, or at closing). */
  cause = $state('');
  correction = $state('');
  /** What main keeps of them: the fields follow it until the technician types over them. */
  #keptCause = $state('');
  #keptCorrection = $state('');
  /** True when the typed cause or correction differs from what main keeps. */
  storyChanged = $derived(this.cause !== this.#keptCause || this.correction !== this.#keptCorrection);
  busy = $state(false);
  /** Why the last action failed, in words. */
  problem = $state<string | null>(null);
  verification = $state.raw<JobVerification | null>(null);

  allConfirmed = $derived(this.warnings?.every((w) => this.confirmed[w.id]) ?? true);

  private readonly deps: VehicleJobDeps;

  constructor(deps: VehicleJobDeps) {
    this.deps = deps;
  }

  /** `{ technician }` when one is typed, else nothing: main then credits this computer's default. */
  #who(): { technician: string } | undefined {
    const typed = this.deps.technician?.().trim() ?? '';
    return typed ? { technician: typed } : undefined;
  }

  async load(): Promise<void> {
    const listed = await mainApi().jobs.list({ vin: this.deps.vin() });
    this.loaded = true;
    if (!listed.ok) {
      this.loadError = describeError(listed.error);
      return;
    }
    this.loadError = null;
    const current = listed.value.find((j) => j.status === 'open') ?? listed.value[0] ?? null;
    // The record shown stays until the new one is read: a re-read never blanks the actions.
    const answer = current ? await mainApi().jobs.record(current.id) : null;
    this.job = current;
    this.record = answer?.ok ? answer.value : null;
    this.#follow(current);
  }

  /** The typed cause and correction follow the job's unless the technician has typed over them. */
  #follow(job: Job | null) {
    const cause = job?.cause ?? '';
    const correction = job?.correction ?? '';
    if (this.cause === this.#keptCause) this.cause = cause;
    if (this.correction === this.#keptCorrection) this.correction = correction;
    this.#keptCause = cause;
    this.#keptCorrection = correction;
  }

  /** Keeps the typed cause and correction with the open job (main checks it is open). */
  saveStory(): Promise<boolean> {
    const current = this.job;
    if (!current) return Promise.resolve(false);
    return this.#act(
      () => mainApi().jobs.describe(current.id, { cause: this.cause, correction: this.correction }),
      async () => {
        this.deps.notify(t('jobDay.storySaved', { repairOrder: current.repairOrder }), 'success');
        await this.load();
      },
    );
  }

  /** Runs one operation; its error is kept in `problem`, and `after` is given the value on success. */
  async #act<T>(
    call: () => Promise<Result<T>>,
    after?: (value: T) => void | Promise<void>,
  ): Promise<boolean> {
    this.busy = true;
    this.problem = null;
    try {
      const result = await call();
      if (!result.ok) {
        this.problem = describeError(result.error);
        return false;
      }
      await after?.(result.value);
      return true;
    } finally {
      this.busy = false;
    }
  }

  /** Opens a job with its check-in snapshot; true once it is open and read again. */
  open(input: OpenJobInput): Promise<boolean> {
    return this.#act(
      () => mainApi().jobs.open(this.deps.vin(), { ...input, ...this.#who() }),
      async () => {
        this.warnings = null;
        await this.load();
      },
    );
  }

  /** True once the note is kept and the job read again. */
  addNote(text: string): Promise<boolean> {
    const current = this.job;
    if (!current) return Promise.resolve(false);
    return this.#act(
      () => mainApi().jobs.addNote(current.id, text, this.#who()),
      () => this.load(),
    );
  }

  /**
   * Closes the job with the warnings confirmed so far; main answers the warnings still to confirm
   * (nothing closed) when the car is left in a state it did not come in with.
   */
  async close(): Promise<void> {
    const current = this.job;
    if (!current) return;
    const acknowledge = this.warnings?.filter((w) => this.confirmed[w.id]).map((w) => w.id) ?? [];
    const who = this.#who();
    // Only what was typed over what main keeps: closing leaves the kept ones as they are.
    const said = {
      ...(this.cause.trim() && this.cause !== this.#keptCause ? { cause: this.cause } : {}),
      ...(this.correction.trim() && this.correction !== this.#keptCorrection
        ? { correction: this.correction }
        : {}),
    };
    const options =
      acknowledge.length || who || Object.keys(said).length
        ? { ...(acknowledge.length ? { acknowledge } : {}), ...who, ...said }
        : undefined;
    await this.#act(
      () => mainApi().jobs.close(current.id, options),
      async (outcome) => {
        if (outcome.status === 'needs-confirmation') {
          this.warnings = outcome.warnings;
          this.confirmed = Object.fromEntries(
            outcome.warnings.map((w) => [w.id, this.confirmed[w.id] ?? false]),
          );
          return;
        }
        this.warnings = null;
        this.deps.notify(t('jobTab.closedToast', { repairOrder: current.repairOrder }), 'success');
        await this.load();
      },
    );
  }

  /**
   * Sends the warning's undo command to the car, as a command like any other (`answers`: what the
   * technician confirmed before it), then tries the close again (it reads the car again).
   */
  async undo(warning: JobWarning, answers: CommandOptions = {}): Promise<void> {
    const undoing = warning.undo;
    if (!undoing) return;
    const param = COMMANDS[undoing.command].param;
    const options = (
      param && undoing.value !== null ? { [param.name]: undoing.value } : {}
    ) as CommandOptions;
    this.busy = true;
    this.problem = null;
    try {
      const outcome = await this.deps.sendCommand(undoing.command, { ...options, ...answers });
      if (outcome && outcome.tone !== 'ok') {
        const label = undoWords(undoing, recordWords());
        this.problem =
          outcome.tone === 'accepted'
            ? t('jobTab.undoAccepted', { label })
            : t('jobTab.undoFailed', { label, problem: outcome.text });
      }
    } finally {
      this.busy = false;
    }
    // Closing again reads the car again: an undone warning is gone from the list.
    await this.close();
  }

  async reopen(): Promise<void> {
    const current = this.job;
    if (!current) return;
    await this.#act(
      () => mainApi().jobs.reopen(current.id, this.#who()),
      () => this.load(),
    );
  }

  /** Main asks where to save (a dialog) and writes the record there. */
  async exportRecord(kind: 'Pdf' | 'Json'): Promise<void> {
    const current = this.job;
    if (!current) return;
    await this.#act<JobExportResult>(
      () =>
        kind === 'Pdf'
          ? mainApi().jobs.exportPdf(current.id, {
              pressure: pressureUnit(),
              distance: distanceUnit(),
              temperature: temperatureUnit(),
            })
          : mainApi().jobs.exportJson(current.id),
      (saved) => {
        if (!saved.cancelled)
          this.deps.notify(t('jobTab.saved', { count: saved.entries, path: saved.path }), 'success');
      },
    );
  }

  /** Main prints the record as the PDF export does and opens it in the computer's viewer to print. */
  async printRecord(): Promise<void> {
    const current = this.job;
    if (!current) return;
    await this.#act(
      () =>
        mainApi().jobs.printPdf(current.id, {
          pressure: pressureUnit(),
          distance: distanceUnit(),
          temperature: temperatureUnit(),
        }),
      (printed) => this.deps.notify(t('jobTab.printOpened', { count: printed.entries }), 'success'),
    );
  }

  /** Main asks which record file (a dialog) and checks it against the log; the file never comes here. */
  async verifyFile(): Promise<void> {
    await this.#act(
      () => mainApi().jobs.verify(),
      (value) => {
        if (value) this.verification = value;
      },
    );
  }
}
