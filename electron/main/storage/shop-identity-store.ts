// The shop's name and address for a solo technician's repair orders: `shop-identity.json` in the
// data folder, `{ "name": "…", "address": "…" }`. A damaged file is set aside and the page prints
// as a solo technician's until the shop is named again.
import { join } from 'node:path';
import { z } from 'zod';
import {
  NO_SHOP_IDENTITY,
  SHOP_ADDRESS_MAX,
  SHOP_NAME_MAX,
  type ShopIdentity,
} from '../../shared/shop-identity';
import { readJsonFile, writeFileAtomic, type OnCorrupt } from './atomic-file';

export const SHOP_IDENTITY_FILE = 'shop-identity.json';

const fileSchema = z.object({
  name: z.string().max(SHOP_NAME_MAX),
  address: z.string().max(SHOP_ADDRESS_MAX),
});

export async function readShopIdentity(
  dataDir: string,
  options: { onCorrupt?: OnCorrupt } = {},
): Promise<ShopIdentity> {
  const read = await readJsonFile(join(dataDir, SHOP_IDENTITY_FILE), fileSchema, options);
  return read.status === 'ok'
    ? { name: read.value.name, address: read.value.address }
    : { ...NO_SHOP_IDENTITY };
}

export async function writeShopIdentity(dataDir: string, identity: ShopIdentity): Promise<void> {
  const body = { name: identity.name, address: identity.address };
  await writeFileAtomic(join(dataDir, SHOP_IDENTITY_FILE), `${JSON.stringify(body, null, 2)}\n`);
}
