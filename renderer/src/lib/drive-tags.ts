// The drive tags this app set on each vehicle, from the audit log (successful "set tag" entries of
// the profile): what the garage's tag filter offers. The service has no per-vehicle tag list that
// could be read without one drives read per vehicle.
import type { AuditEntry } from '../../../electron/shared/types';
import { mainApi } from './main-api';

/** The most recent audit entries looked at; older tags drop out of the filter. */
export const TAG_AUDIT_LIMIT = 10_000;

export function tagIndexOf(entries: readonly AuditEntry[], profileId: string): Map<string, Set<string>> {
  const index = new Map<string, Set<string>>();
  for (const entry of entries) {
    if (entry.profileId !== profileId || entry.operation !== 'setDriveTag' || entry.outcome !== 'success')
      continue;
    const tag = entry.params['tag'];
    if (typeof tag !== 'string' || tag.trim() === '') continue;
    let tags = index.get(entry.vin);
    if (!tags) index.set(entry.vin, (tags = new Set()));
    tags.add(tag.trim());
  }
  return index;
}

export async function loadTagIndex(profileId: string): Promise<Map<string, Set<string>>> {
  const result = await mainApi().audit.list({ limit: TAG_AUDIT_LIMIT });
  return result.ok ? tagIndexOf(result.value, profileId) : new Map();
}
