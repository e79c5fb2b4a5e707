import { describe, expect, it } from 'vitest';
import { buildGarageApi } from '../../../electron/shared/ipc/garage-api';
import { channelOf, OPERATION_NAMES, operationOf } from '../../../electron/shared/ipc/operations';
import { ARG_SCHEMAS } from '../../../electron/shared/ipc/schemas';

describe('IPC contract', () => {
  it('has exactly one schema per operation and one channel per operation', () => {
    expect(Object.keys(ARG_SCHEMAS).sort()).toEqual([...OPERATION_NAMES].sort());
    const channels = OPERATION_NAMES.map(channelOf);
    expect(new Set(channels).size).toBe(OPERATION_NAMES.length);
    for (const operation of OPERATION_NAMES) expect(operationOf(channelOf(operation))).toBe(operation);
    expect(operationOf('garage:nope')).toBeNull();
    expect(operationOf('other:app.info')).toBeNull();
  });

  it('builds window.garage with one method per operation, each on its own channel', async () => {
    const calls: [string, unknown[]][] = [];
    const api = buildGarageApi(async (channel, args) => {
      calls.push([channel, args]);
      return { ok: true, value: channel };
    });
    for (const operation of OPERATION_NAMES) {
      const [namespace, method] = operation.split('.') as [string, string];
      const fn = (api as unknown as Record<string, Record<string, (...a: unknown[]) => Promise<unknown>>>)[
        namespace
      ]![method]!;
      expect(typeof fn).toBe('function');
      await expect(fn('x', 1)).resolves.toEqual({ ok: true, value: channelOf(operation) });
    }
    expect(calls.map(([channel]) => channel)).toEqual(OPERATION_NAMES.map(channelOf));
    expect(calls[0]![1]).toEqual(['x', 1]);
    expect(Object.isFrozen(api)).toBe(true);
    expect(Object.isFrozen(api.vehicles)).toBe(true);
    expect('invoke' in api).toBe(false);
  });

  it('turns a transport failure into an internal error envelope instead of a rejection', async () => {
    const api = buildGarageApi(async () => {
      throw new Error('boom');
    });
    await expect(api.app.info()).resolves.toMatchObject({ ok: false, error: { kind: 'internal' } });
  });

  it('says a transport failure in no language: it is marked, names its channel, and the window words it', async () => {
    const api = buildGarageApi(async () => {
      throw new Error('boom');
    });
    await expect(api.app.info()).resolves.toEqual({
      ok: false,
      error: { kind: 'internal', message: channelOf('app.info'), transport: true },
    });
  });
});
