// Garage changes made in shop mode travel in the audit outbox, on the entry that records them: the
// outbox is durable on disk and uploaded in order, and the change is applied to the shop's garage
// in the same transaction that inserts its entry, only when that insert is new. A change made
// while the database was away survives a restart, and an upload repeated after a crash applies
// nothing twice (the entry's id decides, as for every audit entry).
import type { ClientBase } from 'pg';
import { shopVehicles } from './vehicles';

export type GarageChange =
  { kind: 'add'; nickname: string | null } | { kind: 'remove' } | { kind: 'rename'; nickname: string | null };

interface ChangeEntry {
  id: string;
  vin: string;
  technician: string;
  garage?: GarageChange | null;
}

/** The garage change an entry carries, when it is a well-formed one (the file may be old or damaged). */
export function garageChangeOf(entry: ChangeEntry): GarageChange | null {
  const change = entry.garage;
  if (!change || typeof change !== 'object') return null;
  const nickname = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  if (change.kind === 'remove') return { kind: 'remove' };
  if (change.kind === 'add' || change.kind === 'rename')
    return { kind: change.kind, nickname: nickname((change as { nickname?: unknown }).nickname) };
  return null;
}

/** The VINs whose garage change still waits in these entries. */
export function pendingGarageVins(entries: readonly ChangeEntry[]): Set<string> {
  return new Set(entries.filter((entry) => garageChangeOf(entry) !== null).map((entry) => entry.vin));
}

/**
 * Applies, in order, the garage changes of the entries this transaction inserted (`inserted`);
 * entries the shop already had were applied when they were first inserted.
 */
export async function applyGarageChanges(
  client: ClientBase,
  garageId: string,
  entries: readonly ChangeEntry[],
  inserted: ReadonlySet<string>,
): Promise<number> {
  const vehicles = shopVehicles(client, garageId);
  let applied = 0;
  for (const entry of entries) {
    const change = garageChangeOf(entry);
    if (!change || !inserted.has(entry.id)) continue;
    if (change.kind === 'add') await vehicles.add(entry.vin, entry.technician, { nickname: change.nickname });
    else if (change.kind === 'remove') await vehicles.remove(entry.vin, entry.technician);
    else await vehicles.rename(entry.vin, change.nickname);
    applied += 1;
  }
  return applied;
}

/** The garage change a local audit entry records (a vehicle added or removed), or null. */
export function garageChangeOfAction(entry: {
  operation: string;
  params?: Record<string, unknown> | null;
  outcome: string;
}): GarageChange | null {
  if (entry.outcome !== 'success') return null;
  if (entry.operation === 'removeVehicle') return { kind: 'remove' };
  if (entry.operation !== 'addVehicle') return null;
  const nickname = entry.params?.['nickname'];
  return { kind: 'add', nickname: typeof nickname === 'string' && nickname !== '' ? nickname : null };
}
