// The shop benchmarks' PostgreSQL: a throwaway superuser for the run (the shop tests' pg-admin), or,
// when no PostgreSQL can be reached or administered, a clear "skipped" row instead of a failure: the
// benchmarks run on developers' machines that may have no server (the shop tests never skip).
import { createRunAdmin, type PgAdmin, adminQueryWith } from '../shop/support/pg-admin';
import { log, report } from './lib';

export async function shopAdminOrSkip(what: string): Promise<PgAdmin | null> {
  let admin: PgAdmin;
  try {
    admin = createRunAdmin();
  } catch (error) {
    return skip(what, error);
  }
  try {
    await adminQueryWith(admin, 'postgres', 'SELECT 1');
    return admin;
  } catch (error) {
    return skip(what, error);
  }
}

function skip(what: string, error: unknown): null {
  const reason = `PostgreSQL is not reachable (${error instanceof Error ? error.message : String(error)})`;
  log(`${what}: skipped: ${reason}`);
  report([
    {
      name: `${what}: skipped`,
      value: Number.NaN,
      unit: '',
      budget: 'needs a local PostgreSQL (pg_ctlcluster 15 main start) or VG_TEST_PG_ADMIN_URL',
      pass: true,
      skipped: reason,
      detail: reason,
    },
  ]);
  return null;
}
