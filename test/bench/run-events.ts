// 8. A 1,000-vehicle bulk run's events against the renderer: keystrokes in "Search vehicles" of the
// built renderer (launchRendererApp) on the demo garage of 1,000 vehicles, timed by the renderer's
// own marks `filter-start` → `filter-end`, while a bulk run to all 1,000 is under way in main and
// pushes its 'run.changed' events, versus the same keystrokes with no run. Arms interleaved in ABBA
// rounds in one page; each "during" arm starts a run, types, then cancels the run and waits for its
// end. The page counts the runs' progress events and the items they carry.
import { launchRendererApp } from './renderer-app';
import { log, median, ratioRow, report, round, within, type BenchRow } from './lib';

const quick = process.argv.includes('--quick');
const VEHICLES = 1000;
/** The filter row's own budget (renderer.ts), which a keystroke during a run must keep too. */
const FILTER_BUDGET_MS = 50;
const rows: BenchRow[] = [];
const name = `renderer: filter keystroke during a ${VEHICLES.toLocaleString('en')}-vehicle bulk run vs no run`;

const app = await launchRendererApp({
  jsonTransport: true,
  // Awake cars answering in 20 ms: the run goes on for seconds, sending and telling its progress.
  demo: { vehicles: VEHICLES, latencyMs: 20, flakiness: false, wakeDelayMs: 0, completionDelayMs: 0 },
});
try {
  for (const vin of app.simulator.vins) app.simulator.setVehicleState(vin, { sleepState: 'awake' });
  const { page } = app;
  await page
    .getByRole('listbox', { name: 'Vehicles' })
    .getByRole('option')
    .first()
    .waitFor({ timeout: 120_000 });
  await page.evaluate(() => {
    // Progress events only: a run's first event carries all its items by design.
    const counts = { events: 0, items: 0 };
    (window as unknown as { __runEvents: typeof counts }).__runEvents = counts;
    window.garage.events.subscribe((event) => {
      if (event.type !== 'run.changed' || event.itemsComplete) return;
      counts.events++;
      counts.items += event.items.length;
    });
  });
  const search = page.getByRole('searchbox', { name: 'Search vehicles' });
  await search.focus();
  const queries = ['5yj', 'model 3', 'blue', '2024', 'lrw', 'abc 1', 'thunder'];

  /** Types every query and clears it; the keystrokes' filter times from the renderer's marks. */
  async function keystrokes(): Promise<number[]> {
    await page.evaluate(() => performance.clearMarks());
    for (const query of queries) {
      await page.keyboard.type(query, { delay: 15 });
      await page.keyboard.press('Control+A');
      await page.keyboard.press('Backspace');
    }
    return page.evaluate(() => {
      const starts = performance.getEntriesByName('filter-start');
      const ends = performance.getEntriesByName('filter-end');
      return starts.map((s, i) => (ends[i] ? ends[i].startTime - s.startTime : -1)).filter((d) => d >= 0);
    });
  }

  /** Starts a bulk run to every vehicle, types while it goes on, cancels it and waits for its end. */
  async function duringRun(): Promise<{ times: number[]; stillRunning: boolean }> {
    const id = await page.evaluate(async () => {
      const listed = await window.garage.vehicles.list();
      if (!listed.ok) throw new Error(listed.error.message);
      const started = await window.garage.runs.startBulkCommand({
        command: { name: 'close_windows', options: {} },
        items: listed.value.map((vehicle) => ({ vin: vehicle.vin })),
      });
      if (!started.ok) throw new Error(started.error.message);
      return started.value.id;
    });
    const times = await keystrokes();
    const state = await page.evaluate(async (runId) => {
      const got = await window.garage.runs.get(runId);
      if (!got.ok) throw new Error(got.error.message);
      if (got.value.state === 'running') await window.garage.runs.cancel(runId);
      return got.value.state;
    }, id);
    await within(
      120_000,
      'run end',
      page.waitForFunction(
        async (runId) => {
          const got = await window.garage.runs.get(runId);
          return got.ok && got.value.endedAt !== null;
        },
        id,
        { polling: 200, timeout: 120_000 },
      ),
    );
    return { times, stillRunning: state === 'running' };
  }

  await keystrokes(); // warm-up
  await duringRun();
  const rounds = quick ? 2 : 6;
  const idle: number[] = [];
  const busy: number[] = [];
  let cut = 0;
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 === 0 ? ['idle', 'busy'] : ['busy', 'idle'];
    for (const arm of order) {
      if (arm === 'idle') idle.push(...(await keystrokes()));
      else {
        const { times, stillRunning } = await duringRun();
        busy.push(...times);
        if (stillRunning) cut++;
      }
    }
  }
  const counted = await page.evaluate(
    () => (window as unknown as { __runEvents: { events: number; items: number } }).__runEvents,
  );
  const perEvent = counted.events === 0 ? 0 : counted.items / counted.events;
  log(
    `filter during run ${median(busy).toFixed(2)} ms vs ${median(idle).toFixed(2)} ms idle; ` +
      `${counted.events} progress events, ${perEvent.toFixed(1)} items each`,
  );
  const row = ratioRow(name, busy, idle, {});
  const kept = median(busy) <= FILTER_BUDGET_MS;
  rows.push({
    ...row,
    budget: `median <= ${FILTER_BUDGET_MS} ms during the run (the filter row's budget); ratio reported`,
    // A run that ended before the typing did would not have measured "during a run".
    pass: kept && cut === rounds,
    detail:
      `${busy.length} + ${idle.length} keystrokes, interleaved; the run was still sending in ${cut} of ${rounds} ` +
      `arms when the typing ended; ${counted.events} progress events carried ${round(perEvent, 1)} of ${VEHICLES} items on average`,
  });
} finally {
  await app.close();
}
report(rows);
