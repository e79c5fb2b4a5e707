// Repair-order jobs in shop mode, two cores on one real PostgreSQL: a job opened on one machine
// shows on the other live (its job.changed event, its list), the database lets one of two opens on
// a vehicle win, notes and closes travel both ways with the whole record kept in the shop, the
// technician is the shop's name for them, and a change while the database is away is refused and
// says so, and a technician's app cannot close a colleague's job (the database's rule, in its
// words). Also: a version 1 database with jobs migrates to version 2 without losing one.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveSettings } from '../../electron/main/shop/config';
import { createShopPool } from '../../electron/main/shop/connection';
import { migrate } from '../../electron/main/shop/migrate';
import { MIGRATIONS } from '../../electron/main/shop/migrations/index';
import { DEFAULT_GARAGE_ID } from '../../electron/main/shop/shop-db';
import { shopJobs } from '../../electron/main/shop/jobs';
import { JOB_SCHEMA_VERSION } from '../../electron/shared/jobs/job-record';
import type { CoreHarness } from '../support/core-harness';
import { createTestDatabase, type TestDatabase } from './support/pg';
import type { TcpProxy } from './support/tcp-proxy';
import { coreEvents } from './support/join-shop';
import { jobEvent } from './support/job-event';
import { cutOff, startTwoCores, type TwoCores } from './support/two-cores';
import { matching, waitFor } from '../support/wait-for';

let shop: TwoCores;
let db: TestDatabase;
let proxy: TcpProxy;
let ana: CoreHarness;
let ben: CoreHarness;

const events = coreEvents;
beforeAll(async () => {
  // The machines' own users would be the technician in solo mode; the shop's names must win.
  shop = await startTwoCores('jobs_shop', { technician: () => 'machine-user' });
  ({ db, proxy, ana, ben } = shop);
}, 60_000);

afterAll(() => shop?.close());

describe('jobs in the shop database', () => {
  it("opens on one machine, with the shop's name for the technician, and shows on the other live", async () => {
    const vin = ana.simulator.vins[0]!;
    const onBen = jobEvent(ben, vin, (e) => e.openJob !== null, 'the job on Ben');
    const opened = await ana.garage.jobs.open(vin, { repairOrder: 'RO-1234', complaint: 'Noise' });
    if (!opened.ok) throw new Error(opened.error.message);
    expect(opened.value).toMatchObject({ technician: 'Ana', status: 'open' });
    expect(await onBen).toMatchObject({
      profileId: 'demo',
      jobId: opened.value.id,
      openJob: { repairOrder: 'RO-1234', technician: 'Ana' },
    });
    const listed = await ben.garage.jobs.list({ status: 'open' });
    expect(listed.ok && listed.value.map((job) => job.id)).toContain(opened.value.id);
    // The whole record is in the shop: snapshots with their as-of, the events, the technician.
    const row = await db.query<{ details: Record<string, unknown>; technician: string }>(
      'SELECT details, technician FROM jobs WHERE id = $1',
      [opened.value.id],
    );
    expect(row.rows[0]!.technician).toBe('Ana');
    expect(row.rows[0]!.details).toMatchObject({
      schemaVersion: JOB_SCHEMA_VERSION,
      repairOrder: 'RO-1234',
      checkIn: { readings: { chargeLimit: { known: true } }, drivers: { known: true } },
      events: [{ kind: 'opened', technician: 'Ana' }],
    });

    // Ben cannot open another job on the same car: the database names the one open.
    const second = await ben.garage.jobs.open(vin, { repairOrder: 'RO-9999' });
    expect(second).toMatchObject({ ok: false, error: { kind: 'busy' } });
    expect(!second.ok && second.error.message).toMatch(/repair order RO-1234, opened by Ana/);
  });

  it('lets exactly one of two opens racing on a vehicle win', async () => {
    const vin = ana.simulator.vins[1]!;
    const results = await Promise.all([
      ana.garage.jobs.open(vin, { repairOrder: 'RO-A' }),
      ben.garage.jobs.open(vin, { repairOrder: 'RO-B' }),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.find((result) => !result.ok)).toMatchObject({ ok: false, error: { kind: 'busy' } });
    const open = await db.query('SELECT id FROM jobs WHERE vin = $1 AND status = $2', [vin, 'open']);
    expect(open.rows).toHaveLength(1);
  });

  it('carries a note and a close from one machine to the other, and the badge goes', async () => {
    const vin = ana.simulator.vins[0]!;
    const open = await ben.garage.jobs.openFor(vin);
    if (!open.ok || !open.value) throw new Error('no open job on Ben');
    const id = open.value.id;

    const noted = jobEvent(ana, vin, (e) => e.jobId === id, 'the note on Ana');
    expect(await ben.garage.jobs.addNote(id, 'Front tyres checked')).toMatchObject({ ok: true });
    await noted;
    const onAna = await ana.garage.jobs.get(id);
    // With the database role of Ben's session that wrote it.
    expect(onAna.ok && onAna.value.notes).toEqual([
      {
        time: expect.any(String),
        technician: 'Ben',
        text: 'Front tyres checked',
        role: shop.benLogin.settings.user,
      },
    ]);

    const gone = jobEvent(ben, vin, (e) => e.jobId === id && e.openJob === null, 'the close on Ben');
    const closed = await ana.garage.jobs.close(id, {
      acknowledge: ['valet', 'chargePort', 'lowPower', 'sentry', 'speedLimit', 'chargeLimit'],
    });
    expect(closed).toMatchObject({ ok: true, value: { status: 'closed' } });
    await gone;
    const onBen = await ben.garage.jobs.get(id);
    expect(onBen.ok && onBen.value).toMatchObject({
      status: 'closed',
      notes: [{ text: 'Front tyres checked' }],
      events: [{ kind: 'opened' }, { kind: 'closed', technician: 'Ana' }],
    });
    expect(onBen.ok && onBen.value.checkOut).not.toBeNull();
  });

  it("refuses to close a colleague's job, in the database's words, and the job stays open", async () => {
    const vin = ana.simulator.vins[3]!;
    // Waited for from before the open: Ben may hear of it before Ana's call has returned.
    const onBen = jobEvent(ben, vin, (e) => e.openJob?.repairOrder === 'RO-ANAS', 'the job on Ben');
    const opened = await ana.garage.jobs.open(vin, { repairOrder: 'RO-ANAS' });
    if (!opened.ok) throw new Error(opened.error.message);
    expect((await onBen).jobId).toBe(opened.value.id);
    const refused = await ben.garage.jobs.close(opened.value.id, {
      acknowledge: ['valet', 'chargePort', 'lowPower', 'sentry', 'speedLimit', 'chargeLimit'],
    });
    expect(refused).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(!refused.ok && refused.error.message).toMatch(
      /rules do not allow this: Only .*ana \(who opened it\), a foreman or an admin may close or reopen the job of repair order RO-ANAS/,
    );
    const row = await db.query('SELECT status FROM jobs WHERE id = $1', [opened.value.id]);
    expect(row.rows).toEqual([{ status: 'open' }]);
    // Her own app closes it, and Ben's shows the close before the next case looks at his list.
    const closedOnBen = jobEvent(
      ben,
      vin,
      (e) => e.jobId === opened.value.id && e.openJob === null,
      'the close on Ben',
    );
    expect(
      await ana.garage.jobs.close(opened.value.id, {
        acknowledge: ['valet', 'chargePort', 'lowPower', 'sentry', 'speedLimit', 'chargeLimit'],
      }),
    ).toMatchObject({ ok: true, value: { status: 'closed' } });
    await closedOnBen;
  });

  it('refuses a change while the database is away, says so, and keeps showing what it has', async () => {
    const vin = ben.simulator.vins[2]!;
    await cutOff(ben, proxy);
    try {
      const before = await ben.garage.jobs.list({});
      const refused = await ben.garage.jobs.open(vin, { repairOrder: 'RO-OFF' });
      expect(refused).toMatchObject({ ok: false, error: { kind: 'network' } });
      expect(!refused.ok && refused.error.message).toMatch(
        /shop database is not reachable .*nothing was saved/,
      );
      const after = await ben.garage.jobs.list({});
      expect(after).toEqual(before);
      // What was kept locally still shows (and exports) with the database away.
      expect(after.ok && after.value.length).toBeGreaterThan(0);
    } finally {
      const back = waitFor(
        matching((e) => e.type === 'shop.changed' && e.status.state === 'online'),
        'Ben online again',
        { wakeOn: events(ben), timeoutMs: 25_000 },
      );
      await proxy.restore();
      await back;
    }
    const reopened = await ben.garage.jobs.open(vin, { repairOrder: 'RO-BACK' });
    expect(reopened).toMatchObject({ ok: true, value: { technician: 'Ben' } });
  });
});

describe('the job-details migration', () => {
  it('takes a version 1 database with jobs to version 2 and loses none', async () => {
    const old = await createTestDatabase('jobs_v1');
    const pool = await createShopPool(resolveSettings(old.owner.settings), old.owner.getPassword);
    try {
      await migrate(pool, MIGRATIONS.slice(0, 1));
      const jobs = shopJobs(pool, DEFAULT_GARAGE_ID);
      const opened = await jobs.open({
        id: randomUUID(),
        vin: '5YJ3E1EA7KF000401',
        repairOrder: 'RO-OLD',
        technician: 'Ana',
        checkIn: { odometer: 1 },
      });
      expect(opened.ok).toBe(true);
      expect(await migrate(pool, MIGRATIONS.slice(0, 2))).toMatchObject({ from: 1, applied: [2] });
      const rows = await pool.query('SELECT repair_order, technician, check_in, details FROM jobs');
      expect(rows.rows).toEqual([
        { repair_order: 'RO-OLD', technician: 'Ana', check_in: { odometer: 1 }, details: null },
      ]);
      await expect(pool.query(`UPDATE jobs SET details = '[1]'`)).rejects.toThrow(/jobs_details_is_object/);
    } finally {
      await pool.end();
    }
  });
});
