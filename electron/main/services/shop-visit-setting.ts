// The shop's lot, its price per kWh and whether it records charging costs on the service
// (Settings → The car's visit): read once at start, written before a change is answered. Jobs read
// it at each check-in and close, so no window needs telling when it changes.
import { NO_SHOP_VISIT, type ShopVisitSettings } from '../../shared/shop-visit';
import type { OnCorrupt } from '../storage/atomic-file';
import { keptSetting, type KeptSetting } from '../storage/kept-setting';
import { readShopVisit, writeShopVisit } from '../storage/shop-visit-store';

export type ShopVisitSetting = KeptSetting<ShopVisitSettings>;

export function createShopVisitSetting(deps: {
  dataDir: string;
  onCorrupt?: OnCorrupt;
  onProblem?: (message: string, error: unknown) => void;
}): ShopVisitSetting {
  return keptSetting<ShopVisitSettings>({
    initial: NO_SHOP_VISIT,
    read: () => readShopVisit(deps.dataDir, { onCorrupt: deps.onCorrupt }),
    write: (settings) => writeShopVisit(deps.dataDir, settings),
    // Only the known fields; costs are recorded only at a price (the IPC edge refuses the rest).
    normalize: (input) => ({
      lot: input.lot
        ? { latitude: input.lot.latitude, longitude: input.lot.longitude, radiusM: input.lot.radiusM }
        : null,
      pricePerKwh: input.pricePerKwh,
      recordCost: input.recordCost && input.pricePerKwh !== null,
    }),
    onReadProblem: (error) => deps.onProblem?.("The shop's lot and energy price could not be read", error),
  });
}
