// Drivers, invitations, telemetry configuration writes and workshop commands (runs in main) through
// the real IPC handlers against the simulator over HTTP: the audit entry of each change carries what the service
// said before and after it; the configuration stays "pending" (synced false) until the car adopts
// it; a driver's token is refused with the reason in words; templates are kept in the data folder.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../electron/main/simulator';
import { TEMPLATES_FILE } from '../../electron/main/storage/template-store';
import type { RunItem } from '../../electron/shared/runs';
import type { AuditEntry } from '../../electron/shared/types';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';
import { passes, waitFor } from '../support/wait-for';

let h: CoreHarness;

beforeAll(async () => {
  h = await startCoreHarness({
    demo: {
      wakeDelayMs: 20,
      completionDelayMs: 5,
      flakiness: false,
      configWriteDelayMs: 5,
      telemetrySyncDelayMs: 150,
      updateInstallMs: 300,
    },
    client: {
      timeouts: { readMs: 3_000, writeMs: 3_000, commandWaitMs: 5_000, commandNoWaitMs: 3_000 },
      sleep: async () => {},
    },
  });
});
afterAll(() => h.close());
beforeEach(() => h.simulator.clearRequests());

const awakeWhere = (pred: (v: ReturnType<Simulator['vehicleState']>) => boolean) => {
  const vin = h.simulator.vins.find((v) => pred(h.simulator.vehicleState(v)));
  if (vin === undefined) throw new Error('no such vehicle in the demo fleet');
  h.simulator.setVehicleState(vin, { sleepState: 'awake', flakiness: 0 });
  return vin;
};

/** A workshop or guest-mode command as the window sends it: a run in main, to its end. */
async function commandRun(
  ...args: Parameters<CoreHarness['garage']['runs']['startVehicleCommand']>
): Promise<RunItem> {
  const started = await h.garage.runs.startVehicleCommand(...args);
  if (!started.ok) throw new Error(started.error.message);
  return (await h.core.runs.whenDone(started.value.id)).items[0]!;
}

async function lastAudit(vin: string): Promise<AuditEntry> {
  const list = await h.garage.audit.list({ vin, limit: 1 });
  if (!list.ok || list.value[0] === undefined) throw new Error('no audit entry');
  return list.value[0];
}

describe('drivers and invitations', () => {
  it('removes a driver by its id string; the audit entry names who was there before and after', async () => {
    const vin = awakeWhere((v) => v.drivers.length >= 2);
    const listed = await h.garage.vehicles.drivers(vin);
    if (!listed.ok) throw new Error(listed.error.message);
    expect(listed.source).toBe('live');
    const [gone, kept] = listed.value.results;
    h.simulator.clearRequests();
    expect(await h.garage.vehicles.removeDriver(vin, gone!.user_id_s)).toMatchObject({
      ok: true,
      value: { result: true },
    });
    expect(h.simulator.requests.filter((r) => r.route === 'driver_delete')).toHaveLength(1);
    const entry = await lastAudit(vin);
    expect(entry).toMatchObject({ operation: 'removeDriver', outcome: 'success' });
    const ids = (list: unknown) => (list as { user_id_s: string }[]).map((d) => d.user_id_s);
    expect(ids(entry.params['before'])).toContain(gone!.user_id_s);
    expect(ids(entry.params['after'])).not.toContain(gone!.user_id_s);
    expect(ids(entry.params['after'])).toContain(kept!.user_id_s);
    const again = await h.garage.vehicles.drivers(vin);
    expect(again.ok && again.value.results.map((d) => d.user_id_s)).not.toContain(gone!.user_id_s);
  });

  it('creates an invitation (its share link), revokes it; both audited with before and after', async () => {
    const vin = awakeWhere((v) => v.invitations.length === 0);
    const created = await h.garage.vehicles.createInvitation(vin);
    if (!created.ok) throw new Error(created.error.message);
    expect(created.value.share_link).toMatch(/^https:\/\//);
    const createdEntry = await lastAudit(vin);
    expect(createdEntry).toMatchObject({ operation: 'createInvitation', outcome: 'success' });
    expect(createdEntry.params['before']).toEqual([]);
    expect(createdEntry.params['after']).toEqual([
      expect.objectContaining({ id_s: created.value.id_s, state: 'pending' }),
    ]);

    expect(await h.garage.vehicles.revokeInvitation(vin, created.value.id_s)).toMatchObject({
      ok: true,
      value: { result: true },
    });
    const revoked = await lastAudit(vin);
    expect(revoked).toMatchObject({ operation: 'revokeInvitation', params: { id: created.value.id_s } });
    expect(revoked.params['before']).toEqual([expect.objectContaining({ state: 'pending' })]);
    expect(revoked.params['after']).toEqual([expect.objectContaining({ state: 'revoked' })]);
  });

  it('guest mode off is a command whose before and after show the state', async () => {
    const vin = awakeWhere((v) => v.guestMode);
    expect(await commandRun(vin, 'disable_guest')).toMatchObject({ status: 'succeeded' });
    const entry = await lastAudit(vin);
    expect(entry).toMatchObject({ operation: 'command:disable_guest', outcome: 'success' });
    expect(entry.params['before']).toMatchObject({ guest_mode_enabled: true });
    expect(entry.params['after']).toMatchObject({ guest_mode_enabled: false });
  });
});

describe('telemetry configuration', () => {
  it('a write is pending until the car adopts it; re-read on request shows synced', async () => {
    const vin = awakeWhere(() => true);
    const fields = { Gear: { interval_seconds: 5 }, Location: { interval_seconds: 10 } };
    expect(await h.garage.vehicles.writeTelemetryConfig(vin, { fields })).toMatchObject({ ok: true });
    const entry = await lastAudit(vin);
    expect(entry).toMatchObject({
      operation: 'writeTelemetryConfig',
      outcome: 'success',
      params: { fields },
    });
    expect(entry.params['after']).toMatchObject({ fields, synced: false });
    expect(entry.params['before']).not.toEqual(entry.params['after']);
    // The after-read went through the cached path: the view shows it pending without asking again.
    const cached = await h.garage.vehicles.telemetryConfig(vin);
    expect(cached).toMatchObject({ ok: true, value: { synced: false, config: { fields } } });
    const synced = await waitFor(
      async () => {
        const read = await h.garage.vehicles.telemetryConfig(vin, { refresh: true });
        return read.ok && read.value.synced;
      },
      'the configuration synced',
      { timeoutMs: 5_000, intervalMs: 50 },
    );
    expect(synced).toBe(true);
    // Never a delete and re-create: one write went out.
    expect(h.simulator.requests.filter((r) => r.route?.startsWith('fleet_telemetry_config_'))).toHaveLength(
      1,
    );
  });

  it('reset to recommended sends the empty body; stopping needs the confirmation and is audited', async () => {
    const vin = awakeWhere(() => true);
    expect(await h.garage.vehicles.writeTelemetryConfig(vin, { recommended: true })).toMatchObject({
      ok: true,
    });
    expect(h.simulator.requests.find((r) => r.route === 'fleet_telemetry_config_write')?.body).toBe('');
    expect(await h.garage.vehicles.deleteTelemetryConfig(vin, { confirmed: true })).toMatchObject({
      ok: true,
    });
    const entry = await lastAudit(vin);
    expect(entry).toMatchObject({ operation: 'deleteTelemetryConfig', outcome: 'success' });
    expect(Object.keys((entry.params['before'] as { fields: object }).fields)).toContain('Gear');
    expect(entry.params['after']).toMatchObject({ fields: {} });
  });
});

describe('workshop commands', () => {
  it('lock and unlock: the audit shows locked before and after', async () => {
    const vin = awakeWhere(() => true);
    h.simulator.setVehicleState(vin, { locked: false });
    expect(await commandRun(vin, 'lock')).toMatchObject({ status: 'succeeded' });
    let entry = await lastAudit(vin);
    expect(entry).toMatchObject({
      operation: 'command:lock',
      params: { maxAttempts: 3, waitForCompletion: true },
    });
    expect(entry.params['before']).toMatchObject({ locked: false });
    expect(entry.params['after']).toMatchObject({ locked: true });
    expect(await commandRun(vin, 'unlock')).toMatchObject({ status: 'succeeded' });
    entry = await lastAudit(vin);
    expect(entry.params['after']).toMatchObject({ locked: false });
  });

  it('schedules the waiting update in N seconds and cancels it; a refusal is audited as failed', async () => {
    const vin = awakeWhere(() => true);
    h.simulator.setVehicleState(vin, {
      stagedVersion: '2026.20.1',
      softwareUpdate: {
        status: 'available',
        downloadPercent: 100,
        installPercent: 1,
        expectedDurationSec: 900,
      },
    });
    expect(await commandRun(vin, 'schedule_software_update', { inSeconds: 600 })).toMatchObject({
      status: 'succeeded',
    });
    const scheduled = await lastAudit(vin);
    expect(scheduled.params).toMatchObject({
      inSeconds: 600,
      after: { software_update: { status: 'scheduled' } },
    });
    expect(await commandRun(vin, 'cancel_software_update')).toMatchObject({ status: 'succeeded' });
    expect(await commandRun(vin, 'cancel_software_update')).toMatchObject({
      status: 'failed',
      message: 'The vehicle did not do it: no update scheduled',
    });
    expect(await lastAudit(vin)).toMatchObject({ outcome: 'failed', reason: 'no_update_scheduled' });
  });
});

describe('a driver’s token', () => {
  let driverSim: Simulator;
  beforeAll(async () => {
    driverSim = await startSimulator({ token: 'owner-token', driverToken: 'driver-token', flakiness: false });
  });
  afterAll(() => driverSim.stop());

  it('is refused (403) with the reason in words, and the refusal is audited', async () => {
    const created = await h.garage.profiles.create({ name: 'Driver', baseUrl: driverSim.baseUrl });
    if (!created.ok) throw new Error(created.error.message);
    expect(await h.garage.profiles.setToken(created.value.id, 'driver-token')).toMatchObject({ ok: true });
    await h.garage.profiles.activate(created.value.id);
    try {
      const vin = driverSim.vins[0]!;
      // Awake: the command is refused, not a wake-up that outlasts the client's timeouts.
      driverSim.setVehicleState(vin, { sleepState: 'awake' });
      for (const result of [
        await h.garage.vehicles.drivers(vin),
        await h.garage.vehicles.removeDriver(vin, '1'),
      ]) {
        expect(result).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
        expect(!result.ok && result.error.message).toMatch(/not the owner's .*only the owner's token can/);
      }
      const guest = await commandRun(vin, 'disable_guest');
      expect(guest).toMatchObject({ status: 'failed', errorKind: 'forbidden' });
      expect(guest.message).toMatch(/not the owner's .*only the owner's token can/);
      expect(await lastAudit(vin)).toMatchObject({
        operation: 'command:disable_guest',
        outcome: 'error',
        errorKind: 'forbidden',
      });
    } finally {
      await h.garage.profiles.activate('demo');
    }
  });
});

describe('telemetry templates', () => {
  it('are created, replaced by name, listed and removed, in one file of the data folder', async () => {
    const fleet = { name: 'Fleet', fields: { Gear: { interval_seconds: 30 } }, notes: 'Ours' };
    expect(await h.garage.templates.save(fleet)).toMatchObject({ ok: true, value: fleet });
    expect(
      await h.garage.templates.save({ name: 'fleet', fields: { Location: { interval_seconds: 5 } } }),
    ).toMatchObject({ ok: true });
    const listed = await h.garage.templates.list();
    expect(listed).toMatchObject({
      ok: true,
      value: [{ name: 'fleet', fields: { Location: { interval_seconds: 5 } }, notes: '' }],
    });
    const file = JSON.parse(await readFile(path.join(h.dataDir, TEMPLATES_FILE), 'utf8'));
    expect(file.templates).toHaveLength(1);
    expect(await h.garage.templates.remove('FLEET')).toMatchObject({ ok: true });
    expect(await h.garage.templates.remove('Fleet')).toMatchObject({
      ok: false,
      error: { kind: 'not_found' },
    });
    expect(await h.garage.templates.list()).toMatchObject({ ok: true, value: [] });
  });

  it('filter "differs from template": judged on the configurations last read, no request per vehicle', async () => {
    // The fleet's last two cars: the tests above change the first ones' configurations.
    const [never, read] = h.simulator.vins.slice(-2) as [string, string];
    await h.garage.vehicles.add({ vin: read });
    await h.garage.vehicles.add({ vin: never });
    h.simulator.setVehicleState(read, { sleepState: 'awake' });
    const config = await h.garage.vehicles.telemetryConfig(read, { refresh: true });
    if (!config.ok) throw new Error(config.error.message);
    const same = { name: 'Same', fields: config.value.config.fields };
    const other = { name: 'Other', fields: { Gear: { interval_seconds: 1 } } };
    expect(await h.garage.templates.save(same)).toMatchObject({ ok: true });
    expect(await h.garage.templates.save(other)).toMatchObject({ ok: true });
    h.simulator.clearRequests();
    const differs = await h.garage.templates.compareGarage('Other');
    expect(differs).toMatchObject({ ok: true, value: { template: 'Other' } });
    expect(differs.ok && differs.value.differs).toContain(read);
    expect(differs.ok && differs.value.unknown).toContain(never);
    expect(differs.ok && differs.value.differs).not.toContain(never);
    const expectMatch = config.value.synced && config.value.config.exp * 1000 > Date.now() + 30 * 86_400_000;
    // The cache is written after the answer (and an earlier test cached this car's configuration):
    // wait until the copy judged is the one just read.
    await waitFor(
      passes(async () => {
        const matches = await h.garage.templates.compareGarage('Same');
        expect(matches.ok && matches.value.differs.includes(read)).toBe(!expectMatch);
      }),
      'the comparison to judge the copy just read',
    );
    expect(h.simulator.requests).toEqual([]);
    expect(await h.garage.templates.compareGarage('Nope')).toMatchObject({
      ok: false,
      error: { kind: 'not_found' },
    });
  });
});
