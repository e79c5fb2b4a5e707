// The shop's migrations are the plain SQL files of electron/main/shop/sql/, which a DBA may apply
// by hand: every file there is one the app applies, in the order of its number, with no gap; each
// takes the migration lock, refuses a database not at the version before it, and records its own
// version, so a file applied by hand leaves the database as the app would.
import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { MIGRATION_FILES, MIGRATIONS, migrationOf } from '../../../electron/main/shop/migrations/index';

const SQL_DIR = new URL('../../../electron/main/shop/sql/', import.meta.url);

describe('the shop migration files', () => {
  it('are every .sql file of the folder, numbered 1, 2, 3 … with no gap, as the app applies them', async () => {
    const onDisk = (await readdir(SQL_DIR)).filter((name) => name.endsWith('.sql')).sort();
    expect(Object.keys(MIGRATION_FILES).sort()).toEqual(onDisk);
    expect(MIGRATIONS.map((migration) => migration.version)).toEqual(onDisk.map((_, index) => index + 1));
    for (const name of onDisk)
      expect(MIGRATION_FILES[name]).toBe(await readFile(new URL(name, SQL_DIR), 'utf8'));
  });

  it('each guard the version before them and record their own', () => {
    for (const migration of MIGRATIONS) {
      const { version, name, sql } = migration;
      expect(sql).toContain("SELECT pg_advisory_xact_lock(x'7361726167650001'::bigint);");
      expect(sql).toContain(`<> ${version - 1} THEN`);
      expect(sql).toContain(`from version ${version - 1} to ${version};`);
      expect(
        sql
          .trimEnd()
          .endsWith(`INSERT INTO shop_schema_version (version, name) VALUES (${version}, '${name}');`),
      ).toBe(true);
    }
  });

  it('refuses a file name that is not NNN-name.sql', () => {
    expect(migrationOf('005-roles-and-policy.sql', '')).toMatchObject({
      version: 5,
      name: 'roles-and-policy',
    });
    expect(() => migrationOf('5-roles.sql', '')).toThrow(/NNN-name\.sql/);
    expect(() => migrationOf('005_roles.sql', '')).toThrow(/NNN-name\.sql/);
  });
});
