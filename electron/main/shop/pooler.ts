// A connection pooler in front of the database in transaction or statement mode (PgBouncer's
// `pool_mode = transaction`, the usual setting of a managed service's built-in pooler) hands a
// client's statements to whichever server session is free: LISTEN then listens on a session the app
// no longer has, so colleagues' changes stop showing, and nothing says so. The app checks once per
// connect, with what such a pooler cannot hide: one client's statements run in one server session
// (pg_backend_pid() stays the same), and a second client's open transaction never shares it. A
// pooler that frees a session after each transaction gives the freed one to the next transaction,
// so the first client's next statement lands in another session.
import pg from 'pg';
import { tm } from '../i18n/main-words';
import { ShopError } from './errors';

const PID = 'SELECT pg_backend_pid() AS pid';
const pidOf = (result: pg.QueryResult<{ pid: number }>) => result.rows[0]?.pid ?? -1;

/** A query surface with its own server session as PostgreSQL gives one (a pooled or plain client). */
export interface ProbeClient {
  query<T extends pg.QueryResultRow>(text: string): Promise<pg.QueryResult<T>>;
}

/**
 * Whether `first` and `second` (two clients of this app) reach the server through a pooler that
 * does not keep a session per client. A statement-mode pooler refuses the transaction outright.
 */
export async function behindTransactionPooler(first: ProbeClient, second: ProbeClient): Promise<boolean> {
  const before = pidOf(await first.query<{ pid: number }>(PID));
  try {
    await second.query('BEGIN');
  } catch (error) {
    if (/transaction blocks not allowed/i.test(String((error as Error).message))) return true;
    throw error;
  }
  try {
    const other = pidOf(await second.query<{ pid: number }>(PID));
    const after = pidOf(await first.query<{ pid: number }>(PID));
    return after !== before || other === before;
  } finally {
    await second.query('COMMIT').catch(() => undefined);
  }
}

/** The refusal that says what to change, naming the address the app was given. */
export function poolerRefusal(target: string): ShopError {
  return new ShopError('invalid_settings', tm('shopIt.transactionPooler', { target }));
}
