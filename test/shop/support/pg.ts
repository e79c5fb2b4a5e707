// The shop tests' databases and roles, on the run's PostgreSQL superuser (global-setup.ts).
import type pg from 'pg';
import { inject } from 'vitest';
import { adminQueryWith, createTestDatabaseWith, type TestDatabase } from './pg-admin';

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
