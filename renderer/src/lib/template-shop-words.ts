// What the template views say in shop mode while the shop database is away: the templates shown
// are this computer's copy, and a change made now is kept here until the database is back (it is
// not an error, and nothing is lost).
import type { ShopStatus } from '../../../electron/shared/shop';
import { t } from './i18n.svelte';

/** True while a shop profile's template changes wait on this computer for the shop database. */
export function templatesWaitForShop(status: ShopStatus): boolean {
  return status.state === 'connecting' || status.state === 'offline' || status.state === 'refused';
}

/** The line beside the templates, or null when there is nothing to say. */
export function templatesShopNote(status: ShopStatus): string | null {
  if (!templatesWaitForShop(status)) return null;
  return status.pending > 0
    ? t('templates.shopAwayWaiting', { count: status.pending })
    : t('templates.shopAway');
}

/** The toast after a save: where the template is now. */
export function templateSavedWords(name: string, status: ShopStatus): string {
  return templatesWaitForShop(status) ? t('templates.savedLocal', { name }) : t('templates.saved', { name });
}
