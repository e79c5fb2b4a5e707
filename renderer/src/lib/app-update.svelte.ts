// An update of the app, as main's updater tells it: checked once at start, offered without
// blocking, installed only after the technician's consent (main downloads, closes and restarts).
import type { UpdateStatus } from '../../../electron/shared/types';
import { describeError } from './errors';
import { mainApi } from './main-api';

export class AppUpdate {
  status = $state<UpdateStatus | null>(null);
  installing = $state(false);
  /** Why the install did not happen, in words. */
  problem = $state<string | null>(null);

  async check(): Promise<void> {
    const result = await mainApi().updates.check();
    if (result.ok) this.status = result.value;
  }

  async install(): Promise<void> {
    this.installing = true;
    this.problem = null;
    const result = await mainApi().updates.install({ consent: true });
    this.installing = false;
    if (!result.ok) this.problem = describeError(result.error);
    else if (result.value.state === 'error')
      this.problem = result.value.message ?? 'The update could not be installed.';
    else this.status = result.value;
  }
}
