// A local audit entry (electron/main/audit) as the shop stores it: same id, so the local log and
// the shop's agree on what one action is, plus who and where it was done, and the run it was part
// of (its id, and whether it was a bulk command), as the local log keeps them.
import type { AuditEntry } from '../../shared/types';
import type { ShopAuditInput } from './audit-store';

export function fromLocalAuditEntry(
  entry: AuditEntry,
  who: {
    technician: string;
    machine: string;
    effect?: Record<string, unknown> | null;
  },
): ShopAuditInput {
  return {
    id: entry.id,
    time: entry.time,
    vin: entry.vin,
    operation: entry.operation,
    params: entry.params,
    outcome: entry.outcome,
    reason: entry.reason ?? null,
    errorKind: entry.errorKind ?? null,
    effect: who.effect ?? null,
    durationMs: entry.durationMs,
    technician: who.technician,
    machine: who.machine,
    profileId: entry.profileId,
    runId: entry.runId ?? null,
    ...(entry.bulk ? { bulk: true } : {}),
  };
}
