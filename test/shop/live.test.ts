// The live listener after a lost connection: it reconnects with backoff and catches up from the
// tables (change_seq), so what happened while it was away still arrives, once.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAuditEntries } from '../../electron/main/shop/audit-store';
import type { ListenerStatus, ShopChange } from '../../electron/main/shop/live';
import { openShop, type ShopDb } from '../../electron/main/shop/shop-db';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from './support/pg';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy';
import { SHOP_WAIT } from './support/wait';
import { matching, waitFor } from '../support/wait-for';

let db: TestDatabase;
let ana: ShopDb;
let ben: ShopDb;
let proxy: TcpProxy;

beforeAll(async () => {
  db = await createTestDatabase('live');
  const owner = await openShop({ settings: db.owner.settings, getPassword: db.owner.getPassword });
  await owner.close();
  const anaLogin = await db.addTechnician('ana');
  const benLogin = await db.addTechnician('ben');
  proxy = await startTcpProxy(String(benLogin.settings.host), Number(benLogin.settings.port));
  ana = await openShop({ settings: anaLogin.settings, getPassword: anaLogin.getPassword });
  const benVia = db.via(benLogin, '127.0.0.1', proxy.port);
  ben = await openShop({ settings: benVia.settings, getPassword: benVia.getPassword });
});

afterAll(async () => {
  await ana?.close();
  await ben?.close();
  await proxy?.close();
});

/** Ben's listener started, every change it emits kept, and what a wait wakes on. */
async function watch(options: Parameters<ShopDb['listener']>[0]) {
  const listener = ben.listener(options);
  const changes: ShopChange[] = [];
  listener.onChange((change) => changes.push(change));
  await listener.start();
  return {
    listener,
    changes,
    onStatus: (l: (s: ListenerStatus) => void) => listener.onStatus(l),
    onChange: (l: (c: ShopChange) => void) => listener.onChange(l),
  };
}

/** Cuts Ben's relay and waits until the listener says it is reconnecting. */
async function cutOff(onStatus: (l: (s: ListenerStatus) => void) => () => void): Promise<ListenerStatus> {
  const reconnecting = waitFor(
    matching((s: ListenerStatus) => s.state === 'reconnecting'),
    'reconnecting',
    { ...SHOP_WAIT, wakeOn: onStatus },
  );
  await proxy.cut();
  return reconnecting;
}

/** Ana adds a vehicle; resolves with the change Ben's listener emits for it. */
async function addedAndHeard(
  onChange: (l: (c: ShopChange) => void) => () => void,
  vin: string,
  what: string,
): Promise<ShopChange> {
  const heard = waitFor(
    matching((c: ShopChange) => c.vin === vin),
    what,
    { ...SHOP_WAIT, wakeOn: onChange },
  );
  await ana.vehicles.add(vin, 'Ana');
  return heard;
}

describe('the shop listener across a lost connection', () => {
  it('reconnects and catches up from the tables, not from missed notifications', async () => {
    const { listener, changes, onStatus, onChange } = await watch({ backoff: { initialMs: 50, maxMs: 200 } });
    try {
      const vinBefore = '5YJ3E1EA7KF000601';
      expect(await addedAndHeard(onChange, vinBefore, 'a live change')).toMatchObject({
        kind: 'vehicle',
        caughtUp: false,
      });

      expect(await cutOff(onStatus)).toMatchObject({
        state: 'reconnecting',
        error: { shopKind: 'unreachable' },
      });

      // While Ben is away: a vehicle added, a claim taken, an audit entry written.
      const vinAway = '5YJ3E1EA7KF000602';
      await ana.vehicles.add(vinAway, 'Ana');
      await ana.claims.claim(vinAway, 'Ana');
      const auditId = randomUUID();
      const client = await ana.pool.connect();
      await insertAuditEntries(client, ana.garageId, [
        {
          id: auditId,
          time: new Date().toISOString(),
          vin: vinAway,
          operation: 'command:honk',
          params: {},
          outcome: 'success',
          technician: 'Ana',
          machine: 'bay-1',
        },
      ]).finally(() => client.release());

      const backLive = waitFor(
        matching((s) => s.state === 'live'),
        'live again',
        { ...SHOP_WAIT, wakeOn: onStatus },
      );
      const caughtAudit = waitFor(
        matching((c) => c.kind === 'audit' && c.id === auditId),
        'the missed audit entry',
        { ...SHOP_WAIT, wakeOn: onChange },
      );
      await proxy.restore();
      await backLive;
      expect(await caughtAudit).toMatchObject({ vin: vinAway, caughtUp: true });
      const missed = changes.filter((c) => c.vin === vinAway);
      expect(missed.map((c) => c.kind).sort()).toEqual(['audit', 'claim', 'vehicle']);
      expect(missed.every((c) => c.caughtUp)).toBe(true);
      // The change seen live before the cut is not emitted again by the catch-up.
      expect(changes.filter((c) => c.vin === vinBefore)).toHaveLength(1);
      expect(listener.highWaterMark()).toBe(Math.max(...changes.map((c) => c.seq)));

      // And live again afterwards.
      const vinAfter = '5YJ3E1EA7KF000603';
      const after = waitFor(
        matching((c) => c.vin === vinAfter),
        'a change after the reconnect',
        { ...SHOP_WAIT, wakeOn: onChange },
      );
      await ana.vehicles.add(vinAfter, 'Ana');
      expect(await after).toMatchObject({ caughtUp: false });
    } finally {
      await listener.stop();
    }
  });

  it('notices a connection that went silent (no error, no data) and comes back live', async () => {
    const listener = ben.listener({
      backoff: { initialMs: 20, maxMs: 100 },
      heartbeat: { everyMs: 50, timeoutMs: 200 },
    });
    const onStatus = (l: (s: ListenerStatus) => void) => listener.onStatus(l);
    const onChange = (l: (c: ShopChange) => void) => listener.onChange(l);
    await listener.start();
    try {
      const reconnecting = waitFor(
        matching((s) => s.state === 'reconnecting'),
        'reconnecting',
        { ...SHOP_WAIT, wakeOn: onStatus },
      );
      const live = waitFor(
        matching((s) => s.state === 'live'),
        'live again',
        { ...SHOP_WAIT, wakeOn: onStatus },
      );
      proxy.freeze();
      expect(await reconnecting).toMatchObject({ error: { shopKind: 'unreachable' } });
      await live;
      const vin = '5YJ3E1EA7KF000604';
      const seen = waitFor(
        matching((c) => c.vin === vin),
        'a change after the silent loss',
        { ...SHOP_WAIT, wakeOn: onChange },
      );
      await ana.vehicles.add(vin, 'Ana');
      expect(await seen).toMatchObject({ kind: 'vehicle' });
    } finally {
      await listener.stop();
    }
  });

  it('asks for a resync instead of replaying more changes than it can carry', async () => {
    const listener = ben.listener({ backoff: { initialMs: 20, maxMs: 100 }, catchUpMax: 2 });
    const onStatus = (l: (s: ListenerStatus) => void) => listener.onStatus(l);
    const changes: ShopChange[] = [];
    listener.onChange((change) => changes.push(change));
    await listener.start();
    try {
      const reconnecting = waitFor(
        matching((s) => s.state === 'reconnecting'),
        'reconnecting',
        { ...SHOP_WAIT, wakeOn: onStatus },
      );
      await proxy.cut();
      await reconnecting;
      for (const n of [11, 12, 13]) await ana.vehicles.add(`5YJ3E1EA7KF0006${n}`, 'Ana');
      const resync = new Promise<void>((resolve) => listener.onResync(resolve));
      await proxy.restore();
      await resync;
      expect(changes).toEqual([]);
      // The mark moved past what the resync covers: the next change arrives alone.
      const vin = '5YJ3E1EA7KF000614';
      const seen = waitFor(
        matching((c) => c.vin === vin),
        'next',
        { ...SHOP_WAIT, wakeOn: (l: (c: ShopChange) => void) => listener.onChange(l) },
      );
      await ana.vehicles.add(vin, 'Ana');
      await seen;
      expect(changes.map((c) => c.vin)).toEqual([vin]);
    } finally {
      await listener.stop();
    }
  });

  it('takes a notification as a wake-up only: a forged seq neither shows nor hides a change', async () => {
    const { listener, changes, onStatus, onChange } = await watch({ backoff: { initialMs: 50, maxMs: 200 } });
    try {
      // A role with nothing but CONNECT may NOTIFY the shop's channel with any payload.
      const stranger = await db.addStranger('notifier');
      const forgedId = randomUUID();
      const notifier = new pg.Client({
        host: stranger.settings.host,
        port: stranger.settings.port,
        user: stranger.settings.user,
        password: stranger.password,
        database: db.name,
      });
      await notifier.connect();
      try {
        await notifier.query(`SELECT pg_notify('vg_shop_changes', $1)`, [
          JSON.stringify({
            table: 'shop_vehicles',
            garageId: ben.garageId,
            vin: '5YJ3E1EA7KF000801',
            id: forgedId,
            seq: 9_000_000_000_000,
          }),
        ]);
      } finally {
        await notifier.end();
      }
      // A real change after it: by the time it is heard, the forged one was delivered too.
      const vinLive = '5YJ3E1EA7KF000802';
      expect(await addedAndHeard(onChange, vinLive, 'a real change after the forged one')).toMatchObject({
        kind: 'vehicle',
        caughtUp: false,
      });
      expect(changes.filter((c) => c.id === forgedId)).toEqual([]);
      expect(listener.highWaterMark()).toBeLessThan(9_000_000_000_000);

      // Away and back: the catch-up reads from the mark the tables gave, so what changed meanwhile arrives.
      await cutOff(onStatus);
      const vinAway = '5YJ3E1EA7KF000803';
      await ana.vehicles.add(vinAway, 'Ana');
      const caught = waitFor(
        matching((c) => c.vin === vinAway),
        'the change made while away',
        { ...SHOP_WAIT, wakeOn: onChange },
      );
      await proxy.restore();
      expect(await caught).toMatchObject({ kind: 'vehicle', caughtUp: true });
    } finally {
      await listener.stop();
    }
  });

  it("ignores another garage's changes in the same database", async () => {
    const other = await openShop({
      settings: db.owner.settings,
      getPassword: db.owner.getPassword,
      garageId: 'other',
    });
    const listener = ana.listener();
    const changes: ShopChange[] = [];
    listener.onChange((change) => changes.push(change));
    await listener.start();
    try {
      await other.vehicles.add('5YJ3E1EA7KF000701', 'Zed');
      const mine = waitFor(
        matching(() => true),
        'own change',
        { ...SHOP_WAIT, wakeOn: (l: (c: ShopChange) => void) => listener.onChange(l) },
      );
      await ana.vehicles.add('5YJ3E1EA7KF000702', 'Ana');
      await mine;
      expect(changes.map((c) => c.vin)).toEqual(['5YJ3E1EA7KF000702']);
    } finally {
      await listener.stop();
      await other.close();
    }
  });
});

describe('the shop listener after the database is restored to an earlier point', () => {
  it('lowers its mark when the tables end below it, resyncs, and hears changes numbered below the old mark', async () => {
    const { listener, changes, onChange } = await watch({
      backoff: { initialMs: 20, maxMs: 100 },
      lookback: 2,
    });
    try {
      const kept = '5YJ3E1EA7KF000901';
      await addedAndHeard(onChange, kept, 'a change the restore keeps');
      const restoredTo = listener.highWaterMark();
      for (const vin of ['5YJ3E1EA7KF000902', '5YJ3E1EA7KF000903', '5YJ3E1EA7KF000904', '5YJ3E1EA7KF000905'])
        await addedAndHeard(onChange, vin, 'a change the restore loses');
      const before = listener.highWaterMark();
      expect(before).toBeGreaterThan(restoredTo + 2);

      // The restore, as the owner of a restored dump would see it: the later rows gone, the sequence back.
      await db.query(`DELETE FROM shop_vehicles WHERE change_seq > $1`, [restoredTo]);
      await db.query(`SELECT setval('shop_change_seq', $1)`, [restoredTo]);

      // Numbered just past the restore point, far below the mark: only a rewind check finds it.
      const resynced = new Promise<void>((resolve) => listener.onResync(resolve));
      await ana.vehicles.add('5YJ3E1EA7KF000906', 'Ana');
      await resynced;
      // The resync read the tables: the mark is theirs now, below where it stood.
      expect(listener.highWaterMark()).toBeLessThan(before);
      const live = await addedAndHeard(onChange, '5YJ3E1EA7KF000907', 'the next change after the rewind');
      expect(live).toMatchObject({ kind: 'vehicle', caughtUp: false });
      expect(live.seq).toBeLessThan(before);
      expect(changes.filter((c) => c.vin === '5YJ3E1EA7KF000907')).toHaveLength(1);
    } finally {
      await listener.stop();
    }
  });
});
