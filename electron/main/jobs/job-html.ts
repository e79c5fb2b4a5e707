// The repair-order record as one self-contained HTML page, printed to PDF by the app's own Chromium.
// Built as a string in main: every value from the record (the car, the service, the technician's
// typing) is escaped, and the page carries a CSP that allows no script and no fetch, only its own
// inline style, so a hostile note or vehicle name prints as text and loads nothing. Bidirectional
// controls are taken out of every value (printableText), so no name or note can make the page show
// its neighbours in another order than the record holds. Its words are main's language and its
// dates and numbers the region's (shared/jobs/record-words.ts), while the record attached to the
// PDF stays as exported.
import { actionText, valuesText } from '../../shared/audit-words';
import type { JobRecord, Snapshot } from '../../shared/jobs/job-record';
import { snapshotRows, type SnapshotCell } from '../../shared/jobs/snapshot-rows';
import { visitRows } from '../../shared/jobs/visit-rows';
import { visitChartsHtml } from './visit-charts';
import {
  changedNothing,
  changeLabel,
  changeValues,
  coverageWords,
  effectWords,
  undoWords,
  warningWords,
  type RecordUnits,
  type RecordWords,
} from '../../shared/jobs/record-words';
import type { PaperSize, PressureUnit } from '../../shared/regional-units';
import { addressLines, type ShopIdentity } from '../../shared/shop-identity';
import { printableText } from '../../shared/storable-text';
import { nameWithRole, openedRole } from '../../shared/typed-name-role';
import { mainWords } from '../i18n/main-words';
import { pageTimes, systemTimeZone, type PageTimes } from './page-times';

export function escapeHtml(value: unknown): string {
  return printableText(String(value))
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'none'; script-src 'none'";

/**
 * A CSS string literal for the page's margin boxes. Their text is the record's, inside the page's
 * <style>: every character that could end the string or the style element (quotes, backslash,
 * angle brackets, ampersand, controls) is written as a CSS hex escape.
 */
const cssString = (text: string) =>
  `"${[...printableText(text)]
    .map((c) =>
      /[\\"'<>&]/.test(c) || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f
        ? `\\${c.charCodeAt(0).toString(16)} `
        : c,
    )
    .join('')}"`;

/**
 * The page: a running header (shop, repair order and VIN) and page numbers in the margin boxes of
 * every page (Chromium prints CSS's page-margin boxes with the page counters), a fixed table
 * layout whose columns each get the width their text needs, so no cell is squeezed into a sliver.
 */
const style = (paper: PaperSize, margins: { header: string; right: string; page: string }) => `
  @page {
    size: ${paper === 'Letter' ? 'letter' : 'A4'};
    margin: 20mm 14mm 16mm;
    @top-left {
      content: ${margins.header};
      font: bold 9pt "DejaVu Sans", Arial, sans-serif; color: #111;
      border-bottom: 1.5pt solid #1d3557; vertical-align: bottom; padding-bottom: 2mm;
    }
    @top-right {
      content: ${margins.right};
      font: 9pt "DejaVu Sans", Arial, sans-serif; color: #111;
      border-bottom: 1.5pt solid #1d3557; vertical-align: bottom; padding-bottom: 2mm;
    }
    @bottom-right { content: ${margins.page}; font: 8.5pt "DejaVu Sans", Arial, sans-serif; color: #333; }
  }
  body { font: 9.5pt/1.35 "DejaVu Sans", Arial, sans-serif; color: #111; margin: 0; }
  h1 { font-size: 15pt; margin: 0 0 4pt; }
  h2 { font-size: 11.5pt; margin: 14pt 0 4pt; border-bottom: 1px solid #888; page-break-after: avoid; }
  table { border-collapse: collapse; width: 100%; table-layout: fixed; }
  th, td { text-align: left; vertical-align: top; padding: 2pt 4pt; border-bottom: 1px solid #ddd; overflow-wrap: break-word; }
  th { background: #f0f0f0; }
  .meta td:first-child { width: 26%; font-weight: bold; }
  .actions { font-size: 8.5pt; }
  .parties { margin-bottom: 8pt; }
  .parties td { white-space: pre-line; }
  .story td { white-space: pre-line; }
  .snapshots tbody th { font-size: 8.5pt; }
  .unknown { color: #8a4b00; font-style: italic; }
  .warn { color: #8a0000; }
  .digest { font-family: "DejaVu Sans Mono", monospace; font-size: 8pt; word-break: break-all; }
  tr { page-break-inside: avoid; }
  .signatures { page-break-inside: avoid; margin-top: 18pt; }
  .signatures td { border: none; padding: 28pt 12pt 0 0; width: 50%; }
  .signatures .line { border-top: 1px solid #111; padding-top: 2pt; }
  .chart-row { margin-top: 8pt; page-break-inside: avoid; }
  .chart-row td { border: none; vertical-align: top; }
  .chart-cell { width: 62%; }
  .chart-title { font-weight: bold; margin-bottom: 2pt; }
  .chart-numbers ul { margin: 12pt 0 0; padding-left: 12pt; font-size: 8.5pt; }
`;

/** The car's facts at check-in and check-out (shared with the Job tab: shared/jobs/snapshot-rows.ts). */
function snapshotRowsHtml(
  checkIn: Snapshot,
  checkOut: Snapshot | null,
  words: RecordWords,
  times: PageTimes,
): string {
  const rows = snapshotRows(checkIn, checkOut, words, { at: times.localOnly, taken: times.both });
  const notCheckedOut = `<td class="unknown">${escapeHtml(words.t('record.notCheckedOut'))}</td>`;
  const cellHtml = ({ value, note, unknown }: SnapshotCell) =>
    `<td${unknown ? ' class="unknown"' : ''}>${escapeHtml(value)}${
      note ? ` <small>(${escapeHtml(note)})</small>` : ''
    }</td>`;
  return rows
    .map(
      (row) =>
        `<tr><th scope="row">${escapeHtml(row.label)}</th>${row.cells.map(cellHtml).join('')}${
          checkOut ? '' : row.key === 'taken' ? '<td>—</td>' : notCheckedOut
        }</tr>`,
    )
    .join('\n');
}

/** What happened during the visit (shared with the Job tab: shared/jobs/visit-rows.ts). */
function visitHtml(job: JobRecord['job'], words: RecordWords, times: PageTimes): string {
  const rows = visitRows(job, words, { at: times.localOnly, taken: times.both });
  if (rows.length === 0) return `<p class="unknown">${escapeHtml(words.t('visitRecord.notYet'))}</p>`;
  return `<table class="visit"><colgroup><col style="width:29%"><col style="width:71%"></colgroup><tbody>${rows
    .map(
      (row) =>
        `<tr><th scope="row">${escapeHtml(row.label)}</th><td${row.unknown ? ' class="unknown"' : ''}>${escapeHtml(
          row.value,
        )}</td></tr>`,
    )
    .join('\n')}</tbody></table>`;
}

const list = (items: string[]) => `<ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>`;
const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;

/**
 * The record's page, on the paper the technician's region prints on (A4 unless said), in `words`
 * (main's language and region unless said).
 */
export function jobHtml(
  record: JobRecord,
  options: {
    paper?: PaperSize;
    words?: RecordWords & { language?: string };
    /** The unit tyre pressures print in (the technician's choice); bar unless said. */
    pressure?: PressureUnit;
    /** The units distances, speeds and the cabin temperature print in; miles, mph and °C unless said. */
    distance?: RecordUnits['distance'];
    temperature?: RecordUnits['temperature'];
    /** The time zone local times print in beside UTC; this computer's unless said. */
    timeZone?: string;
    /** The shop named in Settings: its name for a job that names none, and its address. */
    shop?: ShopIdentity;
  } = {},
): string {
  const given: RecordWords & { language?: string } = options.words ?? mainWords();
  // The technician's units for every value the page prints; the service's where not said.
  const words: RecordWords & { language?: string } = {
    ...given,
    units: {
      ...given.units,
      ...(options.pressure ? { pressure: options.pressure } : {}),
      ...(options.distance ? { distance: options.distance } : {}),
      ...(options.temperature ? { temperature: options.temperature } : {}),
    },
  };
  const t = words.t;
  const times = pageTimes(words, options.timeZone ?? systemTimeZone());
  const { job } = record;
  // Who opened the job as typed, with the role that opened it beside it where that is another name.
  const technician = nameWithRole(job.technician, openedRole(job), t);
  const periods = job.periods.map((period) =>
    t('record.period', {
      from: times.both(period.openedAt),
      to: period.closedAt ? times.both(period.closedAt) : t('record.stillOpen'),
    }),
  );
  const meta: Array<[string, string]> = [
    [t('record.repairOrder'), job.repairOrder],
    [t('record.vin'), job.vin],
    [t('record.vehicle'), job.vehicle ?? t('record.unknown')],
    [t('record.technician'), technician],
    [t('record.status'), t('record.statusValue', { status: job.status })],
    [t('record.open'), periods.join('; ')],
  ];
  // The shop the job names; else the one named in Settings, with its address; else the page is a
  // solo technician's, unless the shop's database stamped the job's lines (a shop job whose shop
  // has not been named in Settings is never called solo).
  const shopJob = job.events.some((event) => event.role !== undefined);
  const shopName = job.shopName ?? (options.shop?.name || t(shopJob ? 'record.shopUnnamed' : 'record.solo'));
  const address = job.shopName === null ? addressLines(options.shop?.address ?? '') : [];
  const shopBlock = [shopName, ...address].join('\n');
  // Who the order is between, side by side; a record of an earlier schema names no customer.
  const parties = `<table class="parties"><thead><tr><th scope="col">${escapeHtml(
    t('record.shop'),
  )}</th><th scope="col">${escapeHtml(t('jobPdf.customer'))}</th></tr></thead><tbody><tr><td>${escapeHtml(
    shopBlock,
  )}</td><td${job.customer ? '' : ' class="unknown"'}>${escapeHtml(
    job.customer ?? t('jobPdf.notSaid'),
  )}</td></tr></tbody></table>`;
  const story = (
    [
      [t('record.complaint'), job.complaint],
      [t('jobPdf.cause'), job.cause],
      [t('jobPdf.correction'), job.correction],
    ] as const
  )
    .map(
      ([label, text]) =>
        `<tr><th scope="row">${escapeHtml(label)}</th><td${text ? '' : ' class="unknown"'}>${escapeHtml(
          text ?? t('jobPdf.notSaid'),
        )}</td></tr>`,
    )
    .join('');
  const actions = record.actions.length
    ? record.actions
        .map(({ entry, effect, role }) => {
          const values = valuesText(entry.operation, entry.params, t);
          const outcome = changedNothing(effect, entry)
            ? t('jobPdf.outcomeUnchanged')
            : t('record.outcomeValue', {
                outcome: entry.outcome.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()),
              });
          // The shop's clock first; UTC, the record's, beneath it when the two differ.
          const utc = times.local ? `<br><small>${escapeHtml(times.utcClock(entry.time))}</small>` : '';
          return `<tr><td>${escapeHtml(times.localOnly(entry.time))}${utc}${
            // The typed name, with the role that wrote it beside it when that is someone else's.
            entry.technician
              ? `<br><small>${escapeHtml(nameWithRole(entry.technician, role, t))}</small>`
              : ''
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
              time: times.both(note.time),
              technician: nameWithRole(note.technician, note.role, t),
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
          t('record.event', {
            time: times.both(e.time),
            kind: e.kind,
            technician: nameWithRole(e.technician, e.role, t),
          }),
        )}</li>`,
    )
    .join('');
  const lang = words.language ?? 'en';
  const margins = {
    header: cssString(shopName),
    right: cssString(t('jobPdf.runningHeader', { repairOrder: job.repairOrder, vin: job.vin })),
    // The catalog's sentence around CSS's page counters, in the order the language puts them.
    page: t('jobPdf.page', { page: '\ue000', pages: '\ue001' })
      .split(/([\ue000\ue001])/)
      .filter((part) => part !== '')
      .map((part) =>
        part === '\ue000' ? 'counter(page)' : part === '\ue001' ? 'counter(pages)' : cssString(part),
      )
      .join(' '),
  };
  const signatures = `<table class="signatures"><tr><td><div class="line">${escapeHtml(
    t('jobPdf.signTechnician', { name: technician }),
  )}</div></td><td><div class="line">${escapeHtml(t('jobPdf.signCustomer'))}</div></td></tr>
<tr><td><div class="line">${escapeHtml(t('jobPdf.signDate'))}</div></td><td><div class="line">${escapeHtml(
    t('jobPdf.signDate'),
  )}</div></td></tr></table>`;

  return `<!doctype html>
<html lang="${escapeHtml(lang)}"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<title>${escapeHtml(t('record.title', { repairOrder: job.repairOrder, vin: job.vin }))}</title>
<style>${style(options.paper ?? 'A4', margins)}</style></head>
<body>
<h1>${escapeHtml(t('record.heading', { repairOrder: job.repairOrder }))}</h1>
${parties}
<table class="meta">${meta.map(([k, v]) => `<tr><td>${escapeHtml(k)}</td><td>${escapeHtml(v)}</td></tr>`).join('')}</table>
<h2>${escapeHtml(t('jobPdf.story'))}</h2>
<table class="story"><colgroup><col style="width:20%"><col style="width:80%"></colgroup><tbody>${story}</tbody></table>
<h2>${escapeHtml(t('record.snapshots'))}</h2>
<table class="snapshots"><colgroup><col style="width:29%"><col style="width:35.5%"><col style="width:35.5%"></colgroup>
<thead><tr><th></th><th scope="col">${escapeHtml(t('record.checkIn'))}</th><th scope="col">${escapeHtml(t('record.checkOut'))}</th></tr></thead>
<tbody>${snapshotRowsHtml(job.checkIn, checkOut, words, times)}</tbody></table>
<h2>${escapeHtml(t('visitRecord.heading'))}</h2>
${visitHtml(job, words, times)}
${visitChartsHtml(job, words, times, escapeHtml)}
<h2>${escapeHtml(t('record.changes'))}</h2>${changes}
<h2>${escapeHtml(t('record.warnings'))}</h2>${warnings}
<h2>${escapeHtml(t('record.actions', { count: record.actions.length }))}</h2>
${record.coverage ? `<p${record.coverage.complete ? '' : ' class="warn"'}>${escapeHtml(coverageWords(record.coverage, words))}</p>` : ''}
<table class="actions"><colgroup><col style="width:17%"><col style="width:27%"><col style="width:12%"><col style="width:44%"></colgroup>
<thead><tr><th scope="col">${escapeHtml(t('record.time'))}</th><th scope="col">${escapeHtml(t('record.action'))}</th><th scope="col">${escapeHtml(t('record.outcome'))}</th><th scope="col">${escapeHtml(t('record.effect'))}</th></tr></thead>
<tbody>${actions}</tbody></table>
<h2>${escapeHtml(t('record.notes'))}</h2>${notes}
<h2>${escapeHtml(t('record.history'))}</h2><ul>${history}</ul>
<h2>${escapeHtml(t('record.digest'))}</h2>
<p>${escapeHtml(t('record.digestOver', { count: record.digest.entries }))} <span class="digest">${escapeHtml(record.digest.value)}</span></p>
<h2>${escapeHtml(t('jobPdf.signatures'))}</h2>
${signatures}
<p><small>${escapeHtml(t('record.footer', { id: job.id, time: times.both(record.exportedAt) }))}</small></p>
</body></html>`;
}
