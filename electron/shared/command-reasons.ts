// The reasons a vehicle gives for `result: false`, in words, for every place that tells them (a
// single command's outcome, a run's results): the code stays in brackets for support.
import { english, type Say } from './i18n/english';

const KNOWN = ['not_supported', 'vehicle_unavailable', 'timeout', 'could_not_wake_buses'] as const;

export function reasonText(reason: string, say: Say = english): string {
  const known = KNOWN.find((code) => code === reason);
  return known ? say(`reason.${known}`, { code: reason }) : reason.replace(/_/g, ' ');
}
