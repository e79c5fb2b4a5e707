// A bulk run's entries reach the shop's log with the run's id and bulk set, as the local log keeps
// them (docs/data.md); rows written before the schema kept them stay null in both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { resolveSettings } from '../../electron/main/shop/config';
import { createShopPool } from '../../electron/main/shop/connection';
import { migrate } from '../../electron/main/shop/migrate';
import { MIGRATIONS } from '../../electron/main/shop/migrations/index';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';
import { waitFor } from '../support/wait-for';
import { joinShop } from './support/join-shop';
import { flashEntries } from './support/outbox-entries';
import { createTestDatabase, type TestDatabase } from './support/pg';
import { SHOP_WAIT } from './support/wait';

let db: TestDatabase;
let h: CoreHarness;
let pool: pg.Pool | null = null;

interface RunRow {
  id: string;
  operation: string;
  run_id: string | null;
  bulk: boolean | null;
}

beforeAll(async () => {
  db = await createTestDatabase('run_bulk');
});

afterAll(async () => {
  await pool?.end();
  await h?.close();
});

describe("a run's id and bulk in the shop's log", () => {
  it('keeps null on rows from before the column, and stores both for a bulk run sent since', async () => {
    // The shop as an older app left it: the schema before this one, with one row in its log.
    pool = await createShopPool(resolveSettings(db.owner.settings), db.owner.getPassword);
    await migrate(
      pool,
      MIGRATIONS.filter((migration) => migration.version < 5),
    );
    const [old] = flashEntries(1, '5YJ3E1EA7KF000301');
    await pool.query(
      `INSERT INTO audit_entries (id, garage_id, time, vin, operation, outcome, technician, machine)
       VALUES ($1, 'shop', $2, $3, $4, 'success', 'Ana', 'bay-1')`,
      [old!.id, old!.time, old!.vin, old!.operation],
    );
    // From version 4: this column's migration first, then whatever came after it.
    const later = MIGRATIONS.filter((migration) => migration.version >= 5).map(
      (migration) => migration.version,
    );
    expect(later[0]).toBe(5);
    expect((await migrate(pool)).applied).toEqual(later);
    const before = await db.query<RunRow>('SELECT id, operation, run_id, bulk FROM audit_entries');
    expect(before.rows).toEqual([{ id: old!.id, operation: old!.operation, run_id: null, bulk: null }]);

    h = await startCoreHarness({ shopBackoff: { initialMs: 100, maxMs: 400 } });
    await joinShop(h, await db.addTechnician('ana'), 'Ana', 'bay-1');
    const vins = h.simulator.vins.slice(0, 2);
    const started = await h.garage.runs.startBulkCommand({
      command: { name: 'close_windows', options: {} },
      items: vins.map((vin) => ({ vin })),
    });
    if (!started.ok) throw new Error(started.error.message);
    const done = await h.core.runs.whenDone(started.value.id);
    const sent = done.items.map((item) => item.auditId).filter((id): id is string => id !== null);
    expect(sent).toHaveLength(2);
    const rows = await waitFor(
      async () => {
        const found = await db.query<RunRow>(
          'SELECT id, operation, run_id, bulk FROM audit_entries WHERE id = ANY($1::uuid[]) ORDER BY id',
          [sent],
        );
        return found.rows.length === 2 ? found.rows : null;
      },
      "the run's entries in the shop's log",
      SHOP_WAIT,
    );
    for (const row of rows) expect(row).toMatchObject({ run_id: done.id, bulk: true });
    const history = await h.garage.shop.history(vins[0]!);
    if (!history.ok) throw new Error(history.error.message);
    expect(history.value.entries.find((entry) => sent.includes(entry.id))).toMatchObject({
      runId: done.id,
      bulk: true,
    });
  });
});
