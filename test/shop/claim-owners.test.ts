// Claims fail closed and belong to database roles. With the shop database away (even after a
// restart) a command to a car a colleague holds is asked about and the override recorded; online,
// a plate, an invitation, stopping telemetry and a template roll-out check the claim as commands do;
// and a claim is its role's, so typing a colleague's name neither makes their claim yours nor
// releases it, in the app or in plain SQL. Two cores on one real PostgreSQL; Ana reaches it
// through a relay the test cuts, on a data folder she restarts on.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GarageEvent } from '../../electron/shared/events';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';
import { matching, passes, waitFor } from '../support/wait-for';
import { coreEvents, joinShop } from './support/join-shop';
import type { Login } from './support/pg';
import { cutOff, SHOP_BACKOFF, startTwoCores, type TwoCores } from './support/two-cores';
import { SHOP_WAIT } from './support/wait';

let pair: TwoCores;
let anaDir: string;
let ana: CoreHarness;

/** Ben claims a car and Ana's app shows it. */
async function benClaims(vin: string): Promise<void> {
  const shown = waitFor(
    matching((e: GarageEvent) => e.type === 'claim.changed' && e.vin === vin && e.claim?.claimedBy === 'Ben'),
    `Ben's claim on ${vin} shown to Ana`,
    { ...SHOP_WAIT, wakeOn: coreEvents(ana) },
  );
  expect(await pair.ben.garage.claims.claim(vin, { note: 'brakes' })).toMatchObject({ ok: true });
  await shown;
}

async function overridesOf(vin: string) {
  const rows = await pair.db.query<{ operation: string; params: { operation: string }; db_role: string }>(
    `SELECT operation, params, db_role FROM audit_entries WHERE vin = $1 AND operation = 'claim:override'
      ORDER BY time`,
    [vin],
  );
  return rows.rows.map((row) => ({ operation: row.params.operation, role: row.db_role }));
}

/** A plain connection as a technician's role, as psql would make. */
async function asRole<T>(login: Login, task: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({
    host: login.settings.host,
    port: login.settings.port,
    user: login.settings.user,
    password: login.password,
    database: login.settings.database,
  });
  await client.connect();
  try {
    return await task(client);
  } finally {
    await client.end();
  }
}

const online = (h: CoreHarness, what: string) =>
  waitFor(
    passes(() => expect(h.core.shop.status().state).toBe('online')),
    what,
    { ...SHOP_WAIT, wakeOn: coreEvents(h) },
  );

beforeAll(async () => {
  anaDir = await mkdtemp(path.join(os.tmpdir(), 'garage-claim-owners-'));
  pair = await startTwoCores('claim_owners', {}, { relayed: 'ana', anaDataDir: anaDir });
  ana = pair.ana;
});

afterAll(async () => {
  await ana?.close();
  await pair?.ben.close();
  await pair?.proxy.close();
  if (anaDir) await rm(anaDir, { recursive: true, force: true });
});

describe('claims with the shop database away', () => {
  it('still ask before a command to a colleague’s car, and record the override, also after a restart', async () => {
    const vin = ana.simulator.vins[0]!;
    await benClaims(vin);
    await cutOff(ana, pair.proxy);

    const refused = await ana.garage.vehicles.command(vin, 'close_windows');
    expect(refused).toMatchObject({ ok: false, error: { kind: 'rejected' } });
    expect(!refused.ok && refused.error.message).toContain('Ben has claimed this vehicle');
    const listed = await ana.garage.claims.list();
    expect(listed.ok && listed.value.map((c) => [c.vin, c.claimedBy, c.mine])).toEqual([[vin, 'Ben', false]]);

    // The app restarts while the database is still away: the claims last known are on disk.
    await ana.close();
    ana = await startCoreHarness({ shopBackoff: SHOP_BACKOFF, dataDir: anaDir });
    expect(await ana.garage.vehicles.command(vin, 'close_charge_port')).toMatchObject({
      ok: false,
      error: { kind: 'rejected' },
    });
    // Confirmed: it goes (a run wakes the car first), and the override waits in the outbox.
    const sent = await ana.garage.runs.startVehicleCommand(vin, 'close_charge_port', { overrideClaim: true });
    if (!sent.ok) throw new Error(sent.error.message);
    await ana.core.runs.whenDone(sent.value.id);
    expect(ana.core.shop.status().pending).toBeGreaterThanOrEqual(1);

    await pair.proxy.restore();
    await online(ana, 'Ana online again');
    await waitFor(
      passes(async () =>
        expect(await overridesOf(vin)).toEqual([
          { operation: 'command:close_charge_port', role: pair.anaLogin.settings.user },
        ]),
      ),
      "Ana's override in the shop's log",
      SHOP_WAIT,
    );
  });
});

describe('writes other than commands', () => {
  it('check the claim as a command does: plate, invitation, stopping telemetry, roll-out', async () => {
    const vin = ana.simulator.vins[1]!;
    await benClaims(vin);

    expect(await ana.garage.vehicles.setPlate(vin, { plate: 'BAY-1' })).toMatchObject({
      ok: false,
      error: { kind: 'rejected' },
    });
    expect(await ana.garage.vehicles.createInvitation(vin)).toMatchObject({
      ok: false,
      error: { kind: 'rejected' },
    });
    expect(await ana.garage.vehicles.deleteTelemetryConfig(vin, { confirmed: true })).toMatchObject({
      ok: false,
      error: { kind: 'rejected' },
    });
    expect(await overridesOf(vin)).toEqual([]);

    expect(await ana.garage.vehicles.setPlate(vin, { plate: 'BAY-1', overrideClaim: true })).toMatchObject({
      ok: true,
    });
    expect(await ana.garage.vehicles.createInvitation(vin, { overrideClaim: true })).toMatchObject({
      ok: true,
    });
    expect(
      await ana.garage.vehicles.deleteTelemetryConfig(vin, { confirmed: true, overrideClaim: true }),
    ).toMatchObject({ ok: true });

    const fields = { Gear: { interval_seconds: 4 } };
    expect(await ana.garage.templates.save({ name: 'Claimed bay', fields, notes: '' })).toMatchObject({
      ok: true,
    });
    const free = ana.simulator.vins[2]!;
    const skipped = await ana.garage.runs.startTemplateRollout({
      template: 'Claimed bay',
      items: [{ vin }, { vin: free }],
    });
    if (!skipped.ok) throw new Error(skipped.error.message);
    const run = await ana.core.runs.whenDone(skipped.value.id);
    expect(run.items.find((item) => item.vin === vin)).toMatchObject({
      status: 'skipped',
      skipReason: 'claimed',
    });
    expect(run.items.find((item) => item.vin === free)).toMatchObject({ status: 'succeeded' });
    const included = await ana.garage.runs.startTemplateRollout({
      template: 'Claimed bay',
      items: [{ vin }],
      includeClaimed: true,
    });
    if (!included.ok) throw new Error(included.error.message);
    expect(await ana.core.runs.whenDone(included.value.id)).toMatchObject({ counts: { succeeded: 1 } });

    await ana.core.shop.idle();
    await waitFor(
      passes(async () =>
        expect((await overridesOf(vin)).map((o) => o.operation)).toEqual([
          'setPlate',
          'createInvitation',
          'deleteTelemetryConfig',
          'rollout:Claimed bay',
        ]),
      ),
      'each override in the shop’s log',
      SHOP_WAIT,
    );
  });
});

describe('whose claim it is', () => {
  it('is the database role’s: a colleague’s name typed in Settings releases nothing', async () => {
    const vin = ana.simulator.vins[3]!;
    await benClaims(vin);
    // Ana types Ben's name as hers (her role stays hers).
    await joinShop(ana, pair.db.via(pair.anaLogin, '127.0.0.1', pair.proxy.port), 'Ben', 'bay-1');

    const listed = await ana.garage.claims.list();
    expect(listed.ok && listed.value.find((c) => c.vin === vin)).toMatchObject({
      claimedBy: 'Ben',
      mine: false,
    });
    const release = await ana.garage.claims.release(vin);
    expect(release).toMatchObject({ ok: false, error: { kind: 'not_found' } });
    expect(!release.ok && release.error.message).toContain('only they can release it');
    expect(await ana.garage.vehicles.command(vin, 'close_windows')).toMatchObject({
      ok: false,
      error: { kind: 'rejected' },
    });
    expect(await pair.ben.garage.claims.list()).toMatchObject({
      ok: true,
      value: expect.arrayContaining([expect.objectContaining({ vin, mine: true })]),
    });
  });

  it('is enforced by the database: plain SQL as another role cannot release or rewrite it', async () => {
    const vin = ana.simulator.vins[4]!;
    await benClaims(vin);
    const release = `UPDATE claims SET ended_at = now(), ended_by = 'Ben', end_reason = 'released'
                      WHERE vin = $1 AND ended_at IS NULL`;
    await asRole(pair.anaLogin, async (client) => {
      await expect(client.query(release, [vin])).rejects.toMatchObject({ code: '42501' });
      await expect(
        client.query(`UPDATE claims SET db_role = current_user WHERE vin = $1 AND ended_at IS NULL`, [vin]),
      ).rejects.toMatchObject({ code: '42501' });
      await expect(
        client.query(
          `UPDATE claims SET ended_at = now(), end_reason = 'expired' WHERE vin = $1 AND ended_at IS NULL`,
          [vin],
        ),
      ).rejects.toMatchObject({ code: '42501' });
      // Through the group role the session is still Ana's.
      await client.query(`SET ROLE "${pair.db.name}_technicians"`);
      await expect(client.query(release, [vin])).rejects.toMatchObject({ code: '42501' });
      await client.query('RESET ROLE');
      // A claim inserted with another role written in is stamped with the session's.
      await client.query(
        `INSERT INTO claims (garage_id, vin, claimed_by, db_role, expires_at)
         VALUES ('shop', '5YJ3E1EA7KF999901', 'Ben', $1, now() + interval '1 hour')`,
        [pair.benLogin.settings.user],
      );
    });
    const stamped = await pair.db.query<{ db_role: string }>(
      `SELECT db_role FROM claims WHERE vin = '5YJ3E1EA7KF999901'`,
    );
    expect(stamped.rows.map((r) => r.db_role)).toEqual([pair.anaLogin.settings.user]);

    const held = await pair.db.query<{ ended_at: Date | null; db_role: string }>(
      `SELECT ended_at, db_role FROM claims WHERE vin = $1 ORDER BY since DESC LIMIT 1`,
      [vin],
    );
    expect(held.rows[0]).toMatchObject({ ended_at: null, db_role: pair.benLogin.settings.user });

    // A take-over stays open to anyone, and the server records who took it.
    await asRole(pair.anaLogin, (client) =>
      client.query(
        `UPDATE claims SET ended_at = now(), ended_by = 'Ana', end_reason = 'taken_over'
          WHERE vin = $1 AND ended_at IS NULL`,
        [vin],
      ),
    );
    // Its owner's release works, and an ended claim is history.
    await asRole(pair.benLogin, async (client) => {
      await expect(
        client.query(`UPDATE claims SET note = 'changed later' WHERE vin = $1`, [vin]),
      ).rejects.toMatchObject({ code: '42501' });
    });
    const ended = await pair.db.query<{ end_reason: string; ended_role: string }>(
      `SELECT end_reason, ended_role FROM claims WHERE vin = $1`,
      [vin],
    );
    expect(ended.rows).toEqual([{ end_reason: 'taken_over', ended_role: pair.anaLogin.settings.user }]);
    expect(await pair.ben.garage.claims.claim(vin)).toMatchObject({ ok: true });
    expect(await pair.ben.garage.claims.release(vin)).toMatchObject({ ok: true });
  });
});
