// The update choice behind Settings → Updates: read once at start (before the first check asks it),
// written before it is answered, told as `setting.saved`.
import { DEFAULT_UPDATE_SETTINGS, type UpdateSettings } from '../../shared/update-settings';
import type { FactPort } from '../events/domain-events';
import type { OnCorrupt } from '../storage/atomic-file';
import { keptSetting, type KeptSetting } from '../storage/kept-setting';
import { readUpdateSettings, writeUpdateSettings } from '../storage/update-settings-store';

export type UpdateSettingsService = KeptSetting<UpdateSettings>;

export function createUpdateSettings(deps: {
  dataDir: string;
  onCorrupt?: OnCorrupt;
  onProblem?: (message: string, error: unknown) => void;
  facts?: FactPort;
}): UpdateSettingsService {
  return keptSetting<UpdateSettings>({
    initial: DEFAULT_UPDATE_SETTINGS,
    read: () => readUpdateSettings(deps.dataDir, { onCorrupt: deps.onCorrupt }),
    write: (settings) => writeUpdateSettings(deps.dataDir, settings),
    normalize: (input) => ({ mode: input.mode }),
    saved: () => deps.facts?.publish('setting.saved', { what: 'updates' }),
    onReadProblem: (error) => deps.onProblem?.('The update choice could not be read', error),
  });
}
