// Item 6, at the IPC edge: a compromised renderer can call any channel with anything. Through the
// real registerIpcHandlers and the real ARG_SCHEMAS, forged arguments get `invalid_input` and a
// frame other than our main frame gets `untrusted_sender`, and the service behind is never called.
import { describe, expect, it } from 'vitest';
import {
  registerIpcHandlers,
  type Handlers,
  type IpcEventLike,
} from '../../../electron/main/ipc/register-handlers';
import { channelOf, OPERATION_NAMES, type OperationName } from '../../../electron/shared/ipc/operations';
import { ok } from '../../../electron/shared/result';
import { IpcBridge } from '../../support/ipc-bridge';

const ORIGIN = 'app://garage';
const mainFrame: IpcEventLike = { senderFrame: { url: `${ORIGIN}/index.html`, parent: null } };
const VIN = '5YJ3E1EA7KF317000';

function setup() {
  const called: OperationName[] = [];
  const handlers = Object.fromEntries(
    OPERATION_NAMES.map((operation) => [
      operation,
      async () => {
        called.push(operation);
        return ok(null);
      },
    ]),
  ) as unknown as Handlers;
  const ipc = new IpcBridge();
  registerIpcHandlers(ipc, handlers, { trustedOrigins: [ORIGIN] });
  return { ipc, called };
}

/** Argument lists no operation accepts: wrong types, too many, oversized, null. */
const FORGED_FOR_EVERY_OPERATION: unknown[][] = [
  [123, 456, 789],
  [{}, {}, {}, {}],
  ['x'.repeat(100_000)],
  [null],
  [[VIN]],
];

/** Per operation, arguments a well-behaved renderer would never send. */
const FORGED_BY_OPERATION: [OperationName, unknown[]][] = [
  ['updates.install', []],
  ['updates.install', [{ consent: 'yes' }]],
  ['updates.install', [{ consent: 1 }]],
  ['updates.install', [{ consent: true, silent: true }]],
  ['profiles.create', [JSON.parse('{"name":"x","__proto__":{"polluted":true}}')]],
  ['profiles.create', [{ name: 'x', baseUrl: 'file:///etc/passwd' }]],
  ['profiles.create', [{ name: 'x', baseUrl: 'javascript:alert(1)' }]],
  ['profiles.update', ['id', { name: 'x', demo: true }]],
  ['profiles.setToken', ['id', 'x'.repeat(20_000)]],
  ['profiles.setToken', ['id', { toString: 'token' }]],
  ['vehicles.add', [{ vin: `${VIN}' OR 1=1 --` }]],
  ['vehicles.add', [{ vin: VIN, nickname: 'x'.repeat(10_000) }]],
  ['vehicles.remove', ['../../../etc/passwd']],
  ['runs.startVehicleCommand', [VIN, 'unlock_everything']],
  ['runs.startVehicleCommand', [VIN, 'set_charge_limit', { percent: 100_000 }]],
  ['runs.startVehicleCommand', [VIN, 'set_charge_limit', {}]],
  ['vehicles.releaseNotes', [VIN, { version: '<script>alert(1)</script>' }]],
  ['audit.list', [{ limit: 1e9 }]],
];

describe('IPC hardening', () => {
  it.each(OPERATION_NAMES)('%s refuses forged argument lists with invalid_input', async (operation) => {
    const { ipc, called } = setup();
    for (const args of FORGED_FOR_EVERY_OPERATION) {
      const result = await ipc.invoke(mainFrame, channelOf(operation), args);
      expect(result, JSON.stringify(args).slice(0, 80)).toMatchObject({
        ok: false,
        error: { kind: 'invalid_input' },
      });
    }
    expect(called).toEqual([]);
  });

  it.each(FORGED_BY_OPERATION)('%s refuses %j', async (operation, args) => {
    const { ipc, called } = setup();
    const result = await ipc.invoke(mainFrame, channelOf(operation), args);
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid_input' } });
    expect(called).toEqual([]);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it.each(OPERATION_NAMES)('%s refuses any frame but our main frame', async (operation) => {
    const { ipc, called } = setup();
    const frames: IpcEventLike[] = [
      { senderFrame: { url: `${ORIGIN}/index.html`, parent: { url: `${ORIGIN}/index.html` } } },
      { senderFrame: { url: 'https://evil.example/', parent: null } },
      { senderFrame: { url: 'https://evil.example/', parent: {} } },
      { senderFrame: { url: 'about:blank', parent: null } },
      { senderFrame: { url: 'file:///index.html', parent: null } },
      { senderFrame: null },
    ];
    for (const event of frames) {
      const result = await ipc.invoke(event, channelOf(operation), []);
      expect(result).toMatchObject({ ok: false, error: { kind: 'untrusted_sender' } });
    }
    expect(called).toEqual([]);
  });

  it('rejects channels outside the contract outright', async () => {
    const { ipc } = setup();
    await expect(ipc.invoke(mainFrame, 'garage:vault.readToken', [])).rejects.toThrow(/No handler/);
    await expect(ipc.invoke(mainFrame, 'ELECTRON_BROWSER_REQUIRE', ['fs'])).rejects.toThrow(/No handler/);
  });
});
