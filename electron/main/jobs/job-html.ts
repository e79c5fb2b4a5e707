// The repair-order record as one self-contained HTML page, printed to PDF by the app's own Chromium.
// Built as a string in main: every value from the record (the car, the service, the technician's
// typing) is escaped, and the page carries a CSP that allows no script and no fetch, only its own
// inline style, so a hostile note or vehicle name prints as text and loads nothing. Bidirectional
// controls are taken out of every value (printableText), so no name or note can make the page show
// its neighbours in another order than the record holds. Its words are main's language and its
// dates and numbers the region's (shared/jobs/record-words.ts), while the record attached to the
// PDF stays as exported.
import { actionText, valuesText } from '../../shared/audit-words';
import type { JobRecord, Observed, Snapshot } from '../../shared/jobs/job-record';
import { READING_NAMES } from '../../shared/jobs/readings';
import {
  changeLabel,
  changeValues,
  driversWords,
  effectWords,
  invitationsWords,
  readingLabel,
  readingValueText,
  recordTime,
  undoWords,
  warningWords,
  type RecordWords,
} from '../../shared/jobs/record-words';
import type { PaperSize } from '../../shared/regional-units';
import { printableText } from '../../shared/storable-text';
import { mainWords } from '../i18n/main-words';

export function escapeHtml(value: unknown): string {
  return printableText(String(value))
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'none'; script-src 'none'";

const style = (paper: PaperSize) => `
  @page { size: ${paper === 'Letter' ? 'letter' : 'A4'}; margin: 14mm; }
  body { font: 10pt/1.35 "DejaVu Sans", Arial, sans-serif; color: #111; margin: 0; }
  h1 { font-size: 15pt; margin: 0 0 4pt; }
  h2 { font-size: 11.5pt; margin: 14pt 0 4pt; border-bottom: 1px solid #888; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; vertical-align: top; padding: 2pt 4pt; border-bottom: 1px solid #ddd; }
  th { background: #f0f0f0; }
  .meta td:first-child { width: 30%; font-weight: bold; }
  .unknown { color: #8a4b00; font-style: italic; }
  .warn { color: #8a0000; }
  .digest { font-family: "DejaVu Sans Mono", monospace; font-size: 8pt; word-break: break-all; }
  tr { page-break-inside: avoid; }
`;

function observedCell<T>(value: Observed<T> | undefined, show: (v: T) => string, words: RecordWords): string {
  if (!value) return `<td class="unknown">${escapeHtml(words.t('record.notRecorded'))}</td>`;
  if (!value.known)
    return `<td class="unknown">${escapeHtml(words.t('record.unknownWhy', { reason: value.reason }))}</td>`;
  const when = value.asOf
    ? words.t('record.asOf', { time: recordTime(value.asOf, words) })
    : words.t('record.noTime');
  const asOf = value.source === 'cache' ? words.t('record.keptOffline', { when }) : when;
  return `<td>${escapeHtml(show(value.value))} <small>(${escapeHtml(asOf)})</small></td>`;
}

const TYRES = ['frontLeft', 'frontRight', 'rearLeft', 'rearRight'] as const;

function snapshotRows(checkIn: Snapshot, checkOut: Snapshot | null, words: RecordWords): string {
  const pair = <T>(label: string, pick: (s: Snapshot) => Observed<T> | undefined, show: (v: T) => string) =>
    `<tr><th scope="row">${escapeHtml(label)}</th>${observedCell(pick(checkIn), show, words)}${
      checkOut
        ? observedCell(pick(checkOut), show, words)
        : `<td class="unknown">${escapeHtml(words.t('record.notCheckedOut'))}</td>`
    }</tr>`;
  const rows = [
    `<tr><th scope="row">${escapeHtml(words.t('record.taken'))}</th><td>${escapeHtml(
      recordTime(checkIn.takenAt, words),
    )}</td><td>${checkOut ? escapeHtml(recordTime(checkOut.takenAt, words)) : '—'}</td></tr>`,
    pair(
      words.t('record.sleepState'),
      (s) => s.sleepState,
      (state) => words.t('record.sleepValue', { state }),
    ),
    ...READING_NAMES.map((name) =>
      pair(
        readingLabel(name, words),
        (s) => s.readings[name],
        (v) => readingValueText(name, v, words),
      ),
    ),
    pair(
      words.t('record.firmwareAlerts'),
      (s) => s.firmwareAlerts,
      (alerts) =>
        alerts.length === 0 ? words.t('record.none') : alerts.map((alert) => alert.name).join(', '),
    ),
    pair(
      words.t('record.tyrePressures', { unit: 'bar' }),
      (s) => s.tyrePressures,
      (t) =>
        TYRES.map((position) =>
          words.t('record.tyreValue', {
            position,
            value: t[position] ?? words.t('record.unknown'),
          }),
        ).join(', '),
    ),
    pair(
      words.t('record.telemetry'),
      (s) => s.telemetry,
      (t) =>
        words.t('record.telemetryValue', {
          synced: String(t.synced),
          time: t.expiresAt ? recordTime(t.expiresAt, words) : words.t('record.noTime'),
        }),
    ),
    pair(
      words.t('record.drivers'),
      (s) => s.drivers,
      (d) => driversWords(d, words),
    ),
    pair(
      words.t('record.invitations'),
      (s) => s.invitations,
      (invitations) => invitationsWords(invitations, words),
    ),
  ];
  return rows.join('\n');
}

const list = (items: string[]) => `<ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>`;
const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;

/**
 * The record's page, on the paper the technician's region prints on (A4 unless said), in `words`
 * (main's language and region unless said).
 */
export function jobHtml(
  record: JobRecord,
  options: { paper?: PaperSize; words?: RecordWords & { language?: string } } = {},
): string {
  const words = options.words ?? mainWords();
  const t = words.t;
  const { job } = record;
  const periods = job.periods.map((period) =>
    t('record.period', {
      from: recordTime(period.openedAt, words),
      to: period.closedAt ? recordTime(period.closedAt, words) : t('record.stillOpen'),
    }),
  );
  const meta: Array<[string, string]> = [
    [t('record.shop'), job.shopName ?? t('record.solo')],
    [t('record.repairOrder'), job.repairOrder],
    [t('record.vin'), job.vin],
    [t('record.vehicle'), job.vehicle ?? t('record.unknown')],
    [t('record.technician'), job.technician],
    [t('record.complaint'), job.complaint ?? '—'],
    [t('record.status'), t('record.statusValue', { status: job.status })],
    [t('record.open'), periods.join('; ')],
  ];
  const actions = record.actions.length
    ? record.actions
        .map(({ entry, effect }) => {
          const values = valuesText(entry.operation, entry.params, t);
          const outcome = t('record.outcomeValue', {
            outcome: entry.outcome.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()),
          });
          return `<tr><td>${escapeHtml(recordTime(entry.time, words))}${
            entry.technician ? `<br><small>${escapeHtml(entry.technician)}</small>` : ''
          }</td><td>${escapeHtml(actionText(entry.operation, t))}${
            values ? `<br><small>${escapeHtml(values)}</small>` : ''
          }</td><td>${escapeHtml(
            entry.reason ? t('record.outcomeReason', { outcome, reason: entry.reason }) : outcome,
          )}</td><td${effect.status === 'not-confirmed' ? ' class="unknown"' : ''}>${escapeHtml(
            effectWords(effect, entry, words),
          )}</td></tr>`;
        })
        .join('\n')
    : `<tr><td colspan="4">${escapeHtml(t('record.noActions'))}</td></tr>`;
  const notes = job.notes.length
    ? list(
        job.notes.map((note) =>
          escapeHtml(
            t('record.note', {
              time: recordTime(note.time, words),
              technician: note.technician,
              text: note.text,
            }),
          ),
        ),
      )
    : paragraph(t('record.noNotes'));
  const checkOut = job.checkOut;
  const changes =
    record.changes.length && checkOut
      ? list(
          record.changes.map((change) =>
            escapeHtml(
              t('record.change', {
                label: changeLabel(change, words),
                ...changeValues(change, job.checkIn, checkOut, words),
              }),
            ),
          ),
        )
      : paragraph(checkOut ? t('record.noChanges') : t('record.notCheckedOutYet'));
  const warnings = record.warnings.length
    ? `<ul>${record.warnings
        .map((warning) => {
          let text = warningWords(warning, checkOut, words);
          if (warning.undo) text = t('record.warningUndo', { text, label: undoWords(warning.undo, words) });
          if (job.acknowledged.some((a) => a.id === warning.id))
            text = t('record.warningConfirmed', { text });
          return `<li class="warn">${escapeHtml(text)}</li>`;
        })
        .join('')}</ul>`
    : paragraph(t('record.noWarnings'));
  const history = job.events
    .map(
      (e) =>
        `<li>${escapeHtml(
          t('record.event', { time: recordTime(e.time, words), kind: e.kind, technician: e.technician }),
        )}</li>`,
    )
    .join('');
  const lang = words.language ?? 'en';

  return `<!doctype html>
<html lang="${escapeHtml(lang)}"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<title>${escapeHtml(t('record.title', { repairOrder: job.repairOrder, vin: job.vin }))}</title>
<style>${style(options.paper ?? 'A4')}</style></head>
<body>
<h1>${escapeHtml(t('record.heading', { repairOrder: job.repairOrder }))}</h1>
<table class="meta">${meta.map(([k, v]) => `<tr><td>${escapeHtml(k)}</td><td>${escapeHtml(v)}</td></tr>`).join('')}</table>
<h2>${escapeHtml(t('record.snapshots'))}</h2>
<table><thead><tr><th></th><th scope="col">${escapeHtml(t('record.checkIn'))}</th><th scope="col">${escapeHtml(t('record.checkOut'))}</th></tr></thead>
<tbody>${snapshotRows(job.checkIn, checkOut, words)}</tbody></table>
<h2>${escapeHtml(t('record.changes'))}</h2>${changes}
<h2>${escapeHtml(t('record.warnings'))}</h2>${warnings}
<h2>${escapeHtml(t('record.actions', { count: record.actions.length }))}</h2>
${record.coverage ? `<p${record.coverage.complete ? '' : ' class="warn"'}>${escapeHtml(record.coverage.text)}</p>` : ''}
<table><thead><tr><th scope="col">${escapeHtml(t('record.time'))}</th><th scope="col">${escapeHtml(t('record.action'))}</th><th scope="col">${escapeHtml(t('record.outcome'))}</th><th scope="col">${escapeHtml(t('record.effect'))}</th></tr></thead>
<tbody>${actions}</tbody></table>
<h2>${escapeHtml(t('record.notes'))}</h2>${notes}
<h2>${escapeHtml(t('record.history'))}</h2><ul>${history}</ul>
<h2>${escapeHtml(t('record.digest'))}</h2>
<p>${escapeHtml(t('record.digestOver', { count: record.digest.entries }))} <span class="digest">${escapeHtml(record.digest.value)}</span></p>
<p><small>${escapeHtml(t('record.footer', { id: job.id, time: recordTime(record.exportedAt, words) }))}</small></p>
</body></html>`;
}
