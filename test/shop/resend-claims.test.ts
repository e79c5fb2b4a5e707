// The claims' re-send after a restore, tried with plain SQL as each technician's own role would
// (what a stolen laptop's keychain gives): no role puts back a colleague's claim, so none can write
// "Ben held car X until I took it over"; a take-over the restore lost still comes back whole from
// the two desks' own re-sends, in either order and when they race; and the times a desk sends are
// held to the server's clock and to the claim's own since.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../support/wait-for';
import type { TestDatabase } from './support/pg';
import { roleClients, type RoleClients } from './support/role-clients';
import { SHOP_WAIT } from './support/wait';

let db: TestDatabase;
let ana: pg.Client;
let ben: pg.Client;
let dana: pg.Client;
let role: { ana: string; ben: string; dana: string };
let people: RoleClients<'ana' | 'ben' | 'dana'>;

let n = 0;
const nextVin = () => `5YJ3E1EA7KF${String(810_000 + ++n).padStart(6, '0')}`;
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const hoursFrom = (at: string, h: number) => new Date(Date.parse(at) + h * 3_600_000).toISOString();

interface ClaimWrite {
  id: string;
  vin: string;
  claimedBy: string;
  machine: string;
  note: null;
  since: string;
  expiresAt: string;
  endedAt: string | null;
  endedBy: string | null;
  endReason: 'released' | 'expired' | 'taken_over' | null;
  role: string;
}

/** A claim as a desk's outbox carries it (written-rows.ts), active unless ended. */
function claimOf(vin: string, who: string, dbRole: string, since: string): ClaimWrite {
  return {
    id: randomUUID(),
    vin,
    claimedBy: who,
    machine: `${who}-desk`,
    note: null,
    since,
    expiresAt: hoursFrom(since, 8),
    endedAt: null,
    endedBy: null,
    endReason: null,
    role: dbRole,
  };
}
const takenOver = (claim: ClaimWrite, by: string, at: string): ClaimWrite => ({
  ...claim,
  endedAt: at,
  endedBy: by,
  endReason: 'taken_over',
});

const resend = async (who: pg.Client, claim: ClaimWrite) =>
  (
    await who.query<{ outcome: string }>(`SELECT shop_resend_claim('shop', $1::jsonb) AS outcome`, [
      JSON.stringify(claim),
    ])
  ).rows[0]!.outcome;

/** What a desk's re-send does: its claims in order, in one transaction. */
async function desk(who: pg.Client, claims: ClaimWrite[]) {
  await who.query('BEGIN');
  try {
    const outcomes = [];
    for (const claim of claims) outcomes.push(await resend(who, claim));
    await who.query('COMMIT');
    return outcomes;
  } catch (error) {
    await who.query('ROLLBACK');
    throw error;
  }
}

interface Row {
  id: string;
  claimed_by: string;
  since: string;
  ended_at: string | null;
  ended_by: string | null;
  end_reason: string | null;
  db_role: string;
  ended_role: string | null;
}

async function claimsOn(vin: string): Promise<Row[]> {
  const rows = await db.query<Row>(
    `SELECT id::text, claimed_by, since, ended_at, ended_by, end_reason, db_role, ended_role
       FROM claims WHERE vin = $1 ORDER BY since, id`,
    [vin],
  );
  const iso = (d: unknown) => (d instanceof Date ? d.toISOString() : (d as null));
  return rows.rows.map((r) => ({ ...r, since: iso(r.since)!, ended_at: iso(r.ended_at) }));
}

/** Ben claimed the car at `t0`, Ana took it over at `t1`: each desk's log, and the history it was. */
function takeOver(vin: string) {
  const t0 = minutesAgo(40);
  const t1 = minutesAgo(20);
  const bens = claimOf(vin, 'Ben', role.ben, t0);
  const anas = claimOf(vin, 'Ana', role.ana, t1);
  const history: Row[] = [
    {
      id: bens.id,
      claimed_by: 'Ben',
      since: t0,
      ended_at: t1,
      ended_by: 'Ana',
      end_reason: 'taken_over',
      db_role: role.ben,
      ended_role: role.ana,
    },
    {
      id: anas.id,
      claimed_by: 'Ana',
      since: t1,
      ended_at: null,
      ended_by: null,
      end_reason: null,
      db_role: role.ana,
      ended_role: null,
    },
  ];
  // Ana's desk logged the take-over: Ben's claim as it ended, then hers. Ben's logged his claim.
  return { anaDesk: [takenOver(bens, 'Ana', t1), anas], benDesk: [bens], bens, history };
}

beforeAll(async () => {
  people = await roleClients('resend_claims', { ana: 'technicians', ben: 'technicians', dana: 'foremen' });
  ({ db, role } = people);
  ({ ana, ben, dana } = people.client);
}, 60_000);

afterAll(() => people.end());

describe("a claim's re-send after a restore", () => {
  it("puts back no colleague's claim the shop lacks, whoever sends it", async () => {
    const vin = nextVin();
    // Ana's forgery: Ben held the car from 09:00 until she took it over at 09:30.
    const forged = takenOver(claimOf(vin, 'Ben', role.ben, minutesAgo(90)), 'Ana', minutesAgo(60));
    expect(await resend(ana, forged)).toBe('not_mine');
    // Nor as a colleague's active or released claim, nor by a foreman.
    expect(await resend(ana, claimOf(vin, 'Ben', role.ben, minutesAgo(30)))).toBe('not_mine');
    expect(await resend(dana, forged)).toBe('not_mine');
    expect(await claimsOn(vin)).toEqual([]);
  });

  it('brings back a take-over when the taker re-sends first', async () => {
    const vin = nextVin();
    const { anaDesk, benDesk, history } = takeOver(vin);
    expect(await desk(ana, anaDesk)).toEqual(['not_mine', 'inserted']);
    expect(await desk(ben, benDesk)).toEqual(['inserted']);
    expect(await claimsOn(vin)).toEqual(history);
  });

  it('brings back a take-over when the holder re-sends first', async () => {
    const vin = nextVin();
    const { anaDesk, benDesk, history } = takeOver(vin);
    expect(await desk(ben, benDesk)).toEqual(['inserted']);
    expect(await desk(ana, anaDesk)).toEqual(['ended', 'inserted']);
    expect(await claimsOn(vin)).toEqual(history);
  });

  /** Whether `who`'s statement waits for another transaction's lock. */
  const waitsOnALock = async (who: pg.Client) => {
    const pid = (await who.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
    return () =>
      waitFor(
        async () =>
          (
            await db.query(`SELECT 1 FROM pg_stat_activity WHERE pid = $1 AND wait_event_type = 'Lock'`, [
              pid,
            ])
          ).rowCount === 1,
        'a re-send waiting for the other desk to commit',
        SHOP_WAIT,
      );
  };

  it("brings back a take-over when one desk's re-send waits for the other's to commit", async () => {
    for (const first of ['ben', 'ana'] as const) {
      const vin = nextVin();
      const { anaDesk, benDesk, history } = takeOver(vin);
      const [early, late] = first === 'ben' ? [ben, ana] : [ana, ben];
      const [earlyClaims, lateClaims] = first === 'ben' ? [benDesk, anaDesk] : [anaDesk, benDesk];
      const waiting = await waitsOnALock(late);
      await early.query('BEGIN');
      for (const claim of earlyClaims) await resend(early, claim);
      const lateDone = desk(late, lateClaims);
      await waiting();
      await early.query('COMMIT');
      expect(await lateDone).toEqual(first === 'ben' ? ['not_mine', 'inserted'] : ['inserted']);
      expect(await claimsOn(vin)).toEqual(history);
    }
  });

  it('brings back a take-over when both desks re-send at once', async () => {
    for (let round = 0; round < 4; round++) {
      const vin = nextVin();
      const { anaDesk, benDesk, history } = takeOver(vin);
      // Each desk its own connection, started together; which one waits is the server's to say.
      await Promise.all([desk(ana, anaDesk), desk(ben, benDesk)]);
      expect(await claimsOn(vin)).toEqual(history);
    }
  });

  it("names the taker of a claim whose holder's desk knew it was taken over, in either order", async () => {
    for (const takerFirst of [false, true]) {
      const vin = nextVin();
      const { anaDesk, bens, history } = takeOver(vin);
      const knew = [takenOver(bens, 'Ana', history[1]!.since)];
      if (takerFirst) await desk(ana, anaDesk);
      expect(await desk(ben, knew)).toEqual(['inserted']);
      if (!takerFirst) expect(await desk(ana, anaDesk)).toEqual(['kept', 'inserted']);
      expect(await claimsOn(vin)).toEqual(history);
    }
  });

  it("ends a lost claim where a claim taken after the restore began, as that claim's holder's", async () => {
    const vin = nextVin();
    const bens = claimOf(vin, 'Ben', role.ben, minutesAgo(30));
    // After the restore, Ana claims the free car the ordinary way.
    await ana.query(
      `INSERT INTO claims (garage_id, vin, claimed_by, expires_at) VALUES ('shop', $1, 'Ana', now() + interval '1 hour')`,
      [vin],
    );
    expect(await resend(ben, bens)).toBe('inserted');
    const rows = await claimsOn(vin);
    expect(rows).toEqual([
      expect.objectContaining({
        id: bens.id,
        ended_at: rows[1]!.since,
        end_reason: 'taken_over',
        ended_by: 'Ana',
        ended_role: role.ana,
        db_role: role.ben,
      }),
      expect.objectContaining({ claimed_by: 'Ana', ended_at: null, db_role: role.ana }),
    ]);
    // A claim taken after the restore that began before the lost one stands, and the lost one waits.
    const later = claimOf(nextVin(), 'Ben', role.ben, minutesAgo(1));
    await ana.query(
      `INSERT INTO claims (garage_id, vin, claimed_by, expires_at) VALUES ('shop', $1, 'Ana', now() + interval '1 hour')`,
      [later.vin],
    );
    expect(await resend(ben, { ...later, since: new Date(Date.now() + 60_000).toISOString() })).toBe('held');
  });

  it("refuses for good a claim's times the server never gives", async () => {
    const vin = nextVin();
    const refused = { code: '23VG2' };
    const ahead = claimOf(vin, 'Ana', role.ana, new Date(Date.now() + 20 * 60_000).toISOString());
    await expect(resend(ana, ahead)).rejects.toMatchObject({
      ...refused,
      message: expect.stringContaining("ahead of the shop database's clock"),
    });
    const since = minutesAgo(30);
    const held = claimOf(vin, 'Ana', role.ana, since);
    await expect(resend(ana, { ...held, expiresAt: hoursFrom(since, 30) })).rejects.toMatchObject(refused);
    await expect(resend(ana, { ...held, expiresAt: since })).rejects.toMatchObject(refused);
    const released = { ...held, endedAt: minutesAgo(45), endedBy: 'Ana', endReason: 'released' as const };
    await expect(resend(ana, released)).rejects.toMatchObject({
      ...refused,
      message: expect.stringContaining('before it began'),
    });
    const endAhead = { ...released, endedAt: new Date(Date.now() + 20 * 60_000).toISOString() };
    await expect(resend(ana, endAhead)).rejects.toMatchObject(refused);
    expect(await claimsOn(vin)).toEqual([]);

    // An end a little ahead (within the tolerance) is kept as the server's now.
    const soon = { ...released, endedAt: new Date(Date.now() + 2 * 60_000).toISOString() };
    expect(await resend(ana, soon)).toBe('inserted');
    const [row] = await claimsOn(vin);
    expect(Date.parse(row!.ended_at!)).toBeLessThanOrEqual(Date.now() + 1_000);

    // An end the shop lacks on a claim it has is not dated before that claim's since.
    const mine = claimOf(nextVin(), 'Ana', role.ana, minutesAgo(10));
    expect(await resend(ana, mine)).toBe('inserted');
    await expect(
      resend(ana, { ...mine, endedAt: minutesAgo(20), endedBy: 'Ana', endReason: 'released' }),
    ).rejects.toMatchObject({ ...refused, message: expect.stringContaining('before it began') });
  });
});

describe('a claim written with plain SQL', () => {
  it("is ended at the server's time, and its expiry stays within 24 hours", async () => {
    const vin = nextVin();
    await ben.query(
      `INSERT INTO claims (garage_id, vin, claimed_by, expires_at) VALUES ('shop', $1, 'Ben', now() + interval '1 hour')`,
      [vin],
    );
    // Ben stretches his own claim to two days: refused, as a new claim would be.
    await expect(
      ben.query(
        `UPDATE claims SET expires_at = now() + interval '48 hours' WHERE vin = $1 AND ended_at IS NULL`,
        [vin],
      ),
    ).rejects.toMatchObject({ code: '23514' });
    // Ana takes it over (anyone may), dating Ben's end an hour back: the server dates it now.
    const before = Date.now();
    await ana.query(
      `UPDATE claims SET ended_at = now() - interval '1 hour', ended_by = 'Ana', end_reason = 'taken_over'
        WHERE vin = $1 AND ended_at IS NULL`,
      [vin],
    );
    const [row] = await claimsOn(vin);
    expect(row).toMatchObject({ end_reason: 'taken_over', ended_role: role.ana });
    expect(Date.parse(row!.ended_at!)).toBeGreaterThanOrEqual(before - 5_000);
  });
});
