// A job opened or closed in shop mode whose answer is lost after the database did it (the link goes
// once the INSERT, or the COMMIT of the close, has reached the real PostgreSQL): the app says the
// outcome is unknown, as it does for an API write, never "cannot reach … nothing was saved", and
// the database does hold the change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoreHarness } from '../support/core-harness';
import type { TestDatabase } from './support/pg';
import type { TcpProxy } from './support/tcp-proxy';
import { startTwoCores, type TwoCores } from './support/two-cores';

let shop: TwoCores;
let db: TestDatabase;
let proxy: TcpProxy;
let ben: CoreHarness;

beforeAll(async () => {
  shop = await startTwoCores('job_answer_lost');
  ({ db, proxy, ben } = shop);
}, 60_000);
afterAll(() => shop?.close());

const UNKNOWN =
  /^The shop database did not answer after the change was sent, so it may or may not have been /;

describe('a job change whose answer is lost after the database made it', () => {
  it('an open: says the outcome is unknown, and the job is in the shop', async () => {
    const vin = ben.simulator.vins[3]!;
    const lost = proxy.loseAnswer({ to: /INSERT INTO jobs/ });
    const opened = await ben.garage.jobs.open(vin, { repairOrder: 'RO-LOST-1' });
    await lost;
    expect(opened).toMatchObject({ ok: false, error: { kind: 'network' } });
    if (opened.ok) return;
    expect(opened.error.message).toMatch(UNKNOWN);
    expect(opened.error.message).toContain('opened (repair order RO-LOST-1)');
    expect(opened.error.message).not.toMatch(/not reachable|Cannot reach|nothing was saved/);
    const row = await db.query('SELECT status FROM jobs WHERE repair_order = $1', ['RO-LOST-1']);
    expect(row.rows).toEqual([{ status: 'open' }]);
  });

  it('a close: says the outcome is unknown, and the job is closed in the shop', async () => {
    const vin = ben.simulator.vins[4]!;
    const opened = await ben.garage.jobs.open(vin, { repairOrder: 'RO-LOST-2' });
    if (!opened.ok) throw new Error(opened.error.message);
    // The COMMIT of the transaction that updates the job: its answer is the one lost.
    const lost = proxy.loseAnswer({ after: /UPDATE jobs SET/, to: /COMMIT/ });
    const closed = await ben.garage.jobs.close(opened.value.id, {
      acknowledge: ['valet', 'chargePort', 'lowPower', 'sentry', 'speedLimit', 'chargeLimit'],
    });
    await lost;
    expect(closed).toMatchObject({ ok: false, error: { kind: 'network' } });
    if (closed.ok) return;
    expect(closed.error.message).toMatch(UNKNOWN);
    expect(closed.error.message).toContain('may or may not have been saved');
    const row = await db.query('SELECT status FROM jobs WHERE id = $1', [opened.value.id]);
    expect(row.rows).toEqual([{ status: 'closed' }]);
  });
});
