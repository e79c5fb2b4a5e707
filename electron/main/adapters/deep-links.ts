// vehicle-garage:// links from other programs (a dealer management or repair-order system): the
// app registers itself for the scheme at run time too (the installers do on install), listens where
// each OS delivers a link (macOS: `open-url`; Windows and Linux: the arguments of the first launch,
// or of a second one, which the running copy receives as `second-instance`), and resolves each
// against the active garage through main's own operations.
import type { App } from 'electron';
import path from 'node:path';
import { DEEP_LINK_SCHEME, resolveDeepLink, type DeepLinkLookups } from '../../shared/deep-links';
import { tm } from '../i18n/main-words';
import type { Handlers } from '../ipc/register-handlers';

/** Registers the scheme for this copy; a development run registers Electron with its script. */
export function registerDeepLinkScheme(app: App, argv: readonly string[]): boolean {
  const script = argv[1];
  if (process.defaultApp && script) {
    return app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME, process.execPath, [path.resolve(script)]);
  }
  return app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME);
}

/** The active garage's vehicles and jobs, asked as the window would ask (already validated here). */
export function deepLinkLookups(handlers: Handlers): DeepLinkLookups {
  const value = async <T>(
    answer: Promise<{ ok: true; value: T } | { ok: false; error: { message: string } }>,
  ) => {
    const result = await answer;
    if (!result.ok) throw new Error(result.error.message);
    return result.value;
  };
  return {
    async activeProfileId() {
      const active = (await value(handlers['profiles.list']())).find((profile) => profile.active);
      if (!active) throw new Error('There is no active profile.');
      return active.id;
    },
    async hasVehicle(_profileId, vin) {
      return (await value(handlers['vehicles.list']())).some((entry) => entry.vin === vin);
    },
    async jobsByRepairOrder(_profileId, repairOrder) {
      const wanted = repairOrder.toLowerCase();
      const jobs = (await value(handlers['jobs.list']({ repairOrder }))).filter(
        (job) => job.repairOrder.toLowerCase() === wanted,
      );
      // The open job first; among the rest the list's own order (newest first).
      return [...jobs.filter((job) => job.status === 'open'), ...jobs.filter((job) => job.status !== 'open')];
    },
  };
}

export const resolveWith = (handlers: Handlers) => {
  const lookups = deepLinkLookups(handlers);
  return (raw: string) => resolveDeepLink(raw, lookups, tm);
};
