// The account's vehicles (`GET /vehicles`), for importing a garage instead of typing VINs. Read
// live: importing needs the service anyway, and the list is the account's, not a vehicle's. Each
// `last_state` also refreshes the glance of vehicles already in the garage.
import { AppError } from '../../shared/result';
import type { AccountVehicles } from '../../shared/wire';
import { NO_FACTS, type FactPort } from '../events/domain-events';
import type { GarageStore } from '../storage/garage-store';
import type { ReadContext } from './cached-reads';
import type { GlanceBook } from './vehicle-glance';

export interface AccountService {
  vehicles(ctx: ReadContext, query?: { onlyActive?: boolean }): Promise<AccountVehicles>;
}

export function createAccountService(options: {
  garage: Pick<GarageStore, 'list'>;
  glance: GlanceBook;
  now?: () => Date;
  /** Told `account.read` with each read's outcome. */
  facts?: FactPort;
}): AccountService {
  const now = options.now ?? (() => new Date());
  const facts = options.facts ?? NO_FACTS;
  return {
    async vehicles(ctx, query = {}) {
      let answer: AccountVehicles;
      try {
        answer = await ctx.client.accountVehicles(query);
      } catch (error) {
        if (error instanceof AppError) {
          const { kind, message, status } = error.info;
          facts.publish('account.read', { profileId: ctx.profileId, failure: { kind, message, status } });
        }
        throw error;
      }
      facts.publish('account.read', { profileId: ctx.profileId, failure: null });
      const fetchedAt = now().toISOString();
      if (!ctx.isCurrent || ctx.isCurrent()) {
        const inGarage = new Set((await options.garage.list(ctx.profileId)).map((vehicle) => vehicle.vin));
        for (const vehicle of answer.results) {
          if (vehicle.last_state && inGarage.has(vehicle.vin)) {
            options.glance.noteState(
              ctx.profileId,
              vehicle.vin,
              vehicle.last_state,
              { fetchedAt, source: 'live' },
              'account',
            );
          }
        }
      }
      return answer;
    },
  };
}
