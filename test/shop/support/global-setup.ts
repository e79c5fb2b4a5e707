// Vitest global setup for the shop tests: a throwaway superuser role for this run, made through the
// postgres OS account on the local socket (as root: `su postgres`; otherwise `sudo -n -u postgres`),
// or taken from VG_TEST_PG_ADMIN_URL when set (a superuser URL, e.g. on a developer's own server).
// Every database and role the tests make starts with this run's prefix; teardown drops them all.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

export interface PgAdmin {
  host: string;
  port: number;
  user: string;
  password: string;
  /** Every database and role of this run starts with it. */
  prefix: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdmin: PgAdmin;
  }
}

function asPostgres(sql: string): void {
  const psql = ['psql', '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', 'postgres', '-c', sql];
  const isRoot = process.getuid?.() === 0;
  try {
    if (isRoot)
      execFileSync('su', ['postgres', '-c', psql.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ')], {
        stdio: 'pipe',
      });
    else execFileSync('sudo', ['-n', '-u', 'postgres', ...psql], { stdio: 'pipe' });
  } catch (error) {
    const stderr = String((error as { stderr?: Buffer }).stderr ?? '');
    throw new Error(
      `The shop tests need a local PostgreSQL they can administer (${stderr.trim() || String(error)}). ` +
        'Start it (pg_ctlcluster 15 main start) or set VG_TEST_PG_ADMIN_URL to a superuser URL.',
    );
  }
}

async function adminClient(admin: PgAdmin): Promise<pg.Client> {
  const client = new pg.Client({ ...admin, database: 'postgres' });
  await client.connect();
  return client;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const prefix = `vgt_${process.pid}_${randomBytes(3).toString('hex')}`;
  let admin: PgAdmin;
  let ownRole = false;
  const url = process.env['VG_TEST_PG_ADMIN_URL'];
  if (url) {
    const parsed = new URL(url);
    admin = {
      host: parsed.hostname || '127.0.0.1',
      port: Number(parsed.port || 5432),
      user: decodeURIComponent(parsed.username),
      password: decodeURIComponent(parsed.password),
      prefix,
    };
  } else {
    const password = randomBytes(18).toString('base64url');
    admin = {
      host: '127.0.0.1',
      port: Number(process.env['PGPORT'] ?? 5432),
      user: `${prefix}_admin`,
      password,
      prefix,
    };
    asPostgres(`CREATE ROLE ${admin.user} LOGIN SUPERUSER PASSWORD '${password}'`);
    ownRole = true;
  }
  project.provide('pgAdmin', admin);

  return async () => {
    const client = await adminClient(admin);
    try {
      const dbs = await client.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE $1`,
        [`${prefix}%`],
      );
      for (const { datname } of dbs.rows)
        await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
      const roles = await client.query<{ rolname: string }>(
        `SELECT rolname FROM pg_roles WHERE rolname LIKE $1 AND rolname <> $2`,
        [`${prefix}%`, admin.user],
      );
      for (const { rolname } of roles.rows) await client.query(`DROP ROLE IF EXISTS "${rolname}"`);
    } finally {
      await client.end();
    }
    if (ownRole) asPostgres(`DROP ROLE IF EXISTS ${admin.user}`);
  };
}
