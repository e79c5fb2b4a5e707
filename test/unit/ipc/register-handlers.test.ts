import { describe, expect, it, vi } from 'vitest';
import {
  registerIpcHandlers,
  type Handlers,
  type IpcEventLike,
} from '../../../electron/main/ipc/register-handlers';
import { channelOf, OPERATION_NAMES } from '../../../electron/shared/ipc/operations';
import { AppError, ok } from '../../../electron/shared/result';
import { IpcBridge } from '../../support/ipc-bridge';

const ORIGIN = 'app://garage';
const mainFrame: IpcEventLike = { senderFrame: { url: `${ORIGIN}/index.html`, parent: null } };

function setup(overrides: Partial<Handlers> = {}) {
  const calls: string[] = [];
  const handlers = Object.fromEntries(
    OPERATION_NAMES.map((op) => [
      op,
      async (...args: unknown[]) => {
        calls.push(op);
        return ok(args);
      },
    ]),
  ) as unknown as Handlers;
  Object.assign(handlers, overrides);
  const ipc = new IpcBridge();
  const onInternalError = vi.fn();
  const unregister = registerIpcHandlers(ipc, handlers, { trustedOrigins: [ORIGIN], onInternalError });
  return { ipc, calls, unregister, onInternalError };
}

describe('registerIpcHandlers', () => {
  it('registers one handler per operation and removes them all', () => {
    const { ipc, unregister } = setup();
    expect(ipc.channels.sort()).toEqual(OPERATION_NAMES.map(channelOf).sort());
    unregister();
    expect(ipc.channels).toEqual([]);
  });

  it('passes validated, normalised arguments to the handler', async () => {
    const { ipc } = setup();
    const result = await ipc.invoke(mainFrame, channelOf('vehicles.remove'), ['5yj3e1ea7kf317000']);
    expect(result).toEqual({ ok: true, value: ['5YJ3E1EA7KF317000'] });
  });

  it('refuses subframes, foreign origins and missing frames without calling the handler', async () => {
    const { ipc, calls } = setup();
    const events: IpcEventLike[] = [
      { senderFrame: { url: `${ORIGIN}/index.html`, parent: {} } },
      { senderFrame: { url: 'https://evil.example/index.html', parent: null } },
      { senderFrame: { url: 'app://other/index.html', parent: null } },
      { senderFrame: null },
    ];
    for (const event of events) {
      const result = await ipc.invoke(event, channelOf('app.info'), []);
      expect(result).toMatchObject({ ok: false, error: { kind: 'untrusted_sender' } });
    }
    expect(calls).toEqual([]);
  });

  it('answers invalid input with the failing path and never calls the handler', async () => {
    const { ipc, calls } = setup();
    const result = await ipc.invoke(mainFrame, channelOf('runs.startVehicleCommand'), [
      '5YJ3E1EA7KF317000',
      'set_temperatures',
      { temperature: 40 },
    ]);
    expect(result).toMatchObject({
      ok: false,
      error: { kind: 'invalid_input', issues: [{ path: '2.temperature' }] },
    });
    expect(calls).toEqual([]);
  });

  it('turns AppError into its envelope and any other exception into an opaque internal error', async () => {
    const { ipc, onInternalError } = setup({
      'app.info': async () => {
        throw new AppError('busy', 'Already running');
      },
      'profiles.list': async () => {
        throw new Error('secret-ish detail at /home/x');
      },
    });
    expect(await ipc.invoke(mainFrame, channelOf('app.info'), [])).toEqual({
      ok: false,
      error: { kind: 'busy', message: 'Already running' },
    });
    const internal = (await ipc.invoke(mainFrame, channelOf('profiles.list'), [])) as {
      error: { message: string };
    };
    expect(internal).toMatchObject({ ok: false, error: { kind: 'internal' } });
    expect(internal.error.message).not.toContain('secret-ish');
    expect(onInternalError).toHaveBeenCalledOnce();
  });
});
