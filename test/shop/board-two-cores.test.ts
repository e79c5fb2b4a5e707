// The board across two technicians' apps on one real PostgreSQL: a colleague's claim shows on the
// other's board (and as "mine" only on the holder's, by role), the other app hears the change live
// (no polling), and a car one app read from the service shows on the other's board with when it was
// read and by whom, and in the other's garage, without the other app asking the service.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GarageEvent } from '../../electron/shared/events';
import type { CoreHarness } from '../support/core-harness';
import { matching, waitFor } from '../support/wait-for';
import { coreEvents } from './support/join-shop';
import { startTwoCores, type TwoCores } from './support/two-cores';
import { SHOP_WAIT } from './support/wait';

let pair: TwoCores;
let vin: string;

async function boardOf(h: CoreHarness) {
  const board = await h.garage.shop.board();
  if (!board.ok) throw new Error(board.error.message);
  return board.value;
}

beforeAll(async () => {
  pair = await startTwoCores('board_two_cores');
  const list = await pair.ana.garage.vehicles.list();
  if (!list.ok || !list.value[0]) throw new Error('the demo garage has no car');
  vin = list.value[0].vin;
  await pair.ana.core.shop.idle();
  await pair.ben.core.shop.idle();
}, 60_000);

afterAll(async () => {
  await pair?.close();
});

describe('the board on two machines', () => {
  it("shows a colleague's claim live, as theirs on one board and as mine on the other", async () => {
    const { ana, ben } = pair;
    const heard = waitFor(
      matching((event: GarageEvent) => event.type === 'board.changed'),
      "Ben's board told of Ana's claim",
      { ...SHOP_WAIT, wakeOn: coreEvents(ben) },
    );
    expect(await ana.garage.claims.claim(vin, { note: 'brakes' })).toMatchObject({ ok: true });
    await heard;

    const onBen = (await boardOf(ben)).cars.find((car) => car.vin === vin);
    expect(onBen?.claim).toMatchObject({ by: 'Ana', role: pair.anaLogin.settings.user, mine: false });
    const onAna = (await boardOf(ana)).cars.find((car) => car.vin === vin);
    expect(onAna?.claim).toMatchObject({ by: 'Ana', mine: true });
    expect(onAna?.lastAction).toBeNull();
  });

  it("shows a car Ana read from the service on Ben's board, with its time and reader", async () => {
    const { ana, ben } = pair;
    const benAsked = () => ben.simulator.requests.filter((request) => request.vin === vin).length;
    const benBefore = benAsked();
    const state = await ana.garage.vehicles.state(vin);
    expect(state).toMatchObject({ ok: true });
    const level = state.ok ? state.value.charge_state?.battery_level : undefined;
    expect(typeof level).toBe('number');

    const car = await waitFor(
      async () => (await boardOf(ben)).cars.find((each) => each.vin === vin && each.state.batteryLevel),
      "Ana's reading on Ben's board",
      { ...SHOP_WAIT, wakeOn: coreEvents(ben) },
    );
    expect(car.state.batteryLevel).toMatchObject({
      value: level,
      technician: 'Ana',
      role: pair.anaLogin.settings.user,
    });
    expect(Date.parse(car.state.batteryLevel!.readAt)).toBeLessThanOrEqual(Date.now());
    // Ben's garage knows the car from Ana's reading too, with the time it was read, as a colleague's.
    const glance = await waitFor(
      async () => {
        const list = await ben.garage.vehicles.list();
        const entry = list.ok ? list.value.find((each) => each.vin === vin) : undefined;
        return entry?.glance.batteryLevel?.source === 'shop' ? entry.glance.batteryLevel : null;
      },
      "Ana's reading in Ben's garage",
      { ...SHOP_WAIT, wakeOn: coreEvents(ben) },
    );
    expect(glance).toMatchObject({ value: level, asOf: car.state.batteryLevel!.readAt, fromCache: true });
    // Ben's app asked its service nothing about the car for it, and did not share Ana's reading again.
    expect(benAsked()).toBe(benBefore);
    await ben.core.shop.idle();
    const echoed = await pair.db.query('SELECT 1 FROM vehicle_readings WHERE vin = $1 AND db_role = $2', [
      vin,
      pair.benLogin.settings.user,
    ]);
    expect(echoed.rowCount).toBe(0);
  });
});
