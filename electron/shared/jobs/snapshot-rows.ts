// The car at check-in and check-out as rows of words, one list for the Job tab and the job's PDF,
// so the screen shows every fact the page prints, in the same words and the technician's units. A
// value that was not read live when its snapshot was taken (the car's own time for it is older, or
// it is the last answer kept offline) says how old it was then, in the app's one age wording.
// Zod-free, for the window's bundle.
import { agoText } from '../age-words';
import type { Observed, Snapshot } from './job-record';
import { READING_NAMES } from './readings';
import {
  driversWords,
  invitationsWords,
  pressureNumber,
  readingLabel,
  readingValueText,
  unknownWords,
  type RecordWords,
} from './record-words';
import { packHealthWords, packWords, placeWords } from './visit-words';

/** One side of a row: what was seen, and when and how (null: nothing to add). */
export interface SnapshotCell {
  value: string;
  /** "as of 10:00:00, 5 days ago at check-in, last answer kept offline"; null for a plain value. */
  note: string | null;
  /** True when nothing is known: the value says why. */
  unknown: boolean;
}

export interface SnapshotRow {
  key: string;
  label: string;
  /** Check-in's, then check-out's when there is one. */
  cells: SnapshotCell[];
}

/** How the reader's clock says a time: the car's time of a value, and when a snapshot was taken. */
export interface SnapshotTimes {
  at(iso: string): string;
  taken(iso: string): string;
}

/** A value older than this when its snapshot was taken was not read live then. */
const LIVE_WITHIN_MS = 60_000;

const TYRES = ['frontLeft', 'frontRight', 'rearLeft', 'rearRight'] as const;

function cell<T>(
  observed: Observed<T> | undefined,
  show: (value: T) => string,
  side: 'checkIn' | 'checkOut',
  takenAt: string,
  words: RecordWords,
  times: SnapshotTimes,
): SnapshotCell {
  const t = words.t;
  if (!observed) return { value: t('record.notRecorded'), note: null, unknown: true };
  if (!observed.known)
    return {
      value: t('record.unknownWhy', { reason: unknownWords(observed.reason, words) }),
      note: null,
      unknown: true,
    };
  let note = observed.asOf ? t('record.asOf', { time: times.at(observed.asOf) }) : t('record.noTime');
  const seen = observed.asOf ? Date.parse(observed.asOf) : NaN;
  const taken = Date.parse(takenAt);
  if (observed.asOf && (observed.source === 'cache' || taken - seen >= LIVE_WITHIN_MS))
    note = t('jobDay.aged', { when: note, age: agoText(seen, taken, t), side });
  if (observed.source === 'cache') note = t('record.keptOffline', { when: note });
  return { value: show(observed.value), note, unknown: false };
}

/**
 * The rows of the car's facts at check-in and, when given, at check-out: when each snapshot was
 * taken, the sleep state, every reading the record keeps, firmware alerts, tyre pressures,
 * telemetry, drivers and invitations, the pack and its health, and where the car stood.
 */
export function snapshotRows(
  checkIn: Snapshot,
  checkOut: Snapshot | null,
  words: RecordWords,
  times: SnapshotTimes,
): SnapshotRow[] {
  const t = words.t;
  const sides = checkOut ? [checkIn, checkOut] : [checkIn];
  const row = <T>(
    key: string,
    label: string,
    pick: (s: Snapshot) => Observed<T> | undefined,
    show: (value: T) => string,
  ): SnapshotRow => ({
    key,
    label,
    cells: sides.map((snapshot, i) =>
      cell(pick(snapshot), show, i === 0 ? 'checkIn' : 'checkOut', snapshot.takenAt, words, times),
    ),
  });
  const pressure = words.units?.pressure ?? 'bar';
  return [
    {
      key: 'taken',
      label: t('record.taken'),
      cells: sides.map((s) => ({ value: times.taken(s.takenAt), note: null, unknown: false })),
    },
    row(
      'sleepState',
      t('record.sleepState'),
      (s) => s.sleepState,
      (state) => t('record.sleepValue', { state }),
    ),
    ...READING_NAMES.map((name) =>
      row(
        name,
        readingLabel(name, words),
        (s) => s.readings[name],
        (value) => readingValueText(name, value, words),
      ),
    ),
    row(
      'firmwareAlerts',
      t('record.firmwareAlerts'),
      (s) => s.firmwareAlerts,
      (alerts) => (alerts.length === 0 ? t('record.none') : alerts.map((alert) => alert.name).join(', ')),
    ),
    row(
      'tyrePressures',
      t('record.tyrePressures', { unit: pressure }),
      (s) => s.tyrePressures,
      (tyres) =>
        TYRES.map((position) => {
          const bar = tyres[position];
          return t('record.tyreValue', {
            position,
            value: bar === null ? t('record.unknown') : pressureNumber(bar, pressure, words),
          });
        }).join(', '),
    ),
    row(
      'telemetry',
      t('record.telemetry'),
      (s) => s.telemetry,
      (telemetry) =>
        t('record.telemetryValue', {
          synced: String(telemetry.synced),
          time: telemetry.expiresAt ? times.at(telemetry.expiresAt) : t('record.noTime'),
        }),
    ),
    row(
      'drivers',
      t('record.drivers'),
      (s) => s.drivers,
      (drivers) => driversWords(drivers, words),
    ),
    row(
      'invitations',
      t('record.invitations'),
      (s) => s.invitations,
      (invitations) => invitationsWords(invitations, words),
    ),
    // A snapshot of a job of schema 3 or earlier has none of these: "not recorded".
    row(
      'pack',
      t('visitRecord.pack'),
      (s) => s.pack,
      (pack) => packWords(pack, words),
    ),
    row(
      'packHealth',
      t('visitRecord.packHealth'),
      (s) => s.packHealth,
      (health) => packHealthWords(health, words),
    ),
    row(
      'place',
      t('visitRecord.place'),
      (s) => s.place,
      (place) => placeWords(place, words),
    ),
  ];
}
