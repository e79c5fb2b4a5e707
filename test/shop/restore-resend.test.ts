// The shop's database restored from a dump taken before the apps' last uploads, with the real
// pg_dump and pg_restore: each app finds, on reconnecting by itself, that the shop lacks an entry it
// had sent, and sends again from its own log every entry the shop lost, once, with its original id
// and time, marked re-sent by the server; a later reconnect sends nothing, and two apps on one
// database each send their own.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { ShopAuditInput } from '../../electron/main/shop/audit-store';
import { openShop } from '../../electron/main/shop/shop-db';
import {
  startShopSession,
  type ShopSession,
  type ShopSessionStatus,
} from '../../electron/main/shop/shop-session';
import { dumpDatabase, restoreDatabase } from './support/dump-restore';
import { connectAs, createTestDatabase, type Login, type TestDatabase } from './support/pg';
import { SHOP_WAIT } from './support/wait';
import { matching, waitFor } from '../support/wait-for';

const dirs: string[] = [];
const clients: pg.Client[] = [];
afterAll(async () => {
  for (const client of clients) await client.end().catch(() => undefined);
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'vg-restore-'));
  dirs.push(dir);
  return dir;
}

let n = 0;
const VIN = '5YJ3E1EA7KF001101';
const LOST_CAR = '5YJ3E1EA7KF001177';

/** An entry as an app records it: dated months ago, long before it is sent again. */
function entry(technician: string, extra: Partial<ShopAuditInput> = {}): ShopAuditInput {
  n += 1;
  return {
    id: randomUUID(),
    time: new Date(Date.UTC(2026, 0, 2, 9, 0, n)).toISOString(),
    vin: VIN,
    operation: 'command:honk_horn',
    params: { n },
    outcome: 'success',
    technician,
    machine: `${technician}-desk`,
    ...extra,
  };
}

/** One app: its session and its own log (what it recorded, newest first in pages of 3). */
interface App {
  session: ShopSession;
  log: ShopAuditInput[];
  dir: string;
  record(entry: ShopAuditInput): Promise<void>;
}

async function startApp(login: Login, log: ShopAuditInput[] = [], dir?: string): Promise<App> {
  const folder = dir ?? (await tempDir());
  const session = await startShopSession({
    settings: login.settings,
    getPassword: login.getPassword,
    dir: folder,
    backoff: { initialMs: 20, maxMs: 200 },
    async *localEntries() {
      const newestFirst = [...log].reverse();
      for (let at = 0; at < newestFirst.length; at += 3) yield newestFirst.slice(at, at + 3);
    },
  });
  return {
    session,
    log,
    dir: folder,
    async record(e) {
      log.push(e);
      await session.record(e);
    },
  };
}

function statusWhere(session: ShopSession, predicate: (s: ShopSessionStatus) => boolean, what: string) {
  if (predicate(session.status())) return Promise.resolve(session.status());
  return waitFor(matching(predicate), what, {
    ...SHOP_WAIT,
    wakeOn: (l: (s: ShopSessionStatus) => void) => session.onStatus(l),
  });
}

const uploaded = (app: App, what: string) =>
  statusWhere(app.session, (s) => s.state === 'online' && s.pending === 0, what);

interface Row {
  id: string;
  time: Date;
  db_role: string;
  resent_at: Date | null;
}

async function rows(db: TestDatabase): Promise<Row[]> {
  return (await db.query<Row>('SELECT id::text, time, db_role, resent_at FROM audit_entries ORDER BY time'))
    .rows;
}

async function migrated(label: string): Promise<TestDatabase> {
  const db = await createTestDatabase(label);
  const owner = await openShop({ settings: db.owner.settings, getPassword: db.owner.getPassword });
  await owner.close();
  return db;
}

describe('the shop database restored from a dump', () => {
  it('gets back every entry it lost from the app that sent it, once, and a second reconnect sends nothing', async () => {
    const db = await migrated('restore_one');
    const ana = await db.addTechnician('ana');
    const dump = join(await tempDir(), 'garage.dump');
    let app = await startApp(ana);
    try {
      const kept = [entry('Ana'), entry('Ana'), entry('Ana')];
      for (const e of kept) await app.record(e);
      await uploaded(app, 'the first entries uploaded');
      await dumpDatabase(db, dump);

      // Uploaded after the dump: what the restore loses. One of them added a car to the shop's garage.
      const lost = [
        entry('Ana', {
          vin: LOST_CAR,
          operation: 'addVehicle',
          params: { vin: LOST_CAR, nickname: 'Lost car' },
          garage: { kind: 'add', nickname: 'Lost car' },
        }),
        ...Array.from({ length: 6 }, () => entry('Ana')),
      ];
      for (const e of lost) await app.record(e);
      await uploaded(app, 'the later entries uploaded');
      expect(await rows(db)).toHaveLength(kept.length + lost.length);

      await restoreDatabase(db, dump);
      // The app reconnects by itself, finds the shop without what it had sent, and sends it again.
      const restored = await statusWhere(
        app.session,
        (s) => s.state === 'online' && s.restored != null,
        'the lost entries sent again',
      );
      expect(restored.restored).toMatchObject({ count: lost.length });
      expect(restored.restored?.message).toContain(`${lost.length} entries this computer had sent`);

      const after = await rows(db);
      expect(after.map((r) => r.id).sort()).toEqual([...kept, ...lost].map((e) => e.id).sort());
      const byId = new Map(after.map((r) => [r.id, r]));
      for (const e of kept) expect(byId.get(e.id)?.resent_at).toBeNull();
      for (const e of lost) {
        const row = byId.get(e.id)!;
        // With its own time, marked re-sent by the server, stamped with the role that sent it.
        expect(row.time.toISOString()).toBe(e.time);
        expect(row.resent_at).toBeInstanceOf(Date);
        expect(row.db_role).toBe(ana.settings.user);
      }
      const cars = await db.query<{ vin: string; nickname: string | null }>(
        'SELECT vin, nickname FROM shop_vehicles WHERE removed_at IS NULL',
      );
      expect(cars.rows).toEqual([{ vin: LOST_CAR, nickname: 'Lost car' }]);

      // New work after the restore goes the usual way, not as a re-send.
      const later = entry('Ana');
      await app.record(later);
      await uploaded(app, 'an entry after the restore');
      expect((await rows(db)).find((r) => r.id === later.id)?.resent_at).toBeNull();

      // The app restarted (a second reconnect): nothing is sent again.
      await app.session.close();
      app = await startApp(ana, app.log, app.dir);
      await uploaded(app, 'online again');
      await app.session.flush();
      expect(app.session.status().restored ?? null).toBeNull();
      const again = await rows(db);
      expect(again).toHaveLength(kept.length + lost.length + 1);
      expect(again.filter((r) => r.resent_at !== null)).toHaveLength(lost.length);
    } finally {
      await app.session.close();
    }
  });

  it('gets back from two apps each what it sent, once, also one closed through the restore', async () => {
    const db = await migrated('restore_two');
    const [ana, ben] = [await db.addTechnician('ana'), await db.addTechnician('ben')];
    const dump = join(await tempDir(), 'garage.dump');
    const anaApp = await startApp(ana);
    const benApp = await startApp(ben);
    try {
      await anaApp.record(entry('Ana'));
      await benApp.record(entry('Ben'));
      await uploaded(anaApp, "Ana's first entry");
      await uploaded(benApp, "Ben's first entry");
      await dumpDatabase(db, dump);
      const anaLost = [entry('Ana'), entry('Ana'), entry('Ana'), entry('Ana')];
      const benLost = [entry('Ben'), entry('Ben')];
      for (const e of anaLost) await anaApp.record(e);
      for (const e of benLost) await benApp.record(e);
      await uploaded(anaApp, "Ana's later entries");
      await uploaded(benApp, "Ben's later entries");

      // Ben's app is closed through the restore; started again, it records one more entry at once.
      await benApp.session.close();
      const benWaiting = entry('Ben');
      const benLog = [...benApp.log, benWaiting];
      await restoreDatabase(db, dump);

      const anaBack = await statusWhere(anaApp.session, (s) => s.restored != null, 'Ana sent again');
      expect(anaBack.restored).toMatchObject({ count: anaLost.length });

      const benAgain = await startApp(ben, benLog, benApp.dir);
      try {
        await benAgain.session.record(benWaiting);
        const benBack = await statusWhere(benAgain.session, (s) => s.restored != null, 'Ben sent again');
        expect(benBack.restored).toMatchObject({ count: benLost.length });
        await uploaded(benAgain, "Ben's waiting entry");

        const after = await rows(db);
        const all = [...anaApp.log, ...benLog];
        expect(after.map((r) => r.id).sort()).toEqual(all.map((e) => e.id).sort());
        const resent = new Set(after.filter((r) => r.resent_at !== null).map((r) => r.id));
        expect([...resent].sort()).toEqual([...anaLost, ...benLost].map((e) => e.id).sort());
        const roleOf = new Map(after.map((r) => [r.id, r.db_role]));
        for (const e of anaLost) expect(roleOf.get(e.id)).toBe(ana.settings.user);
        for (const e of benLost) expect(roleOf.get(e.id)).toBe(ben.settings.user);
      } finally {
        await benAgain.session.close();
      }
    } finally {
      await anaApp.session.close();
      await benApp.session.close();
    }
  });
});

describe('sending again through shop_resend_audit', () => {
  it('inserts each entry once when two sends race, and only it marks a row re-sent', async () => {
    const db = await migrated('restore_race');
    const ana = await db.addTechnician('ana');
    const [one, two] = [await connectAs(ana, clients), await connectAs(ana, clients)];
    const entries = Array.from({ length: 50 }, () => entry('Ana'));
    const json = JSON.stringify(entries);
    const send = (client: pg.Client) =>
      client.query<{ id: string }>(`SELECT id::text FROM shop_resend_audit('shop', $1::jsonb) AS id`, [json]);
    const [a, b] = await Promise.all([send(one), send(two)]);
    expect(a.rows.length + b.rows.length).toBe(entries.length);
    expect(await rows(db)).toHaveLength(entries.length);

    // A plain INSERT cannot mark itself re-sent: the server clears it.
    const plain = entry('Ana');
    await one.query(
      `INSERT INTO audit_entries (id, garage_id, time, vin, operation, outcome, technician, machine, resent_at)
       VALUES ($1, 'shop', $2, $3, 'command:honk', 'success', 'Ana', 'bay-1', now())`,
      [plain.id, plain.time, plain.vin],
    );
    expect((await rows(db)).find((r) => r.id === plain.id)?.resent_at).toBeNull();

    // Nor send into another garage of the database.
    await expect(
      one.query(`SELECT shop_resend_audit('elsewhere', $1::jsonb)`, [JSON.stringify([entry('Ana')])]),
    ).rejects.toMatchObject({ code: '42501' });
  });
});
