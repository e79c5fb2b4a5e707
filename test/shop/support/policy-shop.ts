// A shop of three on a fresh test database, as the policy tests need it: Ana a technician, Fred a
// foreman and Alice an admin, each with a core of their own joined to the shop.
import { openShop } from '../../../electron/main/shop/shop-db';
import type { ApprovalRequest } from '../../../electron/shared/approval-request';
import { startCoreHarness, type CoreHarness } from '../../support/core-harness';
import { matching, waitFor } from '../../support/wait-for';
import { coreEvents, joinShop } from './join-shop';
import { createTestDatabase, type TestDatabase } from './pg';
import { SHOP_WAIT } from './wait';

export interface PolicyShop {
  db: TestDatabase;
  ana: CoreHarness;
  fred: CoreHarness;
  alice: CoreHarness;
  /** Ana's own database role, which the server stamps on her rows. */
  anaRole: string;
  close(): Promise<void>;
}

/** `fredOptions`: the foreman's core's own options (e.g. to record the notifications it asks for). */
export async function startPolicyShop(
  name: string,
  fredOptions: Parameters<typeof startCoreHarness>[0] = {},
): Promise<PolicyShop> {
  const db = await createTestDatabase(name);
  const owner = await openShop({ settings: db.owner.settings, getPassword: db.owner.getPassword });
  await owner.close();
  const anaLogin = await db.addTechnician('ana');
  const fredLogin = await db.addMember('fred', 'foremen');
  const aliceLogin = await db.addMember('alice', 'admins');
  const [ana, fred, alice] = await Promise.all([
    startCoreHarness(),
    startCoreHarness(fredOptions),
    startCoreHarness(),
  ]);
  await joinShop(ana, anaLogin, 'Ana', 'bay 1');
  await joinShop(fred, fredLogin, 'Fred', 'office');
  await joinShop(alice, aliceLogin, 'Alice', 'front');
  return {
    db,
    ana,
    fred,
    alice,
    anaRole: anaLogin.settings.user!,
    close: async () => void (await Promise.all([ana.close(), fred.close(), alice.close()])),
  };
}

/** Resolves once `h`'s core hears a request change that `test` accepts (e.g. its approval). */
export function approvalHeard(
  h: CoreHarness,
  test: (request: ApprovalRequest) => boolean,
  what: string,
): Promise<unknown> {
  return waitFor(
    matching((e) => e.type === 'approval.changed' && test(e.request)),
    what,
    { ...SHOP_WAIT, wakeOn: coreEvents(h) },
  );
}
