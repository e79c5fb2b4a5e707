// What the live listener reads for what it hears: every app of a shop hears every write, so a read
// too many is paid once per app per write. One transaction's rows are one read; a read brings only
// the rows it has not read yet; a notification naming a row already read asks for none; and the read
// brings who wrote an audit entry and a reading's values, so no app asks for them row by row.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg, { type Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditFromJson,
  batchedAuditEntry,
  insertAuditEntries,
  insertNewAuditRows,
  type ShopAuditInput,
} from '../../electron/main/shop/audit-store';
import { changeOfRow, type OwnChanges, type WrittenChange } from '../../electron/main/shop/changed-row';
import { createShopListener, type ShopChange, type ShopListener } from '../../electron/main/shop/live';
import { openOutbox } from '../../electron/main/shop/outbox';
import { createOwnWrites } from '../../electron/main/shop/own-writes';
import type { PasswordSource } from '../../electron/main/shop/config';
import { openShop, type ShopDb } from '../../electron/main/shop/shop-db';
import { createTestDatabase, type TestDatabase } from './support/pg';
import { SHOP_WAIT } from './support/wait';
import { matching, waitFor } from '../support/wait-for';

let db: TestDatabase;
let ana: ShopDb;
let ben: ShopDb;
let listener: ShopListener;
let anaPassword: PasswordSource;
const changes: ShopChange[] = [];
/** The rows each of Ben's reads brought, in order. */
const reads: number[] = [];

beforeAll(async () => {
  db = await createTestDatabase('live_reads');
  const owner = await openShop({ settings: db.owner.settings, getPassword: db.owner.getPassword });
  await owner.close();
  const anaLogin = await db.addTechnician('ana');
  anaPassword = anaLogin.getPassword;
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
    // The entry whole, the same as read by its id (what every app asked for each one before).
    const byId = await batchedAuditEntry(ben.pool)(written.id);
    expect(byId).not.toBeNull();
    expect(auditFromJson((await audit).auditRow)).toEqual(byId);

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

describe('reads a gap apart', () => {
  it('reads what comes within the gap together, and never two reads closer than the gap', async () => {
    const gapMs = 200;
    // Told as each read ends: a read's own length (a few ms here) is within the margin below.
    const starts: number[] = [];
    const gapped = ben.listener({ readGapMs: gapMs, onRead: () => starts.push(performance.now()) });
    const seen: ShopChange[] = [];
    gapped.onChange((change) => seen.push(change));
    await gapped.start();
    try {
      const vin = '5YJ3E1EA7KF001009';
      const written = [0, 1, 2, 3, 4, 5].map((n) => entry(vin, n));
      const all = waitFor(
        matching(() => written.every((w) => seen.some((c) => c.id === w.id))),
        'the six entries',
        { ...SHOP_WAIT, wakeOn: (l: (c: ShopChange) => void) => gapped.onChange(l) },
      );
      // Six transactions one after the other: six notifications, each its own burst.
      for (const one of written) await uploadAsAna([one]);
      await all;
      expect(starts.length).toBeGreaterThanOrEqual(1);
      expect(starts.length).toBeLessThan(written.length);
      for (let i = 1; i < starts.length; i += 1)
        expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(gapMs - 50);
    } finally {
      await gapped.stop();
    }
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

describe("an app's own writes", () => {
  let own: ShopListener;
  const ownChanges: ShopChange[] = [];
  const ownReads: number[] = [];
  const ownHeard: (string | null)[] = [];
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vg-own-writes-'));
    own = ana.listener({ onRead: (rows) => ownReads.push(rows), onHeard: (key) => ownHeard.push(key) });
    own.onChange((change) => ownChanges.push(change));
    await own.start();
  });

  afterAll(async () => {
    await own?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const heardByAna = (what: string, test: (c: ShopChange) => boolean) =>
    waitFor(matching(test), what, {
      ...SHOP_WAIT,
      wakeOn: (wake: (c: ShopChange) => void) => own.onChange(wake),
    });

  /** A colleague's write after the ones under test: heard in order, so read once they were handled. */
  async function colleagueAfter(vin: string): Promise<void> {
    const after = heardByAna("the colleague's vehicle", (c) => c.vin === vin && c.kind === 'vehicle');
    await ben.vehicles.add(vin, 'Ben');
    await after;
  }

  it('reads none of its own upload of audit entries and readings, and still tells of them', async () => {
    const vin = '5YJ3E1EA7KF001101';
    const outbox = await openOutbox(join(dir, 'upload'));
    const written = [0, 1, 2, 3].map((n) => entry(vin, n));
    await outbox.appendMany(written);
    const before = ownReads.length;
    expect(await ana.upload(outbox)).toMatchObject({ inserted: 4 });
    const readAt = new Date(Date.now() - 2_000).toISOString();
    const made = {
      vin,
      readAt,
      source: 'state',
      values: { batteryLevel: 70 },
      technician: 'Ana',
      machine: 'bay-1',
    };
    await ana.board.recordMany([made, { ...made, readAt: new Date(Date.now() - 1_000).toISOString() }]);
    // Told as changes (the board and the history follow them as before), each once, with its row.
    expect(ownChanges.filter((c) => c.vin === vin && c.kind === 'audit').map((c) => c.id)).toEqual(
      written.map((e) => e.id),
    );
    expect(ownChanges.find((c) => c.id === written[0]!.id)).toMatchObject({
      origin: { machine: 'bay-1', profileId: 'profile-ana' },
      caughtUp: false,
    });
    expect(ownChanges.filter((c) => c.vin === vin && c.kind === 'reading')).toHaveLength(2);
    expect(ownChanges.find((c) => c.vin === vin && c.kind === 'reading')?.reading).toEqual(made);
    await colleagueAfter('5YJ3E1EA7KF001102');
    // Its own six rows were heard and asked for no read: the colleague's row was the one read.
    expect(ownHeard.filter((key) => key?.includes(written[0]!.id))).toHaveLength(1);
    expect(ownReads.slice(before)).toEqual([1]);
    expect(ownChanges.filter((c) => c.vin === vin)).toHaveLength(6);
  });

  it("still reads a colleague's row written in the same moment, once", async () => {
    const vin = '5YJ3E1EA7KF001103';
    const colleagueVin = '5YJ3E1EA7KF001104';
    const outbox = await openOutbox(join(dir, 'same-moment'));
    const written = [0, 1, 2].map((n) => entry(vin, n));
    await outbox.appendMany(written);
    const before = ownReads.length;
    const colleague = heardByAna("the colleague's vehicle", (c) => c.vin === colleagueVin);
    await Promise.all([ana.upload(outbox), ben.vehicles.add(colleagueVin, 'Ben')]);
    await colleague;
    expect(ownReads.slice(before)).toHaveLength(1);
    expect(ownChanges.filter((c) => c.vin === colleagueVin)).toHaveLength(1);
    expect(ownChanges.filter((c) => c.vin === vin)).toHaveLength(3);
  });
});

describe("an own write's answer and its notification, in either order", () => {
  let listener: ShopListener;
  const own: OwnChanges = createOwnWrites();
  const told: ShopChange[] = [];
  const readsHere: number[] = [];
  const heardHere: (string | null)[] = [];

  beforeAll(async () => {
    listener = createShopListener({
      settings: ana.settings,
      getPassword: anaPassword,
      garageId: ana.garageId,
      own,
      onRead: (rows) => readsHere.push(rows),
      onHeard: (key) => heardHere.push(key),
    });
    listener.onChange((change) => told.push(change));
    await listener.start();
  });

  afterAll(async () => {
    await listener?.stop();
  });

  const toldOf = (what: string, test: (c: ShopChange) => boolean) =>
    waitFor(matching(test), what, {
      ...SHOP_WAIT,
      wakeOn: (wake: (c: ShopChange) => void) => listener.onChange(wake),
    });

  /** Inserts as Ana in a transaction; `beforeCommit` runs with the rows the INSERT answered. */
  async function insertOwn(
    entries: readonly ShopAuditInput[],
    beforeCommit: (rows: WrittenChange[]) => void = () => undefined,
  ): Promise<WrittenChange[]> {
    const client = await ana.pool.connect();
    try {
      await client.query('BEGIN');
      const rows = (await insertNewAuditRows(client, ana.garageId, entries)).map(changeOfRow);
      beforeCommit(rows);
      await client.query('COMMIT');
      return rows;
    } finally {
      client.release();
    }
  }

  async function colleagueAfter(vin: string): Promise<void> {
    const after = toldOf("the colleague's vehicle", (c) => c.vin === vin);
    await ben.vehicles.add(vin, 'Ben');
    await after;
  }

  it('reads none when the answer is marked before the notification comes', async () => {
    const vin = '5YJ3E1EA7KF001201';
    const before = readsHere.length;
    const write = own.begin();
    const written = [entry(vin, 0), entry(vin, 1)];
    // Marked before the commit: the notification can only come after.
    await insertOwn(written, (rows) => write.done(rows));
    expect(told.filter((c) => c.vin === vin).map((c) => c.id)).toEqual(written.map((e) => e.id));
    await colleagueAfter('5YJ3E1EA7KF001202');
    expect(heardHere.filter((key) => key?.includes(written[1]!.id))).toHaveLength(1);
    expect(readsHere.slice(before)).toEqual([1]);
  });

  it('reads none when the notification comes before the answer is marked', async () => {
    const vin = '5YJ3E1EA7KF001203';
    const before = readsHere.length;
    const write = own.begin();
    const written = [entry(vin, 0), entry(vin, 1)];
    const rows = await insertOwn(written);
    // Both notifications heard (and held) before the writer marks its rows.
    await waitFor(
      () => written.every((e) => heardHere.some((key) => key?.includes(e.id))),
      'the own notifications',
      SHOP_WAIT,
    );
    expect(readsHere.slice(before)).toEqual([]);
    write.done(rows);
    expect(told.filter((c) => c.vin === vin)).toHaveLength(2);
    await colleagueAfter('5YJ3E1EA7KF001204');
    expect(readsHere.slice(before)).toEqual([1]);
    expect(told.filter((c) => c.vin === vin)).toHaveLength(2);
  });

  it('reads what it heard when its own write failed to say what it wrote', async () => {
    const vin = '5YJ3E1EA7KF001205';
    const write = own.begin();
    const written = [entry(vin, 0)];
    const before = readsHere.length;
    await insertOwn(written);
    await waitFor(
      () => heardHere.some((key) => key?.includes(written[0]!.id)),
      'the own notification',
      SHOP_WAIT,
    );
    write.failed();
    await toldOf('the row, read', (c) => c.id === written[0]!.id);
    expect(readsHere.slice(before)).toEqual([1]);
  });
});
