// The shop schema: migrations applied once however many apps start together, a newer schema
// refused, and the audit log append-only even for the role that owns it.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openShop, type ShopDb } from '../../electron/main/shop/shop-db';
import { migrate } from '../../electron/main/shop/migrate';
import { LATEST_SCHEMA_VERSION, MIGRATIONS } from '../../electron/main/shop/migrations/index';
import { insertAuditEntries, type ShopAuditInput } from '../../electron/main/shop/audit-store';
import { createTestDatabase, type Login } from './support/pg';

const VIN = '5YJ3E1EA7KF000001';

function entry(overrides: Partial<ShopAuditInput> = {}): ShopAuditInput {
  return {
    id: randomUUID(),
    time: new Date().toISOString(),
    vin: VIN,
    operation: 'command:set_charge_limit',
    params: { percent: 90 },
    outcome: 'success',
    technician: 'Ana',
    machine: 'bay-1',
    ...overrides,
  };
}

const open = (login: Login) => openShop({ settings: login.settings, getPassword: login.getPassword });

describe('shop schema migrations', () => {
  it('applies every migration once when several apps start at the same moment', async () => {
    const db = await createTestDatabase('migrate_race');
    const shops = await Promise.all(Array.from({ length: 4 }, () => open(db.owner)));
    try {
      const applied = shops.map((shop) => shop.migration.applied);
      // Exactly one app applied the migrations; the others found them done.
      expect(applied.filter((versions) => versions.length > 0)).toEqual([MIGRATIONS.map((m) => m.version)]);
      const versions = await db.query<{ version: number }>(
        'SELECT version FROM shop_schema_version ORDER BY version',
      );
      expect(versions.rows.map((row) => row.version)).toEqual(MIGRATIONS.map((m) => m.version));
    } finally {
      await Promise.all(shops.map((shop) => shop.close()));
    }
  });

  it('refuses a database whose schema is newer than the app, saying what to do', async () => {
    const db = await createTestDatabase('migrate_newer');
    const first = await open(db.owner);
    await first.close();
    const newer = LATEST_SCHEMA_VERSION + 1;
    await db.query(`INSERT INTO shop_schema_version (version, name) VALUES ($1, 'from a newer app')`, [
      newer,
    ]);
    const error = await open(db.owner).catch((e: unknown) => e);
    expect(error).toMatchObject({ shopKind: 'schema_newer' });
    expect((error as Error).message).toContain(`schema version ${newer}`);
    expect((error as Error).message).toMatch(/Update Vehicle Garage/);
  });

  it('rolls a failing migration back whole', async () => {
    const db = await createTestDatabase('migrate_fail');
    const shop = await open(db.owner);
    const broken = [
      ...MIGRATIONS,
      { version: 99, name: 'broken', sql: 'CREATE TABLE half_done (x int); SELECT 1/0;' },
    ];
    await expect(migrate(shop.pool, broken)).rejects.toMatchObject({ shopKind: 'query_failed' });
    const tables = await db.query(`SELECT to_regclass('half_done') AS t`);
    expect(tables.rows[0]!['t']).toBeNull();
    const versions = await db.query('SELECT max(version) AS v FROM shop_schema_version');
    expect(versions.rows[0]!['v']).toBe(LATEST_SCHEMA_VERSION);
    await shop.close();
  });
});

describe('the shop audit log is append-only', () => {
  async function withOwnerAndTechnician(label: string) {
    const db = await createTestDatabase(label);
    const owner = await open(db.owner);
    const tech = await db.addTechnician('ana');
    const technician = await open(tech);
    return { db, owner, technician, tech };
  }

  it('refuses UPDATE, DELETE and TRUNCATE by the trigger, even for the owner who has every grant', async () => {
    const { owner, technician } = await withOwnerAndTechnician('audit_fence');
    const client = await owner.pool.connect();
    try {
      const row = entry();
      await insertAuditEntries(client, owner.garageId, [row]);
      await expect(
        client.query(`UPDATE audit_entries SET outcome = 'failed' WHERE id = $1`, [row.id]),
      ).rejects.toThrow(/append-only: UPDATE/);
      await expect(client.query(`DELETE FROM audit_entries WHERE id = $1`, [row.id])).rejects.toThrow(
        /append-only: DELETE/,
      );
      await expect(client.query(`TRUNCATE audit_entries`)).rejects.toThrow(/append-only: TRUNCATE/);
      const count = await client.query('SELECT count(*)::int AS n FROM audit_entries');
      expect(count.rows[0]!['n']).toBe(1);
    } finally {
      client.release();
      await owner.close();
      await technician.close();
    }
  });

  it("gives a technician's role INSERT and SELECT only, and records the role the server saw", async () => {
    const { owner, technician, tech } = await withOwnerAndTechnician('audit_grants');
    const client = await technician.pool.connect();
    try {
      const row = entry({ technician: 'Someone Else' });
      await insertAuditEntries(client, technician.garageId, [row]);
      await expect(client.query(`UPDATE audit_entries SET outcome = 'x'`)).rejects.toMatchObject({
        code: '42501',
      });
      await expect(client.query(`DELETE FROM audit_entries`)).rejects.toMatchObject({ code: '42501' });
      // A role cannot claim to be another: the server overwrites a db_role sent with the row.
      const forged = entry();
      await client.query(
        `INSERT INTO audit_entries (id, garage_id, time, vin, operation, outcome, technician, machine, db_role)
         VALUES ($1, $2, now(), $3, 'x', 'success', 'Ana', 'bay-1', 'the_manager')`,
        [forged.id, technician.garageId, VIN],
      );
      const stamped = await client.query('SELECT db_role FROM audit_entries WHERE id = $1', [forged.id]);
      expect(stamped.rows[0]).toEqual({ db_role: tech.settings.user });
      // db_role is the server's current_user, not anything the app sent.
      const stored = (await technician.vehicleHistory(VIN)).find((e) => e.id === row.id);
      expect(stored).toMatchObject({ id: row.id, technician: 'Someone Else', dbRole: tech.settings.user });
    } finally {
      client.release();
      await owner.close();
      await technician.close();
    }
  });

  it('inserts an entry sent twice once', async () => {
    const { owner, technician } = await withOwnerAndTechnician('audit_idem');
    const client = await technician.pool.connect();
    try {
      const rows = [entry(), entry(), entry()];
      expect(await insertAuditEntries(client, technician.garageId, rows)).toBe(3);
      expect(await insertAuditEntries(client, technician.garageId, [...rows, entry()])).toBe(1);
      expect(await technician.vehicleHistory(VIN)).toHaveLength(4);
    } finally {
      client.release();
      await owner.close();
      await technician.close();
    }
  });
});

export type { ShopDb };
