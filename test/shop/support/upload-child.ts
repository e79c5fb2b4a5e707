// A second process that uploads an outbox to the shop database and reports each batch on stdout,
// so a test can SIGKILL it at a chosen moment. With VG_PAUSE_AFTER_COMMIT=1 it stops after the
// first batch's commit, before writing the acknowledged mark: the worst moment to die.
import pg from 'pg';
import { openOutbox } from '../../../electron/main/shop/outbox';

const settings = JSON.parse(process.env['VG_SHOP_SETTINGS']!) as pg.ClientConfig;
const pool = new pg.Pool({ ...settings, password: process.env['VG_SHOP_PASSWORD']!, max: 1 });
pool.on('error', () => undefined);
const outbox = await openOutbox(process.env['VG_OUTBOX_DIR']!);
const pause = process.env['VG_PAUSE_AFTER_COMMIT'] === '1';
await outbox.upload(pool, process.env['VG_GARAGE_ID']!, {
  batchSize: Number(process.env['VG_BATCH_SIZE'] ?? 10),
  async afterCommit(batch) {
    process.stdout.write(`committed ${batch.length}\n`);
    if (pause) await new Promise(() => undefined);
  },
});
process.stdout.write('done\n');
await pool.end();
