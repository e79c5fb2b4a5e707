// Who this computer credits with a job's notes, closing and reopening: the name typed here (kept by
// main, so the next note after a restart is still theirs), else the shop's name for them, else the
// computer's name for its login. Main decides and records; this shows it and passes on what is typed.
import type { TechnicianView } from '../../../electron/shared/technician';
import { describeError } from './errors';
import { mainApi } from './main-api';

class Technician {
  /** Main's answer; null until read (or when it could not be). */
  view = $state<TechnicianView | null>(null);
  problem = $state<string | null>(null);

  /** The name typed on this computer, '' when the default stands. */
  typed = $derived(this.view?.from === 'typed' ? this.view.name : '');

  async load(): Promise<void> {
    const result = await mainApi().jobs.technician();
    if (result.ok) this.view = result.value;
  }

  /** Keeps `name` as this computer's technician ('' goes back to the default); false when refused. */
  async set(name: string): Promise<boolean> {
    const result = await mainApi().jobs.setTechnician(name);
    if (!result.ok) {
      this.problem = describeError(result.error);
      return false;
    }
    this.problem = null;
    this.view = result.value;
    return true;
  }

  reset(): void {
    this.view = null;
    this.problem = null;
  }
}

export type TechnicianStore = Technician;

export function createTechnician(): TechnicianStore {
  return new Technician();
}
