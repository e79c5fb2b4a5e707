// account.*: the account's vehicles, for importing a garage.
import { ok } from '../../../shared/result';
import type { AccountService } from '../../services/account-service';
import type { ActiveContext } from '../../services/profiles-service';
import type { HandlerGroup } from './types';

export function accountHandlers(deps: {
  account: AccountService;
  active: () => Promise<ActiveContext>;
}): HandlerGroup<'account.vehicles'> {
  return {
    'account.vehicles': async (query) => ok(await deps.account.vehicles(await deps.active(), query)),
  };
}
