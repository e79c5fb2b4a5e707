// The "Refresh garage" choice behind the sidebar's "Also alerts, tyres and certificates" box: read once at
// start (before the start-up read asks it), written before it is answered, so a choice acknowledged
// is the one the next start reads.
import { DEFAULT_GARAGE_REFRESH, type GarageRefreshSettings } from '../../shared/garage-refresh-settings';
import type { FactPort } from '../events/domain-events';
import type { OnCorrupt } from '../storage/atomic-file';
import { readGarageRefreshSettings, writeGarageRefreshSettings } from '../storage/garage-refresh-store';
import { keptSetting, type KeptSetting } from '../storage/kept-setting';

export type GarageRefreshSettingsService = KeptSetting<GarageRefreshSettings>;

export function createGarageRefreshSettings(deps: {
  dataDir: string;
  onCorrupt?: OnCorrupt;
  onProblem?: (message: string, error: unknown) => void;
  /** Told `setting.saved` once a choice is on disk. */
  facts?: FactPort;
}): GarageRefreshSettingsService {
  return keptSetting<GarageRefreshSettings>({
    initial: DEFAULT_GARAGE_REFRESH,
    read: () => readGarageRefreshSettings(deps.dataDir, { onCorrupt: deps.onCorrupt }),
    write: (settings) => writeGarageRefreshSettings(deps.dataDir, settings),
    normalize: (input) => ({ alertsAndCertificates: input.alertsAndCertificates === true }),
    saved: () => deps.facts?.publish('setting.saved', { what: 'garage-refresh' }),
    // Unreadable (permissions): states only, as before any choice; the log says why.
    onReadProblem: (error) => deps.onProblem?.('The "Refresh garage" choice could not be read', error),
  });
}
