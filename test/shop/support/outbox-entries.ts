// Audit entries for outbox tests: one command each, a second apart, each with a fresh id.
import { randomUUID } from 'node:crypto';
import type { ShopAuditInput } from '../../../electron/main/shop/audit-store';

export function flashEntries(count: number, vin: string): ShopAuditInput[] {
  const start = Date.parse('2026-01-01T08:00:00Z');
  return Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    time: new Date(start + i * 1000).toISOString(),
    vin,
    operation: 'command:flash_lights',
    params: { n: i },
    outcome: 'success',
    technician: 'Ana',
    machine: 'bay-1',
  }));
}
