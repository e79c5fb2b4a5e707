// Telemetry templates in shop mode: the shop's database holds them, shared and live between
// machines; this machine keeps a copy that reads offline and queues its changes, and reads the
// shop's again whenever they may have changed. Every change is told as `templates.changed`.
import { hostname } from 'node:os';
import type { ShopSettingsInput } from '../../../shared/shop';
import {
  createShopTemplateStore,
  openShopTemplateCopy,
  type ShopSession,
  type ShopTemplateCopy,
} from '../../shop';
import type { TemplateStore } from '../../storage/template-store';
import { technicianOf, type Linked, type LinkState } from './link-state';

export interface ShopTemplates {
  /** The shop's own table, through the connected database (throws while it is away). */
  readonly shop: TemplateStore;
  /** This machine's copy for a profile's session starting now. */
  open(profileId: string, settings: ShopSettingsInput, session: ShopSession, dir: string): ShopTemplateCopy;
  /** The copy follows the database; then every list of templates reads them again. */
  refresh(link: Linked): Promise<void>;
}

export function createShopTemplates(state: LinkState): ShopTemplates {
  const { deps, now } = state;
  const changed = () => deps.facts.publish('templates.changed', {});
  const shop = createShopTemplateStore({
    target: () => {
      const { link, db } = state.online();
      return { pool: db.pool, garageId: db.garageId, technician: technicianOf(link) };
    },
    onProblem: state.onProblem,
  });

  async function refresh(link: Linked): Promise<void> {
    if (state.linked() !== link || !link.session.db()) return;
    await link.templates.refresh(() => shop.list());
    changed();
  }

  return {
    shop,
    refresh,
    open(profileId, settings, session, dir) {
      return openShopTemplateCopy({
        dir,
        session,
        who: () => ({ technician: settings.technician, machine: settings.machine || hostname(), profileId }),
        now,
        onChanged: changed,
        onUploaded: () => {
          const current = state.linked();
          if (current?.profileId === profileId)
            void state.enqueue('reading the templates', () => refresh(current));
        },
      });
    },
  };
}
