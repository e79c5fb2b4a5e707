// Jobs and claims after the shop's database was restored from a dump (real pg_dump and pg_restore):
// what two apps wrote after the dump (a job closed, a job opened with a note, one opened and closed,
// claims taken, released and taken over) comes back from each app's outbox, once, while both
// reconnect and send at the same time, with the rows' own times and roles; a restart sends nothing.
// A claim someone took after the restore stands over the lost one, and a job opened on a car that
// has another open job since the restore is not opened again (the app says so).
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { JobColumns } from '../../electron/main/shop/jobs';
import type { ShopDb } from '../../electron/main/shop/shop-db';
import { startShopSession, type ShopSession } from '../../electron/main/shop/shop-session';
import { dumpDatabase, restoreDatabase } from './support/dump-restore';
import type { Login, TestDatabase } from './support/pg';
import { migrated, restoreLeftovers, statusWhere, uploaded } from './support/restore-apps';

const left = restoreLeftovers('vg-restore-writes-');
const { sessions, tempDir } = left;
afterAll(() => left.clear());

const CARS = Array.from({ length: 6 }, (_, i) => `5YJ3E1EA7KF00${2201 + i}`);

async function startApp(login: Login, technician: string, dir?: string) {
  const folder = dir ?? (await tempDir());
  const problems: unknown[] = [];
  const session = await startShopSession({
    settings: login.settings,
    getPassword: login.getPassword,
    dir: folder,
    backoff: { initialMs: 20, maxMs: 200 },
    author: () => ({ technician, machine: `${technician}-desk`, profileId: 'p1' }),
    onProblem: (_message, error) => problems.push(error),
  });
  sessions.push(session);
  return { session, dir: folder, problems };
}

const online = async (session: ShopSession): Promise<ShopDb> => {
  await statusWhere(session, (s) => s.state === 'online', 'online');
  return session.db()!;
};

/** A job as the app writes it: its columns, and a record that names its state. */
function job(vin: string, repairOrder: string, technician: string, openedAt: string): JobColumns {
  return {
    id: randomUUID(),
    vin,
    repairOrder,
    complaint: 'Rattle',
    technician,
    openedAt,
    closedAt: null,
    status: 'open',
    checkIn: { takenAt: openedAt },
    checkOut: null,
    notes: [],
  };
}
const record = (columns: JobColumns) => ({ ...columns, kind: 'test-job' });

async function openJob(db: ShopDb, columns: JobColumns) {
  const result = await db.jobRecords.insert(columns, record(columns));
  expect(result.ok).toBe(true);
  return columns;
}

async function changeJob(db: ShopDb, id: string, change: (columns: JobColumns) => JobColumns) {
  const result = await db.jobRecords.update(id, (details) => {
    const next = change(details as JobColumns);
    return { columns: next, details: record(next) };
  });
  expect(result?.ok).toBe(true);
}

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

interface Rows {
  jobs: Record<string, unknown>[];
  claims: Record<string, unknown>[];
}

/** The shop's jobs and claims as a restore must give them back (not the change numbers). */
async function shopRows(db: TestDatabase): Promise<Rows> {
  const jobs = await db.query(
    `SELECT id::text, vin, repair_order, technician, opened_at, closed_at, status, notes, details, db_role, updated_at
       FROM jobs ORDER BY id`,
  );
  const claims = await db.query(
    `SELECT id::text, vin, claimed_by, since, expires_at, ended_at, ended_by, end_reason, db_role
       FROM claims ORDER BY id`,
  );
  return { jobs: jobs.rows, claims: claims.rows };
}

const resentIds = async (db: TestDatabase, table: 'jobs' | 'claims') =>
  (
    await db.query<{ id: string }>(`SELECT id::text FROM ${table} WHERE resent_at IS NOT NULL ORDER BY id`)
  ).rows.map((r) => r.id);

describe('jobs and claims after the shop database was restored from a dump', () => {
  it('come back from two apps sending at once, each write once, as they were; a restart sends nothing', async () => {
    const db = await migrated('restore_writes');
    const [ana, ben] = [await db.addTechnician('ana'), await db.addTechnician('ben')];
    const dump = join(await tempDir(), 'garage.dump');
    const anaApp = await startApp(ana, 'Ana');
    const benApp = await startApp(ben, 'Ben');
    const [anaDb, benDb] = [await online(anaApp.session), await online(benApp.session)];

    // Before the dump: Ana's job on the first car, and her claim on it.
    const kept = await openJob(anaDb, job(CARS[0]!, 'RO-1', 'Ana', minutesAgo(60)));
    expect((await anaDb.claims.claim(CARS[0]!, 'Ana')).ok).toBe(true);
    await uploaded(anaApp.session, "Ana's first writes kept");
    await dumpDatabase(db, dump);

    // After it: Ben notes Ana's job, Ana closes it; Ana opens another; Ben opens and closes one;
    // Ana releases her claim, Ben claims a car and Ana takes it over from him.
    await changeJob(benDb, kept.id, (c) => ({
      ...c,
      notes: [{ time: minutesAgo(30), technician: 'Ben', text: 'Bushing worn' }],
    }));
    await changeJob(anaDb, kept.id, (c) => ({ ...c, status: 'closed', closedAt: minutesAgo(20) }));
    const second = await openJob(anaDb, job(CARS[1]!, 'RO-2', 'Ana', minutesAgo(15)));
    await changeJob(anaDb, second.id, (c) => ({
      ...c,
      notes: [{ time: minutesAgo(14), technician: 'Ana', text: 'Waiting for parts' }],
    }));
    const third = await openJob(benDb, job(CARS[2]!, 'RO-3', 'Ben', minutesAgo(12)));
    await changeJob(benDb, third.id, (c) => ({ ...c, status: 'closed', closedAt: minutesAgo(10) }));
    expect(await anaDb.claims.release(CARS[0]!, 'Ana')).toBe(true);
    expect((await benDb.claims.claim(CARS[3]!, 'Ben')).ok).toBe(true);
    await anaDb.claims.takeOver(CARS[3]!, 'Ana');
    expect((await benDb.claims.claim(CARS[4]!, 'Ben')).ok).toBe(true);
    await uploaded(anaApp.session, "Ana's writes kept");
    await uploaded(benApp.session, "Ben's writes kept");
    const before = await shopRows(db);
    expect(before.jobs).toHaveLength(3);
    expect(before.claims).toHaveLength(4);

    await restoreDatabase(db, dump);
    expect((await shopRows(db)).jobs).toHaveLength(1);
    // Both apps reconnect by themselves and send what they wrote, at the same time.
    await Promise.all([
      statusWhere(anaApp.session, (s) => s.restored != null, 'Ana sent again'),
      statusWhere(benApp.session, (s) => s.restored != null, 'Ben sent again'),
    ]);
    const after = await shopRows(db);
    expect(after).toEqual(before);
    expect(await resentIds(db, 'jobs')).toEqual([kept.id, second.id, third.id].sort());
    expect((await resentIds(db, 'claims')).length).toBe(4);
    expect(anaApp.problems).toEqual([]);
    expect(benApp.problems).toEqual([]);

    // Ana's app restarted on the same folder: connected again, nothing is sent again.
    await anaApp.session.close();
    const again = await startApp(ana, 'Ana', anaApp.dir);
    await uploaded(again.session, 'Ana online again');
    await again.session.flush();
    expect(again.session.status().restored ?? null).toBeNull();
    expect(await shopRows(db)).toEqual(before);
  });

  it('keeps a claim or an open job someone made after the restore, and says what it could not send', async () => {
    const db = await migrated('restore_writes_later');
    const [ana, ben] = [await db.addTechnician('ana'), await db.addTechnician('ben')];
    const dump = join(await tempDir(), 'garage.dump');
    const anaApp = await startApp(ana, 'Ana');
    const anaDb = await online(anaApp.session);
    await dumpDatabase(db, dump);
    expect((await anaDb.claims.claim(CARS[5]!, 'Ana')).ok).toBe(true);
    await openJob(anaDb, job(CARS[5]!, 'RO-5', 'Ana', minutesAgo(5)));
    await uploaded(anaApp.session, "Ana's writes kept");
    // Ana's desk is off through the restore; Ben claims the car and opens a job on it meanwhile.
    await anaApp.session.close();
    await restoreDatabase(db, dump);
    const benApp = await startApp(ben, 'Ben');
    const benDb = await online(benApp.session);
    expect((await benDb.claims.claim(CARS[5]!, 'Ben')).ok).toBe(true);
    const bens = await openJob(benDb, job(CARS[5]!, 'RO-6', 'Ben', minutesAgo(1)));

    const anaAgain = await startApp(ana, 'Ana', anaApp.dir);
    const told = await statusWhere(anaAgain.session, (s) => s.restored != null, 'Ana sent again');
    // The job could not be opened again beside Ben's: said, with the database's reason.
    expect(told.restored?.message).toContain('could not be sent again');
    expect(told.restored?.message).toContain('another job is open');
    const active = await db.query<{ db_role: string }>(
      `SELECT db_role FROM claims WHERE vin = $1 AND ended_at IS NULL`,
      [CARS[5]],
    );
    expect(active.rows).toEqual([{ db_role: ben.settings.user }]);
    const open = await db.query<{ id: string }>(`SELECT id::text FROM jobs WHERE vin = $1`, [CARS[5]]);
    expect(open.rows).toEqual([{ id: bens.id }]);
  });
});
