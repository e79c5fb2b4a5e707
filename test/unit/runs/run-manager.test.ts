// The run manager's own rules, with the services' steps scripted (the simulator-backed tests are in
// test/core/runs.test.ts): progress events coalesced for a large run with the end always told, a
// refused token stopping the run at once, and an unanswering service stopping it after a few.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../electron/shared/result';
import { applyRunChange, type RunChange, type RunSnapshot } from '../../../electron/shared/runs';
import { createDomainEvents } from '../../../electron/main/events/domain-events';
import {
  createRunManager,
  UNREACHABLE_AFTER,
  type RunManager,
} from '../../../electron/main/runs/run-manager';
import { createRunStore } from '../../../electron/main/runs/run-store';
import type { RunContext, RunWork } from '../../../electron/main/runs/run-work';
import { runContext } from './run-fixture';
import { passes, waitFor } from '../../support/wait-for';

const folders: string[] = [];
afterEach(async () => {
  // A run's file is written after it has ended: its folder goes once every write has settled.
  for (const runs of managers.splice(0)) await runs.settle();
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

const managers: RunManager[] = [];
// These runs' steps do not reach a service.
const ctx = runContext;
const vins = (n: number) => Array.from({ length: n }, (_, i) => `5YJ3E1EA7KF${String(317000 + i)}`);

async function manager(command: RunWork['command'], context: RunContext = ctx) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'garage-run-unit-'));
  folders.push(dataDir);
  const facts = createDomainEvents();
  const changes: RunChange[] = [];
  facts.on('run.changed', (change) => changes.push(change));
  const work = {
    command,
    state: async () => ({ value: { state: 'online', charge_state: { charge_limit_soc: 80 } }, asOf: null }),
  } as unknown as RunWork;
  const runs = createRunManager({
    store: createRunStore({ dataDir }),
    work,
    facts,
    contextOf: async () => context,
  });
  managers.push(runs);
  return { runs, changes };
}

const CHARGE_80 = { name: 'set_charge_limit', options: { percent: 80 } } as const;

/** A 1,000-vehicle bulk run whose every send succeeds at once: its end and the events it sent. */
async function thousandRun() {
  const { runs, changes } = await manager(async (_ctx, _vin, _name, _options, tag) => {
    tag.onAudited('entry');
    return { value: { result: true } } as never;
  });
  const run = await runs.startBulkCommand(ctx, {
    command: CHARGE_80,
    items: vins(1000).map((vin) => ({ vin })),
  });
  return { end: await runs.whenDone(run.id), changes };
}

describe('run manager', () => {
  it('coalesces the progress of a 1,000-vehicle run into few events, and always tells the end', async () => {
    const { end, changes } = await thousandRun();
    const seen = changes.map((change) => change.run);
    expect(end.summary).toBe('Completed: 1000 succeeded, 0 failed');
    expect(seen.length).toBeLessThan(100);
    expect(seen.at(-1)).toMatchObject({ state: 'completed', counts: { succeeded: 1000 } });
    expect(seen[0]).toMatchObject({ state: 'running', counts: { queued: 1000 } });
  });

  it("tells a 1,000-vehicle run's progress by the items that changed, which add up to the whole run", async () => {
    const { end, changes } = await thousandRun();
    expect(changes[0]).toMatchObject({ itemsComplete: true, run: { revision: 1 } });
    expect(changes[0]!.items).toHaveLength(1000);
    const later = changes.slice(1);
    expect(later.length).toBeGreaterThan(0);
    expect(later.every((change) => !change.itemsComplete)).toBe(true);
    expect(later.map((change) => change.run.revision)).toEqual(later.map((_, i) => i + 2));
    // Every item a later event carries differs from what the events before it told of that item.
    let merged: RunSnapshot | null = applyRunChange(null, changes[0]!);
    for (const change of later) {
      const before = new Map(merged.items.map((item) => [item.vin, item]));
      for (const item of change.items) expect(item).not.toEqual(before.get(item.vin));
      merged = applyRunChange(merged, change);
    }
    expect(merged).toEqual(end);
  });

  it('stops at a refused token: every other vehicle would meet it too', async () => {
    let sends = 0;
    const { runs } = await manager(async () => {
      sends++;
      throw new AppError('unauthorized', 'The service refused the token (401).');
    });
    const run = await runs.startBulkCommand(ctx, {
      command: CHARGE_80,
      items: vins(10).map((vin) => ({ vin })),
      concurrency: 1,
    });
    const end = await runs.whenDone(run.id);
    expect(sends).toBe(1);
    expect(end.state).toBe('failed');
    expect(end.summary).toBe('Stopped: The service refused the token (401). 1 sent (1 failed), 9 not sent');
  });

  it('keeps a bulk run’s vehicles at a time, and its retry sends as many', async () => {
    const { runs } = await manager(async () => {
      throw new AppError('unauthorized', 'The service refused the token (401).');
    });
    const run = await runs.startBulkCommand(ctx, {
      command: CHARGE_80,
      items: vins(3).map((vin) => ({ vin })),
      concurrency: 2,
    });
    expect(run.concurrency).toBe(2);
    await runs.whenDone(run.id);
    const again = await runs.retryFailed(run.id);
    expect(again.concurrency).toBe(2);
    await runs.whenDone(again.id);
  });

  it(`stops after ${UNREACHABLE_AFTER} sends in a row that the service did not answer`, async () => {
    let sends = 0;
    const { runs } = await manager(async () => {
      sends++;
      throw new AppError('network', 'The service did not answer.');
    });
    const run = await runs.startBulkCommand(ctx, {
      command: CHARGE_80,
      items: vins(20).map((vin) => ({ vin })),
      concurrency: 1,
    });
    const end = await runs.whenDone(run.id);
    expect(sends).toBe(UNREACHABLE_AFTER);
    expect(end).toMatchObject({
      state: 'failed',
      counts: { failed: UNREACHABLE_AFTER, notSent: 20 - UNREACHABLE_AFTER },
    });
  });

  it("says it waits for the rate limit while the client's pacer holds its sends, with no 429", async () => {
    let hold: ((waitMs: number | null) => void) | null = null;
    const paced = {
      ...ctx,
      client: {
        pacing: { heard: true },
        onPacerHold: (listener: (waitMs: number | null) => void) => {
          hold = listener;
          return () => (hold = null);
        },
      },
    } as unknown as RunContext;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { runs, changes } = await manager(async (_ctx, _vin, _name, _options, tag) => {
      tag.onAudited('entry');
      await held;
      return { value: { result: true } } as never;
    }, paced);
    const run = await runs.startBulkCommand(paced, {
      command: CHARGE_80,
      items: vins(1).map((vin) => ({ vin })),
    });
    await waitFor(
      passes(() => expect(runs.get(run.id).items[0]!.status).toBe('sending')),
      'the item to be sending',
    );
    const before = Date.now();
    hold!(3_000);
    const until = Date.parse(runs.get(run.id).waitingUntil!);
    expect(until).toBeGreaterThanOrEqual(before + 3_000);
    await waitFor(
      passes(() => expect(changes.at(-1)?.run.waitingUntil).toBe(runs.get(run.id).waitingUntil)),
      'the waiting time in the last change',
    );
    hold!(null);
    expect(runs.get(run.id).waitingUntil).toBeNull();
    release();
    const end = await runs.whenDone(run.id);
    expect(end).toMatchObject({ state: 'completed', waitingUntil: null });
    // The run stopped listening when it ended.
    expect(hold).toBeNull();
  });
});
