// shop.* and claims.*: a profile's shop settings (the password goes in, never out), the connection's
// state, the shop's History of a vehicle and its claims.
import { ok } from '../../../shared/result';
import type { Claims, ShopControls } from '../../workspace';
import type { HandlerGroup } from './types';

export function shopHandlers(deps: {
  shop: ShopControls;
  claims: Claims;
}): HandlerGroup<
  | 'shop.get'
  | 'shop.configure'
  | 'shop.setPassword'
  | 'shop.clearPassword'
  | 'shop.test'
  | 'shop.chooseCaFile'
  | 'shop.chooseClientFile'
  | 'shop.setKeyPassphrase'
  | 'shop.clearKeyPassphrase'
  | 'shop.exportConnectionFile'
  | 'shop.importConnectionFile'
  | 'shop.importLocal'
  | 'shop.status'
  | 'shop.history'
  | 'shop.board'
  | 'claims.list'
  | 'claims.claim'
  | 'claims.release'
  | 'claims.takeOver'
> {
  const { shop, claims } = deps;
  return {
    'shop.get': async (id) => ok(await shop.view(id)),
    'shop.configure': async (id, settings) => ok(await shop.configure(id, settings)),
    'shop.setPassword': async (id, password) => ok(await shop.setPassword(id, password)),
    'shop.clearPassword': async (id) => ok(await shop.clearPassword(id)),
    'shop.test': async (id, settings, password) => ok(await shop.test(id, settings, password)),
    'shop.chooseCaFile': async (id) => ok(await shop.chooseCaFile(id)),
    'shop.chooseClientFile': async (id, which) => ok(await shop.chooseClientFile(id, which)),
    'shop.setKeyPassphrase': async (id, passphrase) => ok(await shop.setKeyPassphrase(id, passphrase)),
    'shop.clearKeyPassphrase': async (id) => ok(await shop.clearKeyPassphrase(id)),
    'shop.exportConnectionFile': async (id) => ok(await shop.exportConnectionFile(id)),
    'shop.importConnectionFile': async (id) => ok(await shop.importConnectionFile(id)),
    'shop.importLocal': async (id) => ok(await shop.importLocal(id)),
    'shop.status': async () => ok(shop.status()),
    'shop.history': async (vin, page) => ok(await shop.history(vin, page)),
    'shop.board': async () => ok(await shop.board()),
    'claims.list': async () => ok(await claims.list()),
    'claims.claim': async (vin, options) => ok(await claims.claim(vin, options?.note)),
    'claims.release': async (vin) => {
      await claims.release(vin);
      return ok(null);
    },
    'claims.takeOver': async (vin, options) => ok(await claims.takeOver(vin, options?.note)),
  };
}
