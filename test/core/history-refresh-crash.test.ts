// The whole-garage history refresh killed as a crash kills it (SIGKILL: no quit chain, no last save),
// then the app started again on the same data folder: the run is there, stopped, and says no car was
// read that was not (a car whose reads the kill cut off is "not read"), and a retry reads only those.
// The core runs in a child process, on a simulator over HTTP in this one.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../electron/main/simulator';
import type { RunSnapshot } from '../../electron/shared/runs';
import type { Profile } from '../../electron/shared/types';
import { startCoreHarness } from '../support/core-harness';
import { launchCoreProcess } from '../support/launch-core-process';
import { waitFor } from '../support/wait-for';

let service: Simulator;
let dataDir: string;
const cleanups: (() => Promise<void>)[] = [];

beforeEach(async () => {
  service = await startSimulator({ vehicles: 12, flakiness: false });
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'garage-history-crash-'));
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  await service.stop();
  await rm(dataDir, { recursive: true, force: true });
});

it('a history refresh killed mid-way is stopped on restart, claims no read it did not make, and a retry reads the rest', async () => {
  const child = await launchCoreProcess({ dataDir });
  cleanups.push(() => child.kill('SIGKILL'));
  const created = await child.call<Profile>('profiles.create', { name: 'Lot', baseUrl: service.baseUrl });
  expect((await child.call('profiles.setToken', created.value.id, service.token)).ok).toBe(true);
  expect((await child.call('profiles.activate', created.value.id)).ok).toBe(true);
  for (const vin of service.vins) expect((await child.call('vehicles.add', { vin })).ok).toBe(true);
  // The first six cars are read; from the seventh on the service never answers their charges.
  const hanging = service.vins.slice(6);
  for (const vin of hanging) service.injectFault({ fault: 'hang', route: 'charges', vin });
  const started = await child.call<RunSnapshot>('runs.startHistoryRefresh');
  expect(started.ok).toBe(true);
  const runId = started.value.id;
  const chargesAsked = () => new Set(service.requests.filter((r) => r.route === 'charges').map((r) => r.vin));
  await waitFor(() => hanging.filter((vin) => chargesAsked().has(vin)).length >= 6, 'the hanging reads', {
    timeoutMs: 30_000,
  });
  await child.kill('SIGKILL');
  service.clearFaults();

  const h = await startCoreHarness({ dataDir, keychainService: child.keychainService });
  cleanups.push(() => h.close());
  const run = h.core.runs.get(runId);
  expect(run.state).toBe('interrupted');
  expect(run.counts.queued + run.counts.sending + run.counts.waiting).toBe(0);
  for (const item of run.items) {
    // A car cut off by the kill is never said read.
    if (hanging.includes(item.vin)) expect(item.status).toBe('not-sent');
    else expect(['succeeded', 'not-sent']).toContain(item.status);
  }
  const again = await h.core.runs.retryFailed(runId);
  const notRead = run.items.filter((item) => item.status === 'not-sent').map((item) => item.vin);
  expect(again.items.map((item) => item.vin)).toEqual(notRead);
  expect(notRead).toEqual(expect.arrayContaining(hanging));
  expect(await h.core.runs.whenDone(again.id)).toMatchObject({
    state: 'completed',
    counts: { succeeded: notRead.length },
  });
}, 120_000);
