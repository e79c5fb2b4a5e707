// The account's two reads the fleet view and the readiness checks need: every car's battery health
// and the Fleet API's fleet status of the garage's cars. Neither reaches a car. Each goes through
// the same read-through as a car's reads (a fresh copy answers, else the service, else a copy of any
// age marked with why), kept in the offline cache under the account's key rather than a VIN, and is
// evidence for the connection feed as the account's vehicle list is.
import type { FleetBatteryHealth, FleetStatus } from '../../shared/fleet-wire';
import { AppError } from '../../shared/result';
import type { FetchMeta } from '../../shared/types';
import { NO_FACTS, type FactPort } from '../events/domain-events';
import type { ReadKind, ReadValues } from '../storage/cache/cache-keys';
import { cachedValueOf } from '../storage/cache/cached-values';
import type { OfflineCache } from '../storage/cache/offline-cache';
import type { ReadContext } from './cached-reads';
import { createPendingWrites } from './pending-writes';
import { readThrough } from './read-through';

/** The offline cache's VIN part for what is the account's, not one car's: no VIN is this. */
export const ACCOUNT_KEY = 'account';

/** VINs asked about per fleet status request: the Fleet API publishes no limit, so a modest one. */
export const FLEET_STATUS_CHUNK = 100;

type Answer<T> = Promise<{ value: T } & FetchMeta>;

export interface FleetReads {
  /** Every car's battery health on the account, in miles (the window converts to its unit). */
  batteryHealth(ctx: ReadContext, options?: { refresh?: boolean }): Answer<FleetBatteryHealth>;
  /** The readiness of `vins` (the garage's), asked in chunks and told as one answer. */
  status(ctx: ReadContext, vins: readonly string[], options?: { refresh?: boolean }): Answer<FleetStatus>;
  /** The fleet status kept for the profile, asking nobody; null when none is kept. */
  savedStatus(profileId: string): Promise<FleetStatus | null>;
}

export function createFleetReads(options: {
  cache: OfflineCache;
  now?: () => Date;
  facts?: FactPort;
  onProblem?: (message: string, error: unknown) => void;
}): FleetReads {
  const { cache } = options;
  const now = options.now ?? (() => new Date());
  const facts = options.facts ?? NO_FACTS;
  const onProblem = options.onProblem ?? (() => {});

  const keyOf = <Kind extends ReadKind>(kind: Kind, profileId: string) => ({
    kind,
    profileId,
    vin: ACCOUNT_KEY,
    variant: '',
  });

  // Per profile and kind: the write under way, so a read right after a refresh sees what it fetched.
  const pendingWrites = createPendingWrites();

  async function saved<Kind extends ReadKind>(kind: Kind, profileId: string) {
    await pendingWrites.landed(`${profileId}|${kind}`);
    try {
      return (await cache.get(keyOf(kind, profileId))) as {
        value: ReadValues[Kind];
        fetchedAt: string;
      } | null;
    } catch (error) {
      onProblem('Could not read the offline cache', error);
      return null;
    }
  }

  /** The service's answer, told to the connection feed either way. */
  async function asked<T>(ctx: ReadContext, live: () => Promise<T>): Promise<T> {
    try {
      const value = await live();
      facts.publish('account.read', { profileId: ctx.profileId, failure: null });
      return value;
    } catch (error) {
      if (error instanceof AppError) {
        const { kind, message, status } = error.info;
        facts.publish('account.read', { profileId: ctx.profileId, failure: { kind, message, status } });
      }
      throw error;
    }
  }

  function read<Kind extends 'fleet-battery-health' | 'fleet-status'>(
    ctx: ReadContext,
    kind: Kind,
    live: () => Promise<ReadValues[Kind]>,
    refresh: boolean,
  ): Answer<ReadValues[Kind]> {
    return readThrough<ReadValues[Kind]>({
      cached: () => saved(kind, ctx.profileId),
      live: () => asked(ctx, live),
      store: (value, fetchedAt) =>
        pendingWrites.storeIfCurrent(ctx, `${ctx.profileId}|${kind}`, () =>
          cache.put(keyOf(kind, ctx.profileId), value as never, fetchedAt),
        ),
      now,
      freshForMs: cachedValueOf(kind).freshForMs,
      refresh,
      onStoreError: (error) => onProblem('Could not write to the offline cache', error),
    });
  }

  return {
    batteryHealth: (ctx, { refresh = false } = {}) =>
      read(ctx, 'fleet-battery-health', () => ctx.client.fleetBatteryHealth({}), refresh),

    status: (ctx, vins, { refresh = false } = {}) =>
      read(
        ctx,
        'fleet-status',
        async () => {
          const merged: FleetStatus = {
            response: { key_paired_vins: [], unpaired_vins: [], vehicle_info: {} },
          };
          for (let at = 0; at < vins.length; at += FLEET_STATUS_CHUNK) {
            const { response } = await ctx.client.fleetStatus(vins.slice(at, at + FLEET_STATUS_CHUNK));
            merged.response.key_paired_vins.push(...response.key_paired_vins);
            merged.response.unpaired_vins.push(...response.unpaired_vins);
            Object.assign(merged.response.vehicle_info, response.vehicle_info);
          }
          return merged;
        },
        refresh,
      ),

    savedStatus: async (profileId) => (await saved('fleet-status', profileId))?.value ?? null,
  };
}
