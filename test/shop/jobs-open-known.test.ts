// Which job is open on a car, known in main: two cores on one real PostgreSQL. A command's read-back
// asks the shop's jobs table nothing while the app's index of open jobs is current, and still lands
// in a job a colleague opened on another machine, stays out of one a colleague closed, gets into a
// job opened before the command and heard only after it (the late read-back), and, after the
// database was away, follows what changed meanwhile.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandName } from '../../electron/shared/commands';
import type { CoreHarness } from '../support/core-harness';
import { sendCommandRun } from '../support/send-command';
import { matching, waitFor } from '../support/wait-for';
import { coreEvents } from './support/join-shop';
import { jobEvent } from './support/job-event';
import { cutOff, startTwoCores, type TwoCores } from './support/two-cores';

let shop: TwoCores;
let ana: CoreHarness;
let ben: CoreHarness;

const ALL_WARNINGS = ['valet', 'chargePort', 'lowPower', 'sentry', 'speedLimit', 'chargeLimit'];
const jobs = (h: CoreHarness) => h.core.jobs.service;

/** The questions "which job is open on this car" each database role asked, counted from here. */
const asked = new Map<string, number>();
const OPEN_FOR = /FROM jobs\s+WHERE garage_id = \$1 AND vin = \$2 AND status = 'open'/;
const clientProto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
const originalQuery = clientProto.query;
/** A role whose live listener's reads wait for `held` (a change in the database not yet heard). */
let holdListenerOf: string | null = null;
let held: Promise<void> = Promise.resolve();
const askedBy = (h: CoreHarness) =>
  asked.get(h === ana ? shop.anaLogin.settings.user! : shop.benLogin.settings.user!) ?? 0;

/** Sends a command and waits until its read-back (and what the shop said meanwhile) is followed. */
async function send(h: CoreHarness, vin: string, name: CommandName, options = {}) {
  const sent = await sendCommandRun(h, vin, name, options);
  if (!sent.answer.ok || !sent.entry) throw new Error(`${name} was not done: ${JSON.stringify(sent.answer)}`);
  await jobs(h).settle();
  return sent.entry;
}

beforeAll(async () => {
  clientProto.query = function (this: { user?: string }, ...args: unknown[]) {
    const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text;
    if (text && OPEN_FOR.test(text) && this.user) asked.set(this.user, (asked.get(this.user) ?? 0) + 1);
    const named = (args[0] as { name?: string } | undefined)?.name;
    if (named === 'vg_changed_since' && holdListenerOf !== null && this.user === holdListenerOf)
      return held.then(() => originalQuery.apply(this, args));
    return originalQuery.apply(this, args);
  };
  shop = await startTwoCores('jobs_known');
  ({ ana, ben } = shop);
  // The sessions' first resync has filled the index.
  await ana.core.shop.idle();
  await ben.core.shop.idle();
}, 60_000);

afterAll(async () => {
  clientProto.query = originalQuery;
  await shop?.close();
});

describe('which job is open on a car, known without asking', () => {
  it('reads back commands on a car with no open job without asking the jobs table', async () => {
    const vin = ana.simulator.vins[4]!;
    const before = askedBy(ana);
    for (const percent of [85, 90, 80]) await send(ana, vin, 'set_charge_limit', { percent });
    await send(ana, vin, 'enable_valet');
    expect(askedBy(ana) - before).toBe(0);
    expect((await jobs(ana).list({ profileId: 'demo', vin })).length).toBe(0);
  });

  it("lands my next command's effect in a job a colleague opened on another machine, and not in it once closed", async () => {
    const vin = ana.simulator.vins[1]!;
    const heard = jobEvent(ana, vin, (e) => e.openJob !== null, "Ben's job on Ana");
    const job = await jobs(ben).open('demo', { vin, repairOrder: 'RO-BEN' });
    await heard;
    const before = askedBy(ana);
    const entry = await send(ana, vin, 'set_charge_limit', { percent: 70 });
    expect(askedBy(ana) - before).toBe(0);
    const kept = await jobs(ana).get(job.id);
    expect(kept.effects[entry.id]).toMatchObject({ status: 'confirmed', reading: 'chargeLimit', after: 70 });
    // The shop's row holds it too.
    const row = await shop.db.query<{ details: { effects: Record<string, unknown> } }>(
      'SELECT details FROM jobs WHERE id = $1',
      [job.id],
    );
    expect(Object.keys(row.rows[0]!.details.effects)).toContain(entry.id);

    // Ben closes it; once Ana has heard, her command is in no job and the closed row is untouched.
    const closedOnAna = jobEvent(
      ana,
      vin,
      (e) => e.jobId === job.id && e.openJob === null,
      'the close on Ana',
    );
    expect(await jobs(ben).close(job.id, { acknowledge: ALL_WARNINGS })).toMatchObject({ status: 'closed' });
    await closedOnAna;
    const seq = await shop.db.query('SELECT change_seq FROM jobs WHERE id = $1', [job.id]);
    const after = await send(ana, vin, 'set_charge_limit', { percent: 80 });
    expect((await jobs(ana).get(job.id)).effects[after.id]).toBeUndefined();
    expect((await shop.db.query('SELECT change_seq FROM jobs WHERE id = $1', [job.id])).rows).toEqual(
      seq.rows,
    );
    expect(await jobs(ana).openFor('demo', vin)).toBeNull();
  });

  it("gives the effect of my command to a colleague's job opened before it and heard only after it", async () => {
    const vin = ana.simulator.vins[2]!;
    // Ana's listener reads nothing new until released: Ben's job is in the database, not yet heard.
    let release = () => {};
    holdListenerOf = shop.anaLogin.settings.user!;
    held = new Promise<void>((resolve) => (release = resolve));
    const job = await jobs(ben).open('demo', { vin, repairOrder: 'RO-LATE' });
    let entry;
    try {
      entry = await send(ana, vin, 'set_charge_limit', { percent: 75 });
      expect(entry.time >= job.periods[0]!.openedAt).toBe(true);
      // Her read-back found no job: it was not known here yet.
      await expect(jobs(ana).get(job.id)).rejects.toMatchObject({ kind: 'not_found' });
    } finally {
      holdListenerOf = null;
      release();
    }
    await jobEvent(ana, vin, (e) => e.jobId === job.id && e.openJob !== null, "Ben's job heard on Ana");
    // What Ana heard is followed, and the read-back it started again is done.
    await ana.core.shop.idle();
    await jobs(ana).settle();
    expect((await jobs(ana).get(job.id)).effects[entry.id]).toMatchObject({ status: 'confirmed', after: 75 });
    await jobs(ben).close(job.id, { acknowledge: ALL_WARNINGS });
  });

  it('asks the database while away and after, until it has read the jobs again; then follows what changed meanwhile', async () => {
    const vin = ben.simulator.vins[5]!;
    await cutOff(ben, shop.proxy);
    const job = await jobs(ana).open('demo', { vin, repairOrder: 'RO-AWAY' });
    const back = waitFor(
      matching((e) => e.type === 'shop.changed' && e.status.state === 'online'),
      'Ben online again',
      { wakeOn: coreEvents(ben), timeoutMs: 25_000 },
    );
    await shop.proxy.restore();
    await back;
    await ben.core.shop.idle();
    const before = askedBy(ben);
    const entry = await send(ben, vin, 'set_charge_limit', { percent: 65 });
    // Read again on the way back: Ana's job, opened while Ben was away, is known without asking.
    expect(askedBy(ben) - before).toBe(0);
    expect((await jobs(ben).get(job.id)).effects[entry.id]).toMatchObject({ status: 'confirmed', after: 65 });
    await jobs(ana).close(job.id, { acknowledge: ALL_WARNINGS });
  });
});
