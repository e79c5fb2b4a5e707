// The "Refresh garage" choice behind the sidebar's "Also alerts and certificates" box: read once at
// start (before the start-up read asks it), written before it is answered, so a choice acknowledged
// is the one the next start reads.
import type { GarageRefreshSettings } from '../../shared/garage-refresh-settings';
import { DEFAULT_GARAGE_REFRESH } from '../../shared/garage-refresh-settings';
import type { FactPort } from '../events/domain-events';
import type { OnCorrupt } from '../storage/atomic-file';
import { readGarageRefreshSettings, writeGarageRefreshSettings } from '../storage/garage-refresh-store';

export interface GarageRefreshSettingsService {
  load(): Promise<void>;
  /** The choice now (the default until loaded). */
  current(): GarageRefreshSettings;
  /** The choice once every change asked before is on disk (a window reloaded mid-change sees it). */
  view(): Promise<GarageRefreshSettings>;
  set(input: GarageRefreshSettings): Promise<GarageRefreshSettings>;
}

export function createGarageRefreshSettings(deps: {
  dataDir: string;
  onCorrupt?: OnCorrupt;
  onProblem?: (message: string, error: unknown) => void;
  /** Told `setting.saved` once a choice is on disk. */
  facts?: FactPort;
}): GarageRefreshSettingsService {
  let settings: GarageRefreshSettings = { ...DEFAULT_GARAGE_REFRESH };
  // Changes are written one after the other, in the order asked; the last one asked wins.
  let writing: Promise<unknown> = Promise.resolve();
  return {
    async load() {
      try {
        settings = await readGarageRefreshSettings(deps.dataDir, { onCorrupt: deps.onCorrupt });
      } catch (error) {
        // Unreadable (permissions): states only, as before any choice; the log says why.
        deps.onProblem?.('The "Refresh garage" choice could not be read', error);
      }
    },
    current: () => ({ ...settings }),
    async view() {
      await writing.catch(() => undefined);
      return { ...settings };
    },
    set(input) {
      const next = { alertsAndCertificates: input.alertsAndCertificates === true };
      const done = writing
        .catch(() => undefined)
        .then(async () => {
          await writeGarageRefreshSettings(deps.dataDir, next);
          settings = next;
          deps.facts?.publish('setting.saved', { what: 'garage-refresh' });
          return { ...settings };
        });
      writing = done;
      return done;
    },
  };
}
