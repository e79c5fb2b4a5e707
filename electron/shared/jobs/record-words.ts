// A job's record in the reader's language: its times, the car's readings, the effect of each action,
// the changes and the warnings, said from the record's values when shown (the job's PDF in main, the
// job panel in the window). The record itself keeps the English text main wrote (job-effects.ts,
// job-changes.ts): its digest covers that text and verifying derives it again, so what a record
// holds must not depend on the language of whoever exported it. Zod-free, for the window's bundle.
import { COMMANDS, type CommandName } from '../commands';
import type { Say } from '../i18n/english';
import type {
  ActionEffect,
  CloseWarning,
  JobChange,
  JobEntryCoverage,
  JobWarning,
  Snapshot,
} from './job-record';
import { READINGS, type ReadingName, type ReadingValue } from './readings';
import type { AuditEntry } from '../types';
import { pressureIn, type PressureUnit } from '../regional-units';

/** The units the technician reads values in; the record keeps the service's (mi, mph, °C, bar). */
export interface RecordUnits {
  distance: 'km' | 'mi';
  temperature: 'c' | 'f';
  pressure: PressureUnit;
}

/** The words to say a record in: main's translator, or the window's `t` and its locale. */
export interface RecordWords {
  t: Say;
  /** The locale for dates and numbers; undefined: none is known, and times read as ISO 8601. */
  formatLocale: string | undefined;
  /** The technician's units; the service's (miles, mph, °C, bar) when not said. */
  units?: Partial<RecordUnits>;
}

const KM_PER_MILE = 1.609344;
const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * A number the record keeps in the service's unit, in the technician's: the odometer in km or mi
 * (a tenth), a speed limit in km/h or mph (whole), the cabin temperature in °C or °F (a tenth).
 */
export function displayAmount(
  name: ReadingName,
  value: number,
  words: Pick<RecordWords, 'units'>,
): { value: number; unit: string } {
  const units = words.units ?? {};
  if (name === 'odometer' && units.distance === 'km')
    return { value: round(value * KM_PER_MILE, 1), unit: 'km' };
  if (name === 'speedLimitMph' && units.distance === 'km')
    return { value: Math.round(value * KM_PER_MILE), unit: 'km/h' };
  if (name === 'cabinTemperature' && units.temperature === 'f')
    return { value: round((value * 9) / 5 + 32, 1), unit: '°F' };
  return { value, unit: READINGS[name].unit };
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A record's clock format (24 hours, seconds, the date as digits when asked), in `timeZone` (UTC
 * unless said), naming the zone when asked. Kept per kind: the page formats many times.
 */
export function recordTimeFormat(
  locale: string,
  withDate: boolean,
  timeZone = 'UTC',
  zoneName = false,
): Intl.DateTimeFormat {
  const id = `${locale}|${withDate}|${timeZone}|${zoneName}`;
  let format = dateTimeFormats.get(id);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      ...(withDate ? { year: 'numeric', month: '2-digit', day: '2-digit' } : {}),
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZone,
      ...(zoneName ? { timeZoneName: 'short' } : {}),
    });
    dateTimeFormats.set(id, format);
  }
  return format;
}

const utcFormat = (locale: string, withDate: boolean) => recordTimeFormat(locale, withDate);

/**
 * A record's time, in UTC on every machine that prints it ("25.11.2026, 10:42:13 UTC"); with no
 * locale known, as ISO 8601 writes it ("2026-11-25 10:42:13 UTC"), which every reader can read.
 */
export function recordTime(iso: string, words: RecordWords): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const time = words.formatLocale
    ? utcFormat(words.formatLocale, true).format(date)
    : `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
  return words.t('record.utc', { time });
}

/** The clock alone ("10:42:13 UTC"), for an effect confirmed within the record's day. */
export function recordClock(iso: string, words: RecordWords): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const time = words.formatLocale ? utcFormat(words.formatLocale, false).format(date) : iso.slice(11, 19);
  return words.t('record.utc', { time });
}

/** "charge limit", "Ladelimit". */
export function readingLabel(name: ReadingName, words: RecordWords): string {
  return words.t(`reading.${name}`);
}

const TOGGLE_WORDS: Partial<
  Record<ReadingName, 'reading.lockedValue' | 'reading.chargePortValue' | 'reading.windowsValue'>
> = {
  locked: 'reading.lockedValue',
  chargePortOpen: 'reading.chargePortValue',
  windowsClosed: 'reading.windowsValue',
};

/** "90 %", "19,367.7 km", "on", "verriegelt", "2026.14.3": a value as the record says it, in the reader's units. */
export function readingValueText(name: ReadingName, value: ReadingValue, words: RecordWords): string {
  if (typeof value === 'boolean') {
    return words.t(TOGGLE_WORDS[name] ?? 'reading.onOff', { value: String(value) });
  }
  if (typeof value === 'number') return words.t('reading.amount', displayAmount(name, value, words)).trim();
  return value;
}

/** "charge limit 80 → 90 %", "valet mode off → on", "charge limit now 90 % (before: unknown)". */
export function changeWords(
  reading: ReadingName,
  before: ReadingValue | null,
  after: ReadingValue,
  words: RecordWords,
): string {
  const label = readingLabel(reading, words);
  if (before === null)
    return words.t('change.now', { label, value: readingValueText(reading, after, words) });
  if (typeof before === 'number' && typeof after === 'number' && READINGS[reading].unit) {
    const from = displayAmount(reading, before, words);
    const to = displayAmount(reading, after, words);
    return words.t('change.numbers', { label, before: from.value, after: to.value, unit: to.unit });
  }
  return words.t('change.values', {
    label,
    before: readingValueText(reading, before, words),
    after: readingValueText(reading, after, words),
  });
}

const isReading = (name: string): name is ReadingName => name in READINGS;

/** The label of a change in the record ("charge limit", "drivers"). */
export function changeLabel(change: Pick<JobChange, 'reading'>, words: RecordWords): string {
  if (change.reading === 'drivers') return words.t('record.drivers');
  if (change.reading === 'invitations') return words.t('record.invitations');
  return isReading(change.reading) ? readingLabel(change.reading, words) : change.reading;
}

type Drivers = Extract<Snapshot['drivers'], { known: true }>['value'];
type Invitations = Extract<Snapshot['invitations'], { known: true }>['value'];

/** How many of an id's last characters name a driver the service gave no name for. */
const ID_TAIL = 4;

/**
 * "Ana Diaz, unnamed driver (id …4321)": drivers by name; the service's 16-digit id only for one it
 * names no one for, labelled and shortened to its end (the record keeps the whole id).
 */
export function driversWords(drivers: Drivers, words: RecordWords): string {
  if (drivers.length === 0) return words.t('record.none');
  return drivers
    .map((driver) => {
      if (driver.name) return driver.name;
      const id = driver.id.length > ID_TAIL + 2 ? `…${driver.id.slice(-ID_TAIL)}` : driver.id;
      return words.t('jobDay.unnamedDriver', { id });
    })
    .join(', ');
}

/** "2: 77 pending until …, 78 accepted until …". */
export function invitationsWords(invitations: Invitations, words: RecordWords): string {
  if (invitations.length === 0) return words.t('record.none');
  const list = invitations
    .map((invitation) =>
      words.t('record.invitation', {
        id: invitation.id,
        state: invitation.state,
        time: recordTime(invitation.expiresAt, words),
      }),
    )
    .join(', ');
  return words.t('record.invitationList', { count: invitations.length, list });
}

/** What a change's values read as, in the reader's words, from the snapshots it was taken between. */
export function changeValues(
  change: Pick<JobChange, 'reading' | 'before' | 'after'>,
  checkIn: Snapshot,
  checkOut: Snapshot,
  words: RecordWords,
): { before: string; after: string } {
  const side = (snapshot: Snapshot, recorded: string): string => {
    if (change.reading === 'drivers')
      return snapshot.drivers.known ? driversWords(snapshot.drivers.value, words) : words.t('record.unknown');
    if (change.reading === 'invitations')
      return snapshot.invitations.known
        ? invitationsWords(snapshot.invitations.value, words)
        : words.t('record.unknown');
    if (!isReading(change.reading)) return recorded;
    const observed = snapshot.readings[change.reading];
    return observed?.known
      ? readingValueText(change.reading, observed.value, words)
      : words.t('record.unknown');
  };
  return { before: side(checkIn, change.before), after: side(checkOut, change.after) };
}

/** A command's name, as its button says it. */
export function commandLabel(command: CommandName, words: RecordWords): string {
  return words.t(`command.${command}`);
}

/**
 * A warning in the reader's words; the numbers it names are those a close answered beside it, else
 * the check-out's and the undo's.
 */
export function warningWords(warning: CloseWarning, checkOut: Snapshot | null, words: RecordWords): string {
  const now = (reading: ReadingName) => {
    if (warning.values) return warning.values.now;
    const observed = checkOut?.readings[reading];
    return observed?.known && typeof observed.value === 'number' ? observed.value : null;
  };
  const was = warning.values?.was ?? warning.undo?.value ?? null;
  switch (warning.id) {
    case 'valet':
      return words.t('warning.valet');
    case 'chargePort':
      return words.t('warning.chargePort');
    case 'lowPower':
      return words.t('warning.lowPower');
    case 'sentry':
      return words.t('warning.sentry');
    case 'speedLimit': {
      const limit = now('speedLimitMph');
      if (warning.undo === null || limit === null || was === null) return words.t('warning.speedLimitOn');
      return speedLimitWords(limit, was, words);
    }
    case 'chargeLimit': {
      const limit = now('chargeLimit');
      return limit === null || was === null
        ? warning.text
        : words.t('warning.chargeLimit', { now: limit, was });
    }
  }
}

/** "The speed limit is 137 km/h; it was 113 km/h at check-in.": both in the reader's unit. */
export function speedLimitWords(now: number, was: number, words: RecordWords): string {
  const shown = displayAmount('speedLimitMph', now, words);
  return words.t('jobDay.speedLimit', {
    now: shown.value,
    was: displayAmount('speedLimitMph', was, words).value,
    unit: shown.unit,
  });
}

/** The readings whose unit the technician chooses, by the command that sets them. */
/** The readings a command's value is said as, where the technician's unit may differ from the service's. */
const VALUE_READINGS: Partial<Record<CommandName, ReadingName>> = {
  set_speed_limit: 'speedLimitMph',
  set_temperatures: 'cabinTemperature',
};

/**
 * A command's value, kept in the service's unit, as the technician reads it: a speed limit in km/h,
 * a temperature in °F (a tenth), as the record says its readings; any other value in its own unit.
 */
export function commandAmount(
  command: CommandName,
  value: number,
  words: Pick<RecordWords, 'units'>,
): { value: number; unit: string } {
  const reading = VALUE_READINGS[command];
  return reading
    ? displayAmount(reading, value, words)
    : { value, unit: COMMANDS[command].param?.unit ?? '' };
}

/**
 * The command that puts a warning back, as a button would say it ("Set charge limit to 80 %"), its
 * value in the technician's unit ("Set speed limit to 113 km/h"): the record keeps the service's.
 */
export function undoWords(undo: NonNullable<JobWarning['undo']>, words: RecordWords): string {
  const label = commandLabel(undo.command, words);
  if (undo.value === null) return label;
  return words.t('warning.undoTo', { label, ...commandAmount(undo.command, undo.value, words) }).trim();
}

/**
 * A command the service carried out that left the car as it was (sentry mode on for a car whose
 * sentry mode was already on): done, but no change to credit it with.
 */
export function changedNothing(effect: ActionEffect, entry: Pick<AuditEntry, 'outcome'>): boolean {
  return (
    entry.outcome === 'success' &&
    effect.status === 'confirmed' &&
    effect.before !== null &&
    effect.after !== null &&
    (typeof effect.before === 'number' && typeof effect.after === 'number'
      ? Math.abs(effect.before - effect.after) < 1e-9
      : effect.before === effect.after)
  );
}

/**
 * Why a value is unknown, in the reader's words: the reasons main records are said from the
 * catalogs; a message from the service or the app inside one stays as it was recorded.
 */
export function unknownWords(reason: string, words: RecordWords): string {
  if (reason === 'not reported by the car') return words.t('jobPdf.reasonNotReported');
  if (reason === 'not reported: the car is asleep and the service kept no state for it')
    return words.t('jobPdf.reasonAsleep');
  const count = /^recorded by an earlier version as a count only \((\d+) invitations\)$/.exec(reason);
  if (count) return words.t('jobPdf.reasonCountOnly', { count: Number(count[1]) });
  if (reason.startsWith('not read: ')) {
    const why = reason.slice('not read: '.length);
    return words.t('jobPdf.reasonNotRead', {
      why: why === 'the read failed unexpectedly' ? words.t('jobPdf.reasonReadFailed') : why,
    });
  }
  return reason;
}

/**
 * What a shop record's entries cover, in the reader's words, from what main recorded (the record
 * keeps main's English, which its digest covers).
 */
export function coverageWords(coverage: JobEntryCoverage, words: RecordWords): string {
  const { text } = coverage;
  const unreachable =
    /^Only this machine's actions: the shop database is not reachable \((.*)\), so other technicians' actions on this vehicle may be missing\.$/s.exec(
      text,
    );
  if (unreachable) return words.t('jobPdf.coverageMachine', { reason: unreachable[1]! });
  const more = /^The shop's audit log holds more than ([\d,]+) entries/.exec(text);
  if (more) return words.t('jobPdf.coverageMore', { count: Number(more[1]!.replace(/,/g, '')) });
  if (text.startsWith("Every technician's actions on this vehicle that reached the shop's audit log")) {
    const waiting = /\((\d+) of this machine's still waiting/.exec(text);
    return words.t('jobPdf.coverageShop', { waiting: waiting ? Number(waiting[1]) : 0 });
  }
  return text;
}

/** A tyre pressure the service gave in bar, as a number in `unit` with the digits a gauge reads there. */
export function pressureNumber(bar: number, unit: PressureUnit, words: RecordWords): string {
  const { value, digits } = pressureIn(bar, unit);
  return new Intl.NumberFormat(words.formatLocale ?? 'en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

const NOT_CONFIRMED = 'not confirmed: ';
const AS_OF = / \(as of (\d{2}:\d{2}:\d{2}) UTC\)$/;

/**
 * An action's effect in the reader's words. A confirmed one is said from its values; one that is
 * not is said from the entry and what the record kept of why (a reason from the service stays as
 * it was recorded: it is the service's, not the app's).
 */
export function effectWords(
  effect: ActionEffect,
  entry: Pick<AuditEntry, 'outcome' | 'reason' | 'errorKind'>,
  words: RecordWords,
): string {
  if (entry.outcome !== 'success') {
    if (String(entry.outcome) === 'not-sent')
      return words.t('effect.notSent', { why: entry.reason ?? words.t('effect.noReason') });
    const why =
      entry.reason ?? (entry.outcome === 'error' ? (entry.errorKind ?? 'error') : words.t('effect.refused'));
    return words.t('effect.notDone', { why });
  }
  if (effect.status === 'not-applicable') return words.t('effect.noEffect');
  const reading = effect.reading;
  if (changedNothing(effect, entry) && reading && effect.after !== null)
    return words.t('jobPdf.effectUnchanged', {
      label: readingLabel(reading, words),
      value: readingValueText(reading, effect.after, words),
    });
  if (effect.status === 'confirmed' && reading && effect.after !== null) {
    const change = changeWords(reading, effect.before, effect.after, words);
    return effect.confirmedAt
      ? words.t('effect.confirmed', { change, time: recordClock(effect.confirmedAt, words) })
      : words.t('effect.confirmedNoTime', { change });
  }
  if (!effect.text.startsWith(NOT_CONFIRMED) || !reading) return effect.text;
  const label = readingLabel(reading, words);
  if (effect.after !== null) {
    const value = readingValueText(reading, effect.after, words);
    // The time of a reading that did not show the change is kept in the text only.
    // Only the clock is printed, so any day will do to read it.
    const clock = AS_OF.exec(effect.text)?.[1];
    return clock
      ? words.t('effect.reportsAsOf', { label, value, time: recordClock(`1970-01-01T${clock}Z`, words) })
      : words.t('effect.reports', { label, value });
  }
  const reason = effect.text.slice(NOT_CONFIRMED.length);
  if (reason === 'no state was read after it') return words.t('effect.noRead');
  if (reason === `the car does not report its ${READINGS[reading].label}`)
    return words.t('effect.notReported', { label });
  return words.t('effect.notConfirmed', { reason });
}
