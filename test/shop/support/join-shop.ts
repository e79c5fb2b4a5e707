// Puts a core harness's demo profile in shop mode on a test database, and waits until it is online.
import { expect } from 'vitest';
import type { GarageEvent } from '../../../electron/shared/events';
import type { CoreHarness } from '../../support/core-harness';
import type { Login } from './pg';
import { SHOP_WAIT } from './wait';
import { matching, waitFor } from '../../support/wait-for';

export const coreEvents = (h: CoreHarness) => (listener: (event: GarageEvent) => void) =>
  h.core.events.subscribe(listener);

export async function joinShop(h: CoreHarness, login: Login, technician: string, machine: string) {
  const profileId = 'demo';
  const online = waitFor(
    matching((e) => e.type === 'shop.changed' && e.status.state === 'online'),
    `${technician} online`,
    { ...SHOP_WAIT, wakeOn: coreEvents(h) },
  );
  expect(await h.garage.shop.setPassword(profileId, login.password)).toMatchObject({
    ok: true,
    value: { hasPassword: true },
  });
  const { host, port, database, user } = login.settings;
  const configured = await h.garage.shop.configure(profileId, {
    mode: 'shop',
    connection: { host: host!, port: port!, database: database!, user: user!, sslmode: 'disable' },
    technician,
    machine,
  });
  expect(configured).toMatchObject({ ok: true, value: { mode: 'shop', technician, machine } });
  await online;
  await h.core.shop.idle();
}
