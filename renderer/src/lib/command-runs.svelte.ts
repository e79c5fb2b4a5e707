// Which commands are under way and how each vehicle's last ones ended, kept outside the components:
// switching tabs or vehicles and coming back still shows "Sending…" (and keeps the button locked)
// and the last outcome, so a command still running is never sent a second time by accident.
import { SvelteMap } from 'svelte/reactivity';
import type { CommandName } from '../../../electron/shared/commands';
import type { CommandOptions } from '../../../electron/shared/ipc/api';
import { connection } from './connection.svelte';
import { garageApi } from './garage';
import { commandSuccessText, outcomeOf, type Outcome } from './outcome';

export interface CommandRun {
  running: boolean;
  outcome: Outcome | null;
}

const IDLE: CommandRun = { running: false, outcome: null };

class CommandRuns {
  #runs = new SvelteMap<string, CommandRun>();

  get(vin: string, name: CommandName): CommandRun {
    return this.#runs.get(`${vin}|${name}`) ?? IDLE;
  }

  /** Sends the command unless the same one is already running for this vehicle. */
  async send(vin: string, name: CommandName, options: CommandOptions): Promise<Outcome | null> {
    const key = `${vin}|${name}`;
    const previous = this.#runs.get(key);
    if (previous?.running) return null;
    this.#runs.set(key, { running: true, outcome: previous?.outcome ?? null });
    const result = await garageApi().vehicles.command(vin, name, options);
    if (result.ok) connection.noteAnswer();
    else connection.noteError(result.error);
    const outcome = outcomeOf(result, commandSuccessText(options.waitForCompletion));
    this.#runs.set(key, { running: false, outcome });
    return outcome;
  }

  /** Forgets everything; component tests call this between cases. */
  reset(): void {
    this.#runs.clear();
  }
}

export const commandRuns = new CommandRuns();
