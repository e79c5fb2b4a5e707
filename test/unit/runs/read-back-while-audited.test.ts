// A command waited for is read back as soon as the service answers: the read goes out while the
// send's audit entry is still being synced, and the command ends only once both are done.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { RunManager } from '../../../electron/main/runs/run-manager';
import { commandRunManager } from './run-fixture';

const VIN = '5YJ3E1EA7KF317000';
const folders: string[] = [];
const managers: RunManager[] = [];
afterEach(async () => {
  for (const runs of managers.splice(0)) await runs.settle();
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function commandWith(waitForCompletion: boolean) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'garage-read-back-'));
  folders.push(dataDir);
  let audited!: () => void;
  const auditSynced = new Promise<void>((resolve) => (audited = resolve));
  let readBack!: () => void;
  const readStarted = new Promise<void>((resolve) => (readBack = resolve));
  const order: string[] = [];
  const { runs, start } = commandRunManager({
    dataDir,
    waitForCompletion,
    work: {
      command: async (_ctx, _vin, _name, _options, tag) => {
        await tag.beforeSend({ operation: 'command:set_charge_limit', auditId: 'a-1' });
        const value = { result: true, reason: '' };
        tag.onAnswered?.(value);
        await auditSynced;
        order.push('audited');
        tag.onAudited('a-1');
        return { value };
      },
      state: async () => {
        order.push('read');
        readBack();
        return {
          value: { state: 'online', charge_state: { charge_limit_soc: 80 } },
          asOf: null,
          source: 'live',
          fetchedAt: '2026-11-28T10:00:00.000Z',
        } as never;
      },
      status: async () => ({ value: { status: 'awake' } }) as never,
    },
  });
  managers.push(runs);
  const run = await start(VIN);
  return { runs, run, audited, readStarted, order };
}

it('reads the car back while the audit entry is synced, and ends after both', async () => {
  const { runs, run, audited, readStarted, order } = await commandWith(true);
  await readStarted;
  expect(order).toEqual(['read']);
  expect(runs.get(run.id).state).toBe('running');
  audited();
  const end = await runs.whenDone(run.id);
  expect(order).toEqual(['read', 'audited']);
  expect(end.items[0]).toMatchObject({ status: 'succeeded', auditId: 'a-1' });
  expect(end.items[0]!.readBack?.state).toMatchObject({ charge_state: { charge_limit_soc: 80 } });
});

it('reads nothing early for a command only accepted (not waited for)', async () => {
  const { runs, run, audited, order } = await commandWith(false);
  audited();
  await runs.whenDone(run.id);
  expect(order).toEqual(['audited']);
});
