// A record's times as the printed page says them: the shop's own clock (the time zone of the
// computer that prints, through Intl) beside UTC, the record's clock on every machine. A page
// printed where the clock is UTC says UTC once.
import { recordClock, recordTime, recordTimeFormat, type RecordWords } from '../../shared/jobs/record-words';

const UTC_ZONES = new Set(['UTC', 'Etc/UTC', 'Etc/GMT', 'GMT', 'Etc/Universal', 'Etc/Zulu']);

/** The time zone this process runs in (the technician's computer), as Intl resolves it. */
export const systemTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

export interface PageTimes {
  /** Whether local times are printed at all (the zone is not UTC). */
  local: boolean;
  /** "2026-11-25 04:00:00 CST (2026-11-25 10:00:00 UTC)", or the UTC time alone. */
  both(iso: string): string;
  /** The local time alone, with its zone ("2026-11-25 04:00:00 CST"), or the UTC time alone. */
  localOnly(iso: string): string;
  /** The UTC clock ("10:00:00 UTC"). */
  utcClock(iso: string): string;
}

export function pageTimes(words: RecordWords, zone: string): PageTimes {
  let valid = true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    valid = false;
  }
  const local = valid && !UTC_ZONES.has(zone);
  const localText = (iso: string): string | null => {
    const date = new Date(iso);
    if (!local || Number.isNaN(date.getTime())) return null;
    // With no locale known the date reads as ISO 8601 writes it, as the UTC times do.
    const parts = recordTimeFormat(words.formatLocale ?? 'en-US', true, zone, true).formatToParts(date);
    const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
    const zoneName = part('timeZoneName');
    const time = words.formatLocale
      ? parts
          .filter((p) => p.type !== 'timeZoneName')
          .map((p) => p.value)
          .join('')
          .trim()
      : `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
    return words.t('jobPdf.localTime', { time, zone: zoneName });
  };
  return {
    local,
    both(iso) {
      const utc = recordTime(iso, words);
      const at = localText(iso);
      return at ? words.t('jobPdf.timeBoth', { local: at, utc }) : utc;
    },
    localOnly: (iso) => localText(iso) ?? recordTime(iso, words),
    utcClock: (iso) => recordClock(iso, words),
  };
}
