// A run's words in main's language: its title ("Set charge limit to 80 % on 12 vehicles"), and why
// it stopped sending for one vehicle. Said once, as the run starts or the vehicle ends, and kept in
// the run's record.
import { tm } from '../i18n/main-words';
import { attemptText, bulkRunTitle, sentValue } from '../../shared/command-outcome';
import type { RunCommand } from '../../shared/runs';

/** "Set charge limit to 80 %", "Close windows": the command in the technician's words. */
export function commandTitle(command: RunCommand): string {
  return attemptText(command.name, sentValue(command.name, command.options), command.options, tm);
}

const vehicles = (count: number) => tm('mainRuns.vehicles', { count });

/** "Lock on 12 vehicles", or "Lock again on 3 vehicles" for a retry: its value in the service's units. */
export function bulkTitle(command: RunCommand, count: number, again = false): string {
  return bulkRunTitle(command, count, again, tm);
}

/** A refresh says who started it: the technician, the app at start-up, or a switch of profile. */
export function refreshTitle(
  count: number,
  alertsAndCertificates: boolean,
  by: { byApp?: 'start-up' | 'profile'; profileName: string; again?: boolean },
): string {
  if (by.again) return tm('mainRuns.refreshAgainTitle', { vehicles: vehicles(count) });
  const what = tm('mainRuns.refreshWhat', {
    vehicles: vehicles(count),
    alerts: alertsAndCertificates ? 'yes' : 'no',
  });
  if (by.byApp === 'start-up') return tm('mainRuns.refreshStartUpTitle', { what });
  if (by.byApp === 'profile') return tm('mainRuns.refreshProfileTitle', { profile: by.profileName, what });
  return tm('mainRuns.refreshTitle', { what });
}

/** "Refresh the history of 12 vehicles", or "… again of 3 vehicles" for a retry. */
export function historyRefreshTitle(count: number, again = false): string {
  return tm(again ? 'fleetRuns.historyAgainTitle' : 'fleetRuns.historyTitle', { vehicles: vehicles(count) });
}

/** "Apply template “Fleet” to 12 vehicles", or "… again to 3 vehicles". */
export function rolloutTitle(name: string, count: number, again = false): string {
  return tm(again ? 'mainRuns.rolloutAgainTitle' : 'mainRuns.rolloutTitle', {
    name,
    vehicles: vehicles(count),
  });
}

/** Why a run no longer sends: the app quit, a cancel, or the run stopped (and why). */
export interface StopCause {
  halted: boolean;
  cancelled: boolean;
  because: string | null;
}

/** "the app quit", "cancelled", "the run stopped (…)": for a sentence about one vehicle. */
export function stopWords({ halted, cancelled, because }: StopCause): string {
  if (halted) return tm('mainRuns.whyQuit');
  if (cancelled) return tm('mainRuns.whyCancelled');
  return because ? tm('mainRuns.whyRunStoppedBecause', { because }) : tm('mainRuns.whyRunStopped');
}

/** The message of a vehicle the run did not send to, as it stopped. */
export function notSentWords({ halted, cancelled, because }: StopCause): string {
  if (halted) return tm('mainRuns.notSentAtQuit');
  if (cancelled) return tm('mainRuns.notSentCancelled');
  return because ? tm('mainRuns.notSentRunStoppedBecause', { because }) : tm('mainRuns.notSentRunStopped');
}
