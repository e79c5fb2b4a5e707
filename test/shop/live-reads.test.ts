// What the live listener reads for what it hears: every app of a shop hears every write, so a read
// too many is paid once per app per write. One transaction's rows are one read; a read brings only
// the rows it has not read yet; a notification naming a row already read asks for none; and the read
// brings who wrote an audit entry and a reading's values, so no app asks for them row by row.
import { randomUUID } from 'node:crypto';
import pg, { type Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  batchedAuditEntry,
  insertAuditEntries,
  type ShopAuditInput,
} from '../../electron/main/shop/audit-store';
import type { ShopChange, ShopListener } from '../../electron/main/shop/live';
import { openShop, type ShopDb } from '../../electron/main/shop/shop-db';
import { createTestDatabase, type TestDatabase } from './support/pg';
import { SHOP_WAIT } from './support/wait';
import { matching, waitFor } from '../support/wait-for';

let db: TestDatabase;
let ana: ShopDb;
let ben: ShopDb;
let listener: ShopListener;
const changes: ShopChange[] = [];
/** The rows each of Ben's reads brought, in order. */
const reads: number[] = [];

beforeAll(async () => {
  db = await createTestDatabase('live_reads');
  const owner = await openShop({ settings: db.owner.settings, getPassword: db.owner.getPassword });
  await owner.close();
  const anaLogin = await db.addTechnician('ana');
  const benLogin = await db.addTechnician('ben');
  ana = await openShop({ settings: anaLogin.settings, getPassword: anaLogin.getPassword });
  ben = await openShop({ settings: benLogin.settings, getPassword: benLogin.getPassword });
  listener = ben.listener({ onRead: (rows) => reads.push(rows) });
  listener.onChange((change) => changes.push(change));
  await listener.start();
});

afterAll(async () => {
  await listener?.stop();
  await ana?.close();
  await ben?.close();
});

const onChange = (l: (c: ShopChange) => void) => listener.onChange(l);

function heard(what: string, test: (c: ShopChange) => boolean): Promise<ShopChange> {
  return waitFor(matching(test), what, { ...SHOP_WAIT, wakeOn: onChange });
}

function entry(vin: string, n: number): ShopAuditInput {
  return {
    id: randomUUID(),
    time: new Date().toISOString(),
    vin,
    operation: 'command:set_charge_limit',
    params: { percent: 50 + n },
    outcome: 'success',
    technician: 'Ana',
    machine: 'bay-1',
    profileId: 'profile-ana',
  };
}

async function uploadAsAna(entries: readonly ShopAuditInput[]): Promise<void> {
  const client = await ana.pool.connect();
  try {
    await insertAuditEntries(client, ana.garageId, entries);
  } finally {
    client.release();
  }
}

describe('the live listener reads what it hears once', () => {
  it('reads one transaction of five rows once, and then only the rows it has not read', async () => {
    const vin = '5YJ3E1EA7KF001001';
    const burst = [0, 1, 2, 3, 4].map((n) => entry(vin, n));
    const last = heard('the burst', (c) => c.id === burst[4]!.id);
    await uploadAsAna(burst);
    await last;
    expect(changes.filter((c) => c.vin === vin)).toHaveLength(5);
    expect(reads).toEqual([5]);

    // The next write: one read, of its own row only (not the look-back window's five again).
    const vinNext = '5YJ3E1EA7KF001002';
    const next = heard('the next vehicle', (c) => c.vin === vinNext);
    await ana.vehicles.add(vinNext, 'Ana');
    await next;
    expect(reads).toEqual([5, 1]);
  });

  it('asks for no read when a notification names a row it has read', async () => {
    const known = changes.find((c) => c.kind === 'audit')!;
    // Anyone may NOTIFY the channel: naming a row already read costs the listener nothing.
    const stranger = await db.addStranger('echo');
    const notifier = new pg.Client({ ...stranger.settings, password: stranger.password });
    await notifier.connect();
    try {
      await notifier.query(`SELECT pg_notify('vg_shop_changes', $1)`, [
        JSON.stringify({
          table: 'audit_entries',
          garageId: ben.garageId,
          vin: known.vin,
          id: known.id,
          seq: known.seq,
        }),
      ]);
    } finally {
      await notifier.end();
    }
    const before = reads.length;
    // Heard in the order sent: by the time this change is heard, the echo was too.
    const vin = '5YJ3E1EA7KF001003';
    const next = heard('a real change after the echo', (c) => c.vin === vin);
    await ana.vehicles.add(vin, 'Ana');
    await next;
    expect(reads.slice(before)).toEqual([1]);
    expect(changes.filter((c) => c.id === known.id)).toHaveLength(1);
  });

  it("brings an audit entry's origin and a reading's values with the change", async () => {
    const vin = '5YJ3E1EA7KF001004';
    const written = entry(vin, 7);
    const audit = heard('the audit entry', (c) => c.id === written.id);
    await uploadAsAna([written]);
    expect(await audit).toMatchObject({
      kind: 'audit',
      origin: { machine: 'bay-1', profileId: 'profile-ana' },
    });

    const readAt = new Date(Date.now() - 5_000).toISOString();
    const reading = heard('the reading', (c) => c.kind === 'reading' && c.vin === vin);
    const made = {
      vin,
      readAt,
      source: 'state',
      values: { batteryLevel: 61, charging: 'Charging' },
      technician: 'Ana',
      machine: 'bay-1',
    };
    await ana.board.recordMany([made]);
    expect(await reading).toMatchObject({ origin: { machine: 'bay-1', profileId: null }, reading: made });
    // The same as the reading read by its id (what the apps asked for each change before).
    const change = await reading;
    expect(change.reading).toEqual(await ben.board.reading(change.id));
  });
});

describe('readings shared in one statement', () => {
  it('stores every reading the database takes when it refuses one of them, and says why', async () => {
    const vin = '5YJ3E1EA7KF001005';
    const at = (s: number) => new Date(Date.now() - s * 1_000).toISOString();
    const reading = (readAt: string, source: string) => ({
      vin,
      readAt,
      source,
      values: { batteryLevel: 40 },
      technician: 'Ana',
      machine: 'bay-1',
    });
    // A source longer than the table takes (40 characters) is refused for good.
    await expect(
      ana.board.recordMany([
        reading(at(3), 'state'),
        reading(at(2), 'x'.repeat(41)),
        reading(at(1), 'status'),
      ]),
    ).rejects.toMatchObject({ shopKind: expect.any(String) });
    const stored = await db.query<{ source: string }>(
      'SELECT source FROM vehicle_readings WHERE vin = $1 ORDER BY read_at',
      [vin],
    );
    expect(stored.rows.map((r) => r.source)).toEqual(['state', 'status']);
  });
});

describe("a colleague's audit entries heard in one burst", () => {
  it('are read in one query, each caller getting its own entry or null', async () => {
    const vin = '5YJ3E1EA7KF001006';
    const written = [0, 1, 2].map((n) => entry(vin, n));
    await uploadAsAna(written);
    let queries = 0;
    const counted = {
      query: (...args: Parameters<Pool['query']>) => {
        queries += 1;
        return (ben.pool.query as (...a: unknown[]) => unknown)(...args);
      },
    } as unknown as Pool;
    const read = batchedAuditEntry(counted);
    const missing = randomUUID();
    const [first, second, third, none] = await Promise.all([
      read(written[0]!.id),
      read(written[1]!.id),
      read(written[2]!.id),
      read(missing),
    ]);
    expect(queries).toBe(1);
    expect([first, second, third].map((e) => e?.id)).toEqual(written.map((e) => e.id));
    expect(first).toMatchObject({ vin, operation: 'command:set_charge_limit', params: { percent: 50 } });
    expect(none).toBeNull();
    // Asked later, another query: the batch is one turn's asks only.
    expect((await read(written[1]!.id))?.id).toBe(written[1]!.id);
    expect(queries).toBe(2);
  });
});
