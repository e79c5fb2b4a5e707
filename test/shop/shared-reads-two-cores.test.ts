// One read serves the shop, across two technicians' apps on one real PostgreSQL: a car Ana's app
// read from the service answers Ben's opening of it (his service not asked), with the time Ana's app
// read it and her name; Ben's Refresh still asks his service; and a read the shop does not share
// asks it too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../support/wait-for';
import { coreEvents } from './support/join-shop';
import { startTwoCores, type TwoCores } from './support/two-cores';
import { SHOP_WAIT } from './support/wait';

let pair: TwoCores;
let vin: string;
/** A car only Ana reads here: Ben's own read of `vin` may be newer than hers on the board. */
let anaOnly: string;

beforeAll(async () => {
  pair = await startTwoCores('shared_reads_two_cores');
  const list = await pair.ana.garage.vehicles.list();
  if (!list.ok || !list.value[2]) throw new Error('the demo garage has too few cars');
  vin = list.value[1]!.vin;
  anaOnly = list.value[2].vin;
  await pair.ana.core.shop.idle();
  await pair.ben.core.shop.idle();
}, 60_000);

afterAll(async () => {
  await pair?.close();
});

/** How often Ben's service was asked for the car's state. */
const benAsked = () =>
  pair.ben.simulator.requests.filter((request) => request.vin === vin && request.route === 'state').length;

describe('shared reads on two machines', () => {
  it("answers Ben's read of a car from Ana's fresh read, with its time and reader; his Refresh asks the service", async () => {
    const { ana, ben } = pair;
    const read = await ana.garage.vehicles.state(vin, { refresh: true });
    expect(read).toMatchObject({ ok: true, source: 'live' });
    if (!read.ok) return;
    await waitFor(
      async () =>
        (
          await pair.db.query('SELECT 1 FROM shared_answers WHERE vin = $1 AND kind = $2 AND db_role = $3', [
            vin,
            'state',
            pair.anaLogin.settings.user,
          ])
        ).rowCount === 1,
      "Ana's answer in the shop",
      SHOP_WAIT,
    );

    const before = benAsked();
    const opened = await ben.garage.vehicles.state(vin);
    expect(opened).toMatchObject({
      ok: true,
      source: 'cache',
      fetchedAt: read.fetchedAt,
      readBy: { technician: 'Ana', role: pair.anaLogin.settings.user },
    });
    expect(opened.ok && opened.value).toEqual(read.value);
    expect(benAsked()).toBe(before);

    const refreshed = await ben.garage.vehicles.state(vin, { refresh: true });
    expect(refreshed).toMatchObject({ ok: true, source: 'live' });
    expect(refreshed.ok && 'readBy' in refreshed).toBe(false);
    expect(benAsked()).toBe(before + 1);
  });

  it("shares the charging state with the board, as Ana's read of it", async () => {
    const { ana, ben } = pair;
    const read = await ana.garage.vehicles.state(anaOnly, { refresh: true });
    const charging = read.ok ? read.value.charge_state?.charging_state : undefined;
    expect(typeof charging).toBe('string');
    const car = await waitFor(
      async () => {
        const board = await ben.garage.shop.board();
        const found = board.ok ? board.value.cars.find((each) => each.vin === anaOnly) : undefined;
        return found?.state.charging?.technician === 'Ana' ? found : null;
      },
      "Ana's charging state on Ben's board",
      { ...SHOP_WAIT, wakeOn: coreEvents(ben) },
    );
    expect(car.state.charging).toMatchObject({ value: charging, role: pair.anaLogin.settings.user });
  });
});
