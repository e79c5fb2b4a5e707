// A test database dumped and restored the way docs/shop.md's runbook says, with the real pg_dump
// and pg_restore as the run's superuser: the database dropped (connections and all), made anew
// closed to the groups, the dump restored into it as its owner, and CONNECT granted again.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { adminQuery, pgAdmin, type TestDatabase } from './pg';
import { SHOP_GROUPS } from './pg-admin';

const run = promisify(execFile);

function asAdmin() {
  const admin = pgAdmin();
  return {
    args: ['-h', admin.host, '-p', String(admin.port), '-U', admin.user],
    env: { ...process.env, PGPASSWORD: admin.password },
  };
}

/** `pg_dump --format=custom` of the database into `file`. */
export async function dumpDatabase(db: TestDatabase, file: string): Promise<void> {
  const { args, env } = asAdmin();
  await run('pg_dump', ['--format=custom', `--file=${file}`, ...args, db.name], { env });
}

/** Replaces the database with the dump in `file`, as a shop's administrator restores one. */
export async function restoreDatabase(db: TestDatabase, file: string): Promise<void> {
  const { args, env } = asAdmin();
  await adminQuery('postgres', `DROP DATABASE "${db.name}" WITH (FORCE)`);
  await adminQuery('postgres', `CREATE DATABASE "${db.name}" OWNER "${db.owner.settings.user}"`);
  // Closed to the apps until the restore is whole: an app writing into a half-restored database
  // would make pg_restore's own rows collide with it.
  await adminQuery(db.name, `REVOKE ALL ON DATABASE "${db.name}" FROM PUBLIC`);
  await run(
    'pg_restore',
    ['--exit-on-error', '--no-owner', `--role=${db.owner.settings.user}`, ...args, '-d', db.name, file],
    { env },
  );
  for (const group of SHOP_GROUPS)
    await adminQuery(db.name, `GRANT CONNECT ON DATABASE "${db.name}" TO "${db.name}_${group}"`);
}
