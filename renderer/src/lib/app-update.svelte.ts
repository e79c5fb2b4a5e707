// The app's own update, as main's scheduled checks find it (at start, every few hours, on waking):
// the banner follows `update.changed`, and installing is the technician's click and confirmation.
// Also the choice of when main looks (Settings → Updates).
import { t } from './i18n.svelte';
import type { UpdateStatus } from '../../../electron/shared/types';
import type { UpdateMode } from '../../../electron/shared/update-settings';
import { describeError } from './errors';
import { mainApi } from './main-api';

class AppUpdate {
  status = $state<UpdateStatus | null>(null);
  mode = $state<UpdateMode | null>(null);
  installing = $state(false);
  problem = $state<string | null>(null);
  /** The version the technician put off with "Later": a newer one shows again. */
  dismissedVersion = $state<string | null>(null);

  /** What there is to offer now: a found or downloaded version not put off. */
  offered = $derived.by(() => {
    const status = this.status;
    if (!status || (status.state !== 'available' && status.state !== 'downloaded')) return null;
    return status.availableVersion === this.dismissedVersion ? null : status;
  });

  /** Counts main's events: a read answered after one of them is older than what it told. */
  #told = 0;

  async load(): Promise<void> {
    const before = this.#told;
    const [status, settings] = await Promise.all([mainApi().updates.status(), mainApi().settings.updates()]);
    if (status.ok && this.#told === before) this.status = status.value;
    if (settings.ok) this.mode = settings.value.mode;
  }

  apply(status: UpdateStatus): void {
    this.#told++;
    this.status = status;
  }

  async readMode(): Promise<void> {
    const settings = await mainApi().settings.updates();
    if (settings.ok) this.mode = settings.value.mode;
  }

  async setMode(mode: UpdateMode): Promise<string | null> {
    const result = await mainApi().settings.setUpdates({ mode });
    if (!result.ok) return describeError(result.error);
    this.mode = result.value.mode;
    return null;
  }

  later(): void {
    this.dismissedVersion = this.status?.availableVersion ?? null;
  }

  async install(): Promise<void> {
    this.installing = true;
    this.problem = null;
    const result = await mainApi().updates.install({ consent: true });
    this.installing = false;
    if (!result.ok) this.problem = describeError(result.error);
    else if (result.value.state === 'error')
      this.problem = result.value.message ?? t('updates.installFailed');
    else this.status = result.value;
  }

  reset(): void {
    this.#told = 0;
    this.status = null;
    this.mode = null;
    this.installing = false;
    this.problem = null;
    this.dismissedVersion = null;
  }
}

export type AppUpdateStore = AppUpdate;

export function createAppUpdate(): AppUpdateStore {
  return new AppUpdate();
}
