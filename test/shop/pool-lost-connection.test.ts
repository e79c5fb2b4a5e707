// A connection the pool has lent out (a transaction between two statements) dies: main must hear of
// it as a failed query, never as an uncaught 'error' event (Electron's main would show a crash box).
import { afterAll, expect, it } from 'vitest';
import { createShopPool } from '../../electron/main/shop/connection';
import { resolveSettings } from '../../electron/main/shop/config';
import { createTestDatabase } from './support/pg';
import { startTcpProxy } from './support/tcp-proxy';

const uncaught: unknown[] = [];
const onUncaught = (error: unknown) => uncaught.push(error);
process.on('uncaughtException', onUncaught);
afterAll(() => {
  process.off('uncaughtException', onUncaught);
});

it('a lent-out connection cut between two statements fails its next query and throws nothing', async () => {
  const db = await createTestDatabase('lent');
  const proxy = await startTcpProxy(String(db.owner.settings.host), Number(db.owner.settings.port));
  const via = db.via(db.owner, '127.0.0.1', proxy.port);
  const pool = await createShopPool(resolveSettings(via.settings), async () => via.getPassword());
  try {
    const client = await pool.connect();
    await client.query('BEGIN');
    const ended = new Promise<void>((resolve) => client.once('end', () => resolve()));
    await proxy.cut();
    await ended;
    await expect(client.query('SELECT 1')).rejects.toThrow();
    client.release(true);
    // Without a listener of its own, the lent client's 'error' event is thrown into the event loop.
    expect(uncaught).toEqual([]);
  } finally {
    await pool.end().catch(() => undefined);
    await proxy.close();
  }
});
