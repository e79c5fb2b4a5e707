// A bulk run's snapshot as main keeps it, for tests of what is saved and read back.
import { countItems, newRunItem, type RunSnapshot } from '../../../electron/shared/runs';
import { createDomainEvents } from '../../../electron/main/events/domain-events';
import { createRunManager } from '../../../electron/main/runs/run-manager';
import { createRunStore } from '../../../electron/main/runs/run-store';
import type { RunContext, RunWork } from '../../../electron/main/runs/run-work';

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

/**
 * A run manager whose commands to one car go to `work` (no service behind it), over the run store
 * of `dataDir` (optionally on another fs), and a start of `set_charge_limit` 80 % for `vin`.
 */
export function commandRunManager(options: {
  dataDir: string;
  work: Partial<RunWork>;
  fs?: typeof import('node:fs/promises');
  waitForCompletion?: boolean;
}) {
  const runs = createRunManager({
    store: createRunStore({ dataDir: options.dataDir, ...(options.fs ? { fs: options.fs } : {}) }),
    work: options.work as RunWork,
    facts: createDomainEvents(),
    contextOf: async () => runContext,
    vehicleCommand: { acceptedReadsMs: [] },
    onProblem: () => {},
  });
  const start = (vin: string) =>
    runs.startVehicleCommand(runContext, {
      vin,
      command: {
        name: 'set_charge_limit',
        options: {
          percent: 80,
          ...(options.waitForCompletion === undefined
            ? {}
            : { waitForCompletion: options.waitForCompletion }),
        },
      },
    });
  return { runs, start };
}
