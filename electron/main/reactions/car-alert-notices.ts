// When a car's own alerts are worth a system notification, and what it says: a tyre the car newly
// calls low, and a firmware alert that started since it was last read (or since the app started
// watching). Each is told once: a tyre again only after a reading called it fine, an alert never
// again. As a run's end is (app/run-notices.ts), a car's alert is told only while the window is not
// focused: a focused window shows it itself, and what it showed is not told later as news.
// Decisions only, so unit and core tests cover them; the notification adapter acts.
import type { ShellRequest } from '../../shared/shell-requests';
import { tm } from '../i18n/main-words';

export interface CarNotice {
  title: string;
  body: string;
  /** What clicking it opens: the car. */
  target: ShellRequest;
}

const TYRES = ['front_left', 'front_right', 'rear_left', 'rear_right'] as const;

export function createCarAlertNotices(options: { now?: () => number } = {}) {
  // Alerts that started before the app began watching are history, not news, on a car's first read.
  const since = (options.now ?? Date.now)() / 1000;
  /** profile + VIN → the alerts already told or known (name and start). */
  const knownAlerts = new Map<string, Set<string>>();
  /** profile + VIN → the tyres last called low (told once while they stay low). */
  const lowTyres = new Map<string, Set<string>>();
  const key = (profileId: string, vin: string) => `${profileId}\u0000${vin}`;
  const target = (profileId: string, vin: string): ShellRequest => ({ kind: 'open-vehicle', profileId, vin });

  return {
    /** The notices a live alerts read brings: one per alert not known before, none while focused. */
    alerts(
      profileId: string,
      vin: string,
      name: string,
      alerts: readonly { name: string; startedAt: number; description: string | null }[],
      windowFocused: boolean,
    ): CarNotice[] {
      const seen = knownAlerts.get(key(profileId, vin));
      const now = new Set(alerts.map((alert) => `${alert.name}@${alert.startedAt}`));
      knownAlerts.set(key(profileId, vin), new Set([...(seen ?? []), ...now]));
      if (windowFocused) return [];
      return alerts
        .filter((alert) => (seen ? !seen.has(`${alert.name}@${alert.startedAt}`) : alert.startedAt >= since))
        .map((alert) => ({
          title: tm('carNotice.alertTitle', { name }),
          body: alert.description ? `${alert.description} (${alert.name})` : alert.name,
          target: target(profileId, vin),
        }));
    },

    /**
     * The notice a live tyre reading brings: when a tyre is low that the last reading did not call
     * so, and the window is not focused.
     */
    tyres(
      profileId: string,
      vin: string,
      name: string,
      low: readonly string[],
      windowFocused: boolean,
    ): CarNotice | null {
      const before = lowTyres.get(key(profileId, vin)) ?? new Set<string>();
      lowTyres.set(key(profileId, vin), new Set(low));
      const fresh = TYRES.filter((tyre) => low.includes(tyre) && !before.has(tyre));
      if (fresh.length === 0 || windowFocused) return null;
      return {
        title: tm('carNotice.tyreTitle', { name }),
        body: tm('carNotice.tyreBody', {
          tyres: fresh.map((tyre) => tm(`carNotice.${tyre}`)).join(', '),
          count: fresh.length,
        }),
        target: target(profileId, vin),
      };
    },
  };
}

export type CarAlertNotices = ReturnType<typeof createCarAlertNotices>;
