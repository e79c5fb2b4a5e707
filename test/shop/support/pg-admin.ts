// A throwaway PostgreSQL superuser for one test or benchmark run, and the per-run databases and
// roles made with it. The superuser is made through the postgres OS account on the local socket
// (as root: `su postgres`; otherwise `sudo -n -u postgres`), or taken from VG_TEST_PG_ADMIN_URL
// (a superuser URL). Every database and role of the run starts with its prefix; dropRun drops them.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { ShopConnectionSettings } from '../../../electron/main/shop/config';

export interface PgAdmin {
  host: string;
  port: number;
  user: string;
  password: string;
  /** Every database and role of this run starts with it. */
  prefix: string;
  /** Whether the run made the superuser role itself (and drops it at the end). */
  ownRole: boolean;
}

function asPostgres(sql: string): void {
  const psql = ['psql', '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', 'postgres', '-c', sql];
  try {
    if (process.getuid?.() === 0)
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

export function createRunAdmin(): PgAdmin {
  const prefix = `vgt_${process.pid}_${randomBytes(3).toString('hex')}`;
  const url = process.env['VG_TEST_PG_ADMIN_URL'];
  if (url) {
    const parsed = new URL(url);
    return {
      host: parsed.hostname || '127.0.0.1',
      port: Number(parsed.port || 5432),
      user: decodeURIComponent(parsed.username),
      password: decodeURIComponent(parsed.password),
      prefix,
      ownRole: false,
    };
  }
  const password = randomBytes(18).toString('base64url');
  const user = `${prefix}_admin`;
  asPostgres(`CREATE ROLE ${user} LOGIN SUPERUSER PASSWORD '${password}'`);
  return {
    host: '127.0.0.1',
    port: Number(process.env['PGPORT'] ?? 5432),
    user,
    password,
    prefix,
    ownRole: true,
  };
}

export async function adminQueryWith<T extends pg.QueryResultRow = pg.QueryResultRow>(
  admin: PgAdmin,
  database: string,
  sql: string,
  params: unknown[] = [],
): Promise<pg.QueryResult<T>> {
  const client = new pg.Client({
    host: admin.host,
    port: admin.port,
    user: admin.user,
    password: admin.password,
    database,
  });
  await client.connect();
  try {
    return await client.query<T>(sql, params);
  } finally {
    await client.end();
  }
}

/** Drops every database and role of the run, then the run's superuser if it made one. */
export async function dropRun(admin: PgAdmin): Promise<void> {
  const dbs = await adminQueryWith<{ datname: string }>(
    admin,
    'postgres',
    `SELECT datname FROM pg_database WHERE datname LIKE $1`,
    [`${admin.prefix}%`],
  );
  for (const { datname } of dbs.rows)
    await adminQueryWith(admin, 'postgres', `DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  const roles = await adminQueryWith<{ rolname: string }>(
    admin,
    'postgres',
    `SELECT rolname FROM pg_roles WHERE rolname LIKE $1 AND rolname <> $2`,
    [`${admin.prefix}%`, admin.user],
  );
  for (const { rolname } of roles.rows)
    await adminQueryWith(admin, 'postgres', `DROP ROLE IF EXISTS "${rolname}"`);
  if (admin.ownRole) asPostgres(`DROP ROLE IF EXISTS ${admin.user}`);
}

export interface Login {
  settings: ShopConnectionSettings;
  password: string;
  getPassword: () => string;
}

export interface TestDatabase {
  name: string;
  owner: Login;
  /** A superuser login to this database, for checks the app's roles may not make. */
  admin: Login;
  /** A login role in the technicians' group (grants from the migration). */
  addTechnician(label: string): Promise<Login>;
  /** A login role in one of the shop's groups, as docs/shop.md makes each person's. */
  addMember(label: string, group: ShopGroup): Promise<Login>;
  /** A login role with CONNECT only: no table grants. */
  addStranger(label: string): Promise<Login>;
  /** Runs SQL as the superuser in this database. */
  query<T extends pg.QueryResultRow = pg.QueryResultRow>(
    sql: string,
    params?: unknown[],
  ): Promise<pg.QueryResult<T>>;
  /** The same login through another host/port (a proxy). */
  via(login: Login, host: string, port: number): Login;
}

/** The shop's group roles, each named `<database>_<group>`. */
export const SHOP_GROUPS = ['technicians', 'foremen', 'advisors', 'admins'] as const;
export type ShopGroup = (typeof SHOP_GROUPS)[number];

let counter = 0;

function login(host: string, port: number, database: string, user: string, password: string): Login {
  return {
    // The packaged test cluster runs without TLS (tls-cluster.ts makes one with it).
    settings: {
      host,
      port,
      database,
      user,
      sslmode: 'disable',
      connectTimeoutMs: 3000,
      statementTimeoutMs: 15_000,
    },
    password,
    getPassword: () => password,
  };
}

/** A database owned by a non-superuser owner role (who migrates) and the shop's group roles. */
export async function createTestDatabaseWith(admin: PgAdmin, label: string): Promise<TestDatabase> {
  counter += 1;
  const name = `${admin.prefix}_${label}_${counter}`
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_')
    .slice(0, 50);
  const q = (database: string, sql: string, params?: unknown[]) =>
    adminQueryWith(admin, database, sql, params);
  const ownerPassword = randomBytes(12).toString('base64url');
  await q('postgres', `CREATE ROLE "${name}_owner" LOGIN PASSWORD '${ownerPassword}'`);
  for (const group of SHOP_GROUPS) await q('postgres', `CREATE ROLE "${name}_${group}" NOLOGIN`);
  await q('postgres', `CREATE DATABASE "${name}" OWNER "${name}_owner"`);
  await q(name, `REVOKE ALL ON DATABASE "${name}" FROM PUBLIC`);
  for (const group of SHOP_GROUPS) await q(name, `GRANT CONNECT ON DATABASE "${name}" TO "${name}_${group}"`);
  const makeLogin = async (role: string, extra: string) => {
    const password = randomBytes(12).toString('base64url');
    await q('postgres', `CREATE ROLE "${role}" LOGIN PASSWORD '${password}' ${extra}`);
    return login(admin.host, admin.port, name, role, password);
  };
  return {
    name,
    owner: login(admin.host, admin.port, name, `${name}_owner`, ownerPassword),
    admin: login(admin.host, admin.port, name, admin.user, admin.password),
    addTechnician: (technician) => makeLogin(`${name}_${technician}`, `IN ROLE "${name}_technicians"`),
    addMember: (label, group) => makeLogin(`${name}_${label}`, `IN ROLE "${name}_${group}"`),
    async addStranger(stranger) {
      const made = await makeLogin(`${name}_${stranger}`, '');
      await q(name, `GRANT CONNECT ON DATABASE "${name}" TO "${name}_${stranger}"`);
      return made;
    },
    query: <T extends pg.QueryResultRow>(sql: string, params?: unknown[]) =>
      adminQueryWith<T>(admin, name, sql, params),
    via: (which, host, port) => ({ ...which, settings: { ...which.settings, host, port } }),
  };
}
