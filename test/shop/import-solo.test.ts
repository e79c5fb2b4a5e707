// A solo profile switching to shop mode: its garage and its local audit history go to the shop,
// and doing it again (a retry, a second switch) adds nothing.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAuditLog } from '../../electron/main/audit/audit-log';
import { fromLocalAuditEntry } from '../../electron/main/shop/local-audit';
import { openOutbox } from '../../electron/main/shop/outbox';
import { openShop } from '../../electron/main/shop/shop-db';
import { createTestDatabase } from './support/pg';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('uploading a solo garage on switching to shop mode', () => {
  it('adds its vehicles and its audit history once, keeping the shop values of vehicles it has', async () => {
    const db = await createTestDatabase('import');
    const shop = await openShop({ settings: db.owner.settings, getPassword: db.owner.getPassword });
    const dataDir = await mkdtemp(join(tmpdir(), 'vg-solo-'));
    dirs.push(dataDir);
    try {
      await shop.vehicles.add('5YJ3E1EA7KF000802', 'Ben', { nickname: 'Shop name' });
      // The solo profile's audit log, as the app writes it today.
      const log = createAuditLog({ dataDir });
      const local = [];
      for (const [i, vin] of ['5YJ3E1EA7KF000801', '5YJ3E1EA7KF000802'].entries()) {
        local.push(
          await log.append({
            profileId: 'p1',
            profileName: 'Solo',
            vin,
            operation: 'setPlate',
            params: { plate: `AB ${i}` },
            outcome: 'success',
            durationMs: 12,
          }),
        );
      }
      await log.close();
      const audit = local.map((entry) =>
        fromLocalAuditEntry(entry, { technician: 'Ana', machine: 'laptop-ana' }),
      );
      const vehicles = [
        { vin: '5YJ3E1EA7KF000801', nickname: 'Solo car', plate: 'AB 0', tags: ['loaner'] },
        { vin: '5YJ3E1EA7KF000802', nickname: 'Solo name' },
      ];
      const outbox = await openOutbox(join(dataDir, 'shop-outbox'));
      const first = await shop.importSolo({ vehicles, audit, technician: 'Ana' }, outbox);
      expect(first).toEqual({ vehiclesAdded: 1, audit: { sent: 2, inserted: 2, pending: 0 } });
      const again = await shop.importSolo({ vehicles, audit, technician: 'Ana' }, outbox);
      expect(again).toEqual({ vehiclesAdded: 0, audit: { sent: 2, inserted: 0, pending: 0 } });

      expect(await shop.vehicles.list()).toEqual([
        expect.objectContaining({
          vin: '5YJ3E1EA7KF000801',
          nickname: 'Solo car',
          tags: ['loaner'],
          addedBy: 'Ana',
        }),
        expect.objectContaining({ vin: '5YJ3E1EA7KF000802', nickname: 'Shop name', addedBy: 'Ben' }),
      ]);
      const history = await shop.vehicleHistory('5YJ3E1EA7KF000801');
      expect(history).toEqual([
        expect.objectContaining({
          id: local[0]!.id,
          technician: 'Ana',
          machine: 'laptop-ana',
          profileId: 'p1',
        }),
      ]);
      const count = await db.query('SELECT count(*)::int AS n FROM audit_entries');
      expect(count.rows[0]!['n']).toBe(2);
    } finally {
      await shop.close();
    }
  });
});
