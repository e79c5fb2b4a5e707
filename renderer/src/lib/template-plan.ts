// The dry run of "Apply template": for each picked vehicle, how its configuration (as last read)
// differs from the template, and so whether it will be written or skipped. A vehicle whose
// configuration could not be read is neither: main reads it again before its turn and decides then.
import type { VehicleEntry } from '../../../electron/shared/types';
import {
  compareToTemplate,
  differenceWords,
  type TelemetryTemplate,
} from '../../../electron/shared/telemetry-template';
import type { TelemetryConfig } from '../../../electron/shared/wire';
import { formatDate } from './format';
import { t } from './i18n.svelte';

/** What reading one vehicle's configuration gave. */
export type ConfigRead =
  | { ok: true; config: TelemetryConfig; source: 'live' | 'cache'; fetchedAt: string }
  | { ok: false; message: string };

export interface RolloutEntry {
  vehicle: VehicleEntry;
  /** `write`: it differs; `skip`: it already matches; `unknown`: not read (checked again in the run). */
  action: 'write' | 'skip' | 'unknown';
  /** One line per difference (missing, extra, other interval, not synced, expiring). */
  differences: string[];
  /** Where the configuration compared came from, or why it is not known. */
  note: string | null;
}

export function planRollout(
  vehicles: readonly VehicleEntry[],
  template: Pick<TelemetryTemplate, 'fields'>,
  reads: ReadonlyMap<string, ConfigRead>,
  now: number,
): RolloutEntry[] {
  const describeDifference = differenceWords(t, (ms) => formatDate(new Date(ms)));
  return vehicles.map((vehicle) => {
    const read = reads.get(vehicle.vin);
    if (!read) return { vehicle, action: 'unknown', differences: [], note: t('rolloutDry.notChecked') };
    if (!read.ok) {
      return {
        vehicle,
        action: 'unknown',
        differences: [],
        note: t('rolloutDry.notRead', { message: read.message }),
      };
    }
    const comparison = compareToTemplate(read.config, template, now);
    return {
      vehicle,
      action: comparison.needsWrite ? 'write' : 'skip',
      differences: comparison.differences.map(describeDifference),
      note: read.source === 'cache' ? t('rolloutDry.fromCache') : null,
    };
  });
}

/** The run's items: vehicles that already match are listed as skipped, never written. */
export function rolloutItems(
  plan: readonly RolloutEntry[],
): { vin: string; skip?: { reason: string; message: string } }[] {
  return plan.map((entry) =>
    entry.action === 'skip'
      ? {
          vin: entry.vehicle.vin,
          // The reason is a code main counts in the run's summary; the message is the row's words.
          skip: { reason: 'already matching', message: t('planSkip.alreadyMatching') },
        }
      : { vin: entry.vehicle.vin },
  );
}
