// Puts a core harness's demo profile in shop mode on a test database, and waits until it is online.
import { expect } from 'vitest';
import type { GarageEvent } from '../../../electron/shared/events';
import type { CoreHarness } from '../../support/core-harness';
import type { Login } from './pg';
import { SHOP_WAIT } from './wait';
import { waitFor } from '../../support/wait-for';

export const coreEvents = (h: CoreHarness) => (listener: (event: GarageEvent) => void) =>
  h.core.events.subscribe(listener);

export async function joinShop(h: CoreHarness, login: Login, technician: string, machine: string) {
  const profileId = 'demo';
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
  // Online as configured now: an event of the session this replaces (a profile joining again, its
  // password set anew) says nothing of the new one, so the status is asked after the change.
  await waitFor(
    async () => {
      const status = await h.garage.shop.status();
      return status.ok && status.value.state === 'online';
    },
    `${technician} online`,
    { ...SHOP_WAIT, wakeOn: coreEvents(h) },
  );
  await h.core.shop.idle();
}
