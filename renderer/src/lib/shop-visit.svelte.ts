// The shop's lot and energy price for the jobs' visits, as Settings edits them: read from main,
// typed here as text (a decimal comma is taken as a point), kept by main, which checks them again
// at its edge.
import {
  LOT_RADIUS_MAX_M,
  LOT_RADIUS_MIN_M,
  NO_SHOP_VISIT,
  PRICE_PER_KWH_MAX,
  type ShopVisitSettings,
} from '../../../electron/shared/shop-visit';
import { saveSetting } from './setting-save';
import { t } from './i18n.svelte';
import { mainApi } from './main-api';

/** A typed number ("0,35" or "0.35"); null when empty, NaN when not a number. */
function typedNumber(text: string): number | null {
  const clean = text.trim().replace(',', '.');
  if (clean === '') return null;
  return /^[-+]?\d*\.?\d+$/.test(clean) ? Number(clean) : NaN;
}

const shown = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

export class ShopVisitForm {
  latitude = $state('');
  longitude = $state('');
  radius = $state('');
  price = $state('');
  recordCost = $state(false);
  /** What main keeps; null until read. */
  kept = $state.raw<ShopVisitSettings | null>(null);
  busy = $state(false);
  problem = $state<string | null>(null);
  saved = $state(false);

  /** The settings as typed, or what is wrong with them, in words. */
  parsed(): { ok: true; value: ShopVisitSettings } | { ok: false; problem: string } {
    const latitude = typedNumber(this.latitude);
    const longitude = typedNumber(this.longitude);
    const radiusM = typedNumber(this.radius);
    const price = typedNumber(this.price);
    const lotParts = [latitude, longitude, radiusM];
    let lot: ShopVisitSettings['lot'] = null;
    if (lotParts.some((part) => part !== null)) {
      if (lotParts.some((part) => part === null))
        return { ok: false, problem: t('visitSettings.lotIncomplete') };
      if (!(Math.abs(latitude!) <= 90)) return { ok: false, problem: t('visitSettings.latitudeRange') };
      if (!(Math.abs(longitude!) <= 180)) return { ok: false, problem: t('visitSettings.longitudeRange') };
      if (!(radiusM! >= LOT_RADIUS_MIN_M && radiusM! <= LOT_RADIUS_MAX_M))
        return {
          ok: false,
          problem: t('visitSettings.radiusRange', { min: LOT_RADIUS_MIN_M, max: LOT_RADIUS_MAX_M }),
        };
      lot = { latitude: latitude!, longitude: longitude!, radiusM: radiusM! };
    }
    if (price !== null && !(price >= 0 && price <= PRICE_PER_KWH_MAX))
      return { ok: false, problem: t('visitSettings.priceRange', { max: PRICE_PER_KWH_MAX }) };
    if (this.recordCost && price === null) return { ok: false, problem: t('visitSettings.costNeedsPrice') };
    return { ok: true, value: { lot, pricePerKwh: price, recordCost: this.recordCost } };
  }

  async load(): Promise<void> {
    const result = await mainApi().settings.shopVisit();
    this.#show(result.ok ? result.value : NO_SHOP_VISIT);
  }

  async save(): Promise<void> {
    const typed = this.parsed();
    if (!typed.ok) {
      this.problem = typed.problem;
      return;
    }
    await saveSetting(
      this,
      () => mainApi().settings.setShopVisit(typed.value),
      (settings) => this.#show(settings, true),
    );
  }

  /** Main's answer, into the fields the technician has not typed over (all of them once saved). */
  #show(settings: ShopVisitSettings, saved = false) {
    const was = this.kept;
    const fresh = (typed: string, before: number | null | undefined) => saved || typed === shown(before);
    if (fresh(this.latitude, was?.lot?.latitude)) this.latitude = shown(settings.lot?.latitude);
    if (fresh(this.longitude, was?.lot?.longitude)) this.longitude = shown(settings.lot?.longitude);
    if (fresh(this.radius, was?.lot?.radiusM)) this.radius = shown(settings.lot?.radiusM);
    if (fresh(this.price, was?.pricePerKwh)) this.price = shown(settings.pricePerKwh);
    if (saved || this.recordCost === (was?.recordCost ?? false)) this.recordCost = settings.recordCost;
    this.kept = settings;
  }
}
