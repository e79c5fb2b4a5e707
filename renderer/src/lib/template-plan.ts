// The dry run of "Apply template": for each picked vehicle, how its configuration (as last read)
// differs from the template, and so whether it will be written or skipped. A vehicle whose
// configuration could not be read is neither: main reads it again before its turn and decides then.
import { offlineRolloutNote } from '../../../electron/shared/offline-skip';
import type { RunItem } from '../../../electron/shared/runs';
import type { VehicleEntry } from '../../../electron/shared/types';
import {
  compareToTemplate,
  differenceWords,
  type TelemetryTemplate,
  type TemplateDifference,
} from '../../../electron/shared/telemetry-template';
import type { TelemetryConfig } from '../../../electron/shared/wire';
import { displayLocaleTag, formatDate, intervalText } from './format';
import { t } from './i18n.svelte';

/**
 * A template difference in the window's words: days as the locale writes them and intervals in
 * words ("every 1 hour"), as the Telemetry tab's fields table says them, never "3600 s".
 */
export function templateDifferenceWords(): (d: TemplateDifference) => string {
  return differenceWords(
    t,
    (ms) => formatDate(new Date(ms)),
    (seconds) => t('templateWords.every', { interval: intervalText(seconds) }),
  );
}

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
  /** Main's last sighting says the car is offline: what happens to it then; else null. */
  offline: string | null;
}

export function planRollout(
  vehicles: readonly VehicleEntry[],
  template: Pick<TelemetryTemplate, 'fields'>,
  reads: ReadonlyMap<string, ConfigRead>,
  now: number,
): RolloutEntry[] {
  const describeDifference = templateDifferenceWords();
  return vehicles.map((vehicle) => {
    // The same sighting main skips a bulk command's car for: here it is written, and waits for it.
    const offline = offlineRolloutNote(vehicle.glance, now, t, displayLocaleTag());
    const read = reads.get(vehicle.vin);
    if (!read) {
      return { vehicle, action: 'unknown', differences: [], note: t('rolloutDry.notChecked'), offline };
    }
    if (!read.ok) {
      return {
        vehicle,
        action: 'unknown',
        differences: [],
        note: t('rolloutDry.notRead', { message: read.message }),
        offline,
      };
    }
    const comparison = compareToTemplate(read.config, template, now);
    return {
      vehicle,
      action: comparison.needsWrite ? 'write' : 'skip',
      differences: comparison.differences.map(describeDifference),
      note: read.source === 'cache' ? t('rolloutDry.fromCache') : null,
      offline,
    };
  });
}

/**
 * A roll-out's written cars' changes, split: those every written car shared (said once, above the
 * results, when two or more cars were written) and, per car, only the rest.
 */
export function splitChanges(items: readonly RunItem[]): {
  common: TemplateDifference[];
  own: Map<string, TemplateDifference[]>;
} {
  const written = items.filter((item) => item.status === 'succeeded' && item.changes);
  const key = (d: TemplateDifference) => JSON.stringify(d);
  let shared = new Set(written.length >= 2 ? written[0]!.changes!.map(key) : []);
  for (const item of written.slice(1)) {
    const mine = new Set(item.changes!.map(key));
    shared = new Set([...shared].filter((k) => mine.has(k)));
  }
  const common = written.length >= 2 ? written[0]!.changes!.filter((d) => shared.has(key(d))) : [];
  const own = new Map(written.map((item) => [item.vin, item.changes!.filter((d) => !shared.has(key(d)))]));
  return { common, own };
}

/** A written car's row: only what it does not share with the others, or that it was signed anew. */
export function writtenWords(
  item: RunItem,
  own: ReadonlyMap<string, TemplateDifference[]>,
  common: readonly TemplateDifference[],
): string | null {
  if (item.status !== 'succeeded' || !item.changes) return null;
  if (item.changes.length === 0) return t('rolloutResult.signedAnew');
  const mine = own.get(item.vin) ?? [];
  if (mine.length === 0) return t('rolloutResult.written');
  const what = mine.map(templateDifferenceWords()).join('; ');
  return t(common.length > 0 ? 'rolloutResult.writtenOwn' : 'rolloutResult.writtenWhat', { what });
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
