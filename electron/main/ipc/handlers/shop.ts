// shop.* and claims.*: a profile's shop settings (the password goes in, never out), the connection's
// state, the shop's History of a vehicle and its claims.
import { ok } from '../../../shared/result';
import type { ShopLink } from '../../services/shop-link';
import type { HandlerGroup } from './types';

export function shopHandlers(deps: {
  shop: ShopLink;
}): HandlerGroup<
  | 'shop.get'
  | 'shop.configure'
  | 'shop.setPassword'
  | 'shop.clearPassword'
  | 'shop.test'
  | 'shop.importLocal'
  | 'shop.status'
  | 'shop.history'
  | 'claims.list'
  | 'claims.claim'
  | 'claims.release'
  | 'claims.takeOver'
> {
  const { shop } = deps;
  return {
    'shop.get': async (id) => ok(await shop.view(id)),
    'shop.configure': async (id, settings) => ok(await shop.configure(id, settings)),
    'shop.setPassword': async (id, password) => ok(await shop.setPassword(id, password)),
    'shop.clearPassword': async (id) => ok(await shop.clearPassword(id)),
    'shop.test': async (id, settings) => ok(await shop.test(id, settings)),
    'shop.importLocal': async (id) => ok(await shop.importLocal(id)),
    'shop.status': async () => ok(shop.status()),
    'shop.history': async (vin, page) => ok(await shop.history(vin, page)),
    'claims.list': async () => ok(await shop.listClaims()),
    'claims.claim': async (vin, options) => ok(await shop.claim(vin, options?.note)),
    'claims.release': async (vin) => {
      await shop.release(vin);
      return ok(null);
    },
    'claims.takeOver': async (vin, options) => ok(await shop.takeOver(vin, options?.note)),
  };
}
