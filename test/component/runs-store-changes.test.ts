// The renderer's runs store from main's 'run.changed' events, which carry a run's summary and only
// the items that changed: merged into the run the window holds, and, for a window that came back
// mid-run (a reload) and missed the earlier events, the whole run fetched once from main.
import { describe, expect, it } from 'vitest';
import type { GarageApi } from '../../electron/shared/ipc/api';
import {
  countItems,
  newRunItem,
  type RunChange,
  type RunItem,
  type RunSnapshot,
} from '../../electron/shared/runs';
import { runs } from '../../renderer/src/lib/stores';
import { installFakeRuns, newRun } from './fake-runs';
import { passes, waitFor } from '../support/wait-for';

const vin = (i: number) => `5YJ3E1EA7KF${String(317000 + i)}`;

function item(i: number, status: RunItem['status'] = 'queued'): RunItem {
  return { ...newRunItem(vin(i)), status };
}

/** Main's side: a run of `n` vehicles whose events are built as main builds them. */
function mainRun(n: number) {
  const run = newRun(
    1,
    'bulk-command',
    Array.from({ length: n }, (_, i) => vin(i)),
  );
  const told = new Set<string>();
  /** Sets these items' status and returns the event main sends for it. */
  const change = (indexes: number[], status: RunItem['status']): RunChange => {
    for (const i of indexes) run.items[i] = item(i, status);
    run.counts = countItems(run.items);
    run.revision++;
    const { items, ...summary } = structuredClone(run);
    const first = !told.has(run.id);
    told.add(run.id);
    return {
      run: summary,
      items: first ? items : items.filter((_, i) => indexes.includes(i)),
      itemsComplete: first,
    };
  };
  return { run, change };
}

/** A main answering runs.get with the run as it stands, when the test lets it. */
function fetcher(run: RunSnapshot) {
  let release: () => void = () => {};
  let gets = 0;
  const api = {
    runs: {
      get: async () => {
        gets++;
        const answer = { ok: true as const, value: structuredClone(run) };
        await new Promise<void>((resolve) => (release = resolve));
        return answer;
      },
    },
  } as unknown as Pick<GarageApi, 'runs'>;
  return { api, gets: () => gets, answer: () => release() };
}

const held = () => runs.latest('bulk-command', 'demo');

describe('the runs store from run changes', () => {
  it('merges the changed items into the run it holds, in the run’s order', () => {
    const main = mainRun(5);
    runs.apply(main.change([], 'queued'));
    runs.apply(main.change([1, 3], 'sending'));
    runs.apply(main.change([1], 'succeeded'));
    expect(held()).toEqual(main.run);
    expect(held()!.items.map((i) => i.status)).toEqual([
      'queued',
      'succeeded',
      'queued',
      'sending',
      'queued',
    ]);
    expect(held()!.counts).toMatchObject({ queued: 3, sending: 1, succeeded: 1 });
  });

  it('a window that came back mid-run fetches the whole run once and applies what came meanwhile', async () => {
    const main = mainRun(6);
    main.change([], 'queued'); // the first event, sent before the reload
    main.change([0, 1], 'sending'); // missed too
    const missed = main.change([0], 'succeeded'); // the first the new window sees
    const { api, gets, answer } = fetcher(main.run); // main's run as it stands now (revision 3)
    runs.apply(missed, api);
    const during = main.change([1, 2], 'succeeded'); // while the fetch is under way
    runs.apply(during, api);
    expect(gets()).toBe(1);
    answer();
    await waitFor(
      passes(() => expect(held()).toEqual(main.run)),
      'the whole run held',
    );
    // The whole run is held now: later changes merge without asking main again.
    runs.apply(main.change([5], 'failed'), api);
    expect(gets()).toBe(1);
    expect(held()).toEqual(main.run);
    expect(held()!.items).toHaveLength(6);
  });

  it('a reloaded window connected to main mid-run shows the whole run and follows its changes', async () => {
    const main = installFakeRuns({}, { connect: false });
    const run = main.add('bulk-command', [vin(0), vin(1), vin(2), vin(3)]);
    main.update(run.id, (r) => (r.items[0]!.status = 'succeeded'));
    main.update(run.id, (r) => (r.items[1]!.status = 'sending'));
    main.connect(); // the window comes back: it missed the events so far
    await waitFor(
      passes(() => expect(held()).toEqual(main.runs.get(run.id))),
      'the whole run held',
    );
    main.update(run.id, (r) => (r.items[3]!.status = 'failed'));
    expect(held()).toEqual(main.runs.get(run.id));
    expect(held()!.items.map((i) => i.status)).toEqual(['succeeded', 'sending', 'queued', 'failed']);
  });

  it('ignores a change it already holds and fetches again after a gap', async () => {
    const main = mainRun(3);
    const first = main.change([], 'queued');
    runs.apply(first);
    runs.apply(first);
    expect(held()!.revision).toBe(1);
    main.change([0], 'sending'); // lost
    const afterGap = main.change([1], 'sending');
    const { api, gets, answer } = fetcher(main.run);
    runs.apply(afterGap, api);
    expect(gets()).toBe(1);
    answer();
    await waitFor(
      passes(() => expect(held()).toEqual(main.run)),
      'the whole run fetched again',
    );
  });
});
