// One vehicle's history out of a large shop audit log: answered by the (garage, vin, time, id)
// index without a sort, and paged by keyset so every entry appears once across pages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import {
  vehicleEntriesBetween,
  vehicleEntriesQuery,
  vehicleHistoryQuery,
} from '../../electron/main/shop/audit-store';
import { openShop, type ShopDb } from '../../electron/main/shop/shop-db';
import { generateAuditRows } from './support/audit-generator';
import { createTestDatabase, type TestDatabase } from './support/pg';

const ROWS = 200_000;
const VINS = 2_000;
const VIN = '5YJ3E1EA7KF000042';

let db: TestDatabase;
let shop: ShopDb;

beforeAll(async () => {
  db = await createTestDatabase('history');
  shop = await openShop({ settings: db.owner.settings, getPassword: db.owner.getPassword });
  const admin = new pg.Client({ ...db.admin.settings, password: db.admin.password });
  await admin.connect();
  try {
    await generateAuditRows(admin, { garageId: shop.garageId, count: ROWS, vins: VINS });
  } finally {
    await admin.end();
  }
}, 120_000);

afterAll(async () => {
  await shop?.close();
});

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

async function planOf(query: { text: string; values: unknown[] }): Promise<PlanNode[]> {
  const result = await shop.pool.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
    `EXPLAIN (FORMAT JSON) ${query.text}`,
    query.values,
  );
  return nodes(result.rows[0]!['QUERY PLAN'][0].Plan);
}

describe(`one vehicle's history among ${ROWS.toLocaleString('en')} audit entries`, () => {
  it('reads the first page and a later page from the vehicle index, with no sort', async () => {
    const first = await planOf(vehicleHistoryQuery(shop.garageId, VIN, { limit: 50 }));
    expect(first.map((n) => n['Index Name']).filter(Boolean)).toEqual(['audit_entries_vin_time']);
    expect(first.some((n) => n['Node Type'] === 'Sort' || n['Node Type'] === 'Seq Scan')).toBe(false);

    const [page] = await shop.vehicleHistory(VIN, { limit: 1 });
    const later = await planOf(vehicleHistoryQuery(shop.garageId, VIN, { after: page!, limit: 50 }));
    expect(later.map((n) => n['Index Name']).filter(Boolean)).toEqual(['audit_entries_vin_time']);
    expect(later.some((n) => n['Node Type'] === 'Sort' || n['Node Type'] === 'Seq Scan')).toBe(false);
  });

  it('pages through every entry of the vehicle once, newest first', async () => {
    const all: string[] = [];
    let after: { time: string; id: string } | undefined;
    for (;;) {
      const page = await shop.vehicleHistory(VIN, { limit: 33, ...(after ? { after } : {}) });
      if (page.length === 0) break;
      all.push(...page.map((e) => `${e.time}|${e.id}`));
      after = page[page.length - 1]!;
    }
    expect(all).toHaveLength(ROWS / VINS);
    expect(new Set(all).size).toBe(all.length);
    const sorted = [...all].sort().reverse();
    expect(all).toEqual(sorted);
  });

  it("reads a job's time window oldest first, in pages, every entry once, and says when there are more", async () => {
    const newestFirst = await shop.vehicleHistory(VIN, { limit: 1000 });
    const oldestFirst = [...newestFirst].reverse();
    // The window's ends are entries' own times: both ends are in it.
    const window = { from: oldestFirst[10]!.time, to: oldestFirst[60]!.time };
    const inWindow = oldestFirst.filter((e) => e.time >= window.from && e.time <= window.to);
    expect(inWindow.length).toBeGreaterThanOrEqual(51);

    const paged = await vehicleEntriesBetween(shop.pool, shop.garageId, VIN, window, { pageSize: 7 });
    expect(paged.more).toBe(false);
    expect(paged.entries.map((e) => e.id)).toEqual(inWindow.map((e) => e.id));

    // Both pages of a job's read come from the vehicle index, with no sort.
    for (const after of [null, { time: inWindow[5]!.time, id: inWindow[5]!.id }]) {
      const plan = await planOf(vehicleEntriesQuery(shop.garageId, VIN, window, { after, limit: 1000 }));
      expect(plan.map((n) => n['Index Name']).filter(Boolean)).toEqual(['audit_entries_vin_time']);
      expect(plan.some((n) => n['Node Type'] === 'Sort' || n['Node Type'] === 'Seq Scan')).toBe(false);
    }

    const capped = await vehicleEntriesBetween(shop.pool, shop.garageId, VIN, window, {
      max: 20,
      pageSize: 7,
    });
    expect(capped).toMatchObject({ more: true });
    expect(capped.entries.map((e) => e.id)).toEqual(inWindow.slice(0, 20).map((e) => e.id));
  });
});
