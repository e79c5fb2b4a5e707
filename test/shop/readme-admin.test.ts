// The shop guide's SQL (docs/shop.md, linked from README.md), run as written (names made unique to
// this run), by a superuser and by a managed service's administrator (CREATEROLE and CREATEDB, not
// a superuser): an owner who migrates, a technician who can work and cannot rewrite history, and
// each person in the group the guide puts them in.
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { insertAuditEntries } from '../../electron/main/shop/audit-store';
import { openShop } from '../../electron/main/shop/shop-db';
import { adminQuery, pgAdmin } from './support/pg';

const GUIDE = readFileSync(new URL('../../docs/shop.md', import.meta.url), 'utf8');

function block(tag: string): string {
  const match = new RegExp('```sql ' + tag + '\\n([\\s\\S]*?)```').exec(GUIDE);
  if (!match) throw new Error(`docs/shop.md has no sql ${tag} block`);
  return match[1]!;
}

function statements(sql: string, name: string): string[] {
  return sql
    .replace(/\bgarage(?=\b|_)/g, name)
    .replace(/\b(ana|fred|dana)(?= LOGIN)/g, `${name}_$1`)
    .split(/;\s*\n/)
    .map((statement) => statement.trim())
    .filter(Boolean);
}

/** What the guide promises once its SQL ran: the owner migrates, Ana works, history is append-only. */
async function worksAsTheGuideSays(name: string): Promise<void> {
  const login = (user: string, password: string) => ({
    settings: {
      host: pgAdmin().host,
      port: pgAdmin().port,
      database: name,
      user,
      sslmode: 'disable' as const,
    },
    getPassword: () => password,
  });
  const owner = await openShop(login(`${name}_owner`, 'owner-password'));
  const ana = await openShop(login(`${name}_ana`, 'ana-password'));
  try {
    // The grants for a group made after the schema run cleanly as the owner.
    for (const statement of statements(block('shop-grants'), name)) await owner.pool.query(statement);
    const vin = '5YJ3E1EA7KF000901';
    expect((await ana.vehicles.add(vin, 'Ana')).added).toBe(true);
    expect(await ana.claims.claim(vin, 'Ana')).toMatchObject({ ok: true });
    const client = await ana.pool.connect();
    try {
      const id = randomUUID();
      const row = {
        id,
        time: new Date().toISOString(),
        vin,
        operation: 'command:honk',
        params: {},
        outcome: 'success',
      };
      expect(
        await insertAuditEntries(client, ana.garageId, [{ ...row, technician: 'Ana', machine: 'bay-1' }]),
      ).toBe(1);
      await expect(client.query('DELETE FROM audit_entries')).rejects.toMatchObject({ code: '42501' });
    } finally {
      client.release();
    }
    expect(await ana.vehicleHistory(vin)).toEqual([expect.objectContaining({ dbRole: `${name}_ana` })]);
    const groups = await owner.pool.query<{ grp: string }>(
      `SELECT shop_group(who::name) AS grp FROM unnest($1::text[]) WITH ORDINALITY AS w(who, i) ORDER BY i`,
      [[`${name}_ana`, `${name}_fred`, `${name}_dana`]],
    );
    expect(groups.rows.map((row) => row.grp)).toEqual(['technician', 'foreman', 'advisor']);
  } finally {
    await ana.close();
    await owner.close();
  }
}

describe("the shop guide's SQL for a shop's administrator", () => {
  it('makes a database the owner migrates and a technician works in, append-only', async () => {
    const name = `${pgAdmin().prefix}_readme`;
    for (const statement of statements(block('shop-admin'), name)) await adminQuery('postgres', statement);
    await worksAsTheGuideSays(name);
  });

  it("runs verbatim as a managed service's administrator: CREATEROLE and CREATEDB, not a superuser", async () => {
    const name = `${pgAdmin().prefix}_managed`;
    const password = randomBytes(12).toString('base64url');
    await adminQuery(
      'postgres',
      `CREATE ROLE "${name}_dba" LOGIN CREATEROLE CREATEDB PASSWORD '${password}'`,
    );
    const dba = new pg.Client({
      host: pgAdmin().host,
      port: pgAdmin().port,
      user: `${name}_dba`,
      password,
      database: 'postgres',
    });
    await dba.connect();
    try {
      const me = await dba.query<{ rolsuper: boolean }>(
        `SELECT rolsuper FROM pg_roles WHERE rolname = current_user`,
      );
      expect(me.rows).toEqual([{ rolsuper: false }]);
      for (const statement of statements(block('shop-admin'), name)) await dba.query(statement);
    } finally {
      await dba.end();
    }
    await worksAsTheGuideSays(name);
  });
});
