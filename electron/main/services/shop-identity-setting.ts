// The shop's name and address printed on a solo technician's repair orders (Settings → Shop on the
// repair order): read once at start, written before a change is answered. Only the PDF export reads
// it, at each export, so no window needs telling when it changes.
import { addressLines, NO_SHOP_IDENTITY, type ShopIdentity } from '../../shared/shop-identity';
import type { OnCorrupt } from '../storage/atomic-file';
import { keptSetting, type KeptSetting } from '../storage/kept-setting';
import { readShopIdentity, writeShopIdentity } from '../storage/shop-identity-store';

export type ShopIdentitySetting = KeptSetting<ShopIdentity>;

export function createShopIdentitySetting(deps: {
  dataDir: string;
  onCorrupt?: OnCorrupt;
  onProblem?: (message: string, error: unknown) => void;
}): ShopIdentitySetting {
  return keptSetting<ShopIdentity>({
    initial: NO_SHOP_IDENTITY,
    read: () => readShopIdentity(deps.dataDir, { onCorrupt: deps.onCorrupt }),
    write: (identity) => writeShopIdentity(deps.dataDir, identity),
    // Kept as the page prints it: the name on one line, the address's lines trimmed, no empty ones.
    normalize: (input) => ({
      name: input.name.trim().replace(/\s+/g, ' '),
      address: addressLines(input.address).join('\n'),
    }),
    onReadProblem: (error) => deps.onProblem?.("The shop's name and address could not be read", error),
  });
}
