// An entry the shop database refuses for good (here a time it cannot read: SQLSTATE 22007) is set
// aside, kept on disk with the server's reason and named in the session's status, and the entries
// before and after it reach the shop; the refused one is not sent again.
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX_SET_ASIDE } from '../../electron/main/shop/outbox';
import { openShop } from '../../electron/main/shop/shop-db';
import { outboxDirOf } from '../../electron/main/shop/outbox-owners';
import {
  startShopSession,
  type ShopSession,
  type ShopSessionStatus,
} from '../../electron/main/shop/shop-session';
import { matching, waitFor } from '../support/wait-for';
import { flashEntries } from './support/outbox-entries';
import { createTestDatabase, type Login, type TestDatabase } from './support/pg';
import { SHOP_WAIT } from './support/wait';

const VIN = '5YJ3E1EA7KF001109';
let db: TestDatabase;
let login: Login;
let dir: string;
let session: ShopSession;

beforeAll(async () => {
  db = await createTestDatabase('set_aside');
  await (await openShop({ settings: db.owner.settings, getPassword: db.owner.getPassword })).close();
  login = await db.addTechnician('ana');
  dir = await mkdtemp(join(tmpdir(), 'vg-set-aside-'));
});

afterAll(async () => {
  await session?.close();
  await rm(dir, { recursive: true, force: true });
});

const statusWhere = (predicate: (s: ShopSessionStatus) => boolean, what: string) =>
  predicate(session.status())
    ? Promise.resolve(session.status())
    : waitFor(matching(predicate), what, {
        ...SHOP_WAIT,
        wakeOn: (l: (s: ShopSessionStatus) => void) => session.onStatus(l),
      });

describe('an entry the shop database refuses for good', () => {
  it('is set aside and named, and the entries around it reach the shop', async () => {
    const [before, refused, after] = flashEntries(3, VIN);
    const broken = { ...refused!, time: 'the day after tomorrow' };
    session = await startShopSession({
      settings: login.settings,
      getPassword: login.getPassword,
      dir,
      backoff: { initialMs: 50, maxMs: 200 },
    });
    await session.recordMany([before!, broken, after!]);
    const told = await statusWhere(
      (s) => s.state === 'online' && s.pending === 0 && (s.setAside?.count ?? 0) > 0,
      'the refused entry set aside and the rest uploaded',
    );
    expect(told.setAside).toMatchObject({ count: 1 });
    expect(told.setAside!.message).toMatch(
      /"command:flash_lights" entry for 5YJ3E1EA7KF001109 of the day after tomorrow/,
    );
    expect(told.setAside!.message).toMatch(/invalid input syntax for type timestamp/);
    const rows = await db.query<{ id: string }>('SELECT id FROM audit_entries WHERE vin = $1 ORDER BY time', [
      VIN,
    ]);
    expect(rows.rows.map((r) => r.id)).toEqual([before!.id, after!.id]);
    const kept = (await readFile(join(outboxDirOf(dir, login.settings.user!), OUTBOX_SET_ASIDE), 'utf8'))
      .trim()
      .split('\n');
    expect(kept.map((line) => (JSON.parse(line) as { entry: { id: string } }).entry.id)).toEqual([broken.id]);
    expect(await session.waiting()).toEqual([]);
  });
});
