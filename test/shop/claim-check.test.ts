// The claim check before a command answers from the claims the app shows, kept live, instead of a
// round trip on the command's path; these are read again from the tables after every lost
// connection. A claim taken while this app was away (no change heard) still stops its command once
// it is back; a release heard live lets the next one through.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShop } from '../../electron/main/shop/shop-db';
import type { GarageEvent } from '../../electron/shared/events';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';
import { createTestDatabase, type Login } from './support/pg';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy';
import { SHOP_WAIT } from './support/wait';
import { matching, waitFor } from '../support/wait-for';

let proxy: TcpProxy;
let ana: CoreHarness;
let ben: CoreHarness;

const events = (h: CoreHarness) => (listener: (event: GarageEvent) => void) =>
  h.core.events.subscribe(listener);
const stateIs = (h: CoreHarness, state: string) =>
  waitFor(
    matching((e) => e.type === 'shop.changed' && e.status.state === state),
    `shop ${state}`,
    { ...SHOP_WAIT, wakeOn: events(h) },
  );

async function join(h: CoreHarness, login: Login, technician: string): Promise<void> {
  const online = stateIs(h, 'online');
  await h.garage.shop.setPassword('demo', login.password);
  const { host, port, database, user } = login.settings;
  const configured = await h.garage.shop.configure('demo', {
    mode: 'shop',
    connection: { host: host!, port: port!, database: database!, user: user!, sslmode: 'disable' },
    technician,
    machine: `${technician}'s bay`,
  });
  expect(configured).toMatchObject({ ok: true });
  await online;
  await h.core.shop.idle();
}

beforeAll(async () => {
  const db = await createTestDatabase('claim_check');
  const owner = await openShop({ settings: db.owner.settings, getPassword: db.owner.getPassword });
  await owner.close();
  const anaLogin = await db.addTechnician('ana');
  const benLogin = await db.addTechnician('ben');
  proxy = await startTcpProxy(benLogin.settings.host!, benLogin.settings.port!);
  const options = { shopBackoff: { initialMs: 100, maxMs: 400 } };
  ana = await startCoreHarness(options);
  ben = await startCoreHarness(options);
  await join(ana, anaLogin, 'Ana');
  await join(ben, db.via(benLogin, '127.0.0.1', proxy.port), 'Ben');
});

afterAll(async () => {
  await ana?.close();
  await ben?.close();
  await proxy?.close();
});

describe('the claim check before a command', () => {
  it('stops a command to a car claimed while this app was away, once it is back', async () => {
    const vin = ben.simulator.vins[3]!;
    const offline = stateIs(ben, 'offline');
    await proxy.cut();
    await offline;
    expect(await ana.garage.claims.claim(vin, { note: 'tyres' })).toMatchObject({ ok: true });

    const online = stateIs(ben, 'online');
    await proxy.restore();
    await online;
    await ben.core.shop.idle();
    const refused = await ben.garage.vehicles.command(vin, 'set_charge_limit', { percent: 70 });
    expect(refused).toMatchObject({ ok: false, error: { kind: 'rejected' } });
    expect(!refused.ok && refused.error.message).toContain('Ana has claimed this vehicle');

    const released = waitFor(
      matching((e) => e.type === 'claim.changed' && e.vin === vin && e.claim === null),
      'the release on Ben',
      { ...SHOP_WAIT, wakeOn: events(ben) },
    );
    expect(await ana.garage.claims.release(vin)).toMatchObject({ ok: true });
    await released;
    expect(await ben.garage.vehicles.command(vin, 'set_charge_limit', { percent: 71 })).toMatchObject({
      ok: true,
    });
  });

  it('stops a command to a car claimed while connected, as soon as the claim is shown', async () => {
    const vin = ben.simulator.vins[4]!;
    const shown = waitFor(
      matching((e) => e.type === 'claim.changed' && e.vin === vin && e.claim?.claimedBy === 'Ana'),
      'the claim on Ben',
      { ...SHOP_WAIT, wakeOn: events(ben) },
    );
    expect(await ana.garage.claims.claim(vin)).toMatchObject({ ok: true });
    await shown;
    expect(await ben.garage.vehicles.command(vin, 'close_windows')).toMatchObject({
      ok: false,
      error: { kind: 'rejected' },
    });
  });
});
