// 11. A vehicle's Health and history tab with years of history, in Chromium through launchRendererApp()
// (the built renderer and preload, main's real handlers for everything else): 5 years of daily
// battery measurements (1,826 rows) and 2,000 charging sessions, against the same tab with every read
// empty. The demo simulator keeps 60 days of history, so the tab's six reads are answered by the
// benchmark (renderer-app.ts `answer`), in the shapes main sends, for one car of each arm.
// Measured in the page by the tab's own marks: from the last of its answers arriving
// (`story-answer`) to `story-drawn`, which the tab marks in a task after the animation frame that
// shows every answer (tables built, charts drawn, laid out and painted). Each sample opens the tab
// afresh (from the Overview), so nothing is reused from the sample before; arms alternate ABBA.
import { channelOf } from '../../electron/shared/ipc/operations';
import { launchRendererApp } from './renderer-app';
import { log, median, p95, ratioRow, report, round, type BenchRow } from './lib';

const quick = process.argv.includes('--quick');
const ROUNDS = quick ? 4 : 12;
const BUDGET_MS = 100;
const DAY_S = 86_400;
const YEARS_DAYS = 5 * 365 + 1;
const SESSIONS = 2_000;

const nowS = Math.floor(Date.now() / 1000);
const envelope = (value: unknown) => ({
  ok: true,
  value,
  source: 'live',
  fetchedAt: new Date().toISOString(),
});

function fullHistory() {
  const battery = Array.from({ length: YEARS_DAYS }, (_, i) => {
    const daysAgo = YEARS_DAYS - i;
    return {
      timestamp: nowS - daysAgo * DAY_S,
      odometer: 60_000 - daysAgo * 32,
      max_range: 310 - (YEARS_DAYS - daysAgo) * 0.01,
      max_ideal_range: 300,
      capacity: 78 - (YEARS_DAYS - daysAgo) * 0.003,
    };
  });
  const step = (YEARS_DAYS * DAY_S) / SESSIONS;
  const charges = Array.from({ length: SESSIONS }, (_, i) => {
    const start = Math.floor(nowS - YEARS_DAYS * DAY_S + i * step);
    const fast = i % 5 === 0;
    return {
      id: i + 1,
      started_at: start,
      ended_at: start + (fast ? 1800 : 5 * 3600),
      location: fast ? `Supercharger ${i % 40}` : 'Home',
      latitude: 50.9,
      longitude: 6.9,
      is_supercharger: fast,
      odometer: 1000 + i * 30,
      energy_added: fast ? 45 : 28,
      energy_used: fast ? 47 : 31,
      miles_added: 120,
      miles_added_ideal: 130,
      starting_battery: 20 + (i % 30),
      ending_battery: 80,
      cost: fast ? 19.8 : 8.4,
    };
  });
  return { battery: { results: battery }, charges: { results: charges } };
}

const full = fullHistory();
const empty = { battery: { results: [] }, charges: { results: [] } };

const app = await launchRendererApp({
  jsonTransport: true,
  answer: (channel, args) => {
    const vin = args[0] as string;
    const data = vin === bigVin ? full : vin === emptyVin ? empty : null;
    if (!data) return undefined;
    if (channel === channelOf('vehicles.batteryHealth')) return envelope(data.battery);
    if (channel === channelOf('vehicles.charges')) return envelope(data.charges);
    if (channel === channelOf('vehicles.idles')) return envelope({ results: [] });
    if (channel === channelOf('vehicles.tirePressure')) return envelope({ results: [] });
    if (channel === channelOf('vehicles.firmwareAlerts')) return envelope({ results: [] });
    if (channel === channelOf('vehicles.states'))
      return envelope({ results: { timestamps: [], versions: [] } });
    return undefined;
  },
});
const [bigVin, emptyVin] = app.simulator.vehicles().map((vehicle) => vehicle.vin);
const rows: BenchRow[] = [];

try {
  const { page } = app;
  await page.setViewportSize({ width: 1440, height: 900 });
  const list = page.getByRole('listbox', { name: 'Vehicles' });
  await list.getByRole('option').first().waitFor();
  const main = page.getByRole('main');

  /** Opens the tab afresh on `vin` and answers the page's time from the last answer to drawn. */
  async function sample(vin: string): Promise<number> {
    await list.getByRole('option', { name: new RegExp(vin) }).click();
    await main.getByRole('tab', { name: 'Overview' }).click();
    await page.evaluate(() => performance.clearMarks());
    await main.getByRole('tab', { name: 'Health and history' }).click();
    await page.waitForFunction(() => performance.getEntriesByName('story-drawn').length > 0, null, {
      timeout: 60_000,
    });
    return page.evaluate(() => {
      const drawn = performance.getEntriesByName('story-drawn')[0]!.startTime;
      const answers = performance.getEntriesByName('story-answer').map((mark) => mark.startTime);
      return drawn - Math.max(...answers.filter((at) => at <= drawn));
    });
  }

  // Warm-up: the lazy chunk loads, the JIT sees both arms.
  for (let i = 0; i < 2; i++) {
    await sample(bigVin!);
    await sample(emptyVin!);
  }
  const big: number[] = [];
  const none: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? [bigVin!, emptyVin!] : [emptyVin!, bigVin!];
    for (const vin of order) (vin === bigVin ? big : none).push(await sample(vin));
  }
  const battery = await main.getByRole('table', { name: /^Battery measurements/ }).count();
  log(
    `story view: ${big.length} + ${none.length} samples, big ${round(median(big), 1)} ms, empty ${round(median(none), 1)} ms`,
  );
  rows.push({
    name: 'story view: 5 years of daily battery rows + 2,000 charging sessions, answers to drawn',
    value: round(median(big), 1),
    unit: 'ms',
    p95: round(p95(big), 1),
    budget: `median <= ${BUDGET_MS} ms`,
    pass: median(big) <= BUDGET_MS,
    detail: `${YEARS_DAYS} battery rows, ${SESSIONS} sessions, ${big.length} samples (tables in the page: ${battery})`,
  });
  rows.push({
    ...ratioRow('story view: years of history vs the empty view, answers to drawn', big, none, {}),
    budget: 'reported',
    pass: true,
  });
} finally {
  await app.close();
}
report(rows);
