// A bulk run's snapshot as main keeps it, for tests of what is saved and read back.
import { countItems, newRunItem, type RunSnapshot } from '../../../electron/shared/runs';
import type { RunContext } from '../../../electron/main/runs/run-work';

/** The profile runs work for in these tests, with a pacer that never holds anything back. */
export const runContext = {
  profileId: 'demo',
  profileName: 'Demo',
  client: { onPacerHold: () => () => {}, pacing: { heard: true } },
  isCurrent: () => true,
} as unknown as RunContext;

export function bulkRunSnapshot(id: string, vins: string[], change: (run: RunSnapshot) => void = () => {}) {
  const items = vins.map(newRunItem);
  const run: RunSnapshot = {
    id,
    kind: 'bulk-command',
    profileId: 'demo',
    profileName: 'Demo',
    title: 'Set charge limit to 80 %',
    state: 'interrupted',
    startedAt: '2026-11-25T10:00:00.000Z',
    endedAt: '2026-11-25T10:01:00.000Z',
    command: { name: 'set_charge_limit', options: { percent: 80 } },
    template: null,
    alertsAndCertificates: false,
    retryOf: null,
    stoppedBecause: null,
    waitingUntil: null,
    summary: '',
    counts: countItems(items),
    revision: 3,
    items,
  };
  change(run);
  return run;
}
