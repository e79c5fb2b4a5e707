// Jobs and entries sent again after a restore, and jobs written with plain SQL, tried as a
// technician's own role would (what a stolen laptop's keychain gives): the times a desk sends are
// held to the server's clock (a job's write time, opening and close), a new job's time of write is
// the server's, and the re-send puts nothing into a colleague's record that the ordinary paths
// refuse: no entry into a colleague's job closed more than 10 minutes before it arrives, no job
// under a colleague's role, no change to a colleague's job.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from './support/pg';
import { roleClients, type RoleClients } from './support/role-clients';

let db: TestDatabase;
let ana: pg.Client;
let ben: pg.Client;
let role: { ana: string; ben: string };
let people: RoleClients<'ana' | 'ben'>;

let n = 0;
const nextVin = () => `5YJ3E1EA7KF${String(820_000 + ++n).padStart(6, '0')}`;
const minutesFromNow = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

/** A note as a job holds it. */
interface Line {
  time: string;
  technician: string;
  text: string;
  role?: string;
}

/** A job as a desk's outbox carries it (written-rows.ts), open unless `closedAt` is given. */
function jobOf(
  vin: string,
  who: string,
  dbRole: string,
  openedAt: string,
  closedAt: string | null,
  at: string,
) {
  const id = randomUUID();
  const repairOrder = `RO-${vin.slice(-6)}`;
  return {
    id,
    vin,
    repairOrder,
    complaint: null,
    technician: who,
    openedAt,
    closedAt,
    status: closedAt ? 'closed' : 'open',
    checkIn: null,
    checkOut: null,
    notes: [] as Line[],
    details: { id, vin, repairOrder, effects: {}, events: [], notes: [] as Line[], profileId: 'p' },
    role: dbRole,
    at,
  };
}
type JobWrite = ReturnType<typeof jobOf>;

const resendJob = async (who: pg.Client, job: JobWrite) =>
  (
    await who.query<{ outcome: string }>(`SELECT shop_resend_job('shop', $1::jsonb) AS outcome`, [
      JSON.stringify(job),
    ])
  ).rows[0]!.outcome;

/** Inserts `job` the way the app's records do, as `who`. */
const insertJob = (who: pg.Client, job: JobWrite, extra = '', extraValue?: unknown) =>
  who.query(
    `INSERT INTO jobs (id, garage_id, vin, repair_order, technician, opened_at, closed_at, status, notes, details${extra})
     VALUES ($1, 'shop', $2, $3, $4, $5, $6, $7, '[]', $8${extra ? ', $9' : ''})`,
    [
      job.id,
      job.vin,
      job.repairOrder,
      job.technician,
      job.openedAt,
      job.closedAt,
      job.status,
      JSON.stringify(job.details),
      ...(extra ? [extraValue] : []),
    ],
  );

const jobsOn = async (vin: string) =>
  (
    await db.query<{ id: string; updated_at: Date }>(`SELECT id::text, updated_at FROM jobs WHERE vin = $1`, [
      vin,
    ])
  ).rows;

beforeAll(async () => {
  people = await roleClients('resend_jobs_times', { ana: 'technicians', ben: 'technicians' });
  ({ db, role } = people);
  ({ ana, ben } = people.client);
}, 60_000);

afterAll(() => people.end());

describe("a job's times", () => {
  it('are refused for good on the re-send when ahead of the server or closing before the opening', async () => {
    const refused = { code: '23VG2' };
    const vin = nextVin();
    // A write dated a year ahead would make every later state of the job look older, and be lost.
    const farAhead = jobOf(vin, 'Ana', role.ana, minutesFromNow(-60), null, minutesFromNow(525_600));
    await expect(resendJob(ana, farAhead)).rejects.toMatchObject({
      ...refused,
      message: expect.stringContaining("ahead of the shop database's clock"),
    });
    const openedAhead = jobOf(vin, 'Ana', role.ana, minutesFromNow(60), null, minutesFromNow(-1));
    await expect(resendJob(ana, openedAhead)).rejects.toMatchObject({
      ...refused,
      message: expect.stringContaining("this machine's clock runs fast"),
    });
    const closedAhead = jobOf(
      vin,
      'Ana',
      role.ana,
      minutesFromNow(-60),
      minutesFromNow(60),
      minutesFromNow(-1),
    );
    await expect(resendJob(ana, closedAhead)).rejects.toMatchObject(refused);
    const backwards = jobOf(
      vin,
      'Ana',
      role.ana,
      minutesFromNow(-60),
      minutesFromNow(-90),
      minutesFromNow(-1),
    );
    await expect(resendJob(ana, backwards)).rejects.toMatchObject({
      ...refused,
      message: expect.stringContaining('before it opened'),
    });
    expect(await jobsOn(vin)).toEqual([]);
    // A little ahead (within the tolerance) is taken.
    const near = jobOf(vin, 'Ana', role.ana, minutesFromNow(-60), null, minutesFromNow(2));
    expect(await resendJob(ana, near)).toBe('inserted');
  });

  it("are held to the server's clock with plain SQL, and a new job's time of write is the server's", async () => {
    const vin = nextVin();
    const ahead = jobOf(vin, 'Ana', role.ana, minutesFromNow(60), null, '');
    await expect(insertJob(ana, ahead)).rejects.toMatchObject({ code: '23514' });
    const backwards = jobOf(vin, 'Ana', role.ana, minutesFromNow(-60), minutesFromNow(-90), '');
    await expect(insertJob(ana, backwards)).rejects.toMatchObject({ code: '23514' });

    // Ana's own job, its time of write set a century ahead: the server's now is kept instead.
    const job = jobOf(vin, 'Ana', role.ana, minutesFromNow(-60), null, '');
    const before = Date.now();
    await insertJob(ana, job, ', updated_at', '2126-01-01T00:00:00Z');
    const [row] = await jobsOn(vin);
    expect(row!.updated_at.getTime()).toBeLessThan(before + 60_000);
    // So a later state of it, sent again after a restore, still replaces it.
    const later = { ...job, at: minutesFromNow(1), technician: 'Ana (later)' };
    expect(await resendJob(ana, later)).toBe('changed');
    // Nor can an update move it ahead.
    await expect(
      ana.query(`UPDATE jobs SET closed_at = now() + interval '1 day', status = 'closed' WHERE id = $1`, [
        job.id,
      ]),
    ).rejects.toMatchObject({ code: '23514' });
  });
});

describe("a colleague's record", () => {
  it('takes nothing through the re-send that the ordinary paths refuse', async () => {
    const vin = nextVin();
    // Ben's job on the car, closed an hour ago.
    const bens = jobOf(vin, 'Ben', role.ben, minutesFromNow(-180), minutesFromNow(-60), '');
    await insertJob(ben, bens);
    const inside = minutesFromNow(-120);

    // An entry of Ana's dated inside it: refused as a plain INSERT, and as a re-send.
    const entry = {
      id: randomUUID(),
      time: inside,
      vin,
      operation: 'command:honk',
      params: {},
      outcome: 'success',
      technician: 'Ben',
      machine: 'bay-1',
    };
    await expect(
      ana.query(`SELECT shop_resend_audit('shop', $1::jsonb)`, [JSON.stringify([entry])]),
    ).rejects.toMatchObject({
      code: '23VG1',
      message: expect.stringContaining(`repair order ${bens.repairOrder}`),
    });
    const entries = await db.query(`SELECT 1 FROM audit_entries WHERE vin = $1`, [vin]);
    expect(entries.rowCount).toBe(0);

    // Ben's job rewritten by Ana's re-send (a later write, a forged note): refused, as an UPDATE is.
    const rewritten = {
      ...bens,
      notes: [{ time: inside, technician: 'Ben', text: 'Customer declined brakes' }],
      at: minutesFromNow(1),
    };
    await expect(resendJob(ana, rewritten)).rejects.toMatchObject({ code: '23VG2' });
    // A job of Ben's the shop lacks, put back by Ana: refused; only Ben, a foreman or an admin.
    const forged = jobOf(
      nextVin(),
      'Ben',
      role.ben,
      minutesFromNow(-180),
      minutesFromNow(-60),
      minutesFromNow(-1),
    );
    await expect(resendJob(ana, forged)).rejects.toMatchObject({ code: '23VG2' });
    expect(await jobsOn(forged.vin)).toEqual([]);
    const kept = await db.query<{ notes: unknown[] }>(`SELECT notes FROM jobs WHERE id = $1`, [bens.id]);
    expect(kept.rows[0]!.notes).toEqual([]);
  });

  it("keeps a colleague's line on one's own job when the job is sent again", async () => {
    const vin = nextVin();
    const job = jobOf(vin, 'Ana', role.ana, minutesFromNow(-60), null, '');
    await insertJob(ana, job);
    // Ben notes Ana's open job (anyone may); the server stamps his role on the line.
    const note = { time: minutesFromNow(-30), technician: 'Ben', text: 'Bushing worn' };
    await ben.query(
      `UPDATE jobs SET notes = notes || $2::jsonb, details = jsonb_set(details, '{notes}', details -> 'notes' || $2::jsonb)
        WHERE id = $1`,
      [job.id, JSON.stringify([note])],
    );
    const bens = { ...note, role: role.ben };
    const resent = (notes: Line[]) => ({
      ...job,
      notes,
      details: { ...job.details, notes },
      at: minutesFromNow(1),
    });
    // A "later state" of her job without Ben's line, or with it given her role: refused.
    await expect(resendJob(ana, resent([]))).rejects.toMatchObject({
      code: '23VG2',
      message: expect.stringContaining('a line keeps the role that wrote it'),
    });
    await expect(resendJob(ana, resent([{ ...note, role: role.ana }]))).rejects.toMatchObject({
      code: '23VG2',
    });
    const kept = await db.query<{ notes: unknown[] }>(`SELECT notes FROM jobs WHERE id = $1`, [job.id]);
    expect(kept.rows[0]!.notes).toEqual([bens]);
    // A later state that holds it, with a line of her own added: taken.
    const hers = { time: minutesFromNow(-10), technician: 'Ana', text: 'Replaced', role: role.ana };
    expect(await resendJob(ana, resent([bens, hers]))).toBe('changed');
  });
});
