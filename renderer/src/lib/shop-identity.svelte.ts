// The shop's name and address for the repair orders this computer prints, as Settings edits them:
// read from main, typed here, kept by main (which checks them again at its edge).
import { NO_SHOP_IDENTITY, type ShopIdentity } from '../../../electron/shared/shop-identity';
import { saveSetting } from './setting-save';
import { mainApi } from './main-api';

export class ShopIdentityForm {
  name = $state('');
  address = $state('');
  /** What main keeps; null until read. */
  kept = $state.raw<ShopIdentity | null>(null);
  busy = $state(false);
  problem = $state<string | null>(null);
  /** True right after a save, until the next change is typed. */
  saved = $state(false);

  /** What was typed differs from what main keeps (nothing, until its answer comes). */
  changed = $derived(this.name !== (this.kept?.name ?? '') || this.address !== (this.kept?.address ?? ''));

  async load(): Promise<void> {
    // Main answers from memory once started; should it not, the form starts empty and saving says why.
    const result = await mainApi().settings.shopIdentity();
    this.#show(result.ok ? result.value : NO_SHOP_IDENTITY);
  }

  async save(): Promise<void> {
    await saveSetting(
      this,
      () => mainApi().settings.setShopIdentity({ name: this.name, address: this.address }),
      (identity) => this.#show(identity, true),
    );
  }

  /** Main's answer, into the fields the technician has not typed over (all of them once saved). */
  #show(identity: ShopIdentity, saved = false) {
    if (saved || this.name === (this.kept?.name ?? '')) this.name = identity.name;
    if (saved || this.address === (this.kept?.address ?? '')) this.address = identity.address;
    this.kept = identity;
  }
}
