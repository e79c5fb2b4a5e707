// Searches every vehicle's history at once: the entries whose words contain the technician's text,
// newest first, of the active profile only (what the window shows belongs to the profile it shows),
// reading at most a bounded number of entries. The log holds no vehicle names nor the action in
// words, so each entry is matched against what the technician sees of it: its action and outcome as
// the History tab says them (in English and in main's language, since the window may speak either),
// its VIN, its vehicle as the garage names it, and who did it.
import { actionText, outcomeText } from '../../shared/audit-words';
import { english, type Say } from '../../shared/i18n/english';
import {
  AUDIT_SEARCH_EXAMINE_MAX,
  AUDIT_SEARCH_LIMIT_DEFAULT,
  type AuditEntry,
  type AuditSearchAnswer,
} from '../../shared/types';
import type { VehicleLookup, VehicleNames } from '../audit/audit-csv';
import type { AuditLog } from '../audit/audit-log';

export interface AuditSearchOptions {
  audit: Pick<AuditLog, 'scan'>;
  /** Names each vehicle as its profile's garage knows it, read once per search. */
  vehicleNames: () => Promise<VehicleLookup>;
  /** Main's language now (the window's too, unless it was just changed). */
  say: () => Say;
  /** The profile the window shows: entries of other profiles are not searched. */
  activeProfileId: () => Promise<string>;
  /** How many entries one search reads at most (tests make it small); AUDIT_SEARCH_EXAMINE_MAX. */
  examineMax?: number;
}

/** The name a row shows for its car: the nickname, else the plate, else the model. */
function vehicleName(names: VehicleNames | undefined): string | null {
  return names?.nickname || names?.plate || names?.model || null;
}

export function createAuditSearch(options: AuditSearchOptions) {
  return {
    async search(text: string, query: { limit?: number } = {}): Promise<AuditSearchAnswer> {
      const needle = text.trim().toLocaleLowerCase();
      const names = await options.vehicleNames();
      const profileId = await options.activeProfileId();
      const sayings = [english, options.say()];
      const words = (entry: AuditEntry): string[] => {
        const known = names(entry.profileId, entry.vin);
        return [
          entry.vin,
          entry.operation,
          entry.outcome,
          known?.nickname ?? '',
          known?.plate ?? '',
          known?.model ?? '',
          entry.technician ?? '',
          entry.profileName,
          ...sayings.flatMap((say) => [actionText(entry.operation, say), outcomeText(entry.outcome, say)]),
        ];
      };
      // Bounded: a text nothing matches reads no more than this, and the answer says how far back.
      const found = await options.audit.scan({
        limit: query.limit ?? AUDIT_SEARCH_LIMIT_DEFAULT,
        examine: options.examineMax ?? AUDIT_SEARCH_EXAMINE_MAX,
        where: (entry) =>
          entry.profileId === profileId &&
          words(entry).some((word) => word.toLocaleLowerCase().includes(needle)),
      });
      return {
        hits: found.entries.map((entry) => ({
          entry,
          vehicle: vehicleName(names(entry.profileId, entry.vin)),
        })),
        stoppedEarly: found.stoppedEarly,
      };
    },
  };
}
