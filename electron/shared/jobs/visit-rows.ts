// What happened while the car was with the shop, as rows of words: one list for the Job tab and
// the job's PDF, like the snapshot rows (snapshot-rows.ts). An open job has none yet (the visit is
// said at close); a closed job of an earlier version says it was not recorded. Zod-free.
import type { Job } from './job-record';
import { unknownWords, type RecordWords } from './record-words';
import type { SnapshotTimes } from './snapshot-rows';
import { alertListWords, chargesTotalWords, chargeWords, softwareWords } from './visit-words';

export interface VisitRow {
  key: string;
  label: string;
  value: string;
  /** True when nothing is known: the value says why. */
  unknown: boolean;
}

const ALERT_STATUSES = ['started', 'active', 'ended'] as const;

/** The visit's rows; empty while the job is open (the Job tab and the PDF say so). */
export function visitRows(
  job: Pick<Job, 'visit' | 'status'>,
  words: RecordWords,
  times: SnapshotTimes,
): VisitRow[] {
  const t = words.t;
  const visit = job.visit;
  if (!visit) {
    return job.status === 'open'
      ? []
      : [
          {
            key: 'visit',
            label: t('visitRecord.heading'),
            value: t('visitRecord.notRecorded'),
            unknown: true,
          },
        ];
  }
  const rows: VisitRow[] = [
    {
      key: 'custody',
      label: t('visitRecord.custody'),
      value: t('visitRecord.custodyValue', { from: times.taken(visit.from), to: times.taken(visit.to) }),
      unknown: false,
    },
    {
      key: 'software',
      label: t('visitRecord.software'),
      value: softwareWords(visit.software, words),
      unknown: visit.software.before === null || visit.software.after === null,
    },
  ];
  if (visit.alerts === null)
    rows.push({
      key: 'alerts',
      label: t('visitRecord.alertsUnknown'),
      value: t('visitRecord.alertsNotRead'),
      unknown: true,
    });
  else
    for (const status of ALERT_STATUSES)
      rows.push({
        key: `alerts-${status}`,
        label: t('visitRecord.alerts', { status }),
        value: alertListWords(
          visit.alerts.filter((alert) => alert.status === status),
          words,
          times.at,
        ),
        unknown: false,
      });
  const charges = visit.charges;
  if (!charges.known) {
    rows.push({
      key: 'charges',
      label: t('visitRecord.charges'),
      value: t('record.unknownWhy', { reason: unknownWords(charges.reason, words) }),
      unknown: true,
    });
    return rows;
  }
  for (const charge of charges.value)
    rows.push({
      key: `charge-${charge.id}`,
      label: t('visitRecord.chargeLabel'),
      value: chargeWords(charge, words, times.at),
      unknown: false,
    });
  rows.push({
    key: 'charges',
    label: t('visitRecord.charges'),
    value:
      charges.value.length === 0
        ? t('visitRecord.noCharges')
        : chargesTotalWords(charges.value, visit, words),
    unknown: false,
  });
  return rows;
}
