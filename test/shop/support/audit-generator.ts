// Fills a shop database's audit log with `count` synthetic entries over `vins` vehicles, server-side
// (generate_series), for scale tests and the benchmark. Runs as a superuser with triggers off for
// the session (session_replication_role = replica): a million per-row NOTIFYs would measure the
// queue, not the index. Rows are spread over a year, newest last.
import type pg from 'pg';

export async function generateAuditRows(
  client: pg.ClientBase,
  options: { garageId: string; count: number; vins: number },
): Promise<void> {
  await client.query(`SET session_replication_role = replica`);
  try {
    await client.query(
      `INSERT INTO audit_entries (id, garage_id, time, vin, operation, params, outcome, technician, machine, change_seq)
       SELECT gen_random_uuid(), $1,
              timestamptz '2025-01-01' + (n * interval '31536 seconds') / ($2::int / 1000.0),
              '5YJ3E1EA7KF' || lpad((n % $3)::text, 6, '0'),
              'command:set_charge_limit', jsonb_build_object('percent', 50 + n % 50),
              CASE WHEN n % 17 = 0 THEN 'failed' ELSE 'success' END,
              'Tech ' || (n % 8), 'bay-' || (n % 4), n
         FROM generate_series(1, $2::int) AS n`,
      [options.garageId, options.count, options.vins],
    );
  } finally {
    await client.query(`SET session_replication_role = origin`);
  }
  await client.query('ANALYZE audit_entries');
}
