// The visit's two charts on the printed repair order: the battery's charge over the custody (at
// check-in, at each charging session's start and end, at check-out) and the energy of each
// session, drawn as inline SVG (vector: sharp at any zoom and on any printer, and allowed by the
// page's CSP, which loads no image) with the numbers each is drawn from beside it as text, so a
// reader, a screen reader and pdftotext all get the values, not only the picture.
import type { Job, Visit, VisitCharge } from '../../shared/jobs/job-record';
import type { RecordWords } from '../../shared/jobs/record-words';
import { amountText } from '../../shared/jobs/visit-words';
import type { PageTimes } from './page-times';

const WIDTH = 360;
const HEIGHT = 120;
const PAD = { left: 34, right: 8, top: 8, bottom: 16 };
const PLOT_W = WIDTH - PAD.left - PAD.right;
const PLOT_H = HEIGHT - PAD.top - PAD.bottom;

type Escape = (value: unknown) => string;

interface LevelPoint {
  time: string;
  level: number;
}

/** The charge at check-in, at each session's ends, and at check-out, in time order; unknown ones left out. */
export function levelPoints(job: Pick<Job, 'checkIn' | 'checkOut'>, visit: Visit): LevelPoint[] {
  const levelOf = (side: Job['checkIn'] | null): number | null => {
    const pack = side?.pack;
    if (pack?.known && pack.value.level !== null) return pack.value.level;
    const reading = side?.readings.batteryLevel;
    return reading?.known && typeof reading.value === 'number' ? reading.value : null;
  };
  const sessions: VisitCharge[] = visit.charges.known ? visit.charges.value : [];
  const points: Array<{ time: string; level: number | null }> = [
    { time: visit.from, level: levelOf(job.checkIn) },
    ...sessions.flatMap((charge) => [
      { time: charge.startedAt, level: charge.startingLevel },
      { time: charge.endedAt ?? charge.startedAt, level: charge.endingLevel },
    ]),
    { time: visit.to, level: levelOf(job.checkOut) },
  ];
  return points
    .filter((point): point is LevelPoint => point.level !== null && Number.isFinite(Date.parse(point.time)))
    .sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
}

const svg = (label: string, body: string, escape: Escape) =>
  `<svg class="chart" role="img" aria-label="${escape(label)}" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" xmlns="http://www.w3.org/2000/svg">${body}</svg>`;

const axisLine = (y: number) =>
  `<line x1="${PAD.left}" y1="${y}" x2="${WIDTH - PAD.right}" y2="${y}" stroke="#bbb" stroke-width="0.5"/>`;

const axisLabel = (y: number, text: string, escape: Escape) =>
  `<text x="${PAD.left - 4}" y="${y + 3}" font-size="8" text-anchor="end" fill="#333">${escape(text)}</text>`;

/** The charge over the visit: a line through the known points, 0–100 % high. */
function batteryChart(points: LevelPoint[], visit: Visit, words: RecordWords, escape: Escape): string {
  const from = Date.parse(visit.from);
  const span = Math.max(1, Date.parse(visit.to) - from);
  const x = (time: string) => PAD.left + ((Date.parse(time) - from) / span) * PLOT_W;
  const y = (level: number) => PAD.top + (1 - Math.min(100, Math.max(0, level)) / 100) * PLOT_H;
  const grid = [0, 50, 100]
    .map((level) => axisLine(y(level)) + axisLabel(y(level), `${amountText(level, 0, words)} %`, escape))
    .join('');
  const line = points.map((point) => `${x(point.time).toFixed(1)},${y(point.level).toFixed(1)}`).join(' ');
  const dots = points
    .map(
      (point) =>
        `<circle cx="${x(point.time).toFixed(1)}" cy="${y(point.level).toFixed(1)}" r="2" fill="#1d3557"/>`,
    )
    .join('');
  return svg(
    words.t('visitRecord.chartBattery'),
    `${grid}<polyline points="${line}" fill="none" stroke="#1d3557" stroke-width="1.5"/>${dots}`,
    escape,
  );
}

/** Each session's energy from the charger as a bar, its kWh above it. */
function chargingChart(charges: VisitCharge[], words: RecordWords, escape: Escape): string {
  const energy = (charge: VisitCharge) => charge.energyUsedKwh ?? charge.energyAddedKwh ?? 0;
  const most = Math.max(1, ...charges.map(energy));
  const slot = PLOT_W / charges.length;
  const barW = Math.min(36, slot * 0.6);
  const bars = charges
    .map((charge, i) => {
      const h = (energy(charge) / most) * (PLOT_H - 10);
      const left = PAD.left + slot * i + (slot - barW) / 2;
      const top = PAD.top + PLOT_H - h;
      return `<rect x="${left.toFixed(1)}" y="${top.toFixed(1)}" width="${barW.toFixed(1)}" height="${h.toFixed(
        1,
      )}" fill="#2a9d8f"/><text x="${(left + barW / 2).toFixed(1)}" y="${(top - 2).toFixed(
        1,
      )}" font-size="8" text-anchor="middle" fill="#111">${escape(amountText(energy(charge), 1, words))}</text>`;
    })
    .join('');
  return svg(
    words.t('visitRecord.chartCharging'),
    `${axisLine(PAD.top + PLOT_H)}${axisLabel(PAD.top + PLOT_H, '0 kWh', escape)}${bars}`,
    escape,
  );
}

/**
 * The visit's charts with their numbers beside them; '' when the job has no visit, or nothing to
 * draw (fewer than two known charge levels, no session).
 */
export function visitChartsHtml(
  job: Pick<Job, 'checkIn' | 'checkOut' | 'visit'>,
  words: RecordWords,
  times: PageTimes,
  escape: Escape,
): string {
  const visit = job.visit;
  if (!visit) return '';
  const t = words.t;
  const figure = (title: string, chart: string, numbers: string[]) =>
    `<table class="chart-row"><tr><td class="chart-cell"><div class="chart-title">${escape(title)}</div>${chart}</td><td class="chart-numbers"><ul>${numbers
      .map((line) => `<li>${escape(line)}</li>`)
      .join('')}</ul></td></tr></table>`;
  const parts: string[] = [];
  const points = levelPoints(job, visit);
  if (points.length >= 2)
    parts.push(
      figure(
        t('visitRecord.chartBattery'),
        batteryChart(points, visit, words, escape),
        points.map((point) =>
          t('visitRecord.chartPoint', {
            time: times.localOnly(point.time),
            value: t('visitRecord.amount', { value: amountText(point.level, 0, words), unit: '%' }),
          }),
        ),
      ),
    );
  const charges = visit.charges.known ? visit.charges.value : [];
  if (charges.length > 0)
    parts.push(
      figure(
        t('visitRecord.chartCharging'),
        chargingChart(charges, words, escape),
        charges.map((charge) =>
          t('visitRecord.chartPoint', {
            time: times.localOnly(charge.startedAt),
            value: t('visitRecord.amount', {
              value: amountText(charge.energyUsedKwh ?? charge.energyAddedKwh ?? 0, 1, words),
              unit: 'kWh',
            }),
          }),
        ),
      ),
    );
  return parts.join('\n');
}
