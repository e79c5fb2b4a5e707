// Who wrote each line of a job (its notes, its opening, closing and reopening) is the server's
// stamp, tried with plain SQL as a technician's own role would (what a stolen laptop's keychain
// gives): a line naming a colleague's role is stored under the writer's own, a line already kept
// cannot be given another role or taken away, and the re-send after a restore keeps the roles the
// shop had answered.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestDatabase } from './support/pg';
import { roleClients, type RoleClients } from './support/role-clients';

let db: TestDatabase;
let ana: pg.Client;
let ben: pg.Client;
let role: { ana: string; ben: string };
let people: RoleClients<'ana' | 'ben'>;

let n = 0;
const nextVin = () => `5YJ3E1EA7KF${String(800_000 + ++n).padStart(6, '0')}`;

interface Line {
  time: string;
  technician: string;
  text?: string;
  kind?: string;
  role?: string;
}

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

/** Ana's open job, inserted by `who` as the app writes one: its opening event and a note. */
async function openJob(who: pg.Client, events: Line[], notes: Line[]) {
  const id = randomUUID();
  const vin = nextVin();
  const repairOrder = `RO-${vin.slice(-6)}`;
  await who.query(
    `INSERT INTO jobs (id, garage_id, vin, repair_order, technician, opened_at, status, notes, details)
     VALUES ($1, 'shop', $2, $3, 'Ana', $4, 'open', $5, $6)`,
    [
      id,
      vin,
      repairOrder,
      hoursAgo(2),
      JSON.stringify(notes),
      JSON.stringify({ id, vin, repairOrder, effects: {}, events, notes, profileId: 'p' }),
    ],
  );
  return id;
}

/** The job's lines as the shop keeps them. */
async function linesOf(id: string) {
  const row = await db.query<{ notes: Line[]; details: { notes: Line[]; events: Line[] } }>(
    `SELECT notes, details FROM jobs WHERE id = $1`,
    [id],
  );
  const { notes, details } = row.rows[0]!;
  return { column: notes, notes: details.notes, events: details.events };
}

/** Adds `note` to both places the app writes notes, as `who`. */
const addNote = (who: pg.Client, id: string, note: Line) =>
  who.query(
    `UPDATE jobs SET notes = notes || $2::jsonb,
            details = jsonb_set(details, '{notes}', details -> 'notes' || $2::jsonb)
      WHERE id = $1`,
    [id, JSON.stringify([note])],
  );

beforeAll(async () => {
  people = await roleClients('job_line_roles', { ana: 'technicians', ben: 'technicians' });
  ({ db, role } = people);
  ({ ana, ben } = people.client);
}, 60_000);

afterAll(() => people.end());

it("stores a line that names a colleague's role under the writer's own role", async () => {
  // Ana opens a job whose opening and first note claim to be Ben's.
  const id = await openJob(
    ana,
    [{ time: hoursAgo(2), kind: 'opened', technician: 'Ben', role: role.ben }],
    [{ time: hoursAgo(2), technician: 'Ben', text: 'Opened by Ben', role: role.ben }],
  );
  let lines = await linesOf(id);
  expect(lines.events).toEqual([expect.objectContaining({ kind: 'opened', role: role.ana })]);
  expect(lines.notes).toEqual([expect.objectContaining({ text: 'Opened by Ben', role: role.ana })]);
  expect(lines.column).toEqual([expect.objectContaining({ text: 'Opened by Ben', role: role.ana })]);

  // Ben notes Ana's open job (anyone may), naming Ana's role, and one with no role at all.
  await addNote(ben, id, { time: hoursAgo(1), technician: 'Ana', text: 'Brakes fine', role: role.ana });
  await addNote(ben, id, { time: hoursAgo(1), technician: 'Ana', text: 'Tyres fine' });
  lines = await linesOf(id);
  for (const kept of [lines.notes, lines.column])
    expect(kept).toEqual([
      expect.objectContaining({ text: 'Opened by Ben', role: role.ana }),
      expect.objectContaining({ text: 'Brakes fine', technician: 'Ana', role: role.ben }),
      expect.objectContaining({ text: 'Tyres fine', technician: 'Ana', role: role.ben }),
    ]);

  // Ana closes her job with a closing event claiming to be Ben's: it is hers.
  await ana.query(
    `UPDATE jobs SET status = 'closed', closed_at = now(),
            details = jsonb_set(details, '{events}', details -> 'events' || $2::jsonb)
      WHERE id = $1`,
    [
      id,
      JSON.stringify([{ time: new Date().toISOString(), kind: 'closed', technician: 'Ben', role: role.ben }]),
    ],
  );
  lines = await linesOf(id);
  expect(lines.events).toEqual([
    expect.objectContaining({ kind: 'opened', role: role.ana }),
    expect.objectContaining({ kind: 'closed', technician: 'Ben', role: role.ana }),
  ]);
});

it("refuses to give a line kept another role, or to take a colleague's line away, even on one's own job", async () => {
  const id = await openJob(ana, [{ time: hoursAgo(2), kind: 'opened', technician: 'Ana' }], []);
  await addNote(ben, id, { time: hoursAgo(1), technician: 'Ben', text: 'Bushing worn', role: role.ben });
  const before = await linesOf(id);
  expect(before.notes).toEqual([expect.objectContaining({ text: 'Bushing worn', role: role.ben })]);

  // Ana may change her own job, but not who wrote Ben's note: in the record, nor in the column.
  const rewrite = (path: string) => ana.query(`UPDATE jobs SET ${path} WHERE id = $1`, [id, role.ana]);
  const refusal = {
    code: '42501',
    message: expect.stringContaining(`keeps the role that wrote it (${role.ben})`),
  };
  await expect(
    rewrite(`details = jsonb_set(details, '{notes,0,role}', to_jsonb($2::text))`),
  ).rejects.toMatchObject(refusal);
  await expect(rewrite(`notes = jsonb_set(notes, '{0,role}', to_jsonb($2::text))`)).rejects.toMatchObject(
    refusal,
  );
  // Nor her own opening's (a line kept with her role), nor take Ben's note away.
  await expect(
    ana.query(
      `UPDATE jobs SET details = jsonb_set(details, '{events,0,role}', to_jsonb($2::text)) WHERE id = $1`,
      [id, role.ben],
    ),
  ).rejects.toMatchObject({ code: '42501', message: expect.stringContaining(`(${role.ana})`) });
  await expect(
    ana.query(`UPDATE jobs SET notes = '[]', details = jsonb_set(details, '{notes}', '[]') WHERE id = $1`, [
      id,
    ]),
  ).rejects.toMatchObject({
    code: '42501',
    message: expect.stringContaining(`written by the role ${role.ben} cannot be taken away`),
  });
  expect(await linesOf(id)).toEqual(before);

  // Sending the lines back as they are (what the app does with every change) is no change.
  await ana.query(`UPDATE jobs SET complaint = 'rattle', notes = notes, details = details WHERE id = $1`, [
    id,
  ]);
  expect(await linesOf(id)).toEqual(before);
});

it('keeps the roles the shop answered when a job is sent again after a restore', async () => {
  const id = randomUUID();
  const vin = nextVin();
  const notes = [{ time: hoursAgo(1), technician: 'Ben', text: 'Bushing worn', role: role.ben }];
  const events = [{ time: hoursAgo(2), kind: 'opened', technician: 'Ana', role: role.ana }];
  const job = {
    id,
    vin,
    repairOrder: 'RO-RESENT',
    complaint: null,
    technician: 'Ana',
    openedAt: hoursAgo(2),
    closedAt: null,
    status: 'open',
    checkIn: null,
    checkOut: null,
    notes,
    details: { id, vin, repairOrder: 'RO-RESENT', effects: {}, events, notes, profileId: 'p' },
    role: role.ana,
    at: hoursAgo(1),
  };
  const sent = await ana.query<{ outcome: string }>(`SELECT shop_resend_job('shop', $1) AS outcome`, [
    JSON.stringify(job),
  ]);
  expect(sent.rows[0]?.outcome).toBe('inserted');
  const lines = await linesOf(id);
  expect(lines.notes).toEqual(notes);
  expect(lines.column).toEqual(notes);
  expect(lines.events).toEqual(events);
});
