// Query guards and the smaller stores: the statement timeout ends a runaway query with a clear
// error, telemetry templates keep their names unique per garage.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShop, type ShopDb } from '../../electron/main/shop/shop-db';
import { toShopError } from '../../electron/main/shop/errors';
import { createTestDatabase } from './support/pg';

let shop: ShopDb;

beforeAll(async () => {
  const db = await createTestDatabase('queries');
  shop = await openShop({
    settings: { ...db.owner.settings, statementTimeoutMs: 200 },
    getPassword: db.owner.getPassword,
  });
});

afterAll(async () => {
  await shop?.close();
});

describe('shop queries', () => {
  it('ends a query that runs past the statement timeout with a timeout error', async () => {
    const error = await shop.pool.query('SELECT pg_sleep(5)').catch((e: unknown) => toShopError(e));
    expect(error).toMatchObject({ shopKind: 'timeout', info: { kind: 'timeout' } });
    // The pool is still usable afterwards.
    expect((await shop.pool.query('SELECT 1 AS one')).rows[0]).toEqual({ one: 1 });
  });

  it('saves, renames, lists and removes telemetry templates; a taken name is a conflict', async () => {
    const id = randomUUID();
    await shop.templates.save({
      id,
      name: 'Fleet basic',
      fields: { VehicleSpeed: { interval_seconds: 10 } },
      createdBy: 'Ana',
    });
    await shop.templates.save({
      id,
      name: 'Fleet standard',
      fields: { Odometer: { interval_seconds: 60 } },
      createdBy: 'Ana',
    });
    await expect(
      shop.templates.save({ id: randomUUID(), name: 'Fleet standard', fields: {}, createdBy: 'Ben' }),
    ).rejects.toMatchObject({ shopKind: 'conflict' });
    expect(await shop.templates.list()).toEqual([
      expect.objectContaining({ id, name: 'Fleet standard', fields: { Odometer: { interval_seconds: 60 } } }),
    ]);
    expect(await shop.templates.remove(id)).toBe(true);
    expect(await shop.templates.list()).toEqual([]);
  });
});
