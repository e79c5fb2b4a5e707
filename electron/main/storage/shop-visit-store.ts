// The shop's lot and energy price for the car's visit on a repair order: `shop-visit.json` in the
// data folder, `{ "lot": { "latitude", "longitude", "radiusM" } | null, "pricePerKwh": number | null,
// "recordCost": boolean }`. A damaged file is set aside and the jobs say no lot and no price until
// they are set again.
import { join } from 'node:path';
import { z } from 'zod';
import {
  LOT_RADIUS_MAX_M,
  LOT_RADIUS_MIN_M,
  NO_SHOP_VISIT,
  PRICE_PER_KWH_MAX,
  type ShopVisitSettings,
} from '../../shared/shop-visit';
import { readJsonFile, writeFileAtomic, type OnCorrupt } from './atomic-file';

export const SHOP_VISIT_FILE = 'shop-visit.json';

const fileSchema = z.object({
  lot: z
    .object({
      latitude: z.number().min(-90).max(90),
      longitude: z.number().min(-180).max(180),
      radiusM: z.number().min(LOT_RADIUS_MIN_M).max(LOT_RADIUS_MAX_M),
    })
    .nullable(),
  pricePerKwh: z.number().min(0).max(PRICE_PER_KWH_MAX).nullable(),
  recordCost: z.boolean(),
});

export async function readShopVisit(
  dataDir: string,
  options: { onCorrupt?: OnCorrupt } = {},
): Promise<ShopVisitSettings> {
  const read = await readJsonFile(join(dataDir, SHOP_VISIT_FILE), fileSchema, options);
  return read.status === 'ok' ? read.value : { ...NO_SHOP_VISIT };
}

export async function writeShopVisit(dataDir: string, settings: ShopVisitSettings): Promise<void> {
  const body = { lot: settings.lot, pricePerKwh: settings.pricePerKwh, recordCost: settings.recordCost };
  await writeFileAtomic(join(dataDir, SHOP_VISIT_FILE), `${JSON.stringify(body, null, 2)}\n`);
}
