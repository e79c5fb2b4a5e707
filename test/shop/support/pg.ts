// The shop tests' databases and roles, on the run's PostgreSQL superuser (global-setup.ts).
import pg from 'pg';
import { inject } from 'vitest';
import { adminQueryWith, createTestDatabaseWith, type Login, type TestDatabase } from './pg-admin';

export type { Login, TestDatabase } from './pg-admin';

export function pgAdmin() {
  return inject('pgAdmin');
}

export function adminQuery<T extends pg.QueryResultRow = pg.QueryResultRow>(
  database: string,
  sql: string,
  params: unknown[] = [],
): Promise<pg.QueryResult<T>> {
  return adminQueryWith<T>(pgAdmin(), database, sql, params);
}

export function createTestDatabase(label: string): Promise<TestDatabase> {
  return createTestDatabaseWith(pgAdmin(), label);
}

/**
 * A plain `pg` client signed in as `login`, as psql with that role's password would be (what a
 * stolen laptop's keychain gives); kept in `clients` for the test to end.
 */
export async function connectAs(login: Login, clients: pg.Client[]): Promise<pg.Client> {
  const client = new pg.Client({ ...login.settings, password: login.password });
  await client.connect();
  clients.push(client);
  return client;
}
