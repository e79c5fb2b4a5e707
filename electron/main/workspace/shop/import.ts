// "Import this machine's history": a solo profile's garage, audit log and templates go up to the
// shop it joined. Vehicles and entries are idempotent by VIN and id (importing twice adds nothing);
// a template the shop already has by name (any case) is the shop's, never replaced.
import type { ShopImportResult } from '../../../shared/shop';
import { AppError } from '../../../shared/result';
import { fromLocalAuditEntry } from '../../shop';
import { machineOf, technicianOf, type LinkState } from './link-state';
import type { ShopTemplates } from './templates';
import { tm } from '../../i18n/main-words';

const IMPORT_PAGE = 10_000;

export function createShopImport(
  state: LinkState,
  templates: ShopTemplates,
): { importLocal(profileId: string): Promise<ShopImportResult> } {
  const { deps } = state;
  return {
    async importLocal(profileId) {
      const { link, db } = state.online();
      if (link.profileId !== profileId) throw new AppError('invalid_input', tm('errors.switchProfileFirst'));
      const local = await deps.garage.list(profileId);
      const vehiclesAdded = await db.vehicles.importGarage(
        local.map((v) => ({ vin: v.vin, nickname: v.nickname, plate: v.plate ?? null })),
        technicianOf(link),
      );
      const who = { technician: technicianOf(link), machine: machineOf(link) };
      const seen = new Set<string>();
      let to: string | undefined;
      for (;;) {
        const page = (await deps.audit.list({ ...(to ? { to } : {}), limit: IMPORT_PAGE })).filter(
          (entry) => entry.profileId === profileId && !seen.has(entry.id),
        );
        for (const entry of page) seen.add(entry.id);
        await link.session.recordMany(page.map((entry) => fromLocalAuditEntry(entry, who)));
        if (page.length < IMPORT_PAGE - 1) break;
        to = page.at(-1)!.time;
      }
      let templatesAdded = 0;
      if (deps.localTemplates) {
        const key = (name: string) => name.toLocaleLowerCase('en');
        const have = new Set((await templates.shop.list()).map((t) => key(t.name)));
        for (const template of await deps.localTemplates.list()) {
          if (have.has(key(template.name))) continue;
          await templates.shop.save(template);
          have.add(key(template.name));
          templatesAdded++;
        }
      }
      link.session.reconnect();
      return {
        vehiclesAdded,
        entriesUploaded: seen.size,
        entriesWaiting: link.session.status().pending,
        templatesAdded,
      };
    },
  };
}
