// Checking for and installing updates, on the technician's terms: the service never downloads
// or installs on its own (autoDownload and autoInstallOnAppQuit are forced off), install() needs
// explicit consent and a found update, and with no feed configured it never touches the updater.
// The updater is electron-updater's AppUpdater in the app (adapters/updater.ts), injected lazily.
import { AppError } from '../../shared/result';
import type { UpdateStatus } from '../../shared/types';
import { redactSecrets } from '../logging/redact';
import { tm } from '../i18n/main-words';

/** The part of electron-updater's AppUpdater this service uses. */
export interface UpdaterLike {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  setFeedURL(options: { provider: 'generic'; url: string }): void;
  checkForUpdates(): Promise<{ isUpdateAvailable: boolean; updateInfo: UpdateInfoLike } | null>;
  downloadUpdate(): Promise<unknown>;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
}

export interface UpdateInfoLike {
  version: string;
  releaseName?: string | null;
  releaseNotes?: string | readonly { version: string; note: string | null }[] | null;
}

export interface UpdateServiceOptions {
  /** From buildTimeFeedUrl(); null means updates are off. */
  feedUrl: string | null;
  currentVersion: string;
  /**
   * Called at most once, on the first check, and never when feedUrl is null. May load the updater
   * (electron-updater is loaded on first use, not at start-up).
   */
  createUpdater: () => UpdaterLike | Promise<UpdaterLike>;
  onError?: (error: unknown) => void;
  /** Every change of the status (found, downloading, downloaded, failed), for the window. */
  onStatus?: (status: UpdateStatus) => void;
}

export interface UpdateService {
  status(): UpdateStatus;
  check(): Promise<UpdateStatus>;
  /** Downloads the found update without installing it (installing still needs consent). */
  download(): Promise<UpdateStatus>;
  /** Downloads the found update (unless downloaded) and restarts into it; refuses without consent. */
  install(input: { consent: unknown }): Promise<UpdateStatus>;
}

const MAX_NOTES = 20_000;

/** Release notes as plain text: the renderer shows them as text, never as HTML. */
function notesText(notes: UpdateInfoLike['releaseNotes']): string | undefined {
  if (notes == null) return undefined;
  const text =
    typeof notes === 'string' ? notes : notes.map((n) => `${n.version}\n${n.note ?? ''}`).join('\n\n');
  return text.length > MAX_NOTES ? `${text.slice(0, MAX_NOTES)}…` : text;
}

function failureMessage(error: unknown): string {
  const detail = error instanceof Error ? error.message.split('\n')[0] : String(error);
  return redactSecrets(`The update feed could not be read: ${detail}`).slice(0, 300);
}

/** Where no updater can be made (under Node): never called, as there is no feed there either. */
export const noUpdater = (): never => {
  throw new Error('No updater is available in this process.');
};

export function createUpdateService(options: UpdateServiceOptions): UpdateService {
  const base = { currentVersion: options.currentVersion };
  let status: UpdateStatus = options.feedUrl
    ? { ...base, state: 'not-available' }
    : { ...base, state: 'disabled' };
  let updater: UpdaterLike | null = null;
  let creating: Promise<UpdaterLike> | null = null;
  let downloading: Promise<UpdateStatus> | null = null;
  const set = (next: UpdateStatus) => {
    const changed = JSON.stringify(next) !== JSON.stringify(status);
    status = next;
    if (changed) options.onStatus?.({ ...status });
  };

  /** The found update on disk, once: two callers share one download. */
  const fetchUpdate = (): Promise<UpdateStatus> => {
    if (!updater || status.state !== 'available') return Promise.resolve({ ...status });
    const found = updater;
    downloading ??= (async () => {
      set({ ...status, state: 'downloading' });
      try {
        await found.downloadUpdate();
        set({ ...status, state: 'downloaded' });
      } catch (error) {
        options.onError?.(error);
        set({ ...base, state: 'error', message: failureMessage(error) });
      } finally {
        downloading = null;
      }
      return { ...status };
    })();
    return downloading;
  };

  const updaterFor = (feedUrl: string): Promise<UpdaterLike> => {
    creating ??= (async () => {
      const created = await options.createUpdater();
      created.autoDownload = false;
      created.autoInstallOnAppQuit = false;
      created.setFeedURL({ provider: 'generic', url: feedUrl });
      return (updater = created);
    })();
    // A failed load is retried on the next check.
    creating.catch(() => (creating = null));
    return creating;
  };

  return {
    status: () => ({ ...status }),

    async check() {
      if (!options.feedUrl) return { ...status };
      if (status.state === 'downloading' || status.state === 'downloaded') return { ...status };
      try {
        const result = await (await updaterFor(options.feedUrl)).checkForUpdates();
        const info = result?.updateInfo;
        set(
          result?.isUpdateAvailable && info
            ? {
                ...base,
                state: 'available',
                availableVersion: info.version,
                ...(info.releaseName ? { releaseName: info.releaseName } : {}),
                ...(notesText(info.releaseNotes) !== undefined
                  ? { releaseNotes: notesText(info.releaseNotes) }
                  : {}),
              }
            : { ...base, state: 'not-available' },
        );
      } catch (error) {
        options.onError?.(error);
        set({ ...base, state: 'error', message: failureMessage(error) });
      }
      return { ...status };
    },

    download: () => fetchUpdate(),

    async install(input) {
      if (input?.consent !== true) {
        throw new AppError('invalid_input', tm('errors.updateNeedsConsent'));
      }
      if (!options.feedUrl || !updater) {
        throw new AppError('rejected', tm('errors.updatesNotConfigured'));
      }
      if (status.state !== 'available' && status.state !== 'downloading' && status.state !== 'downloaded') {
        throw new AppError('rejected', tm('errors.noUpdate'));
      }
      if (status.state !== 'downloaded') {
        const fetched = await (downloading ?? fetchUpdate());
        if (fetched.state !== 'downloaded') return fetched;
      }
      // Restarts the app into the new version (the installer runs with its own UI on Windows).
      updater.quitAndInstall(false, true);
      return { ...status };
    },
  };
}
