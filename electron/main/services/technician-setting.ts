// The technician's name typed on this machine (the job screen's "Technician" field): read once at
// start, written before it is answered. A shared workshop computer keeps the last name typed, so
// the next note is credited to whoever said they sit there, never to the computer's login.
import { TECHNICIAN_MAX } from '../../shared/jobs/job-limits';
import type { FactPort } from '../events/domain-events';
import type { OnCorrupt } from '../storage/atomic-file';
import { keptSetting, type KeptSetting } from '../storage/kept-setting';
import { readTechnician, writeTechnician } from '../storage/technician-store';

export type TechnicianSettingService = KeptSetting<{ name: string }>;

export function createTechnicianSetting(deps: {
  dataDir: string;
  onCorrupt?: OnCorrupt;
  onProblem?: (message: string, error: unknown) => void;
  /** Told `setting.saved` once a name is on disk. */
  facts?: FactPort;
}): TechnicianSettingService {
  return keptSetting<{ name: string }>({
    initial: { name: '' },
    read: async () => ({ name: await readTechnician(deps.dataDir, { onCorrupt: deps.onCorrupt }) }),
    write: ({ name }) => writeTechnician(deps.dataDir, name),
    normalize: (input) => ({
      name: String(input.name ?? '')
        .trim()
        .slice(0, TECHNICIAN_MAX),
    }),
    saved: () => deps.facts?.publish('setting.saved', { what: 'technician' }),
    onReadProblem: (error) => deps.onProblem?.("The technician's name could not be read", error),
  });
}
