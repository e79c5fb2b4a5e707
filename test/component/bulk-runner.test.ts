import { describe, expect, it } from 'vitest';
import { runBulk, type BulkItemState } from '../../renderer/src/lib/bulk-runner';
import { deferred } from './fixtures';

describe('runBulk', () => {
  it('never has more sends under way than the concurrency bound, and keeps results in order', async () => {
    let active = 0;
    let peak = 0;
    const states = await runBulk({
      items: Array.from({ length: 20 }, (_, i) => i),
      concurrency: 4,
      send: async (n) => {
        active++;
        peak = Math.max(peak, active);
        await new Promise((r) => setTimeout(r, 1 + (n % 3)));
        active--;
        return n * 2;
      },
    });
    expect(peak).toBe(4);
    expect(states.map((s) => (s.status === 'done' ? s.result : null))).toEqual(
      Array.from({ length: 20 }, (_, i) => i * 2),
    );
  });

  it('sends nothing new after the signal aborts; sends under way still report', async () => {
    const controller = new AbortController();
    const gates = Array.from({ length: 6 }, () => deferred<string>());
    const sent: number[] = [];
    const run = runBulk({
      items: [0, 1, 2, 3, 4, 5],
      concurrency: 2,
      signal: controller.signal,
      send: (i) => {
        sent.push(i);
        return gates[i]!.promise;
      },
    });
    await Promise.resolve();
    expect(sent).toEqual([0, 1]);
    controller.abort();
    gates[0]!.resolve('a');
    gates[1]!.resolve('b');
    const states = await run;
    expect(sent).toEqual([0, 1]);
    expect(states.map((s) => s.status)).toEqual([
      'done',
      'done',
      'cancelled',
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
  });

  it('skips one item on request and reports every state change', async () => {
    const updates: [number, BulkItemState<number>['status']][] = [];
    const states = await runBulk({
      items: [10, 20, 30],
      concurrency: 1,
      isSkipped: (i) => i === 1,
      send: async (n) => n,
      onUpdate: (i, state) => updates.push([i, state.status]),
    });
    expect(states.map((s) => s.status)).toEqual(['done', 'cancelled', 'done']);
    expect(updates).toEqual([
      [0, 'running'],
      [0, 'done'],
      [1, 'cancelled'],
      [2, 'running'],
      [2, 'done'],
    ]);
  });

  it('records a throwing send as failed and carries on with the rest', async () => {
    const states = await runBulk({
      items: [1, 2, 3],
      concurrency: 2,
      send: async (n) => {
        if (n === 2) throw new Error('boom');
        return n;
      },
    });
    expect(states.map((s) => s.status)).toEqual(['done', 'failed', 'done']);
  });

  it('handles an empty list', async () => {
    expect(await runBulk({ items: [], send: async () => 1 })).toEqual([]);
  });
});
