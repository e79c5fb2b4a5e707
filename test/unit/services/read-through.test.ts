// The read-through rule on its own: a fresh cached copy answers, otherwise the service; when the
// service or the way to it fails, any cached copy answers, marked stale; other errors are not hidden.
import { describe, expect, it } from 'vitest';
import { CACHE_FALLBACK_KINDS, readThrough } from '../../../electron/main/services/read-through';
import { AppError, ERROR_KINDS, type ErrorKind } from '../../../electron/shared/result';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();

function setup(options: {
  cached?: { value: string; fetchedAt: string } | null;
  live?: () => Promise<string>;
  refresh?: boolean;
  store?: () => Promise<void>;
}) {
  const calls = { cached: 0, live: 0, stored: [] as [string, string][], storeErrors: [] as unknown[] };
  const run = () =>
    readThrough<string>({
      cached: async () => {
        calls.cached++;
        return options.cached ?? null;
      },
      live: async () => {
        calls.live++;
        return (options.live ?? (async () => 'live value'))();
      },
      store: async (value, fetchedAt) => {
        calls.stored.push([value, fetchedAt.toISOString()]);
        await options.store?.();
      },
      now: () => NOW,
      freshForMs: 60_000,
      refresh: options.refresh ?? false,
      onStoreError: (error) => calls.storeErrors.push(error),
    });
  return { run, calls };
}

const failing = (kind: ErrorKind) => async (): Promise<string> => {
  throw new AppError(kind, `the service said ${kind}`);
};

describe('readThrough', () => {
  it('answers a copy younger than the fresh window without asking the service', async () => {
    const { run, calls } = setup({ cached: { value: 'cached value', fetchedAt: ago(59_000) } });
    expect(await run()).toEqual({ value: 'cached value', source: 'cache', fetchedAt: ago(59_000) });
    expect(calls.live).toBe(0);
  });

  it('asks the service for an older copy, on refresh, or without a copy, and stores the answer', async () => {
    for (const options of [
      { cached: { value: 'old', fetchedAt: ago(60_000) } },
      { cached: { value: 'fresh', fetchedAt: ago(1_000) }, refresh: true },
      { cached: null },
    ]) {
      const { run, calls } = setup(options);
      expect(await run()).toEqual({ value: 'live value', source: 'live', fetchedAt: NOW.toISOString() });
      expect(calls.live).toBe(1);
      expect(calls.stored).toEqual([['live value', NOW.toISOString()]]);
    }
  });

  it('does not take a copy dated in the future (a clock set back) for a fresh one', async () => {
    const { run, calls } = setup({ cached: { value: 'from the future', fetchedAt: ago(-3_600_000) } });
    expect(await run()).toMatchObject({ value: 'live value', source: 'live' });
    expect(calls.live).toBe(1);
  });

  it.each([...CACHE_FALLBACK_KINDS])('falls back to any cached copy on %s, marked stale', async (kind) => {
    const { run } = setup({ cached: { value: 'day old', fetchedAt: ago(86_400_000) }, live: failing(kind) });
    expect(await run()).toEqual({
      value: 'day old',
      source: 'cache',
      fetchedAt: ago(86_400_000),
      stale: { kind, message: `the service said ${kind}` },
    });
  });

  it('falls back only for failures of the service or the way to it', () => {
    expect([...CACHE_FALLBACK_KINDS].sort()).toEqual(
      ['bad_response', 'network', 'rate_limited', 'server_error', 'timeout', 'vehicle_offline'].sort(),
    );
  });

  it.each(ERROR_KINDS.filter((kind) => !CACHE_FALLBACK_KINDS.has(kind)))(
    'does not hide %s behind a cached copy',
    async (kind) => {
      const { run } = setup({
        cached: { value: 'day old', fetchedAt: ago(86_400_000) },
        live: failing(kind),
      });
      await expect(run()).rejects.toMatchObject({ kind });
    },
  );

  it('rethrows the service error when there is no copy, and anything unexpected as it is', async () => {
    await expect(setup({ live: failing('network') }).run()).rejects.toMatchObject({ kind: 'network' });
    const odd = new TypeError('bug');
    const { run } = setup({
      cached: { value: 'day old', fetchedAt: ago(86_400_000) },
      live: async () => {
        throw odd;
      },
    });
    await expect(run()).rejects.toBe(odd);
  });

  it('answers before the copy is written, and a failed write does not cost the answer', async () => {
    let finishWrite: () => void = () => {};
    const slow = setup({ store: () => new Promise<void>((resolve) => (finishWrite = resolve)) });
    expect(await slow.run()).toMatchObject({ source: 'live' }); // resolved while the write is pending
    finishWrite();

    const full = new Error('ENOSPC');
    const broken = setup({
      store: async () => {
        throw full;
      },
    });
    expect(await broken.run()).toMatchObject({ value: 'live value', source: 'live' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(broken.calls.storeErrors).toEqual([full]);
  });
});
