// The shop's audit log at scale on a real PostgreSQL: 1,000,000 entries over 1,000 vehicles
// (generated server-side; test/shop/support/audit-generator.ts), then, warm, median of REPS:
// - one vehicle's history (its 1,000 entries, newest first) ≤ 50 ms;
// - the first page of the shop's History (100 newest) ≤ 20 ms;
// - a repair-order job's actions: one vehicle's entries in the job's time, oldest first ≤ 50 ms.
// Both plans are checked to use their index (no sort, no sequential scan). The run makes its own
// role and database and drops them (test/shop/support/pg-admin.ts), like the shop tests; without a
// reachable PostgreSQL it reports a skipped row.
import pg from 'pg';
import {
  vehicleEntriesBetween,
  vehicleEntriesQuery,
  vehicleHistoryQuery,
} from '../../electron/main/shop/audit-store';
import { openShop } from '../../electron/main/shop/shop-db';
import { generateAuditRows } from '../shop/support/audit-generator';
import { createTestDatabaseWith, dropRun } from '../shop/support/pg-admin';
import { log, median, report, round, type BenchRow } from './lib';
import { shopAdminOrSkip } from './shop-pg';

const quick = process.argv.includes('--quick');
const TOTAL = quick ? 200_000 : 1_000_000;
const VINS = quick ? 200 : 1_000;
const REPS = quick ? 5 : 15;
const VIN = '5YJ3E1EA7KF000042';
const rows: BenchRow[] = [];

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
const flatten = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(flatten)];

async function timed(task: () => Promise<unknown>): Promise<number[]> {
  await task();
  const samples: number[] = [];
  for (let i = 0; i < REPS; i++) {
    const start = performance.now();
    await task();
    samples.push(performance.now() - start);
  }
  return samples;
}

const admin = await shopAdminOrSkip('shop audit');
if (admin) {
  try {
    const db = await createTestDatabaseWith(admin, 'bench');
    const shop = await openShop({ settings: db.owner.settings, getPassword: db.owner.getPassword });
    try {
      log(`generating ${TOTAL.toLocaleString('en-US')} shop audit entries over ${VINS} vehicles`);
      const client = new pg.Client({ ...db.admin.settings, password: db.admin.password });
      await client.connect();
      const genStart = performance.now();
      await generateAuditRows(client, { garageId: shop.garageId, count: TOTAL, vins: VINS }).finally(() =>
        client.end(),
      );
      const genMs = performance.now() - genStart;

      const plan = async (query: { text: string; values: unknown[] }) => {
        const result = await shop.pool.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
          `EXPLAIN (FORMAT JSON) ${query.text}`,
          query.values,
        );
        const nodes = flatten(result.rows[0]!['QUERY PLAN'][0].Plan);
        const indexes = nodes.map((n) => n['Index Name']).filter(Boolean);
        const bad = nodes.some((n) => n['Node Type'] === 'Sort' || n['Node Type'] === 'Seq Scan');
        return {
          ok: indexes.length > 0 && !bad,
          text: bad ? 'sort or seq scan!' : `index ${indexes.join(', ')}`,
        };
      };

      const perVehicle = TOTAL / VINS;
      const historyPlan = await plan(vehicleHistoryQuery(shop.garageId, VIN, { limit: perVehicle }));
      const history = await timed(async () => {
        const entries = await shop.vehicleHistory(VIN, { limit: perVehicle });
        if (entries.length !== perVehicle)
          throw new Error(`expected ${perVehicle} entries, got ${entries.length}`);
      });
      rows.push({
        name: `shop audit: one vehicle's history (${perVehicle}), ${TOTAL.toLocaleString('en-US')} entries`,
        value: round(median(history), 2),
        unit: 'ms',
        budget: '<= 50 ms',
        pass: median(history) <= 50 && historyPlan.ok,
        detail: `median of ${REPS}, warm; ${historyPlan.text}; generated in ${round(genMs / 1000, 1)} s`,
      });

      const pageExplain = await shop.pool.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        `EXPLAIN (FORMAT JSON) SELECT * FROM audit_entries WHERE garage_id = $1 ORDER BY time DESC, id DESC LIMIT 100`,
        [shop.garageId],
      );
      const pageNodes = flatten(pageExplain.rows[0]!['QUERY PLAN'][0].Plan);
      const pageOk = !pageNodes.some((n) => n['Node Type'] === 'Sort' || n['Node Type'] === 'Seq Scan');
      const page = await timed(() => shop.garageHistory({ limit: 100 }));
      rows.push({
        name: `shop audit: first page (100 newest), ${TOTAL.toLocaleString('en-US')} entries`,
        value: round(median(page), 2),
        unit: 'ms',
        budget: '<= 20 ms',
        pass: median(page) <= 20 && pageOk,
        detail: `median of ${REPS}, warm; ${pageOk ? 'index audit_entries_time' : 'sort or seq scan!'}`,
      });

      // A job open over the vehicle's whole history: every one of its entries, read as a job reads.
      const all = await shop.vehicleHistory(VIN, { limit: perVehicle });
      const window = { from: all.at(-1)!.time, to: all[0]!.time };
      const jobPlan = await plan(vehicleEntriesQuery(shop.garageId, VIN, window, { limit: 1000 }));
      const job = await timed(async () => {
        const read = await vehicleEntriesBetween(shop.pool, shop.garageId, VIN, window);
        if (read.entries.length !== perVehicle)
          throw new Error(`expected ${perVehicle} entries, got ${read.entries.length}`);
      });
      rows.push({
        name: `shop audit: a job's actions (${perVehicle}), ${TOTAL.toLocaleString('en-US')} entries`,
        value: round(median(job), 2),
        unit: 'ms',
        budget: '<= 50 ms',
        pass: median(job) <= 50 && jobPlan.ok,
        detail: `median of ${REPS}, warm; ${jobPlan.text}`,
      });
    } finally {
      await shop.close();
    }
  } finally {
    await dropRun(admin);
  }
  report(rows);
}
