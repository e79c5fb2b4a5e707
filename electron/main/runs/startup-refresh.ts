// The garage refresh main starts by itself: at start-up and when another profile becomes active, when
// what is known of its vehicles is old or missing. It is the same run as "Refresh garage" (cached
// state only, never waking a car, paced by the service's rate limit); a garage read recently is left
// alone, and a profile that cannot be asked (no token yet) is not. It reads alerts and certificates
// too when the technician chose that for "Refresh garage", and is marked as started by the app, so
// its end is not notified as if someone had asked for it.
import type { VehicleGlance } from '../../shared/types';
import type { RunContext } from './run-work';
import type { RunManager } from './run-manager';

/** A garage whose oldest sleep state is older than this (or unknown) is read at start-up. */
export const STARTUP_REFRESH_AFTER_MS = 10 * 60_000;

export function startupRefresh(deps: {
  active: () => Promise<RunContext>;
  vins: (profileId: string) => Promise<string[]>;
  glance: { load?(profileId: string): Promise<void>; get(profileId: string, vin: string): VehicleGlance };
  runs: Pick<RunManager, 'startGarageRefresh'>;
  /** The technician's kept "Refresh garage" choice: alerts and certificates too, or states only. */
  alertsAndCertificates?: () => boolean;
  now: () => Date;
}): (reason?: 'start-up' | 'profile') => Promise<boolean> {
  return async (reason = 'start-up') => {
    try {
      const ctx = await deps.active();
      const vins = await deps.vins(ctx.profileId);
      if (vins.length === 0) return false;
      await deps.glance.load?.(ctx.profileId);
      const at = deps.now().getTime();
      const stale = vins.some((vin) => {
        const sleep = deps.glance.get(ctx.profileId, vin).sleep;
        const time = sleep ? Date.parse(sleep.asOf) : NaN;
        return !Number.isFinite(time) || at - time > STARTUP_REFRESH_AFTER_MS;
      });
      if (!stale) return false;
      await deps.runs.startGarageRefresh(ctx, {
        vins,
        alertsAndCertificates: deps.alertsAndCertificates?.() ?? false,
        byApp: reason,
      });
      return true;
    } catch {
      // No token, a locked keychain, no profile yet: nothing can be read; the list says so itself.
      return false;
    }
  };
}
