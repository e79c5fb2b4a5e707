// Per-test databases and roles on the run's PostgreSQL (global-setup.ts): a database owned by a
// non-superuser owner role (who migrates), its technicians' group role, and technicians' login roles.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { ShopConnectionSettings } from '../../../electron/main/shop/config';

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

let counter = 0;

export function pgAdmin() {
  return inject('pgAdmin');
}

function login(host: string, port: number, database: string, user: string, password: string): Login {
  return {
    settings: { host, port, database, user, connectTimeoutMs: 3000, statementTimeoutMs: 15_000 },
    password,
    getPassword: () => password,
  };
}

export async function adminQuery<T extends pg.QueryResultRow = pg.QueryResultRow>(
  database: string,
  sql: string,
  params: unknown[] = [],
): Promise<pg.QueryResult<T>> {
  const admin = pgAdmin();
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

export async function createTestDatabase(label: string): Promise<TestDatabase> {
  const admin = pgAdmin();
  counter += 1;
  const name = `${admin.prefix}_${label}_${counter}`
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_')
    .slice(0, 50);
  const ownerPassword = randomBytes(12).toString('base64url');
  await adminQuery('postgres', `CREATE ROLE "${name}_owner" LOGIN PASSWORD '${ownerPassword}'`);
  await adminQuery('postgres', `CREATE ROLE "${name}_technicians" NOLOGIN`);
  await adminQuery('postgres', `CREATE DATABASE "${name}" OWNER "${name}_owner"`);
  await adminQuery(name, `REVOKE ALL ON DATABASE "${name}" FROM PUBLIC`);
  await adminQuery(name, `GRANT CONNECT ON DATABASE "${name}" TO "${name}_technicians"`);
  const makeLogin = async (role: string, extra: string) => {
    const password = randomBytes(12).toString('base64url');
    await adminQuery('postgres', `CREATE ROLE "${role}" LOGIN PASSWORD '${password}' ${extra}`);
    return login(admin.host, admin.port, name, role, password);
  };
  return {
    name,
    owner: login(admin.host, admin.port, name, `${name}_owner`, ownerPassword),
    admin: login(admin.host, admin.port, name, admin.user, admin.password),
    addTechnician: (label) => makeLogin(`${name}_${label}`, `IN ROLE "${name}_technicians"`),
    async addStranger(label) {
      const stranger = await makeLogin(`${name}_${label}`, '');
      await adminQuery(name, `GRANT CONNECT ON DATABASE "${name}" TO "${name}_${label}"`);
      return stranger;
    },
    query: (sql, params) => adminQuery(name, sql, params),
    via: (which, host, port) => ({ ...which, settings: { ...which.settings, host, port } }),
  };
}
