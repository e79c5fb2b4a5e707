// What a vehicle row's context menu offers (right-click, the Menu key or Shift+F10 on the row):
// open it, copy its VIN, claim or release it in a shop, and open its job (or start one). Built from
// the stores' state so each item says what it will do, and disabled where it cannot.
import { t } from './i18n.svelte';
import type { ClaimView } from '../../../electron/shared/shop';
import type { OpenJobBadge } from '../../../electron/shared/jobs/job-badge';
import { copyText } from './download';
import { describeError } from './errors';
import { openJobs, shell, shop, toasts, vehicleList } from './stores';

export type RowAction = 'open' | 'copy-vin' | 'claim' | 'release' | 'open-job';

export interface RowActionItem {
  action: RowAction;
  label: string;
  disabled?: boolean;
}

export function rowActions(facts: {
  inShop: boolean;
  shopOnline: boolean;
  claim: ClaimView | null;
  openJob: OpenJobBadge | null;
}): RowActionItem[] {
  const items: RowActionItem[] = [
    { action: 'open', label: t('rowMenu.open') },
    { action: 'copy-vin', label: t('rowMenu.copyVin') },
  ];
  if (facts.inShop) {
    const claim = facts.claim && !facts.claim.expired ? facts.claim : null;
    if (claim?.mine)
      items.push({ action: 'release', label: t('claim.release'), disabled: !facts.shopOnline });
    else if (claim)
      items.push({ action: 'claim', label: t('row.claimedBy', { name: claim.claimedBy }), disabled: true });
    else items.push({ action: 'claim', label: t('claim.claim'), disabled: !facts.shopOnline });
  }
  items.push(
    facts.openJob
      ? { action: 'open-job', label: t('rowMenu.openJob', { repairOrder: facts.openJob.repairOrder }) }
      : { action: 'open-job', label: t('rowMenu.startJob') },
  );
  return items;
}

/** The menu for one vehicle, from the stores as they are now. */
export function rowActionsFor(vin: string): RowActionItem[] {
  return rowActions({
    inShop: shop.inShop,
    shopOnline: shop.status.state === 'online',
    claim: shop.claims.get(vin) ?? null,
    openJob: openJobs.get(vin),
  });
}

/** Does what a row's menu item says, and tells how it went in a toast where there is news. */
export async function performRowAction(vin: string, action: RowAction): Promise<void> {
  switch (action) {
    case 'open':
      vehicleList.select(vin);
      return;
    case 'copy-vin': {
      const done = await copyText(vin);
      toasts.show(
        done ? t('rowMenu.vinCopied', { vin }) : t('common.noClipboard'),
        done ? 'success' : 'error',
      );
      return;
    }
    case 'claim': {
      const result = await shop.claim(vin, '');
      toasts.show(
        result.ok ? t('claim.claimed', { name: vin }) : describeError(result.error),
        result.ok ? 'success' : 'error',
      );
      return;
    }
    case 'release': {
      const result = await shop.release(vin);
      toasts.show(
        result.ok ? t('rowMenu.released', { vin }) : describeError(result.error),
        result.ok ? 'success' : 'error',
      );
      return;
    }
    case 'open-job':
      vehicleList.select(vin);
      shell.requestedSection = { vin, section: 'job' };
      return;
  }
}
