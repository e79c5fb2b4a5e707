// Garage changes in the outbox: applied to the shop's garage in the transaction that inserts their
// entry, in order, and only when that insert is new, so an upload sent again after a crash (the
// commit landed, the mark did not) changes nothing a second time.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopAuditInput } from '../../electron/main/shop/audit-store';
import type { GarageChange } from '../../electron/main/shop/garage-changes';
import { openOutbox } from '../../electron/main/shop/outbox';
import { openShop, type ShopDb } from '../../electron/main/shop/shop-db';
import { createTestDatabase, type TestDatabase } from './support/pg';

const VIN = '5YJ3E1EA7KF000777';

let db: TestDatabase;
let ana: ShopDb;
let dir: string;

function change(garage: GarageChange, operation: string): ShopAuditInput {
  return {
    id: randomUUID(),
    time: new Date().toISOString(),
    vin: VIN,
    operation,
    params: {},
    outcome: 'success',
    technician: 'Ana',
    machine: 'bay-1',
    garage,
  };
}

beforeAll(async () => {
  db = await createTestDatabase('garage_outbox');
  const owner = await openShop({ settings: db.owner.settings, getPassword: db.owner.getPassword });
  await owner.close();
  const tech = await db.addTechnician('ana');
  ana = await openShop({ settings: tech.settings, getPassword: tech.getPassword });
  dir = await mkdtemp(join(tmpdir(), 'vg-garage-outbox-'));
});

afterAll(async () => {
  await ana?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('garage changes in the outbox', () => {
  it('applies each once, in order, even when the upload is sent again after a crash', async () => {
    const outbox = await openOutbox(join(dir, 'once'));
    await outbox.appendMany([
      change({ kind: 'add', nickname: 'Loaner' }, 'addVehicle'),
      change({ kind: 'rename', nickname: 'Bay 4 loaner' }, 'renameVehicle'),
      change({ kind: 'remove' }, 'removeVehicle'),
    ]);
    // The batch commits, then the app dies before its mark is written.
    await expect(
      outbox.upload(ana.pool, ana.garageId, {
        afterCommit: () => {
          throw new Error('crash after the commit');
        },
      }),
    ).rejects.toThrow('crash after the commit');
    expect(await ana.vehicles.get(VIN)).toMatchObject({ nickname: 'Bay 4 loaner', removedBy: 'Ana' });

    // Meanwhile a colleague brings the car back under another name.
    await ana.vehicles.add(VIN, 'Ben', { nickname: 'Ben’s' });
    await ana.vehicles.rename(VIN, 'Ben’s');

    const again = await openOutbox(join(dir, 'once'));
    expect(again.pending()).toBe(3);
    expect(await again.upload(ana.pool, ana.garageId)).toMatchObject({ sent: 3, inserted: 0, pending: 0 });
    // Nothing re-applied: the car stays as Ben left it.
    expect(await ana.vehicles.get(VIN)).toMatchObject({ nickname: 'Ben’s', removedAt: null, addedBy: 'Ben' });
  });

  it('skips a malformed change but keeps its entry', async () => {
    const outbox = await openOutbox(join(dir, 'malformed'));
    const bad = { ...change({ kind: 'remove' }, 'removeVehicle'), garage: { kind: 'drop' } } as unknown;
    await outbox.append(bad as ShopAuditInput);
    expect(await outbox.upload(ana.pool, ana.garageId)).toMatchObject({ inserted: 1 });
    expect(await ana.vehicles.get(VIN)).toMatchObject({ removedAt: null });
  });
});
