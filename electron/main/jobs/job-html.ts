// The repair-order record as one self-contained HTML page, printed to PDF by the app's own Chromium.
// Built as a string in main: every value from the record (the car, the service, the technician's
// typing) is escaped, and the page carries a CSP that allows no script and no fetch, only its own
// inline style, so a hostile note or vehicle name prints as text and loads nothing. Bidirectional
// controls are taken out of every value (printableText), so no name or note can make the page show
// its neighbours in another order than the record holds.
import { actionText, valuesText } from '../../shared/audit-words';
import { driversText, invitationsText } from '../../shared/jobs/access-text';
import type { JobRecord, Observed, Snapshot } from '../../shared/jobs/job-record';
import { READING_NAMES, READINGS, readingText } from '../../shared/jobs/readings';
import { clockText } from './job-effects';
import type { PaperSize } from '../../shared/regional-units';
import { printableText } from '../../shared/storable-text';

export function escapeHtml(value: unknown): string {
  return printableText(String(value))
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** "2026-11-25 10:42:13 UTC". */
export function timeText(iso: string | null): string {
  return iso ? `${iso.slice(0, 10)} ${clockText(iso)}` : 'no time given';
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

function observedCell<T>(value: Observed<T> | undefined, show: (v: T) => string): string {
  if (!value) return '<td class="unknown">unknown: not recorded</td>';
  if (!value.known) return `<td class="unknown">unknown (${escapeHtml(value.reason)})</td>`;
  const asOf = value.asOf ? `as of ${timeText(value.asOf)}` : 'no time given';
  const cached = value.source === 'cache' ? ', last answer kept offline' : '';
  return `<td>${escapeHtml(show(value.value))} <small>(${escapeHtml(asOf + cached)})</small></td>`;
}

function snapshotRows(checkIn: Snapshot, checkOut: Snapshot | null): string {
  const pair = <T>(label: string, pick: (s: Snapshot) => Observed<T> | undefined, show: (v: T) => string) =>
    `<tr><th scope="row">${escapeHtml(label)}</th>${observedCell(pick(checkIn), show)}${
      checkOut ? observedCell(pick(checkOut), show) : '<td class="unknown">not checked out yet</td>'
    }</tr>`;
  const rows = [
    `<tr><th scope="row">Taken</th><td>${escapeHtml(timeText(checkIn.takenAt))}</td><td>${
      checkOut ? escapeHtml(timeText(checkOut.takenAt)) : '—'
    }</td></tr>`,
    pair(
      'sleep state',
      (s) => s.sleepState,
      (v) => v,
    ),
    ...READING_NAMES.map((name) =>
      pair(
        READINGS[name].label,
        (s) => s.readings[name],
        (v) => readingText(name, v),
      ),
    ),
    pair(
      'firmware alerts',
      (s) => s.firmwareAlerts,
      (alerts) => (alerts.length === 0 ? 'none' : alerts.map((alert) => alert.name).join(', ')),
    ),
    pair(
      'tyre pressures (bar)',
      (s) => s.tyrePressures,
      (t) =>
        [t.frontLeft, t.frontRight, t.rearLeft, t.rearRight]
          .map((v, i) => `${['FL', 'FR', 'RL', 'RR'][i]} ${v ?? 'unknown'}`)
          .join(', '),
    ),
    pair(
      'telemetry configuration',
      (s) => s.telemetry,
      (t) => `${t.synced ? 'synced' : 'not synced'}, expires ${timeText(t.expiresAt)}`,
    ),
    pair(
      'drivers',
      (s) => s.drivers,
      (d) => driversText(d),
    ),
    pair(
      'invitations',
      (s) => s.invitations,
      (invitations) => invitationsText(invitations),
    ),
  ];
  return rows.join('\n');
}

/** The record's page, on the paper the technician's region prints on (A4 unless said). */
export function jobHtml(record: JobRecord, options: { paper?: PaperSize } = {}): string {
  const { job } = record;
  const periods = job.periods
    .map(
      (period) =>
        `${timeText(period.openedAt)} – ${period.closedAt ? timeText(period.closedAt) : 'still open'}`,
    )
    .join('; ');
  const meta: Array<[string, string]> = [
    ['Shop', job.shopName ?? 'Solo (no shop)'],
    ['Repair order', job.repairOrder],
    ['VIN', job.vin],
    ['Vehicle', job.vehicle ?? 'unknown'],
    ['Technician', job.technician],
    ['Complaint', job.complaint ?? '—'],
    ['Status', job.status],
    ['Open', periods],
  ];
  const actions = record.actions.length
    ? record.actions
        .map(
          ({ entry, effect }) =>
            `<tr><td>${escapeHtml(timeText(entry.time))}${
              entry.technician ? `<br><small>${escapeHtml(entry.technician)}</small>` : ''
            }</td><td>${escapeHtml(actionText(entry.operation))}${
              valuesText(entry.operation, entry.params)
                ? `<br><small>${escapeHtml(valuesText(entry.operation, entry.params))}</small>`
                : ''
            }</td><td>${escapeHtml(entry.outcome)}${entry.reason ? `: ${escapeHtml(entry.reason)}` : ''}</td><td${
              effect.status === 'not-confirmed' ? ' class="unknown"' : ''
            }>${escapeHtml(effect.text)}</td></tr>`,
        )
        .join('\n')
    : '<tr><td colspan="4">No audited actions.</td></tr>';
  const notes = job.notes.length
    ? `<ul>${job.notes
        .map(
          (note) =>
            `<li>${escapeHtml(timeText(note.time))}, ${escapeHtml(note.technician)}: ${escapeHtml(note.text)}</li>`,
        )
        .join('')}</ul>`
    : '<p>No notes.</p>';
  const changes = record.changes.length
    ? `<ul>${record.changes
        .map((c) => `<li>${escapeHtml(c.label)}: ${escapeHtml(c.before)} → ${escapeHtml(c.after)}</li>`)
        .join('')}</ul>`
    : `<p>${job.checkOut ? 'No changes between check-in and check-out.' : 'Not checked out yet.'}</p>`;
  const warnings = record.warnings.length
    ? `<ul>${record.warnings
        .map(
          (w) =>
            `<li class="warn">${escapeHtml(w.text)}${w.undo ? ` To undo: ${escapeHtml(w.undo.label)}.` : ''}${
              job.acknowledged.some((a) => a.id === w.id) ? ' (confirmed by the technician at closing)' : ''
            }</li>`,
        )
        .join('')}</ul>`
    : '<p>None.</p>';
  const history = job.events
    .map(
      (e) => `<li>${escapeHtml(timeText(e.time))}: ${escapeHtml(e.kind)} by ${escapeHtml(e.technician)}</li>`,
    )
    .join('');

  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<title>Repair order ${escapeHtml(job.repairOrder)}: ${escapeHtml(job.vin)}</title>
<style>${style(options.paper ?? 'A4')}</style></head>
<body>
<h1>Repair order ${escapeHtml(job.repairOrder)}</h1>
<table class="meta">${meta.map(([k, v]) => `<tr><td>${escapeHtml(k)}</td><td>${escapeHtml(v)}</td></tr>`).join('')}</table>
<h2>The car at check-in and at check-out</h2>
<table><thead><tr><th></th><th scope="col">Check-in</th><th scope="col">Check-out</th></tr></thead>
<tbody>${snapshotRows(job.checkIn, job.checkOut)}</tbody></table>
<h2>Changes</h2>${changes}
<h2>Left as it did not come in</h2>${warnings}
<h2>Actions (${record.actions.length})</h2>
${record.coverage ? `<p${record.coverage.complete ? '' : ' class="warn"'}>${escapeHtml(record.coverage.text)}</p>` : ''}
<table><thead><tr><th scope="col">Time</th><th scope="col">Action</th><th scope="col">Outcome</th><th scope="col">Effect on the car</th></tr></thead>
<tbody>${actions}</tbody></table>
<h2>Notes</h2>${notes}
<h2>History</h2><ul>${history}</ul>
<h2>Digest</h2>
<p>SHA-256 over the ${record.digest.entries} audit entries above: <span class="digest">${escapeHtml(record.digest.value)}</span></p>
<p><small>Record ${escapeHtml(job.id)}, exported ${escapeHtml(timeText(record.exportedAt))}.</small></p>
</body></html>`;
}
