// Row-level security's cost on the shop's audit and job queries, on a real PostgreSQL: the same
// data, the same queries through the app's own store functions, as a technician's role (bound by
// row-level security) against the tables' owner (whom it does not bind), interleaved in ABBA rounds
// after a warm-up. One row per query, each the ratio of the medians with its bootstrap interval,
// budget ≤ 1.2: one vehicle's history (its 1,000 entries), the shop's first page (100 newest), a
// job's actions (a vehicle's entries in the job's time) and the jobs list (the newest 100 jobs of
// the garage, and one car's). 1,000,000 entries over 1,000 vehicles and 20,000 jobs (200,000,
// 200 and 5,000 with --quick), generated server-side. Without a reachable PostgreSQL it reports a
// skipped row.
import pg from 'pg';
import { openShop, type ShopDb } from '../../electron/main/shop/shop-db';
import { generateAuditRows } from '../shop/support/audit-generator';
import { createTestDatabaseWith, dropRun } from '../shop/support/pg-admin';
import { interleave, log, ratioRow, report, round, type BenchRow } from './lib';
import { shopAdminOrSkip } from './shop-pg';

const quick = process.argv.includes('--quick');
const TOTAL = quick ? 200_000 : 1_000_000;
const VINS = quick ? 200 : 1_000;
const JOBS = quick ? 5_000 : 20_000;
const ROUNDS = quick ? 6 : 12;
const BATCH = 5;
const VIN = '5YJ3E1EA7KF000042';
const rows: BenchRow[] = [];

/** Jobs over the same cars, newest first by n; at most one open per car (the schema's rule). */
async function generateJobs(client: pg.Client, garageId: string): Promise<void> {
  await client.query(
    `INSERT INTO jobs (id, garage_id, vin, repair_order, technician, opened_at, status, closed_at, details)
     SELECT gen_random_uuid(), $1, '5YJ3E1EA7KF' || lpad((n % $3)::text, 6, '0'), 'RO-' || n,
            'Tech ' || (n % 8), now() - n * interval '7 minutes',
            CASE WHEN n <= $3 AND n % 5 = 0 THEN 'open' ELSE 'closed' END,
            CASE WHEN n <= $3 AND n % 5 = 0 THEN NULL ELSE now() - n * interval '7 minutes' + interval '2 hours' END,
            '{}'
       FROM generate_series(1, $2::int) AS n`,
    [garageId, JOBS, VINS],
  );
  await client.query('ANALYZE jobs');
}

const admin = await shopAdminOrSkip('shop row-level security');
if (admin) {
  const shops: ShopDb[] = [];
  try {
    const db = await createTestDatabaseWith(admin, 'bench_rls');
    const owner = await openShop({ settings: db.owner.settings, getPassword: db.owner.getPassword });
    shops.push(owner);
    const login = await db.addTechnician('ana');
    const ana = await openShop({ settings: login.settings, getPassword: login.getPassword });
    shops.push(ana);
    if (ana.garageId !== owner.garageId)
      throw new Error('the technician and the owner see different garages');

    log(`generating ${TOTAL.toLocaleString('en-US')} audit entries over ${VINS} vehicles and ${JOBS} jobs`);
    const client = new pg.Client({ ...db.admin.settings, password: db.admin.password });
    await client.connect();
    const genStart = performance.now();
    try {
      await generateAuditRows(client, { garageId: owner.garageId, count: TOTAL, vins: VINS });
      await generateJobs(client, owner.garageId);
    } finally {
      await client.end();
    }
    const genS = round((performance.now() - genStart) / 1000, 1);

    const perVehicle = TOTAL / VINS;
    const all = await owner.vehicleHistory(VIN, { limit: perVehicle });
    const window = { from: all.at(-1)!.time, to: all[0]!.time };
    const queries: { name: string; run: (shop: ShopDb) => Promise<number> }[] = [
      {
        name: `one vehicle's history (${perVehicle})`,
        run: async (shop) => (await shop.vehicleHistory(VIN, { limit: perVehicle })).length,
      },
      {
        name: 'first page (100 newest)',
        run: async (shop) => (await shop.garageHistory({ limit: 100 })).length,
      },
      {
        name: `a job's actions (${perVehicle})`,
        run: async (shop) => (await shop.vehicleEntriesBetween(VIN, window)).entries.length,
      },
      { name: 'jobs list (100 newest)', run: async (shop) => (await shop.jobs.list({ limit: 100 })).length },
      { name: "one car's jobs", run: async (shop) => (await shop.jobs.list({ vin: VIN })).length },
    ];
    for (const query of queries) {
      // Same answer both ways: the technician's role sees the whole of its garage.
      const [asAna, asOwner] = [await query.run(ana), await query.run(owner)];
      if (asAna !== asOwner || asAna === 0)
        throw new Error(`${query.name}: ${asAna} rows as the technician, ${asOwner} as the owner`);
      log(`${query.name}: ${asAna} rows, technician vs owner`);
      const [technician, ownerSamples] = await interleave(
        [
          { name: 'technician', run: () => query.run(ana) },
          { name: 'owner', run: () => query.run(owner) },
        ],
        { warmup: 5, rounds: ROUNDS, batch: BATCH },
      );
      rows.push(
        ratioRow(
          `shop row-level security: ${query.name}, technician vs owner, ${TOTAL.toLocaleString('en-US')} entries`,
          technician!,
          ownerSamples!,
          { max: 1.2 },
          'ms',
          `${technician!.length} + ${ownerSamples!.length} samples, ABBA rounds of ${BATCH}; ${asAna} rows; generated in ${genS} s`,
        ),
      );
    }
  } finally {
    for (const shop of shops) await shop.close().catch(() => undefined);
    await dropRun(admin);
  }
  report(rows);
}
