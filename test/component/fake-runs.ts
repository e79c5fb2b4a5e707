// A scripted main for runs in component tests: window.garage with the runs.* operations and the
// event subscription, and a way for the test to move a run on and push its 'run.changed' event, as
// main would. The run's counts and summary are main's own (run-summary.ts).
import type { GarageEvent } from '../../electron/shared/events';
import { buildGarageApi } from '../../electron/shared/ipc/garage-api';
import type { GarageApi } from '../../electron/shared/ipc/api';
import { operationOf } from '../../electron/shared/ipc/operations';
import { countItems, newRunItem, type RunKind, type RunSnapshot } from '../../electron/shared/runs';
import { runSummary } from '../../electron/shared/run-summary';
import { connectStores, runs as runsStore } from '../../renderer/src/lib/stores';
import { answerOf, type MainCall, type Responders } from './fake-garage';

export interface FakeRuns {
  api: GarageApi;
  calls: MainCall[];
  runs: Map<string, RunSnapshot>;
  /** The newest run started. */
  last(): RunSnapshot;
  /** Changes a run as main would and pushes its event. */
  update(id: string, change: (run: RunSnapshot) => void): void;
  /** Starts a run as if another window (or before a reload) had. */
  add(kind: RunKind, vins: string[]): RunSnapshot;
  /** Connects the stores to this main, as the window does when it (re)loads. */
  connect(): void;
}

/** Run number `n` as main starts it: every vehicle queued, nothing told yet (revision 0). */
export function newRun(
  n: number,
  kind: RunKind,
  vins: string[],
  extra: Partial<RunSnapshot> = {},
): RunSnapshot {
  return {
    id: `00000000-0000-0000-0000-${String(n).padStart(12, '0')}`,
    kind,
    profileId: 'demo',
    profileName: 'Demo',
    title: kind === 'garage-refresh' ? `Refresh garage (${vins.length} vehicles)` : 'Bulk run',
    state: 'running',
    startedAt: new Date(Date.now() + n).toISOString(),
    endedAt: null,
    command: null,
    template: null,
    alertsAndCertificates: false,
    retryOf: null,
    stoppedBecause: null,
    waitingUntil: null,
    summary: '',
    counts: countItems([]),
    revision: 0,
    items: vins.map(newRunItem),
    ...extra,
  };
}

/**
 * With `connect: false`, the stores follow this main only once the test calls `connect()`.
 * `garageVins`: the garage a "Refresh garage" run reads (none when not given).
 */
export function installFakeRuns(
  responders: Responders = {},
  {
    connect = true,
    profileId = 'demo',
    garageVins = () => [],
  }: { connect?: boolean; profileId?: string; garageVins?: () => string[] } = {},
): FakeRuns {
  const listeners = new Set<(event: GarageEvent) => void>();
  const runs = new Map<string, RunSnapshot>();
  const calls: FakeRuns['calls'] = [];
  let n = 0;
  // As main does: each event carries the run's summary and the items changed since its last one.
  const told = new Map<string, Map<string, string>>();
  const emit = (run: RunSnapshot) => {
    run.revision++;
    const { items: all, ...summary } = structuredClone(run);
    const first = !told.has(run.id);
    const before = told.get(run.id) ?? new Map<string, string>();
    const items = all.filter((i) => before.get(i.vin) !== JSON.stringify(i));
    for (const i of items) before.set(i.vin, JSON.stringify(i));
    told.set(run.id, before);
    const event: GarageEvent = { type: 'run.changed', run: summary, items, itemsComplete: first };
    for (const listener of listeners) listener(event);
  };
  const refresh = (run: RunSnapshot) => {
    run.counts = countItems(run.items);
    run.summary = runSummary(run.kind, run.state, run.counts, run.items, run.stoppedBecause);
  };
  const add = (kind: RunKind, vins: string[], extra: Partial<RunSnapshot> = {}): RunSnapshot => {
    n++;
    const run = newRun(n, kind, vins, { profileId, ...extra });
    refresh(run);
    runs.set(run.id, run);
    emit(run);
    return run;
  };
  const ok = <T>(value: T) => ({ ok: true as const, value: structuredClone(value) });
  const all: Responders = {
    'runs.list': () => ok([...runs.values()].reverse().map(({ items: _items, ...rest }) => rest)),
    'runs.get': ([id]) => {
      const run = runs.get(id);
      return run ? ok(run) : { ok: false, error: { kind: 'not_found', message: `No run ${id}.` } };
    },
    'runs.startBulkCommand': ([input]) => {
      const { command, items } = input as {
        command: RunSnapshot['command'];
        items: { vin: string; skip?: { reason: string; message: string } }[];
      };
      const run = add(
        'bulk-command',
        items.map((i) => i.vin),
        { command },
      );
      items.forEach((entry, i) => {
        if (!entry.skip) return;
        run.items[i]!.status = 'skipped';
        run.items[i]!.skipReason = entry.skip.reason;
        run.items[i]!.message = entry.skip.message;
      });
      refresh(run);
      emit(run);
      return ok(run);
    },
    'runs.startGarageRefresh': ([input]) =>
      ok(
        add('garage-refresh', garageVins(), {
          alertsAndCertificates: (input as { alertsAndCertificates?: boolean } | undefined)
            ?.alertsAndCertificates,
        }),
      ),
    'runs.cancel': ([id]) => {
      const run = runs.get(id as string)!;
      run.state = 'cancelling';
      refresh(run);
      emit(run);
      return ok(run);
    },
    'runs.cancelItem': ([id, vin]) => {
      const run = runs.get(id as string)!;
      const target = run.items.find((i) => i.vin === vin)!;
      if (target.status === 'queued') {
        target.status = 'not-sent';
        target.message = 'Not sent: cancelled.';
      }
      refresh(run);
      emit(run);
      return ok(run);
    },
    'runs.retryFailed': ([id]) => {
      const source = runs.get(id as string)!;
      const vins = source.items
        .filter((i) => i.status === 'failed' || i.status === 'not-sent')
        .map((i) => i.vin);
      return ok(add(source.kind, vins, { command: source.command, retryOf: source.id }));
    },
    'runs.exportResults': () => ok({ cancelled: false, path: '/tmp/results.csv', rows: 1 }),
    ...responders,
  };
  const api = buildGarageApi(
    async (channel, args) => {
      const operation = operationOf(channel);
      if (!operation) throw new Error(`not an operation's channel: ${channel}`);
      calls.push({ operation, args });
      return answerOf(all, operation, args);
    },
    (deliver) => listeners.add(deliver),
  );
  Object.defineProperty(window, 'garage', { value: api, configurable: true });
  runsStore.reset();
  let disconnect: (() => void) | null = null;
  const connectNow = () => {
    disconnect?.();
    disconnect = connectStores(api);
  };
  if (connect) connectNow();
  return {
    connect: connectNow,
    api,
    calls,
    runs,
    last: () => [...runs.values()].at(-1)!,
    update(id, change) {
      const run = runs.get(id)!;
      change(run);
      refresh(run);
      emit(run);
    },
    add: (kind, vins) => add(kind, vins),
  };
}
