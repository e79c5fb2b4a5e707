// After a restart the app catches up with what colleagues did while it was closed: the session says
// "online" only once its database handle is there, so the garage merge, the jobs resync and the
// claims read run against the live database (and are tried again if one fails), instead of against
// nothing while the header says "online, 0 waiting". Two cores on one real PostgreSQL; Ana's app is
// stopped and started again on her data folder.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';
import { matching, passes, waitFor } from '../support/wait-for';
import { coreEvents } from './support/join-shop';
import { SHOP_BACKOFF, startTwoCores, type TwoCores } from './support/two-cores';
import { SHOP_WAIT } from './support/wait';

const KNOWN = '5YJ3E1EA7KF317301';
const ADDED = '1M8GDM9AXKP042301';
const CLAIMED = '5YJSA1E26HF200301';

let pair: TwoCores;
let anaDir: string;
let ana: CoreHarness | null = null;

async function garageOf(h: CoreHarness) {
  const list = await h.garage.vehicles.list();
  if (!list.ok) throw new Error(list.error.message);
  return list.value;
}

/** Ana's app started on her data folder: it is in shop mode already and connects by itself. */
async function restartAna(): Promise<CoreHarness> {
  const restarted = await startCoreHarness({ shopBackoff: SHOP_BACKOFF, dataDir: anaDir });
  ana = restarted;
  await waitFor(
    passes(() => expect(restarted.core.shop.status().state).toBe('online')),
    'Ana online after the restart',
    { ...SHOP_WAIT, wakeOn: coreEvents(restarted) },
  );
  await restarted.core.shop.idle();
  return restarted;
}

beforeAll(async () => {
  anaDir = await mkdtemp(path.join(os.tmpdir(), 'garage-restart-'));
  pair = await startTwoCores('restart_catch_up', {}, { anaDataDir: anaDir });
  ana = pair.ana;
  const seen = waitFor(
    matching((e) => e.type === 'garage.changed'),
    'the known car on Ana',
    { ...SHOP_WAIT, wakeOn: coreEvents(ana) },
  );
  expect(await pair.ben.garage.vehicles.add({ vin: KNOWN, nickname: 'Van' })).toMatchObject({ ok: true });
  await seen;
});

afterAll(async () => {
  await ana?.close();
  await pair?.ben.close();
  await pair?.proxy.close();
  if (anaDir) await rm(anaDir, { recursive: true, force: true });
});

describe('a restart while colleagues work', () => {
  it("shows a colleague's added car, rename, job and claim once online again", async () => {
    const { ben } = pair;
    await ana!.close();
    ana = null;

    expect(await ben.garage.vehicles.add({ vin: ADDED, nickname: 'Courtesy car' })).toMatchObject({
      ok: true,
    });
    expect(await ben.garage.vehicles.rename(KNOWN, 'Bay 2 van')).toMatchObject({ ok: true });
    expect(await ben.garage.vehicles.add({ vin: CLAIMED })).toMatchObject({ ok: true });
    const job = await ben.garage.jobs.open(KNOWN, { repairOrder: 'RO-7001' });
    expect(job).toMatchObject({ ok: true });
    expect(await ben.garage.claims.claim(CLAIMED, { note: 'brakes' })).toMatchObject({ ok: true });
    await ben.core.shop.idle();

    const restarted = await restartAna();
    const garage = await garageOf(restarted);
    expect(garage.find((v) => v.vin === ADDED)).toMatchObject({ nickname: 'Courtesy car' });
    expect(garage.find((v) => v.vin === KNOWN)).toMatchObject({ nickname: 'Bay 2 van' });
    expect(restarted.core.shop.status()).toMatchObject({ state: 'online', pending: 0 });
    const jobs = await restarted.garage.jobs.list({ vin: KNOWN });
    expect(jobs.ok && jobs.value.map((j) => j.repairOrder)).toEqual(['RO-7001']);
    // The claims were read too: a command to Ben's car asks first.
    const refused = await restarted.garage.vehicles.command(CLAIMED, 'close_windows');
    expect(refused).toMatchObject({ ok: false, error: { kind: 'rejected' } });
  });

  it('tries the catch-up again when it fails while online', async () => {
    const { ben, db } = pair;
    await ana!.close();
    ana = null;
    const LATE = '1M8GDM9AXKP042302';
    expect(await ben.garage.vehicles.add({ vin: LATE, nickname: 'Late one' })).toMatchObject({ ok: true });
    await ben.core.shop.idle();
    // Ana's role may connect and listen (the listener reads the change columns), but reading the
    // garage whole fails until the grant is back: the first catch-up after the restart fails while
    // the session is online.
    const technicians = `"${db.name}_technicians"`;
    await db.query(`REVOKE SELECT ON shop_vehicles FROM ${technicians}`);
    await db.query(`GRANT SELECT (garage_id, vin, id, change_seq) ON shop_vehicles TO ${technicians}`);
    const restarted = await restartAna();
    expect((await garageOf(restarted)).find((v) => v.vin === LATE)).toBeUndefined();

    await db.query(`GRANT SELECT ON shop_vehicles TO ${technicians}`);
    await waitFor(
      passes(async () =>
        expect((await garageOf(restarted)).find((v) => v.vin === LATE)).toMatchObject({
          nickname: 'Late one',
        }),
      ),
      'the late car on Ana, by a retried catch-up',
      SHOP_WAIT,
    );
  });
});
