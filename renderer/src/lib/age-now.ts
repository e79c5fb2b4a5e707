// The age of shown data as of the window's clock and main's word on the connection: the one way a
// component words "Live", "3 minutes old" or "saved copy", so a reading is never live on one card
// and minutes old on the next.
import type { FetchMeta } from '../../../electron/shared/types';
import { agoForAge } from '../../../electron/shared/age-words';
import { ageOf, dataAge, type DataAge } from './format';
import { t } from './i18n.svelte';
import { clock, connection } from './stores';

/** dataAge of `meta` (and the reading's own `asOf`) now; reactive to the clock and the connection. */
export function ageNow(meta: FetchMeta, asOf: string | null = null): DataAge {
  return dataAge(meta, clock.now, asOf, connection.unreachable === null);
}

/** "3 minutes ago" for a time, against the window's clock; "at an unknown time" when it has no age. */
export function agoNow(at: string | number | null | undefined): string {
  const ms = at === null || at === undefined ? null : ageOf(at, clock.now);
  return ms === null ? t('status.unknownTime') : agoForAge(ms, t);
}
