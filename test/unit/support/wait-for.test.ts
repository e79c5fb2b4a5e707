// The tests' waiting helper: it ends on the first answer that holds, sees every event in order when
// it waits on events, and says what never came when the time runs out.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { onEmitted, passes, waitFor } from '../../support/wait-for';

describe('waitFor', () => {
  it('resolves with the first answer that is not false, null or undefined', async () => {
    const answers: unknown[] = [undefined, null, false, 0, 'late'];
    let asked = 0;
    const value = await waitFor(() => answers[asked++], 'an answer', { intervalMs: 1 });
    // 0 holds: only false, null and undefined mean "not yet".
    expect(value).toBe(0);
    expect(asked).toBe(4);
  });

  it('asks an async probe again after it throws, and stops at once when it holds', async () => {
    let asked = 0;
    const value = await waitFor(
      async () => {
        asked++;
        if (asked < 3) throw new Error('not yet');
        return 'ready';
      },
      'the third answer',
      { intervalMs: 1 },
    );
    expect(value).toBe('ready');
    expect(asked).toBe(3);
  });

  it('fails naming what it waited for, with the probe last error', async () => {
    const failure = waitFor(
      passes(() => expect(1).toBe(2)),
      'one to be two',
      {
        timeoutMs: 60,
        intervalMs: 5,
      },
    );
    await expect(failure).rejects.toThrow(
      /Timed out after 60 ms waiting for one to be two; last: .*expected 1 to be 2/,
    );
  });

  it('on events: subscribes before returning, shows each event in order, and unsubscribes', async () => {
    const emitter = new EventEmitter();
    const seen: (number | undefined)[] = [];
    const waiting = waitFor(
      (event?: number) => {
        seen.push(event);
        return event === 3 ? event : null;
      },
      'the third event',
      {
        wakeOn: onEmitted<number>(emitter, 'tick'),
      },
    );
    // Fired synchronously, before the first probe has even settled: none is lost.
    for (const n of [1, 2, 3, 4]) emitter.emit('tick', n);
    expect(await waiting).toBe(3);
    expect(seen).toEqual([undefined, 1, 2, 3]);
    expect(emitter.listenerCount('tick')).toBe(0);
  });

  it('on events: asks nothing between events (no polling)', async () => {
    const emitter = new EventEmitter();
    let asked = 0;
    const waiting = waitFor(
      () => {
        asked++;
        return false;
      },
      'an event that never comes',
      {
        timeoutMs: 80,
        intervalMs: 1,
        wakeOn: onEmitted<number>(emitter, 'tick'),
      },
    );
    await expect(waiting).rejects.toThrow('waiting for an event that never comes');
    expect(asked).toBe(1);
  });
});
