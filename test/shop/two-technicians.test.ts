// Two technicians, two apps, one shop database: each sees what the other does, live (LISTEN/NOTIFY),
// and a claim is held by exactly one of them.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShop, type ShopDb } from '../../electron/main/shop/shop-db';
import type { ShopChange, ShopListener } from '../../electron/main/shop/live';
import { createTestDatabase, type TestDatabase } from './support/pg';
import { SHOP_WAIT } from './support/wait';
import { matching, waitFor } from '../support/wait-for';

const VIN_A = '5YJ3E1EA7KF000101';
const VIN_B = '5YJ3E1EA7KF000102';
const VIN_C = '5YJ3E1EA7KF000103';

let db: TestDatabase;
let ana: ShopDb;
let ben: ShopDb;
let benListener: ShopListener;
const benChanges: ShopChange[] = [];
const onBenChange = (listener: (change: ShopChange) => void) => benListener.onChange(listener);

beforeAll(async () => {
  db = await createTestDatabase('two_techs');
  const owner = await openShop({ settings: db.owner.settings, getPassword: db.owner.getPassword });
  await owner.close();
  const anaLogin = await db.addTechnician('ana');
  const benLogin = await db.addTechnician('ben');
  ana = await openShop({ settings: anaLogin.settings, getPassword: anaLogin.getPassword });
  ben = await openShop({ settings: benLogin.settings, getPassword: benLogin.getPassword });
  benListener = ben.listener();
  benListener.onChange((change) => benChanges.push(change));
  await benListener.start();
});

afterAll(async () => {
  await benListener?.stop();
  await ana?.close();
  await ben?.close();
});

describe('two technicians on one shop database', () => {
  it('sees a vehicle the other added, renamed, tagged and removed', async () => {
    const added = waitFor(
      matching((c) => c.kind === 'vehicle' && c.vin === VIN_A),
      'the added vehicle',
      { ...SHOP_WAIT, wakeOn: onBenChange },
    );
    const result = await ana.vehicles.add(VIN_A, 'Ana', { nickname: 'Blue one' });
    expect(result.added).toBe(true);
    await added;
    expect(await ben.vehicles.list()).toEqual([
      expect.objectContaining({ vin: VIN_A, nickname: 'Blue one', addedBy: 'Ana' }),
    ]);

    const renamed = waitFor(
      matching((c) => c.kind === 'vehicle' && c.seq > result.vehicle.seq),
      'the rename',
      { ...SHOP_WAIT, wakeOn: onBenChange },
    );
    await ana.vehicles.rename(VIN_A, 'Bay 3 Model 3');
    await renamed;
    expect(await ben.vehicles.get(VIN_A)).toMatchObject({ nickname: 'Bay 3 Model 3' });

    await ana.vehicles.setTags(VIN_A, ['loaner', 'loaner', 'fleet']);
    await ana.vehicles.setPlate(VIN_A, 'GAR 123');
    expect(await ben.vehicles.get(VIN_A)).toMatchObject({ tags: ['loaner', 'fleet'], plate: 'GAR 123' });

    // Adding it again is not a second row.
    expect((await ben.vehicles.add(VIN_A, 'Ben')).added).toBe(false);

    const removed = waitFor(
      matching((c) => c.kind === 'vehicle' && c.vin === VIN_A),
      'the removal',
      { ...SHOP_WAIT, wakeOn: onBenChange },
    );
    expect(await ana.vehicles.remove(VIN_A, 'Ana')).toMatchObject({ removedBy: 'Ana' });
    await removed;
    expect(await ben.vehicles.list()).toEqual([]);
    expect(await ben.vehicles.list({ includeRemoved: true })).toHaveLength(1);
    expect(await ana.vehicles.rename(VIN_A, 'gone')).toBeNull();
  });

  it("sees the other's audit entry, with the technician's name and role", async () => {
    const id = randomUUID();
    const seen = waitFor(
      matching((c) => c.kind === 'audit' && c.id === id),
      'the audit entry',
      { ...SHOP_WAIT, wakeOn: onBenChange },
    );
    const client = await ana.pool.connect();
    try {
      const { insertAuditEntries } = await import('../../electron/main/shop/audit-store');
      await insertAuditEntries(client, ana.garageId, [
        {
          id,
          time: new Date().toISOString(),
          vin: VIN_B,
          operation: 'command:set_charge_limit',
          params: { percent: 90 },
          outcome: 'success',
          effect: { chargeLimit: { from: 80, to: 90 } },
          technician: 'Ana',
          machine: 'bay-1',
        },
      ]);
    } finally {
      client.release();
    }
    const change = await seen;
    expect(change).toMatchObject({ vin: VIN_B, caughtUp: false });
    const [entry] = await ben.vehicleHistory(VIN_B);
    expect(entry).toMatchObject({ id, technician: 'Ana', effect: { chargeLimit: { from: 80, to: 90 } } });
    expect(entry!.dbRole).toBe(`${db.name}_ana`);
  });

  it('lets exactly one of two racing claims win and tells the other who holds it', async () => {
    for (let round = 0; round < 5; round++) {
      const vin = `5YJ3E1EA7KF0002${String(round).padStart(2, '0')}`;
      const [a, b] = await Promise.all([
        ana.claims.claim(vin, 'Ana', { note: 'brakes' }),
        ben.claims.claim(vin, 'Ben', { note: 'tyres' }),
      ]);
      const winners = [a, b].filter((result) => result.ok);
      expect(winners).toHaveLength(1);
      const loser = a.ok ? b : a;
      const winner = a.ok ? a : b;
      if (loser.ok || !winner.ok) throw new Error('unreachable');
      expect(loser.heldBy).toBe(winner.claim.claimedBy);
      expect(loser.since).toBe(winner.claim.since);
    }
  });

  it('sees a claim taken and released live; a released claim can be taken again', async () => {
    const taken = waitFor(
      matching((c) => c.kind === 'claim' && c.vin === VIN_C),
      'the claim',
      { ...SHOP_WAIT, wakeOn: onBenChange },
    );
    const claim = await ana.claims.claim(VIN_C, 'Ana', { note: 'working on it', machine: 'bay-1' });
    expect(claim.ok).toBe(true);
    await taken;
    expect(await ben.claims.active(VIN_C)).toMatchObject({ claimedBy: 'Ana', note: 'working on it' });
    expect(await ben.claims.claim(VIN_C, 'Ben')).toMatchObject({ ok: false, heldBy: 'Ana' });
    // Only the holder releases; anyone else takes over.
    expect(await ben.claims.release(VIN_C, 'Ben')).toBe(false);
    const released = waitFor(
      matching((c) => c.kind === 'claim' && c.vin === VIN_C),
      'the release',
      { ...SHOP_WAIT, wakeOn: onBenChange },
    );
    expect(await ana.claims.release(VIN_C, 'Ana')).toBe(true);
    await released;
    expect(await ben.claims.active(VIN_C)).toBeNull();
    expect(await ben.claims.claim(VIN_C, 'Ben')).toMatchObject({ ok: true, claim: { claimedBy: 'Ben' } });
  });

  it('records a take-over in the claim history', async () => {
    const vin = '5YJ3E1EA7KF000301';
    await ana.claims.claim(vin, 'Ana');
    const { claim, previous } = await ben.claims.takeOver(vin, 'Ben', { note: 'Ana went home' });
    expect(claim).toMatchObject({ claimedBy: 'Ben', note: 'Ana went home', endedAt: null });
    expect(previous).toMatchObject({ claimedBy: 'Ana', endReason: 'taken_over', endedBy: 'Ben' });
    const history = await ana.claims.history(vin);
    expect(history.map((c) => [c.claimedBy, c.endReason])).toEqual([
      ['Ben', null],
      ['Ana', 'taken_over'],
    ]);
  });

  it('lets an expired claim not block, and records it as expired', async () => {
    const vin = '5YJ3E1EA7KF000302';
    expect(await ana.claims.claim(vin, 'Ana', { ttlMs: 1 })).toMatchObject({ ok: true });
    // The claim is 1 ms long: wait until the server's clock has passed it, not a fixed time.
    await db.query('SELECT pg_sleep(0.01)');
    expect(await ben.claims.active(vin)).toBeNull();
    expect(await ben.claims.claim(vin, 'Ben')).toMatchObject({ ok: true });
    const history = await ben.claims.history(vin);
    expect(history.map((c) => [c.claimedBy, c.endReason])).toEqual([
      ['Ben', null],
      ['Ana', 'expired'],
    ]);
    expect((await ben.claims.listActive()).map((c) => c.vin)).toContain(vin);
  });

  it('keeps one open job per vehicle', async () => {
    const vin = '5YJ3E1EA7KF000401';
    const seen = waitFor(
      matching((c) => c.kind === 'job' && c.vin === vin),
      'the job',
      { ...SHOP_WAIT, wakeOn: onBenChange },
    );
    const first = await ana.jobs.open({
      id: randomUUID(),
      vin,
      repairOrder: 'RO-1001',
      technician: 'Ana',
      checkIn: { odometer: 1 },
    });
    expect(first.ok).toBe(true);
    const second = await ben.jobs.open({ id: randomUUID(), vin, repairOrder: 'RO-1002', technician: 'Ben' });
    expect(second).toMatchObject({ ok: false, openJob: { repairOrder: 'RO-1001' } });
    if (!first.ok) return;
    await ben.jobs.addNote(first.job.id, {
      time: new Date().toISOString(),
      technician: 'Ben',
      text: 'tyres ok',
    });
    const closed = await ana.jobs.close(first.job.id, { odometer: 2 });
    expect(closed).toMatchObject({
      status: 'closed',
      checkOut: { odometer: 2 },
      notes: [{ text: 'tyres ok' }],
    });
    expect(await ben.jobs.list({ vin, status: 'closed' })).toHaveLength(1);
    expect(
      (await ben.jobs.open({ id: randomUUID(), vin, repairOrder: 'RO-1003', technician: 'Ben' })).ok,
    ).toBe(true);
    await seen;
    expect(benChanges.some((c) => c.kind === 'job' && c.vin === vin)).toBe(true);
  });
});
